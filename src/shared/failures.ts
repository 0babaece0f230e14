/**
 * The failures of the error catalog (catalogs/errors.yaml) an operation can answer with, and its
 * HTTP statuses: read by the mock (its Prefer answers), the coverage report and the `mock`
 * command's help, which the docs site shows too.
 */
import type { ErrorCode } from './catalog-types.js';

/** An operation as the error catalog names it: `POST /2/facebook/metrics` of version 2. */
export interface OperationKey {
  key: string;
  version: 1 | 2;
}

/** The errors of `errors` the operation can answer. */
export function failuresOf(errors: readonly ErrorCode[], op: OperationKey): readonly ErrorCode[] {
  return errors.filter((e) => e.endpoints === 'all' || ((op.version === 1 ? e.endpoints.v1 : e.endpoints.v2) ?? []).includes(op.key));
}

/** The HTTP statuses the operation answers with: 200 and those of its failures, in order. */
export function statusesOf(errors: readonly ErrorCode[], op: OperationKey): number[] {
  return [...new Set([200, ...failuresOf(errors, op).map((e) => e.httpStatus)])].sort((a, b) => a - b);
}
