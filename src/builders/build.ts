/** The runtime of every builder: check the body, then return the plain request. */
import type { OperationKey } from '../../generated/operations.js';
import type { ApiRequest } from '../request.js';
import { V1_REQUESTS, V2_REQUESTS } from '../request-checks/check.js';
import { checkVersionRequest, type VersionRequests } from '../request-checks/check-version.js';
import { RequestValidationError } from '../request-checks/problems.js';
import type { BuilderOperation } from './builder-objects.js';

/**
 * Builds the request of `operation` of `requests`' version with `body`, or throws one
 * RequestValidationError listing every error the request check finds (problems of stated rules;
 * inferred rules only warn, see `checkRequest(key, body, { strict: true })`). The result is
 * typed by the calling builder.
 */
function buildRequest(requests: VersionRequests, operation: BuilderOperation, body: unknown): ApiRequest<any, any, any> {
  const { method, path } = operation;
  const key = `${method} ${path}` as OperationKey;
  const problems = checkVersionRequest([requests], key, body);
  if (!Object.hasOwn(requests.operations, key) || problems.some((p) => p.severity === 'error')) throw new RequestValidationError(key, problems);
  return { method, path, body, operation: key };
}

/** The runtime of the version 1 builders (src/builders/v1.ts). */
export function buildV1Request(operation: BuilderOperation, body: unknown): ApiRequest<any, any, any> {
  return buildRequest(V1_REQUESTS, operation, body);
}

/** The runtime of the version 2 builders (src/builders/v2.ts). */
export function buildV2Request(operation: BuilderOperation, body: unknown): ApiRequest<any, any, any> {
  return buildRequest(V2_REQUESTS, operation, body);
}
