/**
 * The worker thread of a step run in its own thread (scripts/step-thread.ts). Plain JavaScript,
 * so that it starts without a loader: it registers tsx itself, imports the step's module at once
 * (its libraries load while the pipeline's thread loads the model and runs other steps), then
 * waits for the context, runs the step and posts its artifacts or its error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

/** An error as plain data; PipelineError's parts are kept so the pipeline can rethrow it as one. */
function plainError(err) {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const { name, message, stack, file, line, pointer } = err;
  return { name, message, stack, file, line, pointer };
}

const loaded = import(workerData.module).then((mod) => {
  const run = mod[workerData.export];
  if (typeof run !== 'function') throw new Error(`${workerData.module} has no export ${workerData.export}`);
  return run;
});
// A failed import is reported when the step's turn comes, not as an unhandled rejection.
loaded.catch(() => {});

parentPort.once('message', async (context) => {
  try {
    const run = await loaded;
    parentPort.postMessage({ artifacts: await run(context) });
  } catch (err) {
    parentPort.postMessage({ error: plainError(err) });
  }
});
