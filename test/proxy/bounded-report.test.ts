/**
 * Memory bounded by a cap, not by the number of exchanges: the proxy command hands each
 * exchange's report item to its reports as it is judged and the proxy keeps none of them (counted
 * through `keptItems()` after every exchange), yet the reports written at the stop are complete and
 * the same, byte for byte, as the whole report of the same exchanges rendered at once. The
 * library, given no `onItem`, keeps items only up to MAX_KEPT_PROBLEMS problems and counts the rest.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProxy } from '../../src/cli/proxy.js';
import { MAX_KEPT_PROBLEMS, startProxy, type ReportItem } from '../../src/proxy/index.js';
import { renderJson } from '../../src/report/reporters/json.js';
import { renderJunit } from '../../src/report/reporters/junit.js';
import { renderText } from '../../src/report/reporters/text.js';
import { json, startServer, type HostileServer } from '../client/support/hostile.js';

const dir = mkdtempSync(join(tmpdir(), 'proxy-bounded-'));
const AUTHORIZATION = `Basic ${Buffer.from('token:secret').toString('base64')}`;

/** A profiles answer whose `profiles` entries each break three fields (id, name and picture of the wrong type). */
const invalidProfiles = (count: number) => ({ success: true, profiles: Array.from({ length: count }, (_, i) => ({ id: i, name: i, picture: false })) });

let target: HostileServer;
beforeAll(async () => {
  target = await startServer({
    '/2/facebook/profiles': (_req, res) => json(res, 200, invalidProfiles(10)),
    '/2/instagram/profiles': (_req, res) => json(res, 200, invalidProfiles(1_000)),
  });
});
afterAll(async () => {
  await target.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(base: string, path: string): Promise<void> {
  const res = await fetch(new URL(path, base), { headers: { authorization: AUTHORIZATION } });
  await res.arrayBuffer();
}

/** A promise per exchange judged: `next()` resolves once one more is. */
function judged() {
  let count = 0;
  let waiter: { n: number; wake: () => void } | undefined;
  return {
    add() {
      count++;
      if (waiter && count >= waiter.n) waiter.wake();
    },
    until: (n: number) => (count >= n ? Promise.resolve() : new Promise<void>((wake) => (waiter = { n, wake }))),
  };
}

const EXCHANGES = 150;

describe('the report of many invalid exchanges', () => {
  it('is written as the exchanges are judged, complete and the same as the whole report, while the proxy keeps no item', async () => {
    // The whole report of the exchanges, as the proxy built it before it streamed: every item kept, rendered at the stop.
    const whole = judged();
    const reference = await startProxy({ target: target.url, onExchange: () => whole.add() });
    for (let i = 1; i <= EXCHANGES; i++) {
      await get(reference.url, '/2/facebook/profiles');
      await whole.until(i);
    }
    await reference.close();
    const report = reference.report();
    expect(report.items).toHaveLength(EXCHANGES);

    const files = { json: join(dir, 'report.json'), junit: join(dir, 'report.xml'), text: join(dir, 'report.txt') };
    const streamed = judged();
    const kept: number[] = [];
    let stop!: () => void;
    const errors: string[] = [];
    const run = runProxy(['--target', target.url, '--port', '0', '--reporter', `json=${files.json}`, '--reporter', `junit=${files.junit}`, '--reporter', `text=${files.text}`], {
      out: (line) => {
        if (line.startsWith('GET ')) streamed.add();
      },
      err: (line) => errors.push(line),
      env: {},
      stopped: new Promise<void>((resolve) => (stop = resolve)),
      started: async (proxy) => {
        for (let i = 1; i <= EXCHANGES; i++) {
          await get(proxy.url, '/2/facebook/profiles');
          await streamed.until(i);
          kept.push(proxy.keptItems());
        }
        stop();
      },
    });
    expect(await run).toBe(1);
    expect(errors).toEqual([]);
    expect(kept).toEqual(Array.from({ length: EXCHANGES }, () => 0));
    const written = JSON.parse(readFileSync(files.json, 'utf8'));
    expect(written.summary).toMatchObject({ responses: EXCHANGES, invalid: EXCHANGES, exitCode: 1 });
    expect(written.results).toHaveLength(EXCHANGES);
    expect(written.results.every((r: { errors: unknown[] }) => r.errors.length === 30)).toBe(true);
    expect(readFileSync(files.json, 'utf8')).toBe(renderJson(report));
    expect(readFileSync(files.junit, 'utf8')).toBe(renderJunit(report));
    expect(readFileSync(files.text, 'utf8')).toBe(renderText(report));
  }, 120_000);

  it('is handed to onItem item by item, the proxy keeping only the counts', async () => {
    const items: ReportItem[] = [];
    const kept: number[] = [];
    const done = judged();
    const proxy = await startProxy({ target: target.url, onItem: (item) => items.push(item), onExchange: () => done.add() });
    for (let i = 1; i <= EXCHANGES; i++) {
      await get(proxy.url, '/2/facebook/profiles');
      await done.until(i);
      kept.push(proxy.keptItems());
    }
    await proxy.close();
    expect(kept.every((n) => n === 0)).toBe(true);
    expect(items.map((i) => i.kind === 'response' && !i.valid && i.errors.length)).toEqual(Array.from({ length: EXCHANGES }, () => 30));
    expect(proxy.closing()).toEqual({ summary: expect.objectContaining({ responses: EXCHANGES, invalid: EXCHANGES, exitCode: 1 }), firstRule: 'shared.profiles.fields' });
    expect(proxy.report()).toMatchObject({ summary: { responses: EXCHANGES, invalid: EXCHANGES }, items: [], results: [] });
  }, 120_000);

  it('without onItem is kept up to MAX_KEPT_PROBLEMS problems, the later items counted only', async () => {
    const perItem = 3_000;
    const cap = Math.floor(MAX_KEPT_PROBLEMS / perItem);
    const total = cap + 5;
    const kept: number[] = [];
    const done = judged();
    const proxy = await startProxy({ target: target.url, onExchange: () => done.add() });
    for (let i = 1; i <= total; i++) {
      await get(proxy.url, '/2/instagram/profiles');
      await done.until(i);
      kept.push(proxy.keptItems());
    }
    await proxy.close();
    expect(kept).toEqual(Array.from({ length: total }, (_, i) => Math.min(i + 1, cap)));
    const report = proxy.report();
    expect(report.items).toHaveLength(cap);
    expect(report.items.every((i) => i.kind === 'response' && i.errors.length === perItem)).toBe(true);
    expect(report.summary).toMatchObject({ responses: total, invalid: total, exitCode: 1 });
  }, 120_000);
});
