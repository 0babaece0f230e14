/**
 * Request checks on hostile requests: the worst bodies found by a hostile run (a posts `filter` of
 * thousands of bad items), through `checkRequest` and a builder, and bodies of about 1 MB (the
 * mock's body limit) of bad filter items, unknown fields and sort keys. CPU time of the check
 * (`process.cpuUsage`, median of the rounds), beside JSON.parse of the same text. Targets: a body
 * of the size well under 100 ms; any body up to 1 MB under a second. The work grows
 * linearly (test/request-checks/growth.test.ts counts it); these are its constants.
 */
import { checkRequest } from '../src/request-checks/check.js';
import { v2 } from '../src/builders/v2.js';
import { median, type BenchRow } from './types.js';

const POSTS = 'POST /2/facebook/page/posts';
const ROUNDS = 5;

const base = { profiles: ['p1'], date_start: '2024-01-01', date_end: '2024-01-31', fields: ['id'] };

/** `n` filter items that are no filter (strings). */
const badStrings = (n: number) => ({ ...base, filter: Array.from({ length: n }, (_, i) => `bad-item-${i}`) });

/** `n` one-letter filter items: the most errors per byte. */
const letters = (n: number) => ({ ...base, filter: Array.from({ length: n }, () => 'x') });

/** `n` unknown fields, `n` bad filter items, `n/4` filters on unknown fields and values, `n/4` unknown sort keys. */
function mixed(n: number): Record<string, unknown> {
  return {
    ...base,
    fields: Array.from({ length: n }, (_, i) => `no_field_${i}`),
    filter: [...Array.from({ length: n }, (_, i) => `x${i}`), ...Array.from({ length: n / 4 }, (_, i) => ({ field: `nope_${i}`, value: 'x' })), ...Array.from({ length: n / 4 }, (_, i) => ({ field: 'ppd_status', value: `sponsored_${i}` }))],
    sort: Array.from({ length: n / 4 }, (_, i) => ({ field: `nope_${i}`, order: 'desc' })),
  };
}

/** Median CPU milliseconds of `run` over the rounds (one call first, outside the count). */
function cpuMs(run: () => unknown): number {
  run();
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return median(times);
}

function row(name: string, body: Record<string, unknown>, check: () => unknown, targetMs: number): BenchRow {
  const text = JSON.stringify(body);
  const ms = cpuMs(check);
  const parse = cpuMs(() => JSON.parse(text));
  return { name: `${name} (${(text.length / 1024).toFixed(0)} kB)`, value: `${ms.toFixed(0)} ms CPU`, baseline: `JSON.parse ${parse.toFixed(1)} ms`, ratio: `${(ms / parse).toFixed(0)}x`, target: `< ${targetMs} ms`, ok: ms < targetMs };
}

function build(body: Record<string, unknown>): unknown {
  try {
    return v2.facebook.posts(body as never);
  } catch (error) {
    return error;
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const n of [4000, 8000]) {
    const body = badStrings(n);
    rows.push(row(`request-checks: checkRequest, posts filter of ${n.toLocaleString('en')} bad items`, body, () => checkRequest(POSTS, body), 100));
    rows.push(row(`request-checks: builder v2.facebook.posts, filter of ${n.toLocaleString('en')} bad items`, body, () => build(body), 100));
  }
  const mix = mixed(18_000);
  rows.push(row('request-checks: checkRequest, about 1 MB of bad fields, filter items and sort keys', mix, () => checkRequest(POSTS, mix, { strict: true }), 1000));
  const worst = letters(250_000);
  rows.push(row('request-checks: checkRequest, about 1 MB of one-letter filter items (the most errors per byte)', worst, () => checkRequest(POSTS, worst), 1000));
  return rows;
}
