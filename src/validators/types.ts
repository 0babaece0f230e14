/** Input and result types of the response validators. */
import type { OperationKey } from '../../generated/operations.js';

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
   * whose `body` is used). Enables the request-aware checks.
   */
  request?: unknown;
  /** HTTP status of the response; 200 when omitted. */
  status?: number;
}

/** One problem found in a response. */
export interface ValidationError {
  /** JSON pointer into the response body ("" is the whole body). */
  pointer: string;
  /** What is wrong, written for people: `expected integer, got "12"`. */
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  /** The operation the method and path name ("POST /2/facebook/metrics"), if any. */
  operation: OperationKey | undefined;
  errors: ValidationError[];
}
