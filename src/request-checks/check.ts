/**
 * `checkRequest`: every problem the schemas, catalogs and limits can tell about a request body,
 * before it is sent. Pure (no I/O, no throw); builders throw its errors as one
 * RequestValidationError, the mock server answers them with API error codes 3 and 4.
 * `checkV1Request` and `checkV2Request` know the operations of one version only, so that the
 * `/v1` and `/v2` entry points bundle the checks of their version alone.
 */
import { baseDimensionNames, extraDimensionNames, v1RequestTables, v2RequestTables } from '../catalog/request-catalog.js';
import * as compiled from '../../generated/request-validators.js';
import { v1Operations, v2Operations } from '../../generated/operations.js';
import { requestOperations } from './request-operations.js';
import { checkVersionRequest, operationRequestCheck, type CheckRequestOptions, type OperationRequestCheck, type VersionRequests } from './check-version.js';
import { networkFactsTable } from './name-sets.js';
import { v1CrossFieldRules, v2CrossFieldRules } from './cross-field.js';
import type { RequestProblem } from '../core/problems/request-error.js';

export type { RequestProblem } from '../core/problems/request-error.js';
export type { CheckRequestOptions, OperationRequestCheck, VersionRequests } from './check-version.js';

/** The operations, body checks and catalog facts of version 1 (no dimension; a network's facts made on its first use). */
export const V1_REQUESTS: VersionRequests = { version: 1, operations: /* @__PURE__ */ requestOperations(v1Operations, compiled.v1Bodies, compiled.v1OperationBodies), crossField: v1CrossFieldRules, facts: /* @__PURE__ */ networkFactsTable(v1RequestTables) };

/** The operations, body checks and catalog facts of version 2 (a network's facts made on its first use). */
export const V2_REQUESTS: VersionRequests = { version: 2, operations: /* @__PURE__ */ requestOperations(v2Operations, compiled.v2Bodies, compiled.v2OperationBodies), crossField: v2CrossFieldRules, facts: /* @__PURE__ */ networkFactsTable(v2RequestTables, { base: baseDimensionNames, extra: extraDimensionNames }) };

/**
 * The problems of `body` as the request body of operation `operationKey`
 * ("POST /2/facebook/metrics"); an empty list when the schemas, catalogs and limits find none.
 * Each problem names its parameter, the API error code (3 validation, 4 limit), its register
 * rule and its severity (`warning` for an inferred rule outside strict mode).
 */
export function checkRequest(operationKey: string, body: unknown, options: CheckRequestOptions = {}): RequestProblem[] {
  return checkVersionRequest([V1_REQUESTS, V2_REQUESTS], operationKey, body, options);
}

/**
 * {@link checkRequest} of one operation, looked up once: the same problems for every body, without
 * the lookups per call (the response validators keep one per operation). Undefined for an
 * unknown operation.
 */
export function requestCheckOf(operationKey: string): OperationRequestCheck | undefined {
  return operationRequestCheck([V1_REQUESTS, V2_REQUESTS], operationKey);
}

/** {@link checkRequest} for the operations of version 1 ("POST /1/facebook/metrics"). */
export function checkV1Request(operationKey: string, body: unknown, options: CheckRequestOptions = {}): RequestProblem[] {
  return checkVersionRequest([V1_REQUESTS], operationKey, body, options);
}

/** {@link checkRequest} for the operations of version 2 ("POST /2/facebook/metrics"). */
export function checkV2Request(operationKey: string, body: unknown, options: CheckRequestOptions = {}): RequestProblem[] {
  return checkVersionRequest([V2_REQUESTS], operationKey, body, options);
}
