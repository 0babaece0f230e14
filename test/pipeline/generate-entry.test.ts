/**
 * The real entry (`tsx scripts/generate.ts --root <copy>`) in a child process, so the whole
 * path from argument parsing to the exit code runs: a failed run prints one message and leaves
 * generated/ byte-identical. (Writing and checking are covered in-process by write-check.test.ts.)
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempProject, PROJECT_ROOT, type TempProject } from './temp-project.js';

const TSX = join(PROJECT_ROOT, 'node_modules/.bin/tsx');

function runEntry(root: string, ...args: string[]) {
  const result = spawnSync(TSX, ['scripts/generate.ts', '--root', root, ...args], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 600_000 });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every file under dir with the SHA-256 of its bytes, by path relative to dir, sorted. */
function snapshot(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  const entries = files.map((e) => [relative(dir, join(e.parentPath, e.name)), createHash('sha256').update(readFileSync(join(e.parentPath, e.name))).digest('hex')]);
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)));
}

const leftovers = (root: string) => readdirSync(root).filter((name) => name.startsWith('.generated-'));

interface FailureCase {
  name: string;
  edit(project: TempProject): void;
  /** The expected first stderr line, after "generate: ". */
  message(project: TempProject): string;
}

const failures: FailureCase[] = [
  {
    name: 'a catalog error while loading',
    edit: (p) => p.replace('catalogs/v2/linkedin.metrics.yaml', '  - name: followers_lifetime\n', '  - name: followers_lifetime\n    colour: red\n'),
    message: (p) =>
      `catalogs/v2/linkedin.metrics.yaml:${p.lineOf('catalogs/v2/linkedin.metrics.yaml', 'name: followers_lifetime')}: /metrics/1: metric "followers_lifetime": unknown key "colour" (rule: schema additionalProperties)`,
  },
  {
    name: 'a failure in a later step, after earlier steps produced files',
    edit: (p) => p.replace('redocly.yaml', 'root: generated/openapi/v2.yaml', 'root: generated/openapi/v9.yaml'),
    message: () => 'step openapi-types: redocly.yaml names generated/openapi/v9.yaml, which the pipeline does not produce',
  },
];

// The real entry in a child process, every step: a minute and more on a loaded machine; the bound is a hang guard only.
describe('a failing run through the real entry', { timeout: 600_000 }, () => {
  let project: TempProject | undefined;
  afterEach(() => {
    project?.remove();
    project = undefined;
  });

  it.each(failures)('$name: one message, exit 1, generated/ byte-identical', ({ edit, message }) => {
    project = makeTempProject({ withGenerated: true });
    // A file the pipeline does not produce: any swap of generated/ would drop it.
    project.write('generated/not-produced.txt', 'marker\n');
    const before = snapshot(join(project.root, 'generated'));
    expect(Object.keys(before).length).toBeGreaterThan(0);
    edit(project);

    const { code, stdout, stderr } = runEntry(project.root);

    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`generate: ${message(project)}\ngenerated/ was left unchanged.\n`);
    expect(snapshot(join(project.root, 'generated'))).toEqual(before);
    expect(project.read('generated/not-produced.txt')).toBe('marker\n');
    expect(leftovers(project.root)).toEqual([]);
  });
});
