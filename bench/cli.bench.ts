/**
 * `npm run bench -- cli`: the `validate` command as a team's CI runs it, against the floor of
 * reading the same files and `JSON.parse`-ing them, each in a fresh process (start-up included on
 * both sides), CPU time (user + system of every thread) and peak RSS from GNU time:
 * - a folder of 10,000 capture files (about 180 MB): the mock's answers of many sizes with their
 *   requests, one capture per file, as a suite that records every answer writes them;
 * - a HAR of a million small entries (about 1 GB): two API entries for each entry of browser
 *   noise, one entry per line, written streaming to a temporary folder and deleted after.
 *   Its floor reads the file in chunks and parses every entry (one string of 1 GB is more than V8
 *   holds), which is JSON.parse of every byte of the file.
 * Each input is validated twice beside its floor: as shipped (checking threads for a folder of
 * many files and for a large file) and with `--threads 0` (every file on one thread). The ratio is
 * CPU time over the floor's: threads add CPU (each starts and warms up its own copy of the
 * validators, and the items come back by message), so the second run is the cost of the work
 * itself and the first what the threads add to it for a shorter wall time on idle cores.
 * The folder is also validated with `--threads 2`: as shipped it stays on one thread (it is under
 * FOLDER_MIN_BYTES), so that run is what the threads cost.
 * Beside them, informational: the least a validating script costs (read, parse, `validateResponse`
 * of each response with its request, nothing reported) over the same floor, and the command's CPU
 * time on one thread over the script's, which is what the command adds to the validators.
 * The CLI is bundled as it ships, with its checking thread's module beside it.
 * The `scale` part (only when named) writes 100,000 captures of the same mix (about 1.9 GB) and
 * validates the first 10,000 of them and all of them with `--threads 0`, interleaved: the peak RSS
 * of the larger over the smaller's is what memory grows by with the number of files (target 1.15x).
 * The `first` part: the first 1,000 validations of a fresh process against ajv standalone code
 * compiled from the published OpenAPI, FIRST_ROUNDS interleaved rounds (bench/first-calls.ts).
 * `BENCH_CLI_SOURCE=<checkout>` runs another checkout's CLI on the same files;
 * `BENCH_CLI_PARTS=folder` (or `har`, `first`, or `scale`) runs those parts only; `BENCH_CLI_ROUNDS` sets the folder's rounds (3).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statfsSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleCli } from '../test/cli-validate/built-cli.js';
import { API, entry } from '../test/cli-validate/har-fixtures.js';
import { firstCallsRows } from './first-calls.js';
import { failureShape, listShapes, postsShape, v1MetricsShape, v2MetricsShape, type Shape } from './bodies.js';
import { median, type BenchRow } from './types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;
const TARGET = { folder: 1.5, har: 2 };
const RSS_TARGET = 400 * MB;
const FILES = 10_000;
/** The files of the `scale` part, and its peak RSS target over the first FILES of them. */
const SCALE_FILES = 100_000;
const SCALE_TARGET = 1.15;
const HAR_ENTRIES = 1_000_000;
/** Fresh processes of each side of the `first` part. */
const FIRST_ROUNDS = 11;

/** A deterministic pseudo-random sequence (the files are the same on every run). */
function random(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
}

const captureText = (s: Shape) => JSON.stringify({ method: s.method, path: s.path, ...(s.status ? { status: s.status } : {}), ...(s.request ? { request: s.request } : {}), response: s.body }, null, 2);

/** Capture texts, each as often as its weight: mostly small and medium answers, a few large ones (about 18 kB a file on average). */
function captureTexts(): string[] {
  const weighted: [Shape, number][] = [
    ...listShapes().map((s): [Shape, number] => [s, 4]),
    [failureShape(1), 4],
    [v2MetricsShape([], 1, 7, 1), 10],
    [v2MetricsShape(['date.day'], 1, 7, 2), 10],
    [v2MetricsShape(['date.day'], 5, 30, 5), 6],
    [v2MetricsShape(['profile', 'date.day'], 5, 30, 2), 6],
    [v2MetricsShape(['profile', 'date.day'], 5, 92, 5), 2],
    [v2MetricsShape(['profile', 'date.day'], 25, 92, 2), 2],
    [v1MetricsShape(1, 7, 3, false), 10],
    [v1MetricsShape(1, 30, 5, false), 6],
    [v1MetricsShape(5, 30, 5, true), 5],
    [postsShape(2, 10, false), 8],
    [postsShape(1, 10, false), 4],
    [postsShape(2, 50, false), 4],
    [postsShape(2, 10, true), 2],
  ];
  return weighted.flatMap(([s, weight]) => Array.from({ length: weight }, () => captureText(s)));
}

/** Writes `count` capture files into folders of 100 in `dir`; returns their bytes. */
export function writeFolder(dir: string, count = FILES): number {
  const texts = captureTexts();
  const next = random(7);
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const sub = join(dir, `run-${String(Math.floor(i / 100)).padStart(3, '0')}`);
    if (i % 100 === 0) mkdirSync(sub, { recursive: true });
    const text = texts[Math.floor(next() * texts.length)];
    writeFileSync(join(sub, `capture-${String(i).padStart(5, '0')}.json`), text);
    bytes += Buffer.byteLength(text);
  }
  return bytes;
}

/** Small API entries (the answers a browser test suite records most) and browser noise, each one line of JSON. */
function harEntries(): { api: string[]; noise: string[] } {
  const line = (e: unknown) => JSON.stringify(e);
  const api = [
    ...listShapes().filter((s) => s.method === 'POST'),
    failureShape(1),
    v2MetricsShape([], 1, 7, 1),
    v2MetricsShape(['date.day'], 1, 7, 2),
    v2MetricsShape(['date.day'], 1, 14, 3),
    v1MetricsShape(1, 7, 2, false),
    v1MetricsShape(1, 3, 3, false),
    v2MetricsShape(['date.day'], 1, 30, 2),
    v1MetricsShape(1, 14, 3, false),
  ]
    .map((s) => line(entry(s.method, `${API}${s.path}`, s.status ?? 200, JSON.stringify(s.body), s.request ? { request: JSON.stringify(s.request) } : {})))
    .filter((text) => text.length < 2500);
  const cdn = 'https://cdn.example.invalid';
  const noise = [
    entry('GET', `${cdn}/logo.png`, 200, 'x'.repeat(300), { mimeType: 'image/png', base64: true }),
    entry('GET', `${cdn}/font.woff2`, 200, undefined, { mimeType: 'font/woff2', size: 24_000 }),
    entry('OPTIONS', `${API}/2/facebook/metrics`, 204, ''),
    entry('GET', `${API}/2/facebook/profiles`, -1, undefined, { response: { _failureText: 'net::ERR_ABORTED' } }),
    entry('GET', `${API}/2/facebook/profiles`, 304, ''),
  ].map(line);
  return { api, noise };
}

/** Writes a HAR of HAR_ENTRIES entries, one per line, streaming; returns its entries' count. */
export function writeHar(file: string, count = HAR_ENTRIES): number {
  const { api, noise } = harEntries();
  const next = random(5);
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, '{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"pages":[],"entries":[\n');
    let batch: string[] = [];
    for (let i = 0; i < count; i++) {
      const pool = next() < 2 / 3 ? api : noise;
      batch.push(pool[Math.floor(next() * pool.length)]);
      if (batch.length === 1000 || i === count - 1) {
        writeSync(fd, `${i >= 1000 ? ',\n' : ''}${batch.join(',\n')}`);
        batch = [];
      }
    }
    writeSync(fd, '\n]}}\n');
  } finally {
    closeSync(fd);
  }
  return count;
}

/**
 * A script that walks the folder it is given and runs `onFile` (a statement on the path `p`) for
 * every *.json file below it; `head` declares what it counts, `last` is the line it prints.
 */
const folderScript = (head: string, onFile: string, last: string) => `
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
${head}
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (e.name.endsWith('.json')) ${onFile}
  }
};
walk(process.argv[2]);
console.log(${last});
`;

/**
 * A script that reads the HAR it is given in chunks and runs `onLine` (statements on `text`, a
 * line without its comma: one entry, or the frame around them) for every line; `head` declares
 * what it counts, `last` is the line it prints.
 */
const harScript = (head: string, onLine: string, last: string) => `
import { closeSync, openSync, readSync } from 'node:fs';
${head}
const fd = openSync(process.argv[2], 'r');
const chunk = Buffer.allocUnsafe(4 * 1024 * 1024);
let rest = '';
const parse = (line) => {
  const text = line.endsWith(',') ? line.slice(0, -1) : line;
  ${onLine}
};
for (let n; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0; ) {
  const lines = (rest + chunk.toString('utf8', 0, n)).split('\\n');
  rest = lines.pop();
  for (const line of lines) parse(line);
}
parse(rest);
closeSync(fd);
console.log(${last});
`;

/** The floor of a folder: every *.json file below it read and parsed, in a fresh process. */
export const PARSE_FOLDER = folderScript('let files = 0;', "(JSON.parse(readFileSync(p, 'utf8')), files++);", "files + ' files'");

/** The floor of the HAR: read in chunks, every line (one entry, or the frame around them) parsed. */
export const PARSE_HAR = harScript('let entries = 0;', `if (text.startsWith('{"startedDateTime"')) (JSON.parse(text), entries++);`, "entries + ' entries'");

/**
 * The least a validating script costs (informational): the floor's reading and parsing, then
 * `validateResponse` of each response with its request, nothing reported. It parses what the floor
 * does not and the command must: a HAR entry's request and response bodies. Bundled against the
 * checkout's validators (`src/validators/index.ts`); prints the command's count line, checked alike.
 */
const VALIDATING = `import { validateResponse } from './src/validators/index.ts';
let responses = 0;
let valid = 0;`;
const COUNT_LINE = "responses + ' responses: ' + valid + ' valid, ' + (responses - valid) + ' invalid'";

export const VALIDATE_FOLDER = folderScript(
  VALIDATING,
  `{
      const c = JSON.parse(readFileSync(p, 'utf8'));
      responses++;
      if (validateResponse({ method: c.method, path: c.path, status: c.status ?? 200, body: c.response, request: c.request }).valid) valid++;
    }`,
  COUNT_LINE,
);

export const VALIDATE_HAR = harScript(
  VALIDATING,
  `if (!text.startsWith('{"startedDateTime"')) return;
  const { request, response } = JSON.parse(text);
  const body = response.content?.text;
  if (!body || !response.content.mimeType?.includes('json')) return;
  responses++;
  const sent = request.postData?.text;
  const input = { method: request.method, path: new URL(request.url).pathname, status: response.status, body: JSON.parse(body), request: sent ? JSON.parse(sent) : undefined };
  if (validateResponse(input).valid) valid++;`,
  COUNT_LINE,
);

/** Bundles a script of the validators of the checkout at `source` into `file`. */
export async function bundleScript(file: string, contents: string, source: string): Promise<string> {
  await build({ stdin: { contents, resolveDir: source, loader: 'ts', sourcefile: 'script.ts' }, bundle: true, format: 'esm', platform: 'node', mainFields: ['module', 'main'], outfile: file, logLevel: 'silent' });
  return file;
}

/**
 * CPU seconds (user + system), wall seconds and peak RSS (bytes) of `node args` in a fresh process,
 * and the last line it printed (its output goes to a file, as a CI log does: a line per response).
 */
function timed(args: string[]): { cpu: number; wall: number; rss: number; last: string } {
  const log = join(dirname(args[0]), 'out.log');
  const fd = openSync(log, 'w');
  let out;
  try {
    out = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', process.execPath, ...args], { encoding: 'utf8', stdio: ['ignore', fd, 'pipe'] });
  } finally {
    closeSync(fd);
  }
  const figures = out.stderr.trim().split('\n').pop() ?? '';
  const [wall, user, system, kb] = figures.split(' ').map(Number);
  if (!Number.isFinite(kb)) throw new Error(`bench: ${args.join(' ')} failed:\n${out.stderr.slice(-2000)}`);
  const size = statSync(log).size;
  const tail = Buffer.alloc(Math.min(size, 4096));
  const read = openSync(log, 'r');
  try {
    readSync(read, tail, 0, tail.length, size - tail.length);
  } finally {
    closeSync(read);
  }
  rmSync(log);
  return { cpu: user + system, wall, rss: kb * 1024, last: tail.toString('utf8').trim().split('\n').pop() ?? '' };
}

const checked = (last: string) => /^[1-9][\d,]* responses?: \d+ valid, 0 invalid/.test(last) && !last.includes('unreadable');

/** One timed run: CPU and wall seconds, peak RSS, the last line printed. */
type Run = ReturnType<typeof timed>;

interface Measure {
  what: string;
  /** How the CLI was run: one of the `how`s of {@link RUNS} and {@link FOLDER_RUNS}. */
  how: string;
  floor: string;
  target: number;
  cli: Run[];
  parse: Run[];
}

/** The CLI's runs: as shipped, and with every file on one thread. */
const RUNS = [
  { how: '', args: [] },
  { how: ', --threads 0', args: ['--threads', '0'] },
] as const;

/** The folder's runs: those, and on two checking threads from its start (as shipped it stays on one thread: it is under FOLDER_MIN_BYTES). */
const FOLDER_RUNS = [...RUNS, { how: ', --threads 2', args: ['--threads', '2'] }] as const;

/** The run the validating script is compared with: every file on one thread, as the script reads them (as shipped for a checkout without `--threads`). */
const oneThread = (measures: readonly Measure[]) => measures.find((m) => m.how === RUNS[1].how) ?? measures[0];

/** The parts to run (`BENCH_CLI_PARTS=folder`, `har`, `first` or `scale`; all but `scale` unless set). */
function partsToRun(): { folder: boolean; har: boolean; first: boolean; scale: boolean } {
  const parts = (process.env.BENCH_CLI_PARTS ?? 'folder,har,first').split(',').map((p) => p.trim());
  const unknown = parts.filter((p) => p !== 'folder' && p !== 'har' && p !== 'first' && p !== 'scale');
  if (unknown.length || !parts.length) throw new Error(`bench: BENCH_CLI_PARTS takes folder, har, first and scale, separated by commas; got ${JSON.stringify(process.env.BENCH_CLI_PARTS)}`);
  return { folder: parts.includes('folder'), har: parts.includes('har'), first: parts.includes('first'), scale: parts.includes('scale') };
}

/**
 * The `scale` part: SCALE_FILES captures written to `work`, the first FILES of them (their first
 * folders, named one by one) and all of them validated with `--threads 0`, `rounds` times
 * interleaved, beside the floor of all of them; the peak RSS of all over the first's.
 */
function scaleRows(work: string, cli: string, rounds: number): BenchRow[] {
  const folder = join(work, 'scale');
  writeFolder(folder, SCALE_FILES);
  const first = Array.from({ length: FILES / 100 }, (_, i) => join(folder, `run-${String(i).padStart(3, '0')}`));
  const runs = { small: [] as Run[], large: [] as Run[], floor: [] as Run[] };
  for (let r = 0; r < rounds; r++) {
    runs.small.push(timed([cli, 'validate', ...first, '--threads', '0']));
    runs.large.push(timed([cli, 'validate', folder, '--threads', '0']));
    runs.floor.push(timed([join(work, 'parse-folder.mjs'), folder]));
  }
  rmSync(folder, { recursive: true, force: true });
  const failed = [...runs.small, ...runs.large].find((r) => !checked(r.last));
  if (failed) throw new Error(`bench: validate of the scale folder did not validate every response: ${failed.last}`);
  const rss = (list: Run[]) => median(list.map((r) => r.rss));
  const ratio = rss(runs.large) / rss(runs.small);
  return [
    {
      name: `cli: peak RSS of validate --threads 0 on ${SCALE_FILES.toLocaleString('en-US')} captures over ${FILES.toLocaleString('en-US')} of them`,
      value: `${(rss(runs.large) / MB).toFixed(0)} MB over ${(rss(runs.small) / MB).toFixed(0)} MB; CPU ${median(runs.large.map((r) => r.cpu)).toFixed(2)} s over ${median(runs.small.map((r) => r.cpu)).toFixed(2)} s`,
      baseline: `read + JSON.parse of the ${SCALE_FILES.toLocaleString('en-US')}: ${(rss(runs.floor) / MB).toFixed(0)} MB`,
      ratio: `${ratio.toFixed(2)}x`,
      target: `<= ${SCALE_TARGET}x`,
      ok: ratio <= SCALE_TARGET,
    },
  ];
}

function rowsOf(m: Measure, rssTarget?: number): BenchRow[] {
  const cpu = median(m.cli.map((r) => r.cpu));
  const wall = median(m.cli.map((r) => r.wall));
  const rss = Math.max(...m.cli.map((r) => r.rss));
  const parseCpu = median(m.parse.map((r) => r.cpu));
  const parseRss = Math.max(...m.parse.map((r) => r.rss));
  const ratio = cpu / parseCpu;
  const rows: BenchRow[] = [
    {
      name: `cli: ${m.what}: CPU time (wall)`,
      value: `${cpu.toFixed(2)} s (${wall.toFixed(2)} s); ${m.cli.at(-1)!.last.slice(0, 48)}`,
      baseline: `${m.floor} ${parseCpu.toFixed(2)} s (${median(m.parse.map((r) => r.wall)).toFixed(2)} s)`,
      ratio: `${ratio.toFixed(2)}x`,
      target: `<= ${m.target}x read + JSON.parse, CPU`,
      ok: ratio <= m.target && m.cli.every((r) => checked(r.last)),
    },
    {
      name: `cli: ${m.what}: peak RSS`,
      value: `${(rss / MB).toFixed(0)} MB`,
      baseline: `${m.floor} ${(parseRss / MB).toFixed(0)} MB`,
      ...(rssTarget ? { target: `< ${rssTarget / MB} MB`, ok: rss < rssTarget } : {}),
    },
  ];
  return rows;
}

/**
 * The informational row of the least validating script (`runs`, each beside a floor run in
 * `parse`): its CPU time over the floor's, and the command's (`cli`, on one thread) over its own.
 */
function scriptRow(what: string, runs: Run[], parse: Run[], cli: Measure): BenchRow {
  const failed = runs.find((r) => !checked(r.last));
  if (failed) throw new Error(`bench: the validating script of ${what} did not validate every response: ${failed.last}`);
  const cpu = median(runs.map((r) => r.cpu));
  const parseCpu = median(parse.map((r) => r.cpu));
  return {
    name: `cli: ${what}: the least a validating script costs (read, JSON.parse, validateResponse; no report; informational)`,
    value: `${cpu.toFixed(2)} s; the command${cli.how ? ` with${cli.how.slice(1)}` : ''} costs ${(median(cli.cli.map((r) => r.cpu)) / cpu).toFixed(2)}x of it`,
    baseline: `${cli.floor} ${parseCpu.toFixed(2)} s`,
    ratio: `${(cpu / parseCpu).toFixed(2)}x`,
  };
}

/** The folder's rows: each run of the CLI beside a run of the floor, `rounds` times, interleaved, and the validating script's. */
function folderRows(work: string, cli: string, script: string, rounds: number, runs: readonly { how: string; args: readonly string[] }[]): BenchRow[] {
  const folder = join(work, 'captures');
  const bytes = writeFolder(folder);
  const folderWhat = `validate a folder of ${FILES.toLocaleString('en-US')} captures (${(bytes / MB).toFixed(0)} MB)`;
  const folderRuns: Measure[] = runs.map(({ how }) => ({ what: `${folderWhat}${how}`, how, floor: 'read + JSON.parse', target: TARGET.folder, cli: [], parse: [] }));
  const scriptRuns = { parse: [] as Run[], script: [] as Run[] };
  // Interleaved: each CLI run beside a floor run under the same load.
  for (let r = 0; r < rounds; r++) {
    runs.forEach(({ args }, i) => {
      folderRuns[i].parse.push(timed([join(work, 'parse-folder.mjs'), folder]));
      folderRuns[i].cli.push(timed([cli, 'validate', folder, ...args]));
    });
    scriptRuns.parse.push(timed([join(work, 'parse-folder.mjs'), folder]));
    scriptRuns.script.push(timed([script, folder]));
  }
  rmSync(folder, { recursive: true, force: true });
  return [...folderRuns.flatMap((m) => rowsOf(m)), scriptRow(folderWhat, scriptRuns.script, scriptRuns.parse, oneThread(folderRuns))];
}

export async function run(): Promise<BenchRow[]> {
  const parts = partsToRun();
  const work = mkdtempSync(join(tmpdir(), 'sa-bench-cli-'));
  try {
    const { bavail, bsize } = statfsSync(work);
    if (parts.scale && bavail * bsize < 3 * 1024 * MB) throw new Error(`bench: the scale folder needs about 2 GB in ${work}, and ${((bavail * bsize) / MB).toFixed(0)} MB are free`);
    if (parts.har && bavail * bsize < 2 * 1024 * MB) throw new Error(`bench: the HAR needs about 1.2 GB in ${work}, and ${((bavail * bsize) / MB).toFixed(0)} MB are free`);
    const source = process.env.BENCH_CLI_SOURCE ?? root;
    const cli = await bundleCli(work, source);
    writeFileSync(join(work, 'parse-folder.mjs'), PARSE_FOLDER);
    writeFileSync(join(work, 'parse-har.mjs'), PARSE_HAR);
    const rounds = Number(process.env.BENCH_CLI_ROUNDS ?? 3);
    // A checkout from before `--threads` (BENCH_CLI_SOURCE) is run as it ships only.
    const threadsOption = readFileSync(cli, 'utf8').includes('--threads N');
    const runs = threadsOption ? RUNS : RUNS.slice(0, 1);
    const rows: BenchRow[] = [];
    if (parts.folder) rows.push(...folderRows(work, cli, await bundleScript(join(work, 'validate-folder.mjs'), VALIDATE_FOLDER, source), rounds, threadsOption ? FOLDER_RUNS : RUNS.slice(0, 1)));
    if (parts.scale) rows.push(...scaleRows(work, cli, rounds));
    if (parts.first) rows.push(...(await firstCallsRows(work, source, FIRST_ROUNDS)));
    if (parts.har) rows.push(...harRows(work, cli, await bundleScript(join(work, 'validate-har.mjs'), VALIDATE_HAR, source), runs));
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The HAR's rows: a million entries written to `work`, validated by `cli` in each of `runs`, each beside its floor, and by the validating script. */
function harRows(work: string, cli: string, script: string, runs: readonly (typeof RUNS)[number][]): BenchRow[] {
  const rows: BenchRow[] = [];
  const measures: Measure[] = [];
  const har = join(work, 'session.har');
  const entries = writeHar(har);
  const size = statSync(har).size;
  const harWhat = `validate a ${(size / MB).toFixed(0)} MB HAR (${entries.toLocaleString('en-US')} entries, 2 in 3 API)`;
  for (const { how, args } of runs) {
    const harRuns: Measure = {
      what: `${harWhat}${how}`,
      how,
      floor: 'read + JSON.parse of every entry',
      target: TARGET.har,
      parse: [timed([join(work, 'parse-har.mjs'), har])],
      cli: [timed([cli, 'validate', har, ...args])],
    };
    measures.push(harRuns);
    rows.push(...rowsOf(harRuns, RSS_TARGET));
  }
  const floor = [timed([join(work, 'parse-har.mjs'), har])];
  rows.push(scriptRow(harWhat, [timed([script, har])], floor, oneThread(measures)));
  rmSync(har, { force: true });
  return rows;
}
