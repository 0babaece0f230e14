/**
 * Large files are checked in worker threads (src/cli/checks-in-worker.ts): the report is the one
 * the single-thread path gives, item for item and in file order; a worker that fails ends the
 * file with an unreadable input (exit code 2), never a hang; which path a file takes.
 */
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReport, type BuildOptions } from '../../src/cli/build-report.js';
import { checkThreads, checksInWorker, WORKER_MIN_BYTES } from '../../src/cli/checks-in-worker.js';
import type { ReportItem } from '../../src/report/report-types.js';
import { API, entry, har } from './har-fixtures.js';
import { metricsBody, metricsRequest, tempDir } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** Items without their check's duration (which differs from run to run). */
const comparable = (items: ReportItem[]) => items.map((i) => (i.kind === 'response' ? { ...i, durationMs: 0 } : i));

const report = (paths: string[], worker: BuildOptions['worker']) => buildReport({ paths, cwd: tmp.dir, strict: false, coverage: false, allowEmpty: false, worker });

/** A HAR of several megabytes (many batches for the workers): valid and invalid API responses among large assets, skipped entries and a body that is not JSON. */
function largeHar(count: number): unknown[] {
  const asset = 'x'.repeat(60_000);
  const entries: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const body = i % 7 === 3 ? { ...metricsBody, data: [[1], [String(i)]] } : metricsBody;
    if (i % 5 === 0) entries.push(entry('GET', `https://cdn.example.invalid/app-${i}.js`, 200, asset, { mimeType: 'text/javascript' }));
    else if (i % 11 === 0) entries.push(entry('OPTIONS', `${API}/2/facebook/metrics`, 204, ''));
    else if (i % 13 === 0) entries.push(entry('POST', `${API}/2/facebook/metrics`, 200, '{"success": tru'));
    else entries.push(entry('POST', `${API}/2/facebook/metrics`, 200, JSON.stringify(body), { request: JSON.stringify(metricsRequest) }));
  }
  return entries;
}

describe('checking in worker threads', () => {
  it('reports every item as the single-thread path does, in file order', async () => {
    tmp.write('large.har', JSON.stringify(har(largeHar(400)), null, 2));
    const plain = await report(['large.har'], null);
    const threaded = await report(['large.har'], { minBytes: 0 });
    expect(plain.items.length).toBe(400);
    // The file spans many batches, so the two workers' answers interleave.
    expect(plain.summary).toMatchObject({ invalid: 61, skipped: 109, unreadable: 0 });
    expect(comparable(threaded.items)).toEqual(comparable(plain.items));
    expect(threaded.summary).toEqual(plain.summary);
  }, 60_000);

  it('ends the file where an entry is not JSON, after the entries before it, as the single-thread path does', async () => {
    const entries = largeHar(120).map((e) => JSON.stringify(e));
    tmp.write('broken.har', `{"log": {"version": "1.2", "entries": [\n${entries.slice(0, 100).join(',\n')},\n{"request": {"method": "GET",, "url": "x"}},\n${entries.slice(100).join(',\n')}]}}`);
    const plain = await report(['broken.har'], null);
    const threaded = await report(['broken.har'], { minBytes: 0 });
    expect(plain.items.length).toBe(101);
    expect(plain.unreadable[0].message).toMatch(/^malformed JSON at line 102, column 30: /);
    expect(comparable(threaded.items)).toEqual(comparable(plain.items));
  }, 60_000);

  it('reads the file again exactly from an entry its lines do not hold, reporting every entry once, in order', async () => {
    const entries = largeHar(120).map((e) => JSON.stringify(e));
    // Entry 60 split over three lines, 61 and 62 on one line: taken by lines, they are not one value each.
    const split = entries[60].replace('"response":', '\n "response":\n');
    tmp.write('odd.har', `{"log": {"version": "1.2", "entries": [\n${entries.slice(0, 60).join(',\n')},\n${split},\n${entries[61]}, ${entries[62]},\n${entries.slice(63).join(',\n')}]}}`);
    const plain = await report(['odd.har'], null);
    const threaded = await report(['odd.har'], { minBytes: 0 });
    expect(plain.items.map((i) => i.source)).toEqual(entries.map((_, i) => `odd.har#${i}`));
    expect(comparable(threaded.items)).toEqual(comparable(plain.items));
  }, 60_000);

  it('reports a file that is not UTF-8 as the single-thread path does', async () => {
    tmp.write('latin1.har', Buffer.concat([Buffer.from('{"log": {"entries": [{"request": {"method": "GET", "url": "caf'), Buffer.from([0xe9]), Buffer.from('"}}]}}')]));
    const threaded = await report(['latin1.har'], { minBytes: 0 });
    expect(threaded.unreadable).toEqual((await report(['latin1.har'], null)).unreadable);
    expect(threaded.unreadable[0].message).toContain('non-UTF-8');
  }, 60_000);

  it('turns a worker that fails to start or stops into an unreadable input with exit code 2, without hanging', async () => {
    tmp.write('small.har', JSON.stringify(har(largeHar(20))));
    tmp.write('throws.mjs', 'throw new Error("the checker could not load");\n');
    tmp.write('exits.mjs', 'import { parentPort } from "node:worker_threads";\nparentPort.on("message", () => process.exit(3));\n');
    for (const [worker, why] of [['throws.mjs', 'the checker could not load'], ['exits.mjs', 'it stopped with exit code 3']]) {
      const result = await report(['small.har'], { minBytes: 0, module: { url: pathToFileURL(tmp.path(worker)) } });
      expect(result.unreadable).toEqual([{ source: 'small.har', message: `the rest of the file was not checked: the checking thread failed (${why})` }]);
      expect(result.summary.exitCode).toBe(2);
    }
  }, 60_000);
});

describe('which files are checked in worker threads', () => {
  it('large files, when a second core runs the worker', () => {
    expect(checksInWorker(WORKER_MIN_BYTES, { cores: 2 })).toBe(true);
    expect(checksInWorker(WORKER_MIN_BYTES - 1, { cores: 2 })).toBe(false);
    expect(checksInWorker(WORKER_MIN_BYTES, { cores: 1 })).toBe(false);
    expect(checksInWorker(10, { cores: 2, minBytes: 10 })).toBe(true);
  });

  it('one worker per core, at most two', () => {
    expect([1, 2, 8].map((cores) => checkThreads(cores))).toEqual([1, 2, 2]);
  });
});
