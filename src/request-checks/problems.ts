/** Problems found in a request before it is sent, and the error that lists them. */
import type { RuleId } from '../../generated/rule-levels.js';

/** One problem of a request, with the parameter it concerns and the register rule it breaks. */
export interface RequestProblem {
  /**
   * The request member concerned, as a path into the body: `metrics`, `metrics[3]`,
   * `dimensions[1].type`, `filter[0].value`, or `body` for the body as a whole.
   */
  parameter: string;
  /** What is wrong, in one sentence naming the offending value. */
  message: string;
  /**
   * The API error code the real server gives for it: 4 when a limit (profiles, metrics, date
   * range) is exceeded, 3 (input validation error) for everything else.
   */
  code: number;
  /** The rule of the register (catalogs/rules.yaml; `npx social-analytics-api rules <rule>` explains it). */
  rule: RuleId;
  /**
   * `error` for a rule the documents state; `warning` for an inferred rule (an `error` when the
   * check runs in strict mode).
   */
  severity: 'error' | 'warning';
}

/** Thrown by a builder when its request would be rejected; `problems` lists every problem found. */
export class RequestValidationError extends Error {
  override readonly name = 'RequestValidationError';
  /** "POST /2/facebook/metrics" */
  readonly operation: string;
  readonly problems: readonly RequestProblem[];

  constructor(operation: string, problems: readonly RequestProblem[]) {
    const lines = problems.map((p) => `  - ${p.parameter}: ${p.message} [${p.rule}]`);
    super(`invalid request for ${operation} (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${lines.join('\n')}`);
    this.operation = operation;
    this.problems = problems;
  }
}
