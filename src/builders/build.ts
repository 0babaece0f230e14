/** The runtime of every builder: check the body, then return the plain request. */
import type { ApiRequest, OperationKey, RequestWarning } from '../../generated/operations.js';
import { V1_REQUESTS, V2_REQUESTS } from '../request-checks/check.js';
import { checkVersionRequest, type VersionRequests } from '../request-checks/check-version.js';
import { RequestValidationError } from '../core/problems/request-error.js';
import type { BuilderOperation } from './builder-objects.js';

/**
 * Builds the request of `operation` of `requests`' version with `body`, or throws one
 * RequestValidationError listing every problem the request check finds when one is an error (a
 * stated rule broken). Problems of inferred rules alone do not stop the request: they are its
 * `warnings` member, not enumerable, so the request's own members (and the body sent) are those
 * of a request without it. The result is typed by the calling builder.
 */
function buildRequest(requests: VersionRequests, operation: BuilderOperation, body: unknown): ApiRequest<any, any, any> {
  const { method, path } = operation;
  const key = `${method} ${path}` as OperationKey;
  const problems = checkVersionRequest([requests], key, body);
  if (!Object.hasOwn(requests.operations, key) || problems.some((p) => p.severity === 'error')) throw new RequestValidationError(key, problems);
  const request = { method, path, body, operation: key };
  const warnings = Object.freeze(problems.filter((p): p is RequestWarning => p.severity === 'warning'));
  return Object.defineProperty(request, 'warnings', { value: warnings, enumerable: false, writable: false, configurable: false });
}

/** The runtime of the version 1 builders (src/builders/v1.ts). */
export function buildV1Request(operation: BuilderOperation, body: unknown): ApiRequest<any, any, any> {
  return buildRequest(V1_REQUESTS, operation, body);
}

/** The runtime of the version 2 builders (src/builders/v2.ts). */
export function buildV2Request(operation: BuilderOperation, body: unknown): ApiRequest<any, any, any> {
  return buildRequest(V2_REQUESTS, operation, body);
}
