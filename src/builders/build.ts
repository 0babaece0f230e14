/** The runtime of every generated builder: check the body, then return the plain request. */
import type { OperationKey } from '../../generated/operations.js';
import type { ApiRequest } from '../request.js';
import { checkRequest, findOperation } from './check.js';
import { RequestValidationError } from './problems.js';

/**
 * Builds the request of operation `key` with `body`, or throws one RequestValidationError
 * listing every problem `checkRequest` finds. The result is typed by the calling builder.
 */
export function buildRequest(key: OperationKey, body: unknown): ApiRequest<any, any, any> {
  const op = findOperation(key);
  if (!op) throw new RequestValidationError(key, [{ parameter: 'operation', message: `unknown operation "${key}"`, code: 3 }]);
  const problems = checkRequest(key, body);
  if (problems.length > 0) throw new RequestValidationError(key, problems);
  return { method: op.method, path: op.path, body, operation: key };
}
