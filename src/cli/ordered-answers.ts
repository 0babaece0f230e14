/**
 * Ordered answers from N workers: jobs go to the workers in turn, each worker answers its jobs in
 * the order it got them, and the answers are handed out in the order the jobs were sent, whichever
 * worker answers first. The weight of the jobs sent and not yet answered is counted (`inFlight`),
 * so that the caller bounds memory by sending no more while it is over its cap. A worker that
 * fails (an error, a message that cannot be read, an exit, or an answer `{ error }`) ends the
 * answers: `next` then says why, with every job not answered. The workers are stopped by `close`.
 * Used by the checking threads of a folder (files-in-workers.ts) and of one large file
 * (checks-in-worker.ts).
 */
import type { Worker } from 'node:worker_threads';

/** What of a worker the answers need (tests pass their own). */
export type AnswerWorker = Pick<Worker, 'postMessage' | 'on' | 'terminate'>;

/** The next answer in send order with what its job was sent with, or the failure that ended the answers and the jobs not answered (in send order). */
type NextAnswer<Answer, Meta> = { answer: Answer; meta: Meta } | { failure: string; unanswered: Meta[] };

interface OrderedAnswers<Job, Answer, Meta> {
  /** Sends `job` to the next worker in turn; `meta` comes back with its answer; `weight` counts in `inFlight` until then. */
  send(job: Job, meta: Meta, options?: { weight?: number; transfer?: readonly ArrayBuffer[] }): void;
  /** Jobs sent and not yet handed out. */
  readonly pending: number;
  /** Weight of the jobs sent and not yet handed out. */
  readonly inFlight: number;
  /** True when `next` returns at once: the next answer has arrived, or a worker has failed. */
  ready(): boolean;
  /** The next answer in send order, waiting for it; undefined when no job is pending. */
  next(): Promise<NextAnswer<Exclude<Answer, { error: string }>, Meta> | undefined>;
  /** Stops every worker (the listeners stay: a worker may still report an error while it is stopped). */
  close(): Promise<void>;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function orderedAnswers<Job, Answer extends object, Meta>(workers: readonly AnswerWorker[]): OrderedAnswers<Job, Answer, Meta> {
  if (!workers.length) throw new Error('orderedAnswers: no worker');
  let failure: string | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  /** The answers received from each worker and not yet handed out, in the order its jobs were sent. */
  const received: Answer[][] = workers.map(() => []);
  /** The jobs sent and not yet handed out, in send order: which worker has each. */
  const sent: { worker: number; meta: Meta; weight: number }[] = [];
  let turn = 0;
  let inFlight = 0;
  workers.forEach((worker, i) => {
    worker.on('message', (answer: Answer) => (received[i].push(answer), notify()));
    worker.on('error', (err) => ((failure ??= messageOf(err)), notify()));
    worker.on('messageerror', (err) => ((failure ??= `a message could not be read: ${messageOf(err)}`), notify()));
    worker.on('exit', (code) => ((failure ??= `it stopped with exit code ${code}`), notify()));
  });
  const arrived = () => sent.length > 0 && received[sent[0].worker].length > 0;
  const ready = () => arrived() || (sent.length > 0 && failure !== undefined);
  const ended = (): NextAnswer<never, Meta> => {
    const unanswered = sent.map((s) => s.meta);
    sent.length = 0;
    inFlight = 0;
    return { failure: failure!, unanswered };
  };
  return {
    send(job, meta, options = {}) {
      const to = turn++ % workers.length;
      workers[to].postMessage(job, options.transfer as ArrayBuffer[] | undefined);
      const weight = options.weight ?? 1;
      sent.push({ worker: to, meta, weight });
      inFlight += weight;
    },
    get pending() {
      return sent.length;
    },
    get inFlight() {
      return inFlight;
    },
    ready,
    async next() {
      if (!sent.length) return undefined;
      // An answer of another worker wakes this wait too: it waits again until the next one in order is there.
      while (!arrived() && failure === undefined) await new Promise<void>((resolve) => (arrived() || failure !== undefined ? resolve() : (wake = resolve)));
      if (!arrived()) return ended();
      const { worker, meta, weight } = sent[0];
      const answer = received[worker].shift()!;
      if ('error' in answer && typeof answer.error === 'string') {
        failure ??= answer.error;
        return ended();
      }
      sent.shift();
      inFlight -= weight;
      return { answer: answer as Exclude<Answer, { error: string }>, meta };
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
