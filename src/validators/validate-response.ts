/**
 * `validateResponse`: checks a response body against the precompiled schema of its operation
 * and status, the body-only checks the catalogs imply and, when the request is given, against
 * what that request asked for. Every problem carries its register rule; a broken inferred rule
 * is a warning unless `strict`. Never throws: an unknown operation is an error of the result.
 */
import type { OperationInfo } from '../../generated/operations.js';
import { checkFailure } from './checks/failure.js';
import { checkMetricsV1 } from './checks/metrics-v1.js';
import { checkMetricsV2 } from './checks/metrics-v2.js';
import { checkPosts } from './checks/posts.js';
import { requestBody, UnreadableRequest } from './checks/request-shape.js';
import { isPlainObject } from './checks/values.js';
import { validatorsOf, type CompiledOperation, type CompiledValidator } from './compiled.js';
import { describeValue } from './describe.js';
import { ErrorList } from './error-list.js';
import { lookupOperation } from '../catalog/operation-lookup.js';
import { addSchemaErrors } from './schema-messages.js';
import type { ValidateResponseInput, ValidationError, ValidationResult } from './types.js';

/**
 * Schema check. A 200 body is `oneOf: [success body, FailureBody]`, told apart by `success`
 * (the generator checks this): the branch `success` selects is run alone, so errors are
 * reported against that branch rather than as a oneOf dump; with neither `true` nor `false`,
 * no branch can match.
 */
function checkSchema(list: ErrorList, { validators, failure, rules }: CompiledOperation, status: number, body: unknown): void {
  const success = isPlainObject(body) ? body.success : undefined;
  const key = String(status);
  const own: CompiledValidator | undefined = validators.responses[key];
  if (status === 200 && validators.success && !own) {
    if (success === true || success === false) {
      const branch = success ? validators.success : failure();
      if (!branch(body)) addSchemaErrors(list, branch, { name: success ? validators.schemas.success! : FAILURE, rules: rules() }, body);
    } else if (!isPlainObject(body)) list.add('shared.response.success-flag', '', `expected object (a success or failure body), got ${describeValue(body)}`);
    else list.add('shared.response.success-flag', '/success', `expected true (success body) or false (failure body), got ${describeValue(success)}`);
    return;
  }
  const [validate, name] = own ? [own, validators.schemas.responses[key]] : [failure(), FAILURE];
  if (!validate(body)) addSchemaErrors(list, validate, { name, rules: rules() }, body);
}

/** Name of the failure body's schema (the root of its errors' `schemaPath`s). */
const FAILURE = 'FailureBody';

/** `schemaValid`: the body passed its schema, so catalog types need no second check. */
function checkSuccess(list: ErrorList, op: OperationInfo, body: Record<string, unknown>, request: Record<string, unknown> | undefined, schemaValid: boolean): void {
  if (op.kind === 'metrics' && op.network) {
    if (op.version === 2) checkMetricsV2(list, body, request, op.network);
    else checkMetricsV1(list, body, request, op.network, schemaValid);
  } else if (op.kind === 'posts' && op.network) {
    checkPosts(list, body, request, op.version, op.network, schemaValid);
  }
}

function validate(input: ValidateResponseInput, list: ErrorList): ValidationResult['operation'] {
  const found = lookupOperation(input.method, input.path);
  if (!found.operation) {
    list.add('shared.response.operation', '', found.error);
    return undefined;
  }
  const op = found.operation;
  const compiled = validatorsOf(op.version, op.key);
  if (!compiled) {
    list.add('shared.response.operation', '', `no validators for ${op.key}; regenerate with npm run generate`);
    return op.key;
  }
  const status = input.status ?? 200;
  const { statuses } = compiled.validators;
  if (!statuses.includes(String(status))) {
    list.add('shared.response.status', '', `HTTP status ${status} is not a documented response of ${op.key} (documented: ${statuses.join(', ')})`);
    return op.key;
  }
  checkSchema(list, compiled, status, input.body);
  const schemaValid = list.count === 0;
  const body = input.body;
  if (!isPlainObject(body)) return op.key;
  if (body.success === false) checkFailure(list, body, status);
  else if (body.success === true && status === 200) {
    const request = requestBody(input.request);
    const unreadable = request instanceof UnreadableRequest;
    // Profile and label lists have no request-aware checks: their request is not read.
    if (unreadable && (op.kind === 'metrics' || op.kind === 'posts')) {
      list.add('shared.response.request-readable', '', `request-aware checks skipped: the request is not a JSON object (got ${describeValue(request.value)})`);
    }
    checkSuccess(list, op, body, unreadable ? undefined : request, schemaValid);
  }
  return op.key;
}

/**
 * Checks that `body` is a response the API can produce for `method` `path` (and `request`, when
 * given). `path` may be a full URL. Returns `{ valid, operation, errors, warnings }`, each problem
 * `{ pointer, message, rule, severity }`; with `strict`, broken inferred rules are errors too.
 * A result without any problem is shared by every call for that operation and frozen (its
 * empty lists too); a result with problems is the caller's own.
 * `options.maxProblems` (default 100): errors, and warnings, listed before a last one says more were left out.
 */
export function validateResponse(input: ValidateResponseInput, options: { maxProblems?: number } = {}): ValidationResult {
  const list = new ErrorList(input?.strict === true, options.maxProblems);
  let operation: ValidationResult['operation'];
  try {
    if (!isPlainObject(input)) {
      list.add('shared.response.operation', '', `validateResponse expects an object { method, path, body, request?, status?, strict? }, got ${describeValue(input)}`);
    } else operation = validate(input, list);
  } catch (err) {
    list.add('shared.response.operation', '', `the validator failed on this input: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (list.count === 0) return validResult(operation);
  const { errors, warnings } = list.result();
  return { valid: errors.length === 0, operation, errors, warnings };
}

/** The results without any problem, one per operation: shared and frozen, so a valid body allocates none. */
const validResults = new Map<ValidationResult['operation'], ValidationResult>();

function validResult(operation: ValidationResult['operation']): ValidationResult {
  let result = validResults.get(operation);
  if (!result) {
    result = Object.freeze({ valid: true, operation, errors: Object.freeze([]) as unknown as ValidationError[], warnings: Object.freeze([]) as unknown as ValidationError[] });
    validResults.set(operation, result);
  }
  return result;
}
