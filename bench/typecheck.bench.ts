/**
 * Type-check cost of the typed builders: a consumer file with 50 builder calls (narrowed
 * response types used) against the same 50 requests written with the raw openapi-typescript
 * `paths` types. Both import declaration files emitted from src/ into a temp dir, as a user of
 * the installed package would (skipLibCheck on). Each run is a fresh TypeScript program in this
 * process (after warm-up runs); figures are medians of the checker pass alone and of
 * parse + bind + check, in CPU time of this process (process.cpuUsage, as bench/ratio.ts): on a
 * shared machine wall time charges descheduled stretches to whichever file was compiling.
 * Next to the times, a figure that does not move with the load: the heap one warm check of each
 * file allocates, in a child process without the JIT (bench/typecheck-heap.mjs).
 * Every posts request passes
 * `limit`: openapi-typescript marks members with a default as required.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { median, type BenchRow } from './types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const RUNS = 15;
/** Compiles first run to warm up the compiler's code in this process; they are not counted. */
const WARMUP = 3;
const CALLS = 50;
/**
 * The target: the checker pass over the builder calls at most 1.5x the raw `paths` types, in CPU
 * time and in heap. Every network's metrics builder infers its dimensions as a tuple (positional
 * header, compile-time dimension checks); that inference is the cost the target allows for.
 */
const TARGET = 1.5;

/** One request: the operation path, its builder expression, the body, and how the response is used. */
interface Template {
  version: 1 | 2;
  path: string;
  builder: string;
  body: (i: number) => string;
  use: string;
}

const range = (i: number) => `date_start: '2024-01-${String((i % 28) + 1).padStart(2, '0')}', date_end: '2024-02-28', profiles: ['p${i}', 'q${i}']`;

export const TEMPLATES: Template[] = [
  { version: 2, path: '/2/facebook/metrics', builder: 'v2.facebook.metrics', body: (i) => `{ ${range(i)}, metrics: ['insights_activity', 'insights_impressions'], dimensions: [{ type: 'profile' }, { type: 'date.day' }, { type: 'activity_type' }] }`, use: 'header' },
  { version: 2, path: '/2/facebook/metrics', builder: 'v2.facebook.metrics', body: (i) => `{ ${range(i)}, metrics: ['fans_change', 'fans_lifetime', 'insights_reach'], dimensions: [{ type: 'date.month' }] }`, use: 'header' },
  { version: 2, path: '/2/instagram/metrics', builder: 'v2.instagram.metrics', body: (i) => `{ ${range(i)}, metrics: ['insights_followers'], dimensions: [{ type: 'date.day' }, { type: 'country' }] }`, use: 'header' },
  { version: 2, path: '/2/youtube/metrics', builder: 'v2.youtube.metrics', body: (i) => `{ ${range(i)}, metrics: ['views_change', 'subscribers_lifetime'], dimensions: [{ type: 'profile' }] }`, use: 'header' },
  { version: 2, path: '/2/facebook/page/posts', builder: 'v2.facebook.posts', body: (i) => `{ ${range(i)}, fields: ['id', 'message', 'comments', 'created_time', 'reactions_by_type'], limit: ${(i % 500) + 1}, sort: [{ field: 'comments', order: 'desc' }], filter: [{ field: 'ppd_status', value: 'paid' }, { match_any: [{ field: 'post_labels', value: ['l${i}'] }] }] }`, use: 'data.posts' },
  { version: 2, path: '/2/instagram/profile/posts', builder: 'v2.instagram.posts', body: (i) => `{ ${range(i)}, fields: ['id', 'likes', 'type'], limit: 10, filter: [{ field: 'type', value: 'image' }] }`, use: 'data.posts' },
  { version: 2, path: '/2/linkedin/metrics', builder: 'v2.linkedin.metrics', body: (i) => `{ ${range(i)}, metrics: ['followers_change'], dimensions: [{ type: 'date.week' }, { type: 'profile_label' }] }`, use: 'header' },
  { version: 1, path: '/1/youtube/metrics', builder: 'v1.youtube.metrics', body: (i) => `{ ${range(i)}, metrics: ['views_change', 'engagement_rate', 'subscribers_count_lifetime'] }`, use: 'profiles' },
  { version: 1, path: '/1/facebook/metrics', builder: 'v1.facebook.metrics', body: (i) => `{ ${range(i)}, metrics: ['comments', 'comments_by_type', 'engagement_rate'] }`, use: 'profiles' },
  { version: 1, path: '/1/facebook/page/posts', builder: 'v1.facebook.posts', body: (i) => `{ ${range(i)}, fields: ['id', 'story', 'shares'], limit: 25, sort: [{ field: 'shares', order: 'desc' }] }`, use: 'data.posts' },
];

/** The consumer with builder calls; responses read through ResponseOf. */
export function builderFile(dts: string): string {
  const lines = [
    `import { v1 } from '${dts}/src/v1.js';`,
    `import { v2, type ResponseOf } from '${dts}/src/v2.js';`,
  ];
  for (let i = 0; i < CALLS; i++) {
    const t = TEMPLATES[i % TEMPLATES.length];
    lines.push(`const r${i} = ${t.builder}(${t.body(i)});`, `declare const b${i}: ResponseOf<typeof r${i}>;`, `export const u${i} = b${i}.${t.use};`);
  }
  return `${lines.join('\n')}\n`;
}

/** The same requests typed with the raw openapi-typescript `paths` (a minimal openapi-fetch-like `send`). */
export function rawFile(dts: string): string {
  const lines = [`import type { paths as P1 } from '${dts}/generated/types/v1.js';`, `import type { paths as P2 } from '${dts}/generated/types/v2.js';`];
  for (const v of [1, 2]) {
    lines.push(
      `type Body${v}<K extends keyof P${v}> = P${v}[K] extends { post: { requestBody: { content: { 'application/json': infer B } } } } ? B : never;`,
      `type Ok${v}<K extends keyof P${v}> = P${v}[K] extends { post: { responses: { 200: { content: { 'application/json': infer R } } } } } ? R : never;`,
      `declare function send${v}<K extends keyof P${v}>(path: K, body: Body${v}<K>): Ok${v}<K>;`,
    );
  }
  for (let i = 0; i < CALLS; i++) {
    const t = TEMPLATES[i % TEMPLATES.length];
    const [first, ...rest] = t.use.split('.');
    const read = `'${first}' in b${i} ? b${i}.${[first, ...rest].join('.')} : undefined`;
    lines.push(`const b${i} = send${t.version}('${t.path}', ${t.body(i)});`, `export const u${i} = ${read};`);
  }
  return `${lines.join('\n')}\n`;
}

/** CPU seconds of this process so far. */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * One fresh compile of `project` in this process: parse + bind (total) and the checker pass
 * alone (check, like tsc's "Check time"), in CPU seconds. Fails on any
 * diagnostic, so both files are known to be valid.
 */
export function compile(project: string): { check: number; total: number; instantiations: number } {
  const started = cpuSeconds();
  const config = ts.getParsedCommandLineOfConfigFile(project, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const program = ts.createProgram(config.fileNames, config.options);
  program.getTypeChecker();
  const checkStarted = cpuSeconds();
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const ended = cpuSeconds();
  if (diagnostics.length) {
    throw new Error(`${project} does not compile:\n${ts.formatDiagnostics(diagnostics.slice(0, 5), { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' })}`);
  }
  // Not in the public typings, but what `tsc --extendedDiagnostics` prints as "Instantiations".
  const instantiations = (program as unknown as { getInstantiationCount(): number }).getInstantiationCount();
  return { check: ended - checkStarted, total: ended - started, instantiations };
}

/**
 * Heap bytes allocated by one warm check of each file of `dir`, from a child process without the
 * JIT (bench/typecheck-heap.mjs): the same in every run, whatever the load of the machine.
 */
function heapPerCheck(dir: string, files: string[]): Record<string, number> {
  const flags = ['--jitless', '--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64'];
  const child = spawnSync(process.execPath, [...flags, join(root, 'bench/typecheck-heap.mjs'), dir, JSON.stringify({ ...COMMON, noEmit: true }), ...files], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`bench/typecheck-heap.mjs failed:\n${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as Record<string, number>;
}

function writeProject(dir: string, name: string, file: string): string {
  writeFileSync(join(dir, `${name}.ts`), file);
  const config = join(dir, `tsconfig.${name}.json`);
  writeFileSync(config, JSON.stringify({ compilerOptions: { ...COMMON, noEmit: true }, files: [`${name}.ts`] }));
  return config;
}

const COMMON = { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', skipLibCheck: true, types: [], lib: ['ES2023'] };

export async function run(): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'sa-bench-typecheck-'));
  try {
    const dts = join(work, 'dts');
    const emitConfig = join(work, 'tsconfig.emit.json');
    writeFileSync(emitConfig, JSON.stringify({
      compilerOptions: { ...COMMON, types: ['node'], typeRoots: [join(root, 'node_modules/@types')], declaration: true, emitDeclarationOnly: true, outDir: dts, rootDir: root },
      files: ['src/v1.ts', 'src/v2.ts', 'generated/types/v1.ts', 'generated/types/v2.ts'].map((f) => join(root, f)),
    }));
    const emitted = spawnSync(process.execPath, [tsc, '-p', emitConfig], { encoding: 'utf8' });
    if (emitted.status !== 0) throw new Error(`declaration emit failed:\n${emitted.stdout}${emitted.stderr}`);
    const builders = writeProject(work, 'builders', builderFile('./dts'));
    const raw = writeProject(work, 'raw', rawFile('./dts'));
    const b: ReturnType<typeof compile>[] = [];
    const r: ReturnType<typeof compile>[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      // Alternate the two files so that load changes on the machine hit both alike.
      const first = i % 2 ? 'raw' : 'builders';
      const one = first === 'raw' ? compile(raw) : compile(builders);
      const other = first === 'raw' ? compile(builders) : compile(raw);
      if (i < WARMUP) continue;
      r.push(first === 'raw' ? one : other);
      b.push(first === 'raw' ? other : one);
    }
    /** A time row; `targeted` rows carry the target (the checker pass), the others are informational. */
    const row = (what: 'check' | 'total', label: string, targeted: boolean): BenchRow => {
      const [mb, mr] = [median(b.map((x) => x[what])), median(r.map((x) => x[what]))];
      const ratio = mb / mr;
      return {
        name: `type-check ${CALLS} builder calls vs raw paths types (${label}, median of ${RUNS})`,
        value: `${(mb * 1000).toFixed(0)} ms`,
        baseline: `raw paths ${(mr * 1000).toFixed(0)} ms`,
        ratio: `${ratio.toFixed(2)}x`,
        ...(targeted ? { target: `<= ${TARGET}x`, ok: ratio <= TARGET } : {}),
      };
    };
    const heap = heapPerCheck(work, ['builders.ts', 'raw.ts']);
    const heapRatio = heap['builders.ts'] / heap['raw.ts'];
    return [
      row('total', 'whole type-check: parse + bind + check', false),
      row('check', 'checker pass alone', true),
      {
        name: `heap allocated by one warm check of the same two files (no JIT: deterministic)`,
        value: `${(heap['builders.ts'] / 1e6).toFixed(2)} MB`,
        baseline: `raw paths ${(heap['raw.ts'] / 1e6).toFixed(2)} MB`,
        ratio: `${heapRatio.toFixed(2)}x`,
        target: `<= ${TARGET}x`,
        ok: heapRatio <= TARGET,
      },
      {
        name: `type instantiations of the same two files (deterministic; informational)`,
        value: String(b[0].instantiations),
        baseline: `raw paths ${r[0].instantiations}`,
        ratio: `${(b[0].instantiations / r[0].instantiations).toFixed(2)}x`,
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
