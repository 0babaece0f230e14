/**
 * `checkRequest`: every problem the schemas, catalogs and limits can tell about a request body,
 * before it is sent. Pure (no I/O, no throw); builders throw its errors as one
 * RequestValidationError, the mock server answers them with API error codes 3 and 4.
 *
 * The shape of a body is checked by the request schemas of the OpenAPI documents, compiled ahead
 * of time (generated/request-validators.ts); the rules across members are checked by hand
 * (./cross-field.ts). Every problem names its rule of the register (catalogs/rules.yaml).
 */
import { operations, type OperationInfo } from '../../generated/operations.js';
import { requestBodyChecks } from '../../generated/request-validators.js';
import type { Version } from '../catalog/types.js';
import { checkDateRange, checkDimensions, checkFilterValues } from './cross-field.js';
import { networkFacts } from './name-sets.js';
import { ProblemList, isObject, show } from './problem-list.js';
import type { RequestProblem } from './problems.js';
import { schemaProblems } from './schema-problems.js';

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
 * ("POST /2/facebook/metrics"); an empty list when the schemas, catalogs and limits find none.
 * Each problem names its parameter, the API error code (3 validation, 4 limit), its register
 * rule and its severity (`warning` for an inferred rule outside strict mode).
 */
export function checkRequest(operationKey: string, body: unknown, options: CheckRequestOptions = {}): RequestProblem[] {
  const problems = new ProblemList(options.strict);
  const op = byKey.get(operationKey);
  if (!op) {
    problems.add('shared.request.known-operation', 'operation', `unknown operation ${show(operationKey)}`);
    return problems.items;
  }
  if (op.kind === 'profiles') {
    if (body !== undefined && body !== null && !(isObject(body) && Object.keys(body).length === 0)) {
      problems.add('shared.profiles.no-body', 'body', `${op.key} takes no request body, got ${show(body)}`);
    }
    return problems.items;
  }
  // The label lists' body is not shown in the documents: their schema accepts anything.
  const checks = requestBodyChecks[op.key];
  if (!checks) return problems.items;
  const network = op.network ?? '';
  const facts = networkFacts(op.version as Version, network);
  const { validate } = checks;
  if (!validate.call(facts.names, body)) schemaProblems(problems, checks, validate.errors ?? [], body, network);
  if (isObject(body) && op.kind === 'metrics') {
    checkDateRange(problems, body, true);
    if (op.version === 2) checkDimensions(problems, facts, network, body);
  } else if (isObject(body) && op.kind === 'posts') {
    checkDateRange(problems, body, false);
    checkFilterValues(problems, facts, body);
  }
  return problems.ordered(checks.members);
}
