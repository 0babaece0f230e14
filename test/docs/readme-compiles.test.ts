/**
 * The TypeScript of the user documents compiles: every ```ts block of README.md and docs/**.md is
 * a module type-checked under `strict` against the package as it is built (the declarations
 * of `npm run compile`, emitted by tsconfig.build.json into a temporary package folder, resolved
 * as `social-analytics-api` with its `exports`, as a user's project resolves it). A block that is
 * not meant to compile alone (a signature, an excerpt) is fenced ```ts fragment; they are few.
 * The declarations are emitted into their own folder rather than read from dist/, which the
 * tarball test rewrites (`npm pack` compiles) while other tests run.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentBlocks, ROOT } from './doc-blocks.js';

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
/** Modules a snippet or the package's declarations import, linked from the repository's node_modules. */
const LINKED = ['@types/node', 'vitest', 'openapi-fetch', 'fast-xml-builder'];
/** At most this many fragments: a block of the documents compiles unless there is a reason. */
const MAX_FRAGMENTS = 3;

interface Block {
  /** `README.md:56`: the file and the line of the opening fence. */
  where: string;
  code: string;
  fragment: boolean;
}

const BLOCKS: Block[] = documentBlocks('ts').map((b) => ({ where: b.where, code: b.code, fragment: b.tag === 'fragment' }));
const COMPILED = BLOCKS.filter((b) => !b.fragment);
/** A block that must not compile: proves that the check reports errors, and maps them to a block. */
const BROKEN: Block = { where: 'self-test:1', code: "import { v2 } from 'social-analytics-api/v2';\nv2.facebook.metrics({ date_start: '2024-01-01', date_end: '2024-01-02', profiles: ['1'], metrics: ['followers_change'] });", fragment: false };

const fileOf = (index: number) => `snippet-${index}.ts`;

let work: string;
/** Per compiled block (and BROKEN, last), the checker's messages with the document's line. */
let errors: string[][];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sa-readme-'));
  const pkg = join(work, 'node_modules/social-analytics-api');
  const declarations = spawnSync(process.execPath, [TSC, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(pkg, 'dist')], { cwd: ROOT, encoding: 'utf8' });
  if (declarations.status !== 0) throw new Error(`declarations: ${declarations.stdout}${declarations.stderr}`);
  // As scripts/compile-javascript.mjs does: the precompiled validators' declarations beside them.
  const validators = join(ROOT, 'generated/validators');
  for (const entry of readdirSync(validators, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const target = join(pkg, 'dist/generated/validators', relative(validators, join(entry.parentPath, entry.name)));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(entry.parentPath, entry.name), target);
  }
  copyFileSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
  cpSync(join(ROOT, 'generated/openapi'), join(pkg, 'generated/openapi'), { recursive: true });
  for (const name of LINKED) {
    mkdirSync(dirname(join(work, 'node_modules', name)), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), join(work, 'node_modules', name), 'dir');
  }
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'readme-snippets', private: true, type: 'module' }));
  const all = [...COMPILED, BROKEN];
  // `export {}`: each block is a module of its own (top-level await, no shared names).
  all.forEach((block, i) => writeFileSync(join(work, fileOf(i)), `${block.code}\nexport {};\n`));
  const tsconfig = {
    compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023', 'DOM'], types: ['node'], noEmit: true, skipLibCheck: true },
    files: all.map((_, i) => fileOf(i)),
  };
  writeFileSync(join(work, 'tsconfig.json'), JSON.stringify(tsconfig));
  const checked = spawnSync(process.execPath, [TSC, '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: work, encoding: 'utf8' });
  errors = all.map(() => []);
  const unplaced: string[] = [];
  for (const line of `${checked.stdout}${checked.stderr}`.split('\n').filter(Boolean)) {
    const at = /^snippet-(\d+)\.ts\((\d+),(\d+)\): (.*)$/.exec(line);
    if (!at) {
      if (!/^\s/.test(line)) unplaced.push(line);
      continue;
    }
    const block = all[Number(at[1])];
    const [file, start] = block.where.split(':');
    errors[Number(at[1])].push(`${file}:${Number(start) + Number(at[2])}:${at[3]}: ${at[4]}`);
  }
  if (unplaced.length) throw new Error(`tsc reported errors outside the snippets:\n${unplaced.join('\n')}`);
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('TypeScript blocks of README.md and docs/', () => {
  it('are found, in README.md and in docs/', () => {
    expect(COMPILED.filter((b) => b.where.startsWith('README.md:')).length).toBeGreaterThanOrEqual(6);
    expect(BLOCKS.some((b) => b.where.startsWith('docs/'))).toBe(true);
  });

  it(`hold at most ${MAX_FRAGMENTS} fragments (\`\`\`ts fragment), which are not checked`, () => {
    expect(BLOCKS.filter((b) => b.fragment).map((b) => b.where).length).toBeLessThanOrEqual(MAX_FRAGMENTS);
  });

  it('reports a block that does not compile, at its line in the document', () => {
    const broken = errors[COMPILED.length];
    expect(broken.length).toBeGreaterThan(0);
    expect(broken[0]).toMatch(/^self-test:3:\d+: error TS\d+: .*followers_change/);
  });

  it.each(COMPILED.map((block, i) => [block.where, i] as const))('%s compiles under strict against the built package', (_, i) => {
    expect(errors[i]).toEqual([]);
  });
});
