/**
 * `npm run bench -- har`: `validate` on HAR files of about 150 MB and 1 GB, as a long browser
 * test suite records them (Playwright `recordHar`): API entries with bodies of many sizes among
 * browser noise (scripts, styles, images in base64, fonts, preflights, aborted requests, 304s).
 * The CLI runs in a fresh process, bundled as it ships (with its checking thread's module beside
 * it); the figures are its wall time (the target: large files are checked on several threads),
 * its CPU time and peak RSS (GNU time). The baseline is JSON.parse of the 150 MB file read as
 * one string, in a fresh process too; the 1 GB file has none, as V8 cannot hold its text in one
 * string (about 512 MB at most). `BENCH_HAR_SOURCE=<checkout>` runs another checkout's CLI on the same files.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleCli } from '../test/cli-validate/built-cli.js';
import { API, entry } from '../test/cli-validate/har-fixtures.js';
import { failureShape, listShapes, postsShape, v1MetricsShape, v2MetricsShape, type Shape } from './bodies.js';
import { median, type BenchRow } from './types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;
const TIME_TARGET = 2;
const RSS_TARGET = { small: 300 * MB, large: 400 * MB };

/** A deterministic pseudo-random sequence (the files are the same on every run). */
function random(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
}

/**
 * API entries, most of them small (one profile over a week, lists, failures, short posts pages)
 * as a test suite records them, some large (25 profiles x 92 days, 100-post pages): each shape
 * appears in the pool as often as its weight.
 */
export function apiEntries(): string[] {
  const weighted: [Shape, number][] = [
    ...listShapes().map((s): [Shape, number] => [s, 6]),
    [failureShape(1), 6],
    [failureShape(4), 2],
    [v2MetricsShape([], 1, 7, 1), 12],
    [v2MetricsShape(['date.day'], 1, 7, 2), 12],
    [v2MetricsShape(['profile', 'date.day'], 5, 30, 2), 4],
    [v2MetricsShape(['profile', 'date.day'], 25, 92, 5), 1],
    [v1MetricsShape(1, 7, 3, false), 10],
    [v1MetricsShape(5, 30, 5, true), 2],
    [postsShape(2, 10, false), 6],
    [postsShape(2, 100, false), 1],
    [postsShape(1, 50, true), 1],
  ];
  return weighted.flatMap(([s, weight]) => {
    const text = JSON.stringify(entry(s.method, `${API}${s.path}`, s.status ?? 200, JSON.stringify(s.body), s.request ? { request: JSON.stringify(s.request) } : {}), null, 2);
    return Array.from({ length: weight }, () => text);
  });
}

/** Browser noise: assets of many sizes, base64 images, fonts without content, preflights, aborted requests, 304s. */
export function noiseEntries(): string[] {
  const next = random(11);
  const text = (bytes: number) => Array.from({ length: Math.ceil(bytes / 40) }, (_, i) => `function f${i}(a){return a*${Math.floor(next() * 1000)}}\n`).join('').slice(0, bytes);
  const cdn = 'https://cdn.example.invalid';
  const weighted: [unknown, number][] = [
    [entry('GET', `${cdn}/app.js`, 200, text(40_000), { mimeType: 'text/javascript' }), 1],
    [entry('GET', `${cdn}/vendor.js`, 200, text(180_000), { mimeType: 'text/javascript' }), 1],
    [entry('GET', `${cdn}/app.css`, 200, text(12_000), { mimeType: 'text/css' }), 2],
    [entry('GET', `${cdn}/logo.png`, 200, text(2_000), { mimeType: 'image/png', base64: true }), 6],
    [entry('GET', `${cdn}/hero.jpg`, 200, text(30_000), { mimeType: 'image/jpeg', base64: true }), 1],
    [entry('GET', `${cdn}/font.woff2`, 200, undefined, { mimeType: 'font/woff2', size: 24_000 }), 4],
    [entry('OPTIONS', `${API}/2/facebook/metrics`, 204, ''), 20],
    [entry('GET', `${API}/2/facebook/profiles`, -1, undefined, { response: { _failureText: 'net::ERR_ABORTED' } }), 4],
    [entry('GET', `${API}/2/facebook/profiles`, 304, ''), 6],
    [entry('GET', 'https://example.invalid/index.html', 200, `<!doctype html><title>x</title>${text(3_000)}`, { mimeType: 'text/html' }), 4],
  ];
  const list = weighted.flatMap(([e, weight]) => Array.from({ length: weight }, () => e));
  return list.map((e) => JSON.stringify(e, null, 2));
}

/** Writes a HAR of about `bytes` bytes: two API entries for each noise entry, picked pseudo-randomly. */
export function writeHar(file: string, bytes: number, api: string[], noise: string[]): { entries: number } {
  const next = random(5);
  const fd = openSync(file, 'w');
  let written = 0;
  let entries = 0;
  const write = (s: string) => (written += writeSync(fd, s));
  write('{\n  "log": {\n    "version": "1.2",\n    "creator": { "name": "bench", "version": "1" },\n    "pages": [],\n    "entries": [\n');
  let batch: string[] = [];
  while (written < bytes) {
    const pool = next() < 2 / 3 ? api : noise;
    batch.push(pool[Math.floor(next() * pool.length)]);
    entries++;
    if (batch.length === 200) {
      write(`${entries > 200 ? ',\n' : ''}${batch.join(',\n')}`);
      batch = [];
    }
  }
  if (batch.length) write(`${entries > batch.length ? ',\n' : ''}${batch.join(',\n')}`);
  write('\n    ]\n  }\n}\n');
  closeSync(fd);
  return { entries };
}

/** CPU seconds (user + system), wall seconds and peak RSS (bytes) of `node args` in a fresh process, and the last line it printed. */
function timed(args: string[]): { cpu: number; wall: number; rss: number; last: string } {
  const out = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1024 * MB });
  const figures = out.stderr.trim().split('\n').pop() ?? '';
  const [wall, user, system, kb] = figures.split(' ').map(Number);
  if (!Number.isFinite(kb)) throw new Error(`bench: ${args.join(' ')} failed:\n${out.stderr}`);
  return { cpu: user + system, wall, rss: kb * 1024, last: out.stdout.trim().split('\n').pop() ?? '' };
}

/** The baseline: a fresh process that reads the file and JSON.parses it (its CPU time is compared with the CLI's, start-up included in both). */
const PARSE = `
import { readFileSync } from 'node:fs';
const started = performance.now();
const doc = JSON.parse(readFileSync(process.argv[2], 'utf8'));
console.log(JSON.stringify({ ms: performance.now() - started, entries: doc.log.entries.length }));
`;

export async function run(): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'sa-bench-har-'));
  try {
    const source = process.env.BENCH_HAR_SOURCE ?? root;
    // The CLI and its checking thread (a worker started from the file beside the CLI), each one bundled ES module.
    const cli = await bundleCli(work, source);
    writeFileSync(join(work, 'parse.mjs'), PARSE);
    const api = apiEntries();
    const noise = noiseEntries();
    const rows: BenchRow[] = [];
    let parse: ReturnType<typeof timed>[] = [];
    for (const [label, bytes, rounds] of [['150 MB', 150 * MB, 3], ['1 GB', 1024 * MB, 1]] as const) {
      const file = join(work, `session-${label.replace(' ', '')}.har`);
      const { entries } = writeHar(file, bytes, api, noise);
      const size = statSync(file).size;
      if (label === '150 MB') parse = Array.from({ length: rounds }, () => timed([join(work, 'parse.mjs'), file]));
      const runs = Array.from({ length: rounds }, () => timed([cli, 'validate', file]));
      const cpu = median(runs.map((r) => r.cpu));
      const wall = median(runs.map((r) => r.wall));
      const rss = Math.max(...runs.map((r) => r.rss));
      rmSync(file);
      const what = `har: validate a ${(size / MB).toFixed(0)} MB HAR (${entries.toLocaleString('en-US')} entries, 2 in 3 API)`;
      const small = label === '150 MB';
      const parseCpu = median(parse.map((p) => p.cpu));
      const parseWall = median(parse.map((p) => p.wall));
      // The target is on wall time (what a user waits; large files are checked on several threads), CPU time shown beside it.
      const ratio = small ? wall / parseWall : undefined;
      rows.push({
        name: `${what}: wall time (CPU time)`,
        value: `${wall.toFixed(2)} s (${cpu.toFixed(2)} s); ${runs.at(-1)!.last.slice(0, 40)}`,
        baseline: small ? `read + JSON.parse ${parseWall.toFixed(2)} s (${parseCpu.toFixed(2)} s)` : 'none: a 1 GB text exceeds the largest V8 string (~512 MB)',
        ratio: ratio === undefined ? '' : `${ratio.toFixed(2)}x (CPU ${(cpu / parseCpu).toFixed(2)}x)`,
        target: small ? `<= ${TIME_TARGET}x JSON.parse, wall` : 'validates',
        ok: ratio === undefined ? runs.every((r) => /^[1-9]\d* responses?: /.test(r.last) && !r.last.includes('unreadable')) : ratio <= TIME_TARGET,
      });
      const limit = small ? RSS_TARGET.small : RSS_TARGET.large;
      rows.push({ name: `${what}: peak RSS`, value: `${(rss / MB).toFixed(0)} MB`, target: `< ${limit / MB} MB`, ok: rss < limit });
    }
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
