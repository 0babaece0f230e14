/**
 * `npm run bench -- mock`: the mock server under the conformance request set (requests generated
 * from the published OpenAPI documents, as test/mock/conformance.test.ts sends them) and the
 * worst cases known: posts of every facebook profile over decades with `limit: 1`, ranges ending
 * 9999-12-31, the largest metrics answers within the documented limits, and one over them with
 * the limits off. Reports the slowest request and the most memory-hungry one.
 *
 * The mock runs in a child process (bench/mock-server-child.ts) with a young generation large
 * enough that no garbage collection runs during one request. Per request, after a full
 * collection: the wall time until the whole answer is read, the process's peak resident memory
 * over the request (Linux VmHWM, reset before it through /proc/<pid>/clear_refs) minus its
 * resident memory before, and the heap it allocated (the heap growth; no collection ran, so this
 * bounds the peak heap growth from above). A request that kills the process (out of memory) is
 * reported as such and the process restarted, and so is one not answered within a minute.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { catalogs } from '../src/catalog/catalogs.js';
import type { Metric } from '../src/shared/catalog-types.js';
import { buildAccount } from '../src/mock/account.js';
import { authorizationHeader } from '../src/client/auth.js';
import { closerArbitrary, conformanceRequest, publishedOperations, type ConformanceRequest } from '../test/mock/support/conformance-requests.js';
import type { BenchRow } from './types.js';

const here = dirname(fileURLToPath(import.meta.url));
const AUTH = authorizationHeader('mock-token', 'mock-secret');
/** Runs per operation of the conformance set (the test sends 16; more here, same seed). */
const RUNS_PER_OPERATION = 24;
const SEED = 27;
const REQUEST_TIMEOUT_MS = 60_000;
const TARGET_MS = 1_000;
const TARGET_BYTES = 50 * 1024 * 1024;

interface Probe {
  label: string;
  request: ConformanceRequest;
  /** Run on a mock started with `limits: false`. */
  noLimits?: boolean;
}

interface Measure {
  label: string;
  ms: number;
  peakRss: number;
  heap: number;
  status: string;
}

interface Child {
  process: ChildProcess;
  url: string;
  control: string;
}

async function startChild(noLimits: boolean): Promise<Child> {
  const child = spawn(process.execPath, ['--expose-gc', '--max-semi-space-size=256', '--max-old-space-size=2048', '--import', 'tsx', join(here, 'mock-server-child.ts'), JSON.stringify(noLimits ? { limits: false } : {})], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`the mock process exited (${code}) before listening`)));
  });
  const { url, control } = JSON.parse(line) as { url: string; control: string };
  return { process: child, url, control };
}

const memory = async (child: Child, path: '/gc' | '/memory') => (await (await fetch(child.control + path)).json()) as { rss: number; heapUsed: number };
const vmHwm = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

async function measure(child: Child, probe: Probe): Promise<Measure> {
  const before = await memory(child, '/gc');
  writeFileSync(`/proc/${child.process.pid}/clear_refs`, '5');
  const { request } = probe;
  const started = performance.now();
  let status: string;
  try {
    const res = await fetch(child.url + request.path, {
      method: request.method,
      headers: { authorization: AUTH, 'content-type': 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    const code = /"code":(\d+)/.exec(text.slice(0, 200))?.[1];
    status = `HTTP ${res.status}${code ? ` code ${code}` : ''}, ${(text.length / 1024).toFixed(1)} KB`;
  } catch (error) {
    // A process killed for memory closes the connection before its exit is seen: wait for it.
    const exited = () => child.process.exitCode !== null || child.process.signalCode !== null;
    if (!exited()) await new Promise((resolve) => setTimeout(resolve, 1_000));
    const died = exited();
    status = died ? 'the mock process died (out of memory)' : `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
    return { label: probe.label, ms: performance.now() - started, peakRss: NaN, heap: NaN, status };
  }
  const ms = performance.now() - started;
  const peakRss = vmHwm(child.process.pid!) - before.rss;
  const after = await memory(child, '/memory');
  return { label: probe.label, ms, peakRss, heap: after.heapUsed - before.heapUsed, status };
}

/** The known worst cases (the account's profile ids do not depend on the seed). */
function worstCases(facebook: string[]): Probe[] {
  const posts = (label: string, body: Record<string, unknown>, noLimits = false): Probe => ({ label, noLimits, request: { operation: 'POST /2/facebook/page/posts', method: 'POST', path: '/2/facebook/page/posts', body: { profiles: facebook, fields: ['id', 'created_time'], limit: 1, ...body } } });
  const metrics = (label: string, body: Record<string, unknown>, noLimits = false): Probe => ({ label, noLimits, request: { operation: 'POST /2/facebook/metrics', method: 'POST', path: '/2/facebook/metrics', body } });
  const insights = facebook.slice(0, 15).concat(facebook.slice(16, 26));
  const v1Breakdowns = (catalogs.v1.metrics.facebook as readonly Metric[]).filter((m) => m.type !== 'integer' && m.type !== 'number').slice(0, 25).map((m) => m.name);
  const v2Metrics = (catalogs.v2.metrics.facebook as readonly Metric[]).slice(0, 25).map((m) => m.name);
  const range = { date_start: '2025-07-01', date_end: '2025-09-30' };
  return [
    posts('posts: 64 facebook profiles, 2015-01-01..2040-12-31, limit 1', { date_start: '2015-01-01', date_end: '2040-12-31' }),
    posts('posts: 64 facebook profiles, 2015-01-01..2200-12-31, limit 1', { date_start: '2015-01-01', date_end: '2200-12-31' }),
    posts('posts: 64 facebook profiles, 2015-01-01..9999-12-31, limit 1', { date_start: '2015-01-01', date_end: '9999-12-31' }),
    posts('posts: 64 facebook profiles, 9999-12-01..9999-12-31, limit 500', { date_start: '9999-12-01', date_end: '9999-12-31', limit: 500 }),
    posts('posts: 64 facebook profiles, 2015..9999 oldest first, limit 500', { date_start: '2015-01-01', date_end: '9999-12-31', limit: 500, sort: [{ field: 'created_time', order: 'asc' }] }),
    posts('posts: 25 profiles x 3 months sorted by comments, limit 500', { profiles: facebook.slice(0, 25), date_start: '2025-01-01', date_end: '2025-03-31', limit: 500, sort: [{ field: 'comments', order: 'desc' }] }),
    metrics('v2 metrics 9999-12-01..9999-12-31', { profiles: facebook.slice(0, 3), metrics: ['fans_change'], date_start: '9999-12-01', date_end: '9999-12-31', dimensions: [{ type: 'date.day' }] }),
    metrics('v2 metrics 9999-10-26..9999-10-31', { profiles: facebook.slice(0, 3), metrics: ['fans_change'], date_start: '9999-10-26', date_end: '9999-10-31', dimensions: [{ type: 'date.day' }] }),
    metrics('v2 metrics: 25 profiles x 92 days x 25 metrics x date.week', { profiles: insights, metrics: v2Metrics, ...range, dimensions: [{ type: 'profile' }, { type: 'date.day' }, { type: 'date.week' }] }),
    metrics('v2 metrics: 25 profiles x 92 days x gender_age x 5 metrics', { profiles: insights, metrics: ['insights_activity_unique', 'insights_fans_lifetime', 'insights_reach', 'insights_reach_28_days', 'insights_reach_7_days'], ...range, dimensions: [{ type: 'profile' }, { type: 'date.day' }, { type: 'gender_age' }] }),
    metrics('v2 metrics: profile labels x 92 days x hour_of_day', { profiles: insights, metrics: ['insights_fans_online'], ...range, dimensions: [{ type: 'profile_label' }, { type: 'date.day' }, { type: 'hour_of_day' }] }),
    { label: 'v1 metrics: 25 profiles x 92 days x 25 breakdown metrics', request: { operation: 'POST /1/facebook/metrics', method: 'POST', path: '/1/facebook/metrics', body: { profiles: insights, metrics: v1Breakdowns, ...range } } },
    metrics('v2 metrics, limits off: 25 profiles 2015-01-01..9999-12-31, no dimension', { profiles: facebook.slice(0, 25), metrics: ['fans_change'], date_start: '2015-01-01', date_end: '9999-12-31' }, true),
  ];
}

async function conformanceSet(): Promise<Probe[]> {
  const account = buildAccount();
  const closers = fc.sample(closerArbitrary, { seed: SEED, numRuns: RUNS_PER_OPERATION });
  const out: Probe[] = [];
  for (const op of publishedOperations()) {
    for (const [i, closer] of closers.entries()) out.push({ label: `conformance ${op.operation} #${i + 1}`, request: await conformanceRequest(op, closer, account) });
  }
  return out;
}

async function measureAll(probes: Probe[]): Promise<Measure[]> {
  const out: Measure[] = [];
  for (const noLimits of [false, true]) {
    let child: Child | undefined;
    for (const probe of probes.filter((p) => (p.noLimits ?? false) === noLimits)) {
      child ??= await startChild(noLimits);
      const m = await measure(child, probe);
      console.error(`  ${m.label}: ${m.ms.toFixed(0)} ms, peak RSS +${mb(m.peakRss)}, heap ${mb(m.heap)}; ${m.status}`);
      out.push(m);
      if (m.status.startsWith('the mock process died') || m.status.startsWith('no answer')) {
        child.process.kill('SIGKILL');
        child = undefined;
      }
    }
    child?.process.kill();
  }
  return out;
}

const mb = (n: number) => (Number.isNaN(n) ? '?' : `${(n / 1024 / 1024).toFixed(1)} MB`);

export async function run(): Promise<BenchRow[]> {
  const conformance = await conformanceSet();
  const probeAccount = buildAccount();
  const worst = worstCases(probeAccount.profiles.facebook.map((p) => p.id));
  const measures = await measureAll([...conformance, ...worst]);
  const died = measures.filter((m) => m.status.startsWith('the mock process died') || m.status.startsWith('no answer'));
  const summary = (what: string, set: Measure[]): BenchRow[] => {
    const answered = set.filter((m) => !died.includes(m));
    const lost = set.length - answered.length;
    const slowest = answered.reduce((a, b) => (b.ms > a.ms ? b : a));
    const hungriest = answered.reduce((a, b) => (b.peakRss > a.peakRss ? b : a));
    const unanswered = lost ? `; ${lost} not answered` : '';
    return [
      { name: `mock: slowest of ${set.length} ${what} (${slowest.label}; ${slowest.status}${unanswered})`, value: `${slowest.ms.toFixed(0)} ms`, target: `< ${TARGET_MS} ms`, ok: slowest.ms < TARGET_MS && !lost },
      { name: `mock: most memory of ${set.length} ${what} (${hungriest.label}; ${hungriest.status}${unanswered})`, value: `peak RSS +${mb(hungriest.peakRss)}, heap allocated ${mb(hungriest.heap)}`, target: `< ${mb(TARGET_BYTES)}`, ok: hungriest.peakRss < TARGET_BYTES && !lost },
    ];
  };
  const rows: BenchRow[] = [...summary('requests', measures), ...summary('conformance requests', measures.filter((m) => m.label.startsWith('conformance')))];
  for (const m of measures.filter((x) => !x.label.startsWith('conformance'))) {
    rows.push({ name: `mock: ${m.label} (${m.status})`, value: `${m.ms.toFixed(0)} ms, peak RSS +${mb(m.peakRss)}, heap ${mb(m.heap)}`, target: `< ${TARGET_MS} ms, < ${mb(TARGET_BYTES)}`, ok: m.ms < TARGET_MS && m.peakRss < TARGET_BYTES });
  }
  for (const m of died) rows.push({ name: `mock: ${m.label}`, value: m.status, ok: false });
  return rows;
}
