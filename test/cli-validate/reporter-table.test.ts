/**
 * The reporter table (src/report/reporters/table.ts) is the one list of reporters: every entry
 * has a writer that writes its own format, the option parsers, the help texts and both dispatches
 * read it, no module outside the table picks a reporter by its name, and adding a reporter is one
 * new module, its name in src/shared/reporter-names.ts (which the help texts and the docs site
 * read) and its entry (the worked example of docs/architecture.md, done here in a copy of the
 * project).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseProxyArgs } from '../../src/cli/proxy.js';
import { PROXY_USAGE, VALIDATE_USAGE } from '../../src/cli/usage.js';
import { parseValidateArgs } from '../../src/cli/validate-args.js';
import type { ValidateReport } from '../../src/report/report-types.js';
import { buildReport } from '../../src/cli/build-report.js';
import { renderGithub } from '../../src/report/reporters/github.js';
import { renderJson } from '../../src/report/reporters/json.js';
import { renderJunit } from '../../src/report/reporters/junit.js';
import { renderMarkdown } from '../../src/report/reporters/markdown.js';
import { renderSarif } from '../../src/report/reporters/sarif.js';
import { REPORTERS, renderReport, reporterForFile, reporterOf, writerOf, type Reporter, type WriterRun } from '../../src/report/reporters/table.js';
import { renderText } from '../../src/report/reporters/text.js';
import { REPORTER_FLAGS } from '../../src/shared/reporter-names.js';
import { makeTempProject, PROJECT_ROOT } from '../pipeline/temp-project.js';
import { invalidCapture, tempDir, validCapture } from './helpers.js';

/** A report with an invalid response, a valid one, an unreadable input and a skipped HAR entry. */
let report: ValidateReport;
beforeAll(async () => {
  const inputs = tempDir();
  try {
    inputs.write('in/a-invalid.json', invalidCapture);
    inputs.write('in/b-valid.json', validCapture);
    inputs.write('in/c-broken.json', '{"method": "POST",');
    inputs.write('in/d.har', { log: { entries: [{ request: { method: 'GET', url: 'https://example.invalid/favicon.ico', headers: [] }, response: { status: 200, content: { size: 0, mimeType: 'image/x-icon' } } }] } });
    report = await buildReport({ paths: ['in'], cwd: inputs.dir, strict: false, coverage: false, allowEmpty: false, worker: null });
  } finally {
    inputs.remove();
  }
  expect(report.items.map((i) => i.kind)).toEqual(['response', 'response', 'unreadable', 'skipped']);
});
const RUN = { cwd: '/work', root: '/work', docsUrl: 'https://docs.example.invalid/' };

describe('the reporter table', () => {
  it('every entry has a writer, and each writes a format of its own (a reporter falling back to another one fails)', async () => {
    expect(REPORTERS.length).toBeGreaterThan(1);
    const outputs = new Map<string, string>();
    for (const entry of REPORTERS as readonly Reporter[]) {
      expect(typeof entry.writer, `${entry.name}: its writer`).toBe('function');
      const text = await renderReport(entry, report, RUN);
      expect(text.length, `${entry.name}: what it wrote`).toBeGreaterThan(0);
      for (const [other, otherText] of outputs) expect(text, `${entry.name} writes what ${other} writes`).not.toBe(otherText);
      outputs.set(entry.name, text);
    }
    expect([...outputs.keys()]).toEqual(REPORTERS.map((r) => r.name));
  });

  it('the dispatch writes what each reporter module renders, byte for byte', async () => {
    const modules: Record<string, (r: ValidateReport) => string> = {
      text: renderText,
      json: renderJson,
      junit: renderJunit,
      github: (r) => renderGithub(r, RUN),
      markdown: (r) => renderMarkdown(r, RUN),
      sarif: (r) => renderSarif(r, RUN),
    };
    for (const [name, render] of Object.entries(modules)) expect(await renderReport(reporterOf(name as never), report, RUN), name).toBe(render(report));
  });

  it('a writer is given what its entry declares it needs, and nothing else', async () => {
    let seen: object | undefined;
    const entry: Reporter = { name: 'probe', needs: ['spool', 'docsUrl'], writer: async () => (_write, run) => ((seen = run), { item() {}, close: () => [] }) };
    const spool = () => {
      throw new Error('not used');
    };
    await writerOf(entry, () => {}, { ...RUN, spool } satisfies WriterRun);
    expect(seen).toEqual({ spool, docsUrl: RUN.docsUrl });
  });

  it.each(REPORTERS.map((r) => [r.name, r] as const))('%s: taken by both commands, listed by both help texts, suggested by its file extension', (name, entry: Reporter) => {
    expect(parseValidateArgs(['--reporter', name, 'in'])).toMatchObject({ reporters: [{ name }] });
    expect(parseValidateArgs(['--reporter', `${name}=out/report`, 'in'])).toMatchObject({ reporters: [{ name, output: 'out/report' }] });
    expect(parseProxyArgs(['--target', 'http://127.0.0.1:4010', '--reporter', name])).toMatchObject({ reporters: [{ name }] });
    const reporterLine = (usage: string) => usage.split('\n').find((line) => line.startsWith('  --reporter NAME[=FILE]'));
    expect(reporterLine(VALIDATE_USAGE)).toMatch(new RegExp(`\\b${name}\\b`));
    expect(reporterLine(PROXY_USAGE)).toMatch(new RegExp(`\\b${name}\\b`));
    if (entry.extension) {
      expect(reporterForFile(`out/report${entry.extension.toUpperCase()}`)).toBe(name);
      expect(parseValidateArgs(['--output', `report${entry.extension}`, 'in'])).toEqual({
        error: `--output report${entry.extension}: write it next to the reporter it is for, as in --reporter ${name} --output report${entry.extension}`,
      });
    }
  });

  it.each(Object.entries(REPORTER_FLAGS))('--%s chooses the %s reporter in both commands and both help texts say so', (flag, name) => {
    expect(parseValidateArgs([`--${flag}`, 'in'])).toMatchObject({ reporters: [{ name }] });
    expect(parseValidateArgs([`--${flag}`, '--output', 'r.out', 'in'])).toMatchObject({ reporters: [{ name, output: 'r.out' }] });
    expect(parseProxyArgs(['--target', 'http://127.0.0.1:4010', `--${flag}`])).toMatchObject({ reporters: [{ name }] });
    const line = new RegExp(`^ {2}--${flag} +the same as --reporter ${name}$`, 'm');
    expect(VALIDATE_USAGE).toMatch(line);
    expect(PROXY_USAGE).toMatch(line);
  });

  it('every writer module of src/report/reporters/ has its entry, and nothing outside the table picks a reporter by its name', () => {
    const folder = join(PROJECT_ROOT, 'src/report/reporters');
    const table = readFileSync(join(folder, 'table.ts'), 'utf8');
    const writerModules = readdirSync(folder).filter((file) => /^export function create\w+\(.*\): ReportWriter \{$/m.test(readFileSync(join(folder, file), 'utf8')));
    expect(writerModules.length).toBeGreaterThanOrEqual(REPORTERS.length);
    for (const file of writerModules) expect(table, `an entry importing ./${file.replace(/\.ts$/, '.js')}`).toContain(`import('./${file.replace(/\.ts$/, '.js')}')`);
    const sources = readdirSync(join(PROJECT_ROOT, 'src'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.ts'))
      .map((e) => relative(PROJECT_ROOT, join(e.parentPath, e.name)).split('\\').join('/'))
      .filter((file) => !file.startsWith('src/report/reporters/'));
    // A reporter's name compared with a name (`if (name === 'sarif')`, `reporter.name === 'markdown'`): a dispatch beside the table's.
    const byName = new RegExp(`\\bname (?:===|!==) '(?:${REPORTERS.map((r) => r.name).join('|')})'`);
    expect(sources.filter((file) => byName.test(readFileSync(join(PROJECT_ROOT, file), 'utf8')))).toEqual([]);
  });
});

/** A TAP reporter: the module a new reporter is (docs/architecture.md, "Add a reporter"). */
const TAP_MODULE = `import type { ReportWriter } from '../report-types.js';

export function createTapWriter(write: (text: string) => void): ReportWriter {
  let n = 0;
  return {
    item(item) {
      if (item.kind === 'response') write(\`\${item.valid ? 'ok' : 'not ok'} \${++n} - \${item.source}\\n\`);
    },
    *close(closing) {
      write(\`1..\${n}\\n# exit code \${closing.summary.exitCode}\\n\`);
    },
  };
}
`;

describe('adding a reporter: one new module, its name and its entry', () => {
  it('a copy of the project with a tap module, its name and its entry parses, lists, and writes --reporter tap', () => {
    const project = makeTempProject({ withGenerated: true, withSources: true });
    const inputs = tempDir();
    try {
      project.write('src/report/reporters/tap.ts', TAP_MODULE);
      project.replace('src/shared/reporter-names.ts', "'blob'] as const", "'blob', 'tap'] as const");
      project.replace(
        'src/report/reporters/table.ts',
        '] as const satisfies readonly Reporter[];',
        `  reporter({ name: 'tap', extension: '.tap', needs: [], writer: async () => (await import('./tap.js')).createTapWriter }),\n] as const satisfies readonly Reporter[];`,
      );
      const capture = inputs.write('in/invalid.json', invalidCapture);
      const main = join(project.root, 'src/cli/main.ts');
      const run = (...args: string[]) => spawnSync(process.execPath, ['--import', join(PROJECT_ROOT, 'node_modules/tsx/dist/esm/index.mjs'), main, ...args], { cwd: inputs.dir, encoding: 'utf8', env: { PATH: process.env.PATH } });
      const tap = run('validate', '--reporter', 'tap', capture);
      expect(tap.stderr).toBe('');
      expect(tap.stdout).toBe(`not ok 1 - ${relative(inputs.dir, capture)}\n1..1\n# exit code 1\n`);
      expect(tap.status).toBe(1);
      expect(run('validate', '--help').stdout).toMatch(/--reporter NAME\[=FILE\] {3}text \(default\), json, junit, github, markdown, sarif, blob or tap;/);
      expect(run('validate', '--output', 'r.tap', capture).stderr).toContain('as in --reporter tap --output r.tap');
    } finally {
      project.remove();
      inputs.remove();
    }
  }, 120_000);
});
