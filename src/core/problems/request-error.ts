/** Problems found in a request before it is sent, and the error that lists them. */
import type { RequestProblem } from './problem.js';

/** One problem of a request: the package's {@link Problem}, placed by parameter, with the API error code. */
export type { RequestProblem } from './problem.js';

/**
 * The last line of a request refused over a limit (an error of code 4: profiles, metrics or three
 * months of a metrics request): what sends it all the same. Short, as every byte here is in a web app's bundle.
 */
const SPLIT_HINT = 'client.metrics(metricsRequest(path, body)) splits a request over these limits';

/** Thrown by a builder when its request would be rejected; `problems` lists every problem found. */
export class RequestValidationError extends Error {
  override readonly name = 'RequestValidationError';
  /** "POST /2/facebook/metrics" */
  readonly operation: string;
  readonly problems: readonly RequestProblem[];

  constructor(operation: string, problems: readonly RequestProblem[]) {
    const lines = problems.map((p) => `  - ${p.parameter}: ${p.message} [${p.rule}]`);
    if (problems.some((p) => p.code === 4 && p.severity === 'error')) lines.push(SPLIT_HINT);
    super(`invalid request for ${operation} (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${lines.join('\n')}`);
    this.operation = operation;
    this.problems = problems;
  }
}
