/**
 * A folder of many files is checked on several threads: batches of files go to the checking
 * threads (check-worker.ts) in turn, each reads and checks its files whole, and the answers are
 * taken in input order; the batches sent and not yet answered are bounded (MAX_IN_FLIGHT), so
 * memory holds a few batches' items whatever the number of files. A file large enough for threads
 * of its own is answered `large` and checked by the caller in its place. The threads are stopped on
 * every way out; one that fails makes each file it did not answer an unreadable input.
 */
import { availableParallelism } from 'node:os';
import type { InputFile } from '../captures/read-inputs.js';
import { unreadable } from '../captures/types.js';
import type { CheckedFiles, FilesBatch } from './check-messages.js';
import { startWorker, WORKER_MIN_BYTES, type CheckerModule } from './checks-in-worker.js';
import type { CoverageNames } from '../report/coverage.js';
import { orderedAnswers } from './ordered-answers.js';
import { unpackItem } from './packed-items.js';
import type { ReportItem } from '../report/report-types.js';

/** Files from this many on (with a second core and no coverage) are checked on threads: starting one costs about 0.15 s of CPU. */
export const FOLDER_MIN_FILES = 256;
/**
 * Unless `--threads` asks for threads, a folder's files go to them only once this many bytes of
 * them were read on the main thread: each thread warms up its own validators, which cost about
 * 0.5 s of CPU, and a folder of 10,000 captures (174 MB) took 30-40% more CPU time on threads for
 * 7% less wall time on idle cores, more wall time on busy ones (docs/decisions/streamed-captures.md).
 */
export const FOLDER_MIN_BYTES = 1024 * 1024 * 1024;
/** Files sent to a thread at a time. */
const BATCH_FILES = 16;
/** Batches sent and not yet answered, at most. */
const MAX_IN_FLIGHT = 8;

/** True when `files` files are checked on threads: enough of them, and a second core. */
export function filesInWorkers(files: number, options: { minFiles?: number; cores?: number }): boolean {
  return files >= (options.minFiles ?? FOLDER_MIN_FILES) && (options.cores ?? availableParallelism()) > 1;
}

/** What becomes of each file, in input order: its items, or `large` (the caller checks it). */
export type FileOutcome = { file: InputFile; items: ReportItem[] } | { file: InputFile; large: true };

/** `onCoverage`: given, the threads collect coverage and it is called with the names of each batch answered. */
export async function* checkFilesInWorkers(
  files: Iterable<InputFile>,
  strict: boolean,
  module: CheckerModule,
  threads: number,
  largeFrom = WORKER_MIN_BYTES,
  onCoverage?: (names: CoverageNames) => void,
): AsyncGenerator<FileOutcome> {
  const workers = Array.from({ length: Math.max(1, threads) }, () => startWorker(module, { label: '', strict, largeFrom, ...(onCoverage ? { coverage: true } : {}) }));
  const answers = orderedAnswers<FilesBatch, CheckedFiles, InputFile[]>(workers);
  const source = files[Symbol.iterator]();
  let ended = false;
  /** The next files of `files`, BATCH_FILES at most (taken one at a time: the files are never all listed). */
  const take = () => {
    const batch: InputFile[] = [];
    while (!ended && batch.length < BATCH_FILES) {
      const got = source.next();
      if (got.done) ended = true;
      else batch.push(got.value);
    }
    return batch;
  };
  const send = () => {
    while (answers.pending < MAX_IN_FLIGHT && !ended) {
      const batch = take();
      if (batch.length) answers.send({ files: batch.map(({ path, label }) => ({ path, label })) }, batch);
    }
  };
  try {
    send();
    for (let got = await answers.next(); got; got = await answers.next()) {
      if ('failure' in got) {
        const failed = (file: InputFile) => ({ file, items: [unreadable(file.label, `not checked: the checking thread failed (${got.failure})`)] });
        for (const file of got.unanswered.flat()) yield failed(file);
        if (!ended) for (let rest = source.next(); !rest.done; rest = source.next()) yield failed(rest.value);
        return;
      }
      send();
      if (got.answer.coverage) onCoverage?.(got.answer.coverage);
      for (const [i, file] of got.meta.entries()) {
        const outcome = got.answer.files[i];
        yield 'large' in outcome ? { file, large: true } : { file, items: outcome.items.map(unpackItem) };
      }
    }
  } finally {
    await answers.close();
  }
}
