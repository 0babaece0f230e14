/**
 * Validator start-up (the speed on every body shape is bench/shapes.bench.ts):
 * - cold start in a fresh `node` process: importing the precompiled validators plus the first
 *   validation, against importing ajv and compiling the same schemas at run time (target: >= 35x
 *   faster, issue 36); once bundled from the sources into one file (every module in it is parsed,
 *   those of other operations are not evaluated) and once as installed: dist/ as `npm run
 *   compile` builds it (scripts/compile-javascript.mjs), whose validators entry is one bundled file.
 * Every figure is the median of several runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { catalogs } from '../src/catalog/catalogs.js';
import { AJV_OPTIONS, FORMATS, compilerSchemas, exportRefs } from '../scripts/generators/validators/validators.js';
import { versionSchemas } from '../scripts/generators/validators/validators-schemas.js';
import { buildOpenApi } from '../scripts/generators/openapi/openapi-bundle.js';
import { loadModel } from '../scripts/model/load-model.js';
import { validateResponse } from '../src/validators/index.js';
import type { ValidateResponseInput } from '../src/validators/types.js';
import { bundleValidators, childRounds, installedValidators } from './child.js';
import { median, type BenchRow } from './types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Fresh-process runs of each script. */
const ROUNDS = 21;

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

/** A script that imports `entry`, validates `example` once and prints the milliseconds taken. */
const firstValidation = (entry: string, example: ValidateResponseInput) => `const started = performance.now();
const { validateResponse } = await import(${JSON.stringify(entry)});
const result = validateResponse(${JSON.stringify(example)});
if (!result.valid) throw new Error(JSON.stringify(result.errors));
console.log(performance.now() - started);
`;

async function coldStartRows(): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'sa-bench-validators-'));
  try {
    const example = metricsCase(2, 3);
    // Precompiled: the runtime as a consumer gets it, bundled into one ESM file.
    await bundleValidators(work);
    writeFileSync(join(work, 'precompiled.mjs'), firstValidation('./validators.mjs', example));
    // As installed: the package's modules as dist/ holds them (the validators entry bundled).
    const installed = await installedValidators(join(work, 'installed'));
    writeFileSync(join(work, 'installed.mjs'), firstValidation(pathToFileURL(installed).href, example));
    // Run time compilation: ajv + ajv-formats, the same schemas and exports, the same first validation (schema part).
    const model = loadModel(root);
    const versions = ([1, 2] as const).map((v) => versionSchemas(buildOpenApi(model, v) as Record<string, unknown>, v));
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
    // The three scripts take turns, round by round, so that a change in the machine's load hits all alike.
    const times = childRounds([join(work, 'runtime-compiled.mjs'), join(work, 'precompiled.mjs'), join(work, 'installed.mjs')], ROUNDS);
    const runtime = median(times[0]);
    const row = (label: string, at: number): BenchRow => {
      const ms = median(times[at]);
      const ratio = runtime / ms;
      return {
        name: `validators cold start, ${label} (fresh node: import + first validation, median of ${ROUNDS})`,
        value: `${ms.toFixed(1)} ms precompiled`,
        baseline: `ajv compile at run time ${runtime.toFixed(1)} ms`,
        ratio: `${ratio.toFixed(1)}x faster`,
        target: '>= 35x',
        ok: ratio >= 35,
      };
    };
    return [row('bundled into one file', 1), row('as installed (dist/ as compile builds it: the validators entry is one file)', 2)];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  return coldStartRows();
}
