/**
 * `npm run bench -- proxy`: what the validating proxy adds. The mock runs in a child process
 * (bench/mock-server-child.ts) and the proxy in another (bench/proxy-child.ts), each as users run
 * them; this process sends the requests over keep-alive connections, the same number in flight
 * whichever way they go.
 *
 * - Added latency: requests one at a time, alternating direct and through the proxy (so load
 *   hits both alike); p50 and p99 of each side's time per request, the added latency is the
 *   difference of the percentiles.
 * - Throughput, CPU-bound: the mock answers at once, so the client, the mock and the proxy are
 *   busy on the CPU the whole run. CONCURRENCY requests in flight; in each of ROUNDS interleaved
 *   rounds direct, through the proxy, through a bare node:http forwarder (bench/forwarder-child.ts:
 *   the floor of any hop written on Node.js), direct again; a share is the round's figure over the
 *   mean of its two direct figures, the row shows the median share. On a machine of two cores the
 *   proxied run puts three busy processes where the direct run has two: read it with the
 *   forwarder's share beside it.
 * - Throughput, latency-bound: the same, the mock answering each request after UPSTREAM_DELAY_MS
 *   (its latency fault), as a remote API answers at best one network round trip later: what a
 *   team running its tests through the proxy sees.
 * - CPU per exchange: the CPU time of the proxy process over its CPU-bound runs (Linux /proc, 10 ms
 *   ticks) against the mock's and the bare forwarder's over theirs.
 *
 * For a small answer (a metrics answer of 2 profiles x 2 metrics x 7 days, under 10 kB) and a
 * large one (a metrics answer of 25 profiles x 90 days), in one run.
 *
 * - Memory and SIGTERM to exit under 1,000 and 10,000 invalid answers, against 100 valid ones
 *   (bench/proxy-invalid.ts: the `proxy` command itself, with a JUnit report).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogs } from '../src/catalog/catalogs.js';
import { authorizationHeader } from '../src/client/auth.js';
import { invalidExchangeRows } from './proxy-invalid.js';
import type { BenchRow } from './types.js';

const here = dirname(fileURLToPath(import.meta.url));
const AUTH = authorizationHeader('mock-token', 'mock-secret');
const LATENCY_PAIRS = { small: 1_000, large: 100 };
const THROUGHPUT_REQUESTS = { small: 1_000, large: 80 };
const LATENCY_BOUND_REQUESTS = { small: 800, large: 160 };
const ROUNDS = 5;
const LATENCY_BOUND_ROUNDS = 3;
const UPSTREAM_DELAY_MS = 20;
const CONCURRENCY = 16;
const TARGET_ADDED_P50_MS = 2;
const TARGET_THROUGHPUT_SHARE = 0.7;

interface Child {
  process: ChildProcess;
  line: Record<string, unknown>;
}

async function startChild(file: string, args: string[], flags: string[] = []): Promise<Child> {
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', join(here, file), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before listening`)));
  });
  return { process: child, line: JSON.parse(line) as Record<string, unknown> };
}

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/**
 * One request; resolves with the body's length once it is read whole. A keep-alive connection the
 * server closed as the request went out (its idle timeout, reached when a loaded machine pauses)
 * is retried once on a new one, as Node's documentation advises for `reusedSocket`.
 */
function send(base: string, c: Case, retried = false): Promise<number> {
  const url = new URL(c.path, base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname: url.hostname, port: url.port, path: url.pathname, method: c.method, agent, headers: { authorization: AUTH, ...(c.body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      let head = '';
      res.on('data', (chunk: Buffer) => {
        if (head.length < 20) head += chunk.toString('utf8', 0, 20);
      });
      res.on('end', () => (res.statusCode === 200 && head.startsWith('{"success":true') ? resolve(bytes) : reject(new Error(`HTTP ${res.statusCode} ${head} for ${c.name}`))));
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      req.reusedSocket && error.code === 'ECONNRESET' && !retried ? send(base, c, true).then(resolve, reject) : reject(new Error(`${c.name} to ${base}: ${error.message} (${error.code ?? 'no code'}${req.reusedSocket ? ', on a kept-alive connection' : ''})`)),
    );
    req.end(c.body);
  });
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function latency(direct: string, proxied: string, c: Case, pairs: number) {
  const times = { direct: [] as number[], proxied: [] as number[] };
  for (let i = 0; i < pairs; i++) {
    const order: ('direct' | 'proxied')[] = i % 2 ? ['direct', 'proxied'] : ['proxied', 'direct'];
    for (const side of order) {
      const started = performance.now();
      await send(side === 'direct' ? direct : proxied, c);
      times[side].push(performance.now() - started);
    }
  }
  return { p50: [percentile(times.direct, 50), percentile(times.proxied, 50)], p99: [percentile(times.direct, 99), percentile(times.proxied, 99)] };
}

async function throughput(base: string, c: Case, total: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        next++;
        await send(base, c);
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

const median = (values: number[]) => percentile(values, 50);

/** CPU time of `pid` over `work`, in ms. */
async function cpuOver<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; cpu: number }> {
  const before = cpuMs(pid);
  const result = await work();
  return { result, cpu: cpuMs(pid) - before };
}

export async function run(): Promise<BenchRow[]> {
  return [...(await trafficRows()), ...(await invalidExchangeRows())];
}

/** Latency, throughput and CPU of valid traffic. */
async function trafficRows(): Promise<BenchRow[]> {
  const mock = await startChild('mock-server-child.ts', ['{}'], ['--expose-gc']);
  const slowMock = await startChild('mock-server-child.ts', [JSON.stringify({ faults: { latencyMs: UPSTREAM_DELAY_MS } })], ['--expose-gc']);
  const direct = mock.line.url as string;
  const slowDirect = slowMock.line.url as string;
  const proxy = await startChild('proxy-child.ts', [direct]);
  const slowProxy = await startChild('proxy-child.ts', [slowDirect]);
  const forwarder = await startChild('forwarder-child.ts', [direct]);
  const proxied = proxy.line.url as string;
  const slowProxied = slowProxy.line.url as string;
  const forwarded = forwarder.line.url as string;
  const pid = (child: Child) => child.process.pid!;
  try {
    const profiles = (mock.line.facebook as string[]).slice(0, 25);
    const metrics = catalogs.v2.metrics.facebook.filter((m) => !m.insightsOnly).slice(0, 10).map((m) => m.name);
    const cases: { size: 'small' | 'large'; c: Case }[] = [
      {
        size: 'small',
        c: {
          name: 'POST /2/facebook/metrics (2 profiles x 2 metrics x 7 days)',
          method: 'POST',
          path: '/2/facebook/metrics',
          body: JSON.stringify({ date_start: '2025-01-01', date_end: '2025-01-07', profiles: profiles.slice(0, 2), metrics: metrics.slice(0, 2), dimensions: [{ type: 'profile' }, { type: 'date.day' }] }),
        },
      },
      {
        size: 'large',
        c: {
          name: `POST /2/facebook/metrics (${profiles.length} profiles x ${metrics.length} metrics x 90 days)`,
          method: 'POST',
          path: '/2/facebook/metrics',
          body: JSON.stringify({ date_start: '2025-01-01', date_end: '2025-03-31', profiles, metrics, dimensions: [{ type: 'profile' }, { type: 'date.day' }] }),
        },
      },
    ];
    const rows: BenchRow[] = [];
    for (const { size, c } of cases) {
      const bytes = await send(direct, c);
      for (let i = 0; i < 50; i++) await Promise.all([send(direct, c), send(proxied, c), send(forwarded, c)]);
      for (let i = 0; i < 5; i++) await Promise.all([send(slowDirect, c), send(slowProxied, c)]);
      const label = `${c.name}, ${bytes < 100_000 ? `${(bytes / 1000).toFixed(1)} kB` : `${(bytes / 1e6).toFixed(2)} MB`}`;
      const l = await latency(direct, proxied, c, LATENCY_PAIRS[size]);
      const added50 = l.p50[1] - l.p50[0];
      const added99 = l.p99[1] - l.p99[0];
      rows.push({
        name: `proxy: added latency p50, ${label}`,
        value: `${added50.toFixed(2)} ms`,
        baseline: `direct p50 ${l.p50[0].toFixed(2)} ms, proxied ${l.p50[1].toFixed(2)} ms`,
        ...(bytes < 10_000 ? { target: `<= ${TARGET_ADDED_P50_MS} ms`, ok: added50 <= TARGET_ADDED_P50_MS } : {}),
      });
      rows.push({ name: `proxy: added latency p99, ${label}`, value: `${added99.toFixed(2)} ms`, baseline: `direct p99 ${l.p99[0].toFixed(2)} ms, proxied ${l.p99[1].toFixed(2)} ms` });

      // CPU-bound: interleaved rounds, each share over the mean of the round's two direct runs.
      const n = THROUGHPUT_REQUESTS[size];
      const cpuBound = { direct: [] as number[], proxied: [] as number[], forwarded: [] as number[], proxyShare: [] as number[], forwarderShare: [] as number[] };
      const cpu = { proxy: 0, mock: 0, forwarder: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const first = await throughput(direct, c, n);
        const mockBefore = cpuMs(pid(mock));
        const through = await cpuOver(pid(proxy), () => throughput(proxied, c, n));
        cpu.mock += cpuMs(pid(mock)) - mockBefore;
        cpu.proxy += through.cpu;
        const bare = await cpuOver(pid(forwarder), () => throughput(forwarded, c, n));
        cpu.forwarder += bare.cpu;
        const second = await throughput(direct, c, n);
        const directRate = (first + second) / 2;
        cpuBound.direct.push(directRate);
        cpuBound.proxied.push(through.result);
        cpuBound.forwarded.push(bare.result);
        cpuBound.proxyShare.push(through.result / directRate);
        cpuBound.forwarderShare.push(bare.result / directRate);
      }
      const share = median(cpuBound.proxyShare);
      rows.push({
        name: `proxy: throughput, CPU-bound (mock answers at once; client, mock and proxy share the cores), ${CONCURRENCY} in flight, ${label}`,
        value: `${median(cpuBound.proxied).toFixed(0)} req/s`,
        baseline: `direct ${median(cpuBound.direct).toFixed(0)} req/s; a bare node:http forwarder ${median(cpuBound.forwarded).toFixed(0)} req/s (${median(cpuBound.forwarderShare).toFixed(2)}x)`,
        ratio: `${share.toFixed(2)}x`,
        target: `>= ${TARGET_THROUGHPUT_SHARE}x`,
        ok: share >= TARGET_THROUGHPUT_SHARE,
      });

      // Latency-bound: the upstream takes UPSTREAM_DELAY_MS per answer.
      const shares: number[] = [];
      const rates = { direct: [] as number[], proxied: [] as number[] };
      for (let round = 0; round < LATENCY_BOUND_ROUNDS; round++) {
        const first = await throughput(slowDirect, c, LATENCY_BOUND_REQUESTS[size]);
        const through = await throughput(slowProxied, c, LATENCY_BOUND_REQUESTS[size]);
        const second = await throughput(slowDirect, c, LATENCY_BOUND_REQUESTS[size]);
        rates.direct.push((first + second) / 2);
        rates.proxied.push(through);
        shares.push(through / ((first + second) / 2));
      }
      const slowShare = median(shares);
      rows.push({
        name: `proxy: throughput, latency-bound (mock answers after ${UPSTREAM_DELAY_MS} ms), ${CONCURRENCY} in flight, ${label}`,
        value: `${median(rates.proxied).toFixed(0)} req/s`,
        baseline: `direct ${median(rates.direct).toFixed(0)} req/s`,
        ratio: `${slowShare.toFixed(2)}x`,
        target: `>= ${TARGET_THROUGHPUT_SHARE}x`,
        ok: slowShare >= TARGET_THROUGHPUT_SHARE,
      });
      const perRequest = (ms: number) => (ms * 1000) / (ROUNDS * n);
      rows.push({
        name: `proxy: CPU per exchange (forward, check, redaction), ${label}`,
        value: `${perRequest(cpu.proxy).toFixed(0)} µs`,
        baseline: `mock ${perRequest(cpu.mock).toFixed(0)} µs, bare forwarder ${perRequest(cpu.forwarder).toFixed(0)} µs`,
        ratio: `${(cpu.proxy / cpu.mock).toFixed(2)}x`,
      });
    }
    return rows;
  } finally {
    agent.destroy();
    for (const child of [proxy, slowProxy, forwarder, mock, slowMock]) child.process.kill();
  }
}
