/** The runtime of every generated builder: check the body, then return the plain request. */
import type { OperationKey } from '../../generated/operations.js';
import type { ApiRequest } from '../request.js';
import { V1_REQUESTS, V2_REQUESTS } from '../request-checks/check.js';
import { checkVersionRequest, type VersionRequests } from '../request-checks/check-version.js';
import { RequestValidationError } from '../request-checks/problems.js';

/**
 * Builds the request of operation `key` of `requests`' version with `body`, or throws one
 * RequestValidationError listing every error the request check finds (problems of stated rules;
 * inferred rules only warn, see `checkRequest(key, body, { strict: true })`). The result is
 * typed by the calling builder.
 */
function buildRequest(requests: VersionRequests, key: OperationKey, body: unknown): ApiRequest<any, any, any> {
  const problems = checkVersionRequest([requests], key, body);
  if (!Object.hasOwn(requests.operations, key) || problems.some((p) => p.severity === 'error')) throw new RequestValidationError(key, problems);
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as 'GET' | 'POST', path: key.slice(space + 1), body, operation: key };
}

/** The runtime of the version 1 builders (generated/builders/v1.ts). */
export function buildV1Request(key: OperationKey, body: unknown): ApiRequest<any, any, any> {
  return buildRequest(V1_REQUESTS, key, body);
}

/** The runtime of the version 2 builders (generated/builders/v2.ts). */
export function buildV2Request(key: OperationKey, body: unknown): ApiRequest<any, any, any> {
  return buildRequest(V2_REQUESTS, key, body);
}
