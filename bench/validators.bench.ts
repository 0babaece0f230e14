/**
 * Response validator figures:
 * - throughput (MB/s) of `validateResponse` (schema + request-aware checks) on a 5,000-post
 *   facebook page and on a 25-profile x 92-day x 25-metric v2 metrics body, each against
 *   `JSON.parse` of the same bytes, side by side (target: validation <= 0.5x parse time);
 * - cold start in a fresh `node` process: importing the precompiled validators plus the first
 *   validation, against importing ajv and compiling the same schemas at run time (target: >= 10x
 *   faster).
 * Every figure is the median of several runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { parse } from 'yaml';
import { catalogs } from '../generated/catalogs.js';
import { AJV_OPTIONS, FORMATS, compilerSchemas, exportRefs } from '../scripts/generators/validators.js';
import { versionSchemas } from '../scripts/generators/validators-schemas.js';
import { validateResponse } from '../src/validators/index.js';
import type { ValidateResponseInput } from '../src/validators/types.js';
import { median, type BenchRow } from './types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A facebook posts page of `count` posts with a typical field set, and its request. */
function postsCase(count: number): ValidateResponseInput {
  const fields = ['id', 'created_time', 'message', 'comments', 'shares', 'reactions', 'reactions_by_type', 'post_labels', 'attachments', 'type', 'url', 'is_published'];
  const posts = Array.from({ length: count }, (_, i) => ({
    id: `164929129743_${100000 + count - i}`,
    created_time: new Date(Date.UTC(2026, 0, 31, 12) - i * 600_000).toISOString().replace('.000Z', '+00:00'),
    message: `Post number ${count - i}: spring collection, behind the scenes and a question for our fans.`,
    comments: count - i,
    shares: i % 17,
    reactions: (i * 7) % 300,
    reactions_by_type: { like: i % 50, love: i % 9, haha: i % 3, wow: 0, sorry: 0, anger: i % 2 },
    post_labels: i % 4 ? [] : [{ id: '3fa1c6a0f7e24d8b', name: 'Campaign spring' }],
    attachments: [{ title: 'Spring', description: 'Collection', url: `https://example.invalid/p/${i}`, image_url: `https://cdn.invalid/${i}.jpg` }],
    type: 'photo',
    url: `https://example.invalid/posts/${i}`,
    is_published: true,
  }));
  const request = { profiles: ['164929129743'], date_start: '2026-01-01', date_end: '2026-01-31', fields, limit: count, sort: [{ field: 'comments', order: 'desc' }] };
  return { method: 'POST', path: '/2/facebook/page/posts', body: { success: true, data: { posts, next: 'eyJvZmZzZXQiOjUwMDB9', remaining: 120 } }, request };
}

/** A v2 metrics body: [profile, date.day] x 25 metrics, 25 profiles, 92 days. */
function metricsCase(profileCount: number, dayCount: number): ValidateResponseInput {
  const metrics = catalogs.v2.metrics.facebook.slice(0, 25).map((m) => m.name);
  const profiles = Array.from({ length: profileCount }, (_, i) => `facebook_profile_${i + 1}`);
  const days = Array.from({ length: dayCount }, (_, d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10));
  const data = profiles.map((_, p) => days.map((_, d) => metrics.map((_, m) => (m % 2 ? p * 1000 + d * 10 + m : (p + d + m) / 7))));
  const request = { date_start: days[0], date_end: days[days.length - 1], profiles, metrics, dimensions: [{ type: 'profile' }, { type: 'date.day' }] };
  const header = [{ type: 'profile', rows: profiles }, { type: 'date.day', rows: days }, { type: 'metric', rows: metrics }];
  return { method: 'POST', path: '/2/facebook/metrics', body: { success: true, header, data }, request };
}

/** Median milliseconds of `fn` over `runs` runs, after `warmup` runs. */
function timeMs(fn: () => void, runs: number, warmup = 3): number {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

const mbs = (bytes: number, ms: number) => `${(bytes / 1024 / 1024 / (ms / 1000)).toFixed(0)} MB/s`;

function throughputRow(name: string, input: ValidateResponseInput): BenchRow {
  const text = JSON.stringify(input.body);
  const bytes = Buffer.byteLength(text);
  const check = validateResponse(input);
  if (!check.valid) throw new Error(`bench body of ${name} is invalid: ${JSON.stringify(check.errors.slice(0, 3))}`);
  const body = JSON.parse(text);
  // Interleave the two measurements so machine noise hits both alike.
  const parse: number[] = [];
  const validate: number[] = [];
  for (let round = 0; round < 5; round++) {
    parse.push(timeMs(() => JSON.parse(text), 5));
    validate.push(timeMs(() => validateResponse({ ...input, body }), 5));
  }
  const p = median(parse);
  const v = median(validate);
  const ratio = v / p;
  return {
    name: `validateResponse ${name} (${(bytes / 1024 / 1024).toFixed(1)} MB, with request)`,
    value: `${mbs(bytes, v)} (${v.toFixed(1)} ms)`,
    baseline: `JSON.parse ${mbs(bytes, p)} (${p.toFixed(1)} ms)`,
    ratio: `${ratio.toFixed(2)}x parse time`,
    target: '<= 0.5x',
    ok: ratio <= 0.5,
  };
}

/** Runs `script` in a fresh node process `runs` times; the script prints its own milliseconds. */
function childMs(script: string, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const result = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${script} failed:\n${result.stderr}`);
    times.push(Number(result.stdout.trim().split('\n').pop()));
  }
  return median(times);
}

async function coldStartRow(): Promise<BenchRow> {
  const work = mkdtempSync(join(tmpdir(), 'sa-bench-validators-'));
  try {
    const example = metricsCase(2, 3);
    // Precompiled: the runtime as a consumer gets it, bundled into one ESM file.
    await build({ entryPoints: [join(root, 'src/validators/index.ts')], bundle: true, format: 'esm', platform: 'node', outfile: join(work, 'validators.mjs'), logLevel: 'silent' });
    writeFileSync(
      join(work, 'precompiled.mjs'),
      `const started = performance.now();
const { validateResponse } = await import('./validators.mjs');
const result = validateResponse(${JSON.stringify(example)});
if (!result.valid) throw new Error(JSON.stringify(result.errors));
console.log(performance.now() - started);
`,
    );
    // Run time compilation: ajv + ajv-formats, the same schemas and exports, the same first validation (schema part).
    const versions = [1, 2].map((v) => versionSchemas(parse(readFileSync(join(root, 'generated/openapi', `v${v}.yaml`), 'utf8')), v));
    const schemas = versions.flatMap((input) => compilerSchemas(input));
    const refs = versions.flatMap((input) => [...new Set(exportRefs(input).values())]);
    const url = (path: string) => pathToFileURL(join(root, 'node_modules', path)).href;
    writeFileSync(
      join(work, 'runtime-compiled.mjs'),
      `const started = performance.now();
const { Ajv2020 } = await import(${JSON.stringify(url('ajv/dist/2020.js'))});
const addFormats = (await import(${JSON.stringify(url('ajv-formats/dist/index.js'))})).default.default;
const ajv = new Ajv2020(${JSON.stringify(AJV_OPTIONS)});
addFormats(ajv, ${JSON.stringify(FORMATS)});
for (const schema of ${JSON.stringify(schemas)}) ajv.addSchema(schema);
const compiled = ${JSON.stringify(refs)}.map((ref) => ajv.getSchema(ref));
const validate = ajv.getSchema('https://social-analytics-api.invalid/v2/schemas/responses/getFacebookMetrics/200');
if (!validate(${JSON.stringify(example.body)}) || compiled.length < 2) throw new Error(JSON.stringify(validate.errors));
console.log(performance.now() - started);
`,
    );
    const precompiled = childMs(join(work, 'precompiled.mjs'), 7);
    const runtime = childMs(join(work, 'runtime-compiled.mjs'), 7);
    const ratio = runtime / precompiled;
    return {
      name: 'validators cold start (fresh node: import + first validation)',
      value: `${precompiled.toFixed(1)} ms precompiled`,
      baseline: `ajv compile at run time ${runtime.toFixed(1)} ms`,
      ratio: `${ratio.toFixed(1)}x faster`,
      target: '>= 10x',
      ok: ratio >= 10,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  return [throughputRow('facebook posts page (5,000 posts)', postsCase(5000)), throughputRow('v2 metrics (25 profiles x 92 days x 25 metrics)', metricsCase(25, 92)), await coldStartRow()];
}
