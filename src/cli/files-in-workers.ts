/**
 * A folder of many files is checked on several threads: batches of files go to the checking
 * threads (check-worker.ts) in turn, each reads and checks its files whole, and the answers are
 * taken in input order; the batches sent and not yet answered are bounded (MAX_IN_FLIGHT), so
 * memory holds a few batches' items whatever the number of files. A file large enough for threads
 * of its own is answered `large` and checked by the caller in its place. The threads are stopped on
 * every way out; one that fails makes each file it did not answer an unreadable input.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { InputFile } from '../captures/read-inputs.js';
import { unreadable } from '../captures/types.js';
import type { CheckedFiles, FilesBatch } from './check-messages.js';
import { startWorker, WORKER_MIN_BYTES, type CheckerModule } from './checks-in-worker.js';
import type { ReportItem } from './report-types.js';

/** Files from this many on (with a second core and no coverage) are checked on threads: starting one costs about 0.15 s of CPU. */
export const FOLDER_MIN_FILES = 256;
/** Files sent to a thread at a time. */
const BATCH_FILES = 16;
/** Batches sent and not yet answered, at most. */
const MAX_IN_FLIGHT = 8;

/** True when `files` files are checked on threads: enough of them, a second core, and no coverage (collected from the bodies on this thread). */
export function filesInWorkers(files: number, options: { coverage: boolean; minFiles?: number; cores?: number }): boolean {
  return !options.coverage && files >= (options.minFiles ?? FOLDER_MIN_FILES) && (options.cores ?? availableParallelism()) > 1;
}

/** What becomes of each file, in input order: its items, or `large` (the caller checks it). */
export type FileOutcome = { file: InputFile; items: ReportItem[] } | { file: InputFile; large: true };

export async function* checkFilesInWorkers(files: readonly InputFile[], strict: boolean, module: CheckerModule, threads: number, largeFrom = WORKER_MIN_BYTES): AsyncGenerator<FileOutcome> {
  let failure: string | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const answers: CheckedFiles[][] = [];
  const workers: Worker[] = Array.from({ length: Math.max(1, threads) }, (_, i) => {
    const worker = startWorker(module, { label: '', strict, largeFrom });
    answers.push([]);
    worker.on('message', (answer: CheckedFiles) => (answers[i].push(answer), notify()));
    worker.on('error', (err) => ((failure ??= err instanceof Error ? err.message : String(err)), notify()));
    worker.on('messageerror', (err) => ((failure ??= `a message could not be read: ${err.message}`), notify()));
    worker.on('exit', (code) => ((failure ??= `it stopped with exit code ${code}`), notify()));
    return worker;
  });
  /** The batches sent and not yet answered, in input order: which thread has each and its files. */
  const sent: { worker: number; files: InputFile[] }[] = [];
  let next = 0;
  let batches = 0;
  const send = () => {
    while (sent.length < MAX_IN_FLIGHT && next < files.length) {
      const batch = files.slice(next, next + BATCH_FILES);
      next += batch.length;
      const to = batches++ % workers.length;
      workers[to].postMessage({ files: batch.map(({ path, label }) => ({ path, label })) } satisfies FilesBatch);
      sent.push({ worker: to, files: batch });
    }
  };
  const ready = () => sent.length > 0 && answers[sent[0].worker].length > 0;
  try {
    send();
    while (sent.length) {
      if (!ready() && failure === undefined) await new Promise<void>((resolve) => (ready() || failure !== undefined ? resolve() : (wake = resolve)));
      if (!ready()) break;
      const { worker, files: batch } = sent.shift()!;
      const answer = answers[worker].shift()!;
      if ('error' in answer) {
        failure ??= answer.error;
        sent.unshift({ worker, files: batch });
        break;
      }
      send();
      for (const [i, file] of batch.entries()) {
        const outcome = answer.files[i];
        yield 'large' in outcome ? { file, large: true } : { file, items: outcome.items };
      }
    }
    if (failure !== undefined) {
      const left = [...sent.flatMap((s) => s.files), ...files.slice(next)];
      for (const file of left) yield { file, items: [unreadable(file.label, `not checked: the checking thread failed (${failure})`)] };
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
