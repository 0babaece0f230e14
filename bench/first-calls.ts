/**
 * The cli part's `first` rows: what a fresh process pays for its first 1,000 validations, the
 * package's `validateResponse` (each response with its request, the validators bundled as shipped)
 * beside ajv's standalone code compiled from the published OpenAPI documents
 * (generated/openapi/v*.yaml) for the same operations and statuses, bundled alike. The CLI runs in
 * a fresh process, so this is paid on every run.
 *
 * Each round starts one fresh process of each, in turn; each parses the same captures from their
 * text first (not timed), then imports its validators (the module load, timed on its own) and
 * validates the first FIRST_CALLS responses in turn (timed): CPU time of the process
 * (`process.cpuUsage`, every thread: the optimising compiler runs beside the main thread). The
 * ratio is the median of the rounds' ratios.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { parse } from 'yaml';
import { failureShape, listShapes, postsShape, profilesShape, v1MetricsShape, v2MetricsShape, type Shape } from './bodies.js';
import { runChild } from './child.js';
import { median, type BenchRow } from './types.js';

/** The first validations timed, and the target of the package's CPU over ajv standalone's. */
export const FIRST_CALLS = 1000;
const TARGET = 1.5;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// ajv is a build tool of the package; a team's script would compile its schemas with it alike.
const requireTool = createRequire(join(root, 'package.json'));

/** A fixed set of varied captures: both versions, metrics, posts, profile and label lists, failures, several networks. */
export function firstCallCaptures(): Shape[] {
  return [
    ...listShapes(),
    profilesShape(1, 'instagram'),
    profilesShape(2, 'linkedin'),
    profilesShape(2, 'youtube'),
    v2MetricsShape([], 1, 7, 1),
    v2MetricsShape(['profile', 'date.day'], 5, 30, 2),
    v2MetricsShape(['date.day'], 1, 7, 3, 'instagram'),
    v2MetricsShape(['profile'], 2, 7, 2, 'linkedin'),
    v2MetricsShape(['date.day'], 1, 14, 2, 'youtube'),
    v1MetricsShape(1, 7, 3, false),
    v1MetricsShape(2, 7, 2, false, 'twitter'),
    v1MetricsShape(1, 7, 2, false, 'pinterest'),
    postsShape(1, 10, false),
    postsShape(2, 10, false),
    postsShape(2, 5, false, 'instagram'),
    failureShape(1),
    failureShape(3),
  ];
}

/** One capture as the children read it: the body as text, parsed in the child. */
export interface Capture {
  method: string;
  path: string;
  status: number;
  request?: unknown;
  text: string;
}

/**
 * A child's script: parses FIRST_CALLS inputs from the captures' text, imports its validators
 * (`load`, timed), runs `call` (an expression of the input `c`, true when valid) on each (timed),
 * and prints both CPU times in ms.
 */
const childScript = (imports: string, call: string, captures: Capture[]) => `
const captures = ${JSON.stringify(captures)};
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const inputs = [];
for (let i = 0; i < ${FIRST_CALLS}; i++) {
  const c = captures[i % captures.length];
  inputs.push({ method: c.method, path: c.path, body: JSON.parse(c.text), request: c.request, status: c.status, strict: false });
}
const loading = cpu();
${imports}
const started = cpu();
let invalid = 0;
for (let i = 0; i < inputs.length; i++) { const c = inputs[i]; if (!(${call})) invalid++; }
const ended = cpu();
if (invalid) throw new Error(invalid + ' invalid');
console.log(JSON.stringify({ load: started - loading, first: ended - started }));
`;

/**
 * ajv's standalone code of the published documents' response schema of every (operation, status)
 * of `captures`, as a team would compile it (ajv's 2020-12 class, ajv-formats for date and
 * date-time, OpenAPI's own keywords allowed): exports `validators`, keyed "METHOD path status".
 */
function ajvStandaloneSource(captures: Capture[]): string {
  const { Ajv2020 } = requireTool('ajv/dist/2020.js');
  const standaloneCode = requireTool('ajv/dist/standalone/index.js').default;
  const addFormats = requireTool('ajv-formats').default;
  const ajv = new Ajv2020({ allErrors: true, strict: false, code: { source: true, esm: true } });
  addFormats(ajv, ['date', 'date-time']);
  const docs = new Map([1, 2].map((v) => [v, parse(readFileSync(join(root, 'generated', 'openapi', `v${v}.yaml`), 'utf8'))]));
  const names: Record<string, string> = {};
  const keys: string[] = [];
  for (const c of captures) {
    const key = `${c.method} ${c.path} ${c.status}`;
    if (keys.includes(key)) continue;
    const version = Number(c.path.split('/')[1]);
    const doc = docs.get(version)!;
    let response = doc.paths[c.path][c.method.toLowerCase()].responses[String(c.status)] ?? doc.paths[c.path][c.method.toLowerCase()].responses.default;
    if (typeof response.$ref === 'string') response = doc.components.responses[response.$ref.split('/').pop()];
    const id = `https://published.invalid/v${version}/${keys.length}`;
    // The document's components ride along, so that its `#/components/schemas/X` references resolve.
    ajv.addSchema({ $id: id, ...response.content['application/json'].schema, components: doc.components });
    names[`v${keys.length}`] = id;
    keys.push(key);
  }
  const table = keys.map((key, i) => `  ${JSON.stringify(key)}: v${i},`).join('\n');
  return `${standaloneCode(ajv, names)}\nexport const validators = {\n${table}\n};\n`;
}


/** The children's scripts in `work`: the package's validators (from the checkout at `source`) and ajv standalone's, and the captures they validate. */
export async function firstCallScripts(work: string, source: string): Promise<{ packageScript: string; ajvScript: string; captures: Capture[] }> {
  const captures: Capture[] = firstCallCaptures().map((s) => ({ method: s.method, path: s.path, status: s.status ?? 200, request: s.request, text: JSON.stringify(s.body) }));
  // Both sides bundled alike into one file that imports nothing, loaded by the child with import().
  const standalone = join(work, 'ajv-standalone-source.mjs');
  writeFileSync(standalone, ajvStandaloneSource(captures));
  const bundle = (entry: string, outfile: string) =>
    build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', nodePaths: [join(root, 'node_modules')], outfile, logLevel: 'silent' });
  await bundle(standalone, join(work, 'ajv-standalone.mjs'));
  await bundle(join(source, 'src/validators/index.ts'), join(work, 'package-validators.mjs'));
  const ajvScript = join(work, 'first-calls-ajv.mjs');
  writeFileSync(ajvScript, childScript("const { validators } = await import('./ajv-standalone.mjs');", "validators[c.method + ' ' + c.path + ' ' + c.status](c.body)", captures));
  const packageScript = join(work, 'first-calls-package.mjs');
  writeFileSync(packageScript, childScript("const { validateResponse } = await import('./package-validators.mjs');", 'validateResponse(c).valid', captures));
  return { packageScript, ajvScript, captures };
}

/** The `first` rows: `rounds` fresh processes of each side, interleaved, the package's validators taken from the checkout at `source`. */
export async function firstCallsRows(work: string, source: string, rounds: number): Promise<BenchRow[]> {
  const { packageScript, ajvScript, captures } = await firstCallScripts(work, source);
  const runs = { package: [] as Figures[], ajv: [] as Figures[] };
  for (let r = 0; r < rounds; r++) {
    runs.ajv.push(JSON.parse(runChild(ajvScript)));
    runs.package.push(JSON.parse(runChild(packageScript)));
  }
  const ratio = median(runs.package.map((p, r) => p.first / runs.ajv[r].first));
  const ms = (list: Figures[], part: keyof Figures) => `${median(list.map((x) => x[part])).toFixed(1)} ms`;
  const operations = new Set(captures.map((c) => `${c.method} ${c.path}`)).size;
  return [
    {
      name: `cli: the first ${FIRST_CALLS.toLocaleString('en-US')} validations of a fresh process (${captures.length} captures of ${operations} operations in turn, with their request): CPU, module load apart, median of ${rounds} interleaved rounds`,
      value: `${ms(runs.package, 'first')} (load ${ms(runs.package, 'load')})`,
      baseline: `ajv standalone from the published OpenAPI ${ms(runs.ajv, 'first')} (load ${ms(runs.ajv, 'load')})`,
      ratio: `${ratio.toFixed(2)}x`,
      target: `<= ${TARGET}x`,
      ok: ratio <= TARGET,
    },
  ];
}

/** CPU ms of a child: its module load and its first validations. */
export interface Figures {
  load: number;
  first: number;
}
