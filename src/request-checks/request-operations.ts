/**
 * What the request checks know of each operation of a version, joined from the two generated
 * tables that each hold one fact once: the operations (generated/operations.ts: kind, network)
 * and the body checks of each operation kind, with those of an operation whose body differs from
 * the usual shape of its kind (generated/request-validators.ts).
 */
import type { OperationInfo, OperationKind } from '../../generated/operations.js';
import type { RequestBodyChecks, RequestOperation, RequestOperations } from './schema-types.js';

/** The operations of one version, by key, each with the checks of its body (none for a body the documents do not show). */
export function requestOperations(
  operations: readonly Pick<OperationInfo, 'key' | 'kind' | 'network'>[],
  bodies: Partial<Readonly<Record<OperationKind, unknown>>>,
  operationBodies: Readonly<Record<string, unknown>>,
): RequestOperations {
  const out: Record<string, RequestOperation> = {};
  for (const { key, kind, network } of operations) {
    const body = (Object.hasOwn(operationBodies, key) ? operationBodies[key] : bodies[kind]) as RequestBodyChecks | undefined;
    out[key] = { kind, ...(network === undefined ? {} : { network }), ...(body === undefined ? {} : { body }) };
  }
  return out;
}
