/**
 * A folder of many files is checked on worker threads (src/cli/files-in-workers.ts): the report is
 * the one the single-thread path gives, item for item and in input order, a file large enough for
 * threads of its own checked in its place; a worker that fails makes each file it did not answer
 * an unreadable input (exit code 2), never a hang; when a folder takes that path (unless threads
 * are asked for, once FOLDER_MIN_BYTES of it were read on the main thread).
 */
import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { expandPaths } from '../../src/captures/read-inputs.js';
import { buildReport, type BuildOptions } from '../../src/cli/build-report.js';
import { FOLDER_MIN_FILES, filesInWorkers } from '../../src/cli/files-in-workers.js';
import type { ReportItem } from '../../src/report/report-types.js';
import { API, entry, har } from './har-fixtures.js';
import { invalidCapture, metricsBody, metricsRequest, tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
/** Worker threads over 60 files: seconds, about 9 on a loaded 2-core machine; the bound is a hang guard only. */
const HANG_GUARD_MS = 240_000;
afterAll(() => tmp.remove());

const comparable = (items: ReportItem[]) => items.map((i) => (i.kind === 'response' ? { ...i, durationMs: 0 } : i));
const report = (paths: string[], worker: BuildOptions['worker']) => buildReport({ paths, cwd: tmp.dir, strict: false, coverage: false, allowEmpty: false, worker });

/** 60 files of every kind: valid and invalid captures, arrays, broken and empty files, HAR files. */
function writeFolder(): void {
  for (let i = 0; i < 60; i++) {
    const name = `captures/${String(i).padStart(2, '0')}`;
    if (i % 10 === 3) tmp.write(`${name}.json`, '{"method": "POST",');
    else if (i % 10 === 7) tmp.write(`${name}.json`, [validCapture, invalidCapture, { method: 'GET' }]);
    else if (i % 10 === 9) tmp.write(`${name}.har`, JSON.stringify(har([entry('POST', `${API}/2/facebook/metrics`, 200, JSON.stringify({ ...metricsBody, data: [[1], ['2']] }), { request: JSON.stringify(metricsRequest) }), entry('OPTIONS', `${API}/2/facebook/metrics`, 204, '')]), null, 2));
    else tmp.write(`${name}.json`, i % 2 ? invalidCapture : validCapture);
  }
  tmp.write('captures/empty.json', '');
  // The one file of more than 20 kB.
  tmp.write('captures/large.json', Array.from({ length: 40 }, (_, i) => (i % 3 ? validCapture : invalidCapture)));
}

describe('a folder checked on worker threads', () => {
  it('reports every item as the single-thread path does, in input order', async () => {
    writeFolder();
    const plain = await report(['captures'], null);
    const threaded = await report(['captures'], { minFiles: 0, folderMinBytes: 0 });
    expect(plain.items.length).toBe(119);
    expect(plain.summary).toMatchObject({ responses: 100, invalid: 38, unreadable: 13, skipped: 6 });
    expect(comparable(threaded.items)).toEqual(comparable(plain.items));
    expect(threaded.summary).toEqual(plain.summary);
    // A file large enough for threads of its own is checked in its place.
    const large = await report(['captures'], { minFiles: 0, minBytes: 20_000, folderMinBytes: 0 });
    expect(comparable(large.items)).toEqual(comparable(plain.items));
  }, HANG_GUARD_MS);

  it('turns workers that fail into an unreadable input per file not checked, exit code 2, without hanging', async () => {
    writeFolder();
    tmp.write('throws.mjs', 'throw new Error("the checker could not load");\n');
    tmp.write('exits.mjs', 'import { parentPort } from "node:worker_threads";\nparentPort.on("message", () => process.exit(3));\n');
    for (const [worker, why] of [['throws.mjs', 'the checker could not load'], ['exits.mjs', 'it stopped with exit code 3']]) {
      const result = await report(['captures'], { minFiles: 0, folderMinBytes: 0, module: { url: pathToFileURL(tmp.path(worker)) } });
      expect(result.items).toHaveLength(62);
      expect(result.unreadable.every((u) => u.message === `not checked: the checking thread failed (${why})`)).toBe(true);
      expect(result.summary.exitCode).toBe(2);
    }
  }, HANG_GUARD_MS);

  it('is not taken with threads: 0 (--threads 0): every file is checked on this thread', async () => {
    writeFolder();
    tmp.write('exits.mjs', 'import { parentPort } from "node:worker_threads";\nparentPort.on("message", () => process.exit(3));\n');
    const module = { url: pathToFileURL(tmp.path('exits.mjs')) };
    const plain = await report(['captures'], null);
    // A worker would fail every file: none does, so none was asked.
    const none = await buildReport({ paths: ['captures'], cwd: tmp.dir, strict: false, coverage: false, allowEmpty: false, worker: { minFiles: 0, minBytes: 0, module }, threads: 0 });
    expect(comparable(none.items)).toEqual(comparable(plain.items));
  }, HANG_GUARD_MS);

  it('unless threads are asked for, takes the files from the one at which this thread has read folderMinBytes of them', async () => {
    writeFolder();
    tmp.write('exits.mjs', 'import { parentPort } from "node:worker_threads";\nparentPort.on("message", () => process.exit(3));\n');
    const module = { url: pathToFileURL(tmp.path('exits.mjs')) };
    const { files } = expandPaths(['captures'], tmp.dir);
    const sizes = files.map((f) => statSync(f.path).size);
    const notChecked = (items: ReportItem[]) => new Set(items.filter((i) => i.kind === 'unreadable' && i.message.startsWith('not checked')).map((i) => i.source));
    for (const after of [1, sizes[0] + sizes[1] + 1, sizes.reduce((a, b) => a + b)]) {
      const result = await report(['captures'], { minFiles: 0, folderMinBytes: after, module });
      // The files read here until `after` bytes, the rest left to the (failing) threads.
      let read = 0;
      const here = sizes.findIndex((size) => (read += size) >= after) + 1;
      expect(notChecked(result.items), String(after)).toEqual(new Set(files.slice(here).map((f) => f.label)));
    }
    // --threads given: from the first file on, whatever was read.
    const asked = await buildReport({ paths: ['captures'], cwd: tmp.dir, strict: false, coverage: false, allowEmpty: false, worker: { minFiles: 0, folderMinBytes: Infinity, module }, threads: 2 });
    expect(notChecked(asked.items)).toEqual(new Set(files.map((f) => f.label)));
    // Fewer files left than minFiles once enough is read: none goes to threads.
    const few = await report(['captures'], { minFiles: files.length - 2, folderMinBytes: sizes[0] + sizes[1] + sizes[2], module });
    expect(notChecked(few.items).size).toBe(0);
  }, HANG_GUARD_MS);

  it('is taken from FOLDER_MIN_FILES files on, with a second core', () => {
    expect(filesInWorkers(FOLDER_MIN_FILES, { cores: 2 })).toBe(true);
    expect(filesInWorkers(FOLDER_MIN_FILES - 1, { cores: 2 })).toBe(false);
    expect(filesInWorkers(FOLDER_MIN_FILES, { cores: 1 })).toBe(false);
  });
});
