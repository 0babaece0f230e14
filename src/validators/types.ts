/** Input and result types of the response validators. */
import type { OperationKey } from '../../generated/operations.js';
import type { ResponseProblem } from '../core/problems/problem.js';

export type { ResponseProblem, RuleId, Severity } from '../core/problems/problem.js';

/** One response to check. */
export interface ValidateResponseInput {
  /** HTTP method of the request ("POST"; case-insensitive). */
  method: string;
  /** Request path ("/2/facebook/metrics"), or a full URL with host and query. */
  path: string;
  /** The parsed JSON response body. */
  body: unknown;
  /**
   * The JSON request body that was sent (or a built request `{ method, path, body, operation }`,
   * whose `body` is used), or that body as a JSON string (HAR `postData.text`). Enables the
   * request-aware checks. Absent, `null` or `{}` (a GET, a label list) are all accepted.
   */
  request?: unknown;
  /** HTTP status of the response; 200 when omitted. */
  status?: number;
  /** Broken inferred rules are errors too (by default they are warnings). */
  strict?: boolean;
}

/** One problem found in a response: the package's {@link ResponseProblem} (the name is kept for compatibility). */
export type ValidationError = ResponseProblem;

export interface ValidationResult {
  /** No errors (warnings do not count). */
  readonly valid: boolean;
  /** The operation the method and path name ("POST /2/facebook/metrics"), if any. */
  readonly operation: OperationKey | undefined;
  /** Problems of severity `error`. */
  readonly errors: readonly ValidationError[];
  /** Problems of severity `warning` (broken inferred rules); always empty in strict mode. */
  readonly warnings: readonly ValidationError[];
}
