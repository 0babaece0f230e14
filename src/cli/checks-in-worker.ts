/**
 * Large files are checked on several threads: this one reads and splits the file (the scanner of
 * json-elements.ts, elements left undecoded, taken by their lines where the layout allows) and
 * reports; worker threads (check-worker.ts) decode, parse and check the elements. An element taken
 * by its lines that a worker finds is not one JSON value (an odd layout, or a syntax error) makes
 * the file be read again from its start, exactly, its elements sent from that one on: so the
 * items and problems are those of the exact scan. Batches of elements go to the workers in turn, their
 * bytes transferred (not copied), and the answers are taken in file order; the bytes sent and
 * not yet answered are bounded (MAX_IN_FLIGHT_BYTES), so memory stays bounded whatever the file
 * size. The workers are stopped on every way out: the end of the file, a syntax error, the
 * consumer stopping early, or a worker failing (reported as an unreadable input, exit code 2).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { readFrame, scanOptions } from '../captures/read-inputs.js';
import type { JsonPart } from '../captures/json-elements.js';
import { readJsonParts } from '../captures/read-parts.js';
import { unreadable } from '../captures/types.js';
import { ELEMENT_FIELDS, type CheckBatch, type CheckedBatch, type CheckerData } from './check-messages.js';
import type { createItemChecker } from '../report/check-response.js';
import type { CoverageNames } from '../report/coverage.js';
import { orderedAnswers } from './ordered-answers.js';
import { unpackItem } from './packed-items.js';
import type { ReportItem } from '../report/report-types.js';

const MB = 1024 * 1024;

/**
 * Files from this size up are checked in workers: starting them costs about 0.15 s of CPU each,
 * and a 17 MB HAR took as long with them as without (docs/decisions/streamed-captures.md).
 */
export const WORKER_MIN_BYTES = 32 * MB;
/** Element text sent to the worker at a time. */
const BATCH_BYTES = 512 * 1024;
/** Element text sent and not yet answered, at most (then reading waits for the worker). */
const MAX_IN_FLIGHT_BYTES = 16 * MB;

/** True when a file of `bytes` is checked in a worker: large enough, and a second core to run it. */
export function checksInWorker(bytes: number, options: { minBytes?: number; cores?: number }): boolean {
  return bytes >= (options.minBytes ?? WORKER_MIN_BYTES) && (options.cores ?? availableParallelism()) > 1;
}

/** Checking threads at most: on two cores, two of them beside the reading thread were faster than one (docs/decisions/streamed-captures.md). */
const MAX_CHECK_THREADS = 2;

/** How many checking threads a large file gets: one per core, at most MAX_CHECK_THREADS. */
export const checkThreads = (cores = availableParallelism()): number => Math.max(1, Math.min(cores, MAX_CHECK_THREADS));

/** How to start the checking thread: its module, and the TypeScript loader it needs when run from source. */
export interface CheckerModule {
  url: URL;
  /** The URL of tsx's ES module API, to import a TypeScript worker with. */
  tsx?: string;
}

/**
 * The worker's module: built beside this one (dist, or a bundle built with its worker), else its
 * TypeScript source run through tsx (tests, running from source); undefined when neither is
 * there (the file is then checked on this thread).
 */
export function checkerModule(): CheckerModule | undefined {
  const built = new URL('./check-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return { url: built };
  const source = new URL('./check-worker.ts', import.meta.url);
  if (!existsSync(fileURLToPath(source))) return undefined;
  try {
    // The package's "import" build of the subpath, beside the "require" build that require.resolve finds.
    const api = createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs');
    return { url: source, tsx: pathToFileURL(api).href };
  } catch {
    return undefined;
  }
}

/** Starts a checking thread (a TypeScript one through tsx's tsImport, as a worker's own loader flags are not honoured). */
export function startWorker(module: CheckerModule, data: CheckerData): Worker {
  if (!module.tsx) return new Worker(module.url, { workerData: data });
  const url = JSON.stringify(module.url.href);
  // Evaluated code sees a global `require`, which the modules imported must not take for a bundler's.
  return new Worker(`delete globalThis.require; import(${JSON.stringify(module.tsx)}).then((api) => api.tsImport(${url}, ${url}));`, { eval: true, workerData: data });
}

const failed = (label: string, why: string) => unreadable(label, `the rest of the file was not checked: the checking thread failed (${why})`);

/**
 * The report items of `file`, in file order, its elements checked in `threads` workers started
 * from `module`; `check` checks on this thread what is not streamed (a file that is one document).
 */
export async function* checkFileInWorker(
  file: string,
  label: string,
  strict: boolean,
  module: CheckerModule,
  check: ReturnType<typeof createItemChecker>,
  threads = 1,
  onCoverage?: (names: CoverageNames) => void,
): AsyncGenerator<ReportItem> {
  const data: CheckerData = { label, strict, ...(onCoverage ? { coverage: true } : {}) };
  const answers = orderedAnswers<CheckBatch, CheckedBatch, undefined>(Array.from({ length: Math.max(1, threads) }, () => startWorker(module, data)));
  let failure: string | undefined;

  let batch: Extract<JsonPart, { kind: 'raw element' }>[] = [];
  let batchBytes = 0;
  /** Sends the elements read since the last batch (all of one array), their bytes copied into one transferred buffer. */
  const send = () => {
    if (!batch.length) return;
    const bytes = new Uint8Array(batchBytes);
    const elements = new Float64Array(batch.length * ELEMENT_FIELDS);
    let end = 0;
    let at = 0;
    for (const { index, start, bytes: parts, byLine } of batch) {
      for (const part of parts) (bytes.set(part, end), (end += part.length));
      (elements[at++] = index), (elements[at++] = start.line), (elements[at++] = start.column), (elements[at++] = end), (elements[at++] = byLine ? 1 : 0);
    }
    answers.send({ array: batch[0].array, bytes: bytes.buffer, elements: elements.buffer }, undefined, { weight: batchBytes, transfer: [bytes.buffer, elements.buffer] });
    batch = [];
    batchBytes = 0;
  };
  /**
   * The index of the first element taken by its lines that a worker found was not one (its
   * `miss`): this reading ends there, and the file is read again exactly, the elements before it
   * (checked already) not sent again.
   */
  let miss: number | undefined;
  /** The items of the next answer (waiting for it); returns true when the file (or this reading of it) ends with them. */
  async function* nextAnswer(): AsyncGenerator<ReportItem, boolean> {
    const got = await answers.next();
    if (!got) return false;
    if ('failure' in got) {
      failure = got.failure;
      return true;
    }
    // The answers after a miss are of text that was not read as elements: dropped.
    if (miss !== undefined) return true;
    if (got.answer.coverage) onCoverage?.(got.answer.coverage);
    for (const item of got.answer.items) yield unpackItem(item);
    if (got.answer.miss !== undefined) {
      miss = got.answer.miss;
      return true;
    }
    return got.answer.last;
  }
  /** The items of the answers received; returns true when the file ends with them. */
  async function* received(): AsyncGenerator<ReportItem, boolean> {
    while (answers.ready()) if (yield* nextAnswer()) return true;
    return false;
  }
  /** Waits for every batch sent; returns true when the file ends with them. */
  async function* allReceived(): AsyncGenerator<ReportItem, boolean> {
    while (answers.pending) if (yield* nextAnswer()) return true;
    return false;
  }

  /** True once the file ends early: an element that is not JSON, or the worker failed. */
  let ended = false;
  /** Elements taken by their lines (json-elements.ts), until a miss; then every element exactly, from `skipBelow`. */
  let byLines = true;
  let skipBelow = 0;
  try {
    for (;;) {
      ended = false;
      // Read synchronously: a promise per part cost more than the part's own work here.
      for (const part of readJsonParts(file, { ...scanOptions(file), rawElements: true, byLines })) {
        if (part.kind === 'raw element') {
          if (part.index < skipBelow) continue;
          batch.push(part);
          for (const bytes of part.bytes) batchBytes += bytes.length;
          if (batchBytes < BATCH_BYTES) continue;
          send();
          // A turn of the event loop lets the answers in, so items are reported while the file is read.
          await new Promise((resolve) => setImmediate(resolve));
          ended = yield* received();
          while (!ended && answers.inFlight > MAX_IN_FLIGHT_BYTES) ended = yield* nextAnswer();
          if (ended) break;
          continue;
        }
        // The file's last part: the elements before it are reported first.
        send();
        ended = yield* allReceived();
        if (ended) break;
        if (part.kind === 'problem') yield unreadable(label, part.message, part.at);
        else {
          // (Elements come raw from this reader: 'element' parts are not handed out.)
          const items = part.kind === 'frame' ? readFrame(part, file, label) : [];
          for (const item of items) yield item.kind === 'response' ? await check(item) : item;
        }
      }
      if (!ended) {
        send();
        yield* allReceived();
      }
      if (miss === undefined || failure !== undefined) break;
      // A miss: the answers after it are dropped, and the file read again exactly from its element.
      while (failure === undefined && answers.pending) {
        const got = await answers.next();
        if (got && 'failure' in got) failure = got.failure;
      }
      if (failure !== undefined) break;
      (skipBelow = miss), (miss = undefined), (byLines = false);
      (batch = []), (batchBytes = 0);
    }
    if (failure !== undefined) yield failed(label, failure);
  } finally {
    await answers.close();
  }
}
