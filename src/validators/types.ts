/** Input and result types of the response validators. */
import type { OperationKey } from '../../generated/operations.js';
import type { RuleId } from '../../generated/rule-levels.js';

export type { RuleId } from '../../generated/rule-levels.js';

/** `error`: a stated rule is broken (or any rule, in strict mode); `warning`: an inferred one. */
export type Severity = 'error' | 'warning';

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

/** One problem found in a response (the name is kept for compatibility). */
export interface ValidationError {
  /** JSON pointer into the response body ("" is the whole body). */
  pointer: string;
  /** What is wrong, written for people: `expected integer, got "12"`. */
  message: string;
  /** The register rule broken (catalogs/rules.yaml; `npx social-analytics-api rules <rule>` explains it). */
  rule: RuleId;
  /** `warning` only for inferred rules outside strict mode. */
  severity: Severity;
}

export interface ValidationResult {
  /** No errors (warnings do not count). */
  valid: boolean;
  /** The operation the method and path name ("POST /2/facebook/metrics"), if any. */
  operation: OperationKey | undefined;
  /** Problems of severity `error`. */
  errors: ValidationError[];
  /** Problems of severity `warning` (broken inferred rules); always empty in strict mode. */
  warnings: ValidationError[];
}
