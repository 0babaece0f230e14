/**
 * `checkRequest`: every problem the catalogs and limits can tell about a request body, before
 * it is sent. Pure (no I/O, no throw); builders throw its errors as one RequestValidationError,
 * the mock server answers them with API error codes 3 and 4.
 */
import { operations, type OperationInfo } from '../../generated/operations.js';
import type { Version } from '../catalog/types.js';
import { ProblemList, isObject, show } from './check-common.js';
import { checkMetricsRequest } from './check-metrics.js';
import { checkPostsRequest } from './check-posts.js';
import type { RequestProblem } from './problems.js';

export type { RequestProblem } from './problems.js';

const byKey = new Map<string, OperationInfo>(operations.map((op) => [op.key, op]));

/** The operation with key "METHOD /path" ("POST /2/facebook/metrics"), if it exists. */
export function findOperation(operationKey: string): OperationInfo | undefined {
  return byKey.get(operationKey);
}

export interface CheckRequestOptions {
  /** Report a broken inferred rule as an `error` rather than a `warning`. */
  strict?: boolean;
}

/**
 * The problems of `body` as the request body of operation `operationKey`
 * ("POST /2/facebook/metrics"); an empty list when the catalogs and limits find none. Each
 * problem names its parameter, the API error code (3 validation, 4 limit), its register rule and
 * its severity (`warning` for an inferred rule outside strict mode).
 */
export function checkRequest(operationKey: string, body: unknown, options: CheckRequestOptions = {}): RequestProblem[] {
  const problems = new ProblemList(options.strict);
  const op = byKey.get(operationKey);
  if (!op) {
    problems.add('shared.request.known-operation', 'operation', `unknown operation ${show(operationKey)}`);
    return problems.items;
  }
  const version = op.version as Version;
  switch (op.kind) {
    case 'metrics':
      checkMetricsRequest(problems, version, op.network!, body);
      break;
    case 'posts':
      checkPostsRequest(problems, version, op.network!, body);
      break;
    case 'profiles':
      if (body !== undefined && body !== null && !(isObject(body) && Object.keys(body).length === 0)) {
        problems.add('shared.profiles.no-body', 'body', `${op.key} takes no request body, got ${show(body)}`);
      }
      break;
    default:
      // post-labels, profile-labels: the body is not shown in the documents, so nothing is checked.
      break;
  }
  return problems.items;
}
