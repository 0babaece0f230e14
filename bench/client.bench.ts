/**
 * Client overhead per request: `client.send()` against a bare `fetch` of the same request to
 * the mock server on loopback, side by side in one run (requests alternate between the two so
 * machine noise hits both alike). Figures are medians over rounds of the mean time per request;
 * the ratio is the median of the per-round ratios.
 */
import { authorizationHeader } from '../src/client/auth.js';
import { createClient } from '../src/client/index.js';
import { startMockServer } from '../src/mock/index.js';
import { median, type BenchRow } from './types.js';

const ROUNDS = 15;
const PAIRS = 100;
const TARGET = 1.2;

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body: unknown;
}

/**
 * One round: PAIRS pairs of (bare, client) requests, the order alternating per pair, so load
 * spikes hit both sides alike. Returns the mean µs per request of each side.
 */
async function timeRound(bare: () => Promise<unknown>, viaClient: () => Promise<unknown>): Promise<[number, number]> {
  let bareMs = 0;
  let clientMs = 0;
  for (let i = 0; i < PAIRS; i++) {
    const order = i % 2 === 0 ? [bare, viaClient] : [viaClient, bare];
    for (const work of order) {
      const started = performance.now();
      await work();
      const took = performance.now() - started;
      if (work === bare) bareMs += took;
      else clientMs += took;
    }
  }
  return [(bareMs * 1000) / PAIRS, (clientMs * 1000) / PAIRS];
}

export async function run(): Promise<BenchRow[]> {
  const token = 'bench-token';
  const secret = 'bench-secret';
  const server = await startMockServer({ token, secret, budgets: { perUser: 1e9, perAccount: 1e9 } });
  try {
    const client = createClient({ token, secret, baseUrl: server.url });
    const header = authorizationHeader(token, secret);
    const profiles = server.account.profiles.facebook.slice(0, 2).map((p) => p.id);
    const cases: Case[] = [
      { name: 'GET /2/facebook/profiles', method: 'GET', path: '/2/facebook/profiles', body: undefined },
      { name: 'POST /2/facebook/metrics (2 profiles x 2 metrics x 7 days)', method: 'POST', path: '/2/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-01-07', profiles, metrics: ['fans_change', 'fans_lifetime'], dimensions: [{ type: 'profile' }, { type: 'date.day' }] } },
    ];
    const rows: BenchRow[] = [];
    for (const c of cases) {
      const bare = () =>
        fetch(server.url + c.path, {
          method: c.method,
          headers: c.method === 'GET' ? { Authorization: header } : { Authorization: header, 'Content-Type': 'application/json; charset=utf-8' },
          body: c.method === 'GET' ? undefined : JSON.stringify(c.body),
        }).then((res) => res.json());
      const viaClient = () => client.send({ method: c.method, path: c.path, body: c.body });
      // Warm up both paths (JIT, keep-alive connections).
      for (let i = 0; i < 200; i++) {
        await bare();
        await viaClient();
      }
      const bareTimes: number[] = [];
      const clientTimes: number[] = [];
      const ratios: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const [b, m] = await timeRound(bare, viaClient);
        bareTimes.push(b);
        clientTimes.push(m);
        ratios.push(m / b);
      }
      const b = median(bareTimes);
      const m = median(clientTimes);
      const ratio = median(ratios);
      rows.push({
        name: `client.send per request, ${c.name}`,
        value: `${m.toFixed(0)} µs`,
        baseline: `bare fetch ${b.toFixed(0)} µs`,
        ratio: `${ratio.toFixed(2)}x`,
        target: `<= ${TARGET}x`,
        ok: ratio <= TARGET,
      });
    }
    return rows;
  } finally {
    await server.close();
  }
}
