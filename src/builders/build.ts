/** The runtime of every generated builder: check the body, then return the plain request. */
import type { OperationKey } from '../../generated/operations.js';
import type { ApiRequest } from '../request.js';
import { checkRequest, findOperation } from '../request-checks/check.js';
import { RequestValidationError } from '../request-checks/problems.js';

/**
 * Builds the request of operation `key` with `body`, or throws one RequestValidationError
 * listing every error `checkRequest` finds (problems of stated rules; inferred rules only warn,
 * see `checkRequest(key, body, { strict: true })`). The result is typed by the calling builder.
 */
export function buildRequest(key: OperationKey, body: unknown): ApiRequest<any, any, any> {
  const op = findOperation(key);
  const problems = checkRequest(key, body);
  if (!op || problems.some((p) => p.severity === 'error')) throw new RequestValidationError(key, problems);
  return { method: op.method, path: op.path, body, operation: key };
}
