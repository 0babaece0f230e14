/**
 * `npm run bench -- proxy`: what the validating proxy adds. The mock runs in a child process
 * (bench/mock-server-child.ts) and the proxy in another (bench/proxy-child.ts), each as users run
 * them; this process sends the requests over keep-alive connections.
 *
 * - Added latency: requests one at a time, alternating direct and through the proxy (so load
 *   hits both alike); p50 and p99 of each side's time per request, the added latency is the
 *   difference of the percentiles.
 * - Throughput: CONCURRENCY requests in flight, THROUGHPUT_REQUESTS in all, direct then through
 *   the proxy then direct again (the direct figure is the mean of the two), requests per second.
 *
 * - CPU per exchange: the CPU time of the proxy process over the proxied throughput run (Linux
 *   /proc, 10 ms ticks) against the mock's over the same run: on a machine of few cores shared by
 *   the three processes, the throughput share follows from it.
 *
 * For a small answer (a metrics answer of 2 profiles x 2 metrics x 7 days, under 10 kB) and a large one (a metrics answer
 * of 25 profiles x 10 metrics x 90 days), in one run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogs } from '../src/catalog/catalogs.js';
import { authorizationHeader } from '../src/client/auth.js';
import type { BenchRow } from './types.js';

const here = dirname(fileURLToPath(import.meta.url));
const AUTH = authorizationHeader('mock-token', 'mock-secret');
const LATENCY_PAIRS = { small: 1_000, large: 100 };
const THROUGHPUT_REQUESTS = { small: 3_000, large: 200 };
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

/** One request; resolves with the body's length once it is read whole. */
function send(base: string, c: Case): Promise<number> {
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
    req.on('error', reject);
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

export async function run(): Promise<BenchRow[]> {
  const mock = await startChild('mock-server-child.ts', ['{}'], ['--expose-gc']);
  const direct = mock.line.url as string;
  const proxy = await startChild('proxy-child.ts', [direct]);
  const proxied = proxy.line.url as string;
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
      for (let i = 0; i < 50; i++) await Promise.all([send(direct, c), send(proxied, c)]);
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
      const before = await throughput(direct, c, THROUGHPUT_REQUESTS[size]);
      const cpuBefore = [cpuMs(mock.process.pid!), cpuMs(proxy.process.pid!)];
      const through = await throughput(proxied, c, THROUGHPUT_REQUESTS[size]);
      const [mockCpu, proxyCpu] = [cpuMs(mock.process.pid!) - cpuBefore[0], cpuMs(proxy.process.pid!) - cpuBefore[1]];
      const after = await throughput(direct, c, THROUGHPUT_REQUESTS[size]);
      const directRate = (before + after) / 2;
      const share = through / directRate;
      rows.push({
        name: `proxy: throughput, ${CONCURRENCY} in flight, ${label}`,
        value: `${through.toFixed(0)} req/s`,
        baseline: `direct ${directRate.toFixed(0)} req/s`,
        ratio: `${share.toFixed(2)}x`,
        target: `>= ${TARGET_THROUGHPUT_SHARE}x`,
        ok: share >= TARGET_THROUGHPUT_SHARE,
      });
      const perRequest = (ms: number) => (ms * 1000) / THROUGHPUT_REQUESTS[size];
      rows.push({
        name: `proxy: CPU per exchange (forward, check, redaction), ${label}`,
        value: `${perRequest(proxyCpu).toFixed(0)} µs`,
        baseline: `mock ${perRequest(mockCpu).toFixed(0)} µs`,
        ratio: `${(proxyCpu / mockCpu).toFixed(2)}x`,
      });
    }
    return rows;
  } finally {
    agent.destroy();
    proxy.process.kill();
    mock.process.kill();
  }
}
