/**
 * Runs a step in a worker thread (`thread` in scripts/steps.ts): the thread is started when the
 * pipeline run starts, so the step's heavy libraries (openapi-typescript and the TypeScript
 * compiler, ts-morph) load on the second core while this thread loads the model and runs the
 * other steps. The context (model, artifacts so far, root, scratch) is copied to the thread when
 * the step's turn comes; its artifacts, or its error, come back.
 */
import { Worker } from 'node:worker_threads';
import type { Artifact, StepContext, ThreadModule } from './generators/artifact.js';
import { PipelineError } from './model/errors.js';

const WORKER = new URL('./step-worker.mjs', import.meta.url);

interface PlainError {
  name: string;
  message: string;
  stack?: string;
  file?: string;
  line?: number;
  pointer?: string;
}

/** The error of the thread as an error of this thread: a PipelineError stays one (one-line message). */
function revive(e: PlainError, step: string): Error {
  if (e.name === 'PipelineError') return Object.assign(new PipelineError(e.message), { file: e.file, line: e.line, pointer: e.pointer });
  const error = new Error(e.message);
  error.stack = `${e.name}: ${e.message}\n    (in the worker thread of step ${step})\n${(e.stack ?? '').split('\n').slice(1).join('\n')}`;
  return error;
}

export interface StepThread {
  /** Sends the context and resolves with the step's artifacts. Call once. */
  run(context: StepContext): Promise<Artifact[]>;
  /** Ends the thread (a run that failed before the step's turn ends the threads it started). */
  stop(): Promise<void>;
}

/** Starts the thread of a step: it imports `thread.module` at once and waits for the context. */
export function startStepThread(step: string, thread: ThreadModule): StepThread {
  // execArgv []: the worker registers its own TypeScript loader, also under vitest.
  const worker = new Worker(WORKER, { workerData: { module: thread.module, export: thread.export }, execArgv: [] });
  const result = new Promise<Artifact[]>((resolve, reject) => {
    worker.once('message', (message: { artifacts?: Artifact[]; error?: PlainError }) => {
      if (message.error) reject(revive(message.error, step));
      else resolve(message.artifacts!);
      void worker.terminate();
    });
    worker.once('error', (err) => reject(err));
    worker.once('exit', (code) => reject(new Error(`the worker thread of step ${step} ended (exit code ${code}) before it answered`)));
  });
  // Until run() is called nobody awaits the result; a failure is reported there.
  result.catch(() => {});
  return {
    run(context) {
      worker.postMessage(context);
      return result;
    },
    async stop() {
      await worker.terminate();
    },
  };
}
