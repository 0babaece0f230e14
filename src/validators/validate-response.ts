/**
 * `validateResponse`: checks a response body against the precompiled schema of its operation
 * and status, the body-only checks the catalogs imply and, when the request is given, against
 * what that request asked for. Every problem carries its register rule; a broken inferred rule
 * is a warning unless `strict`. Never throws: an unknown operation is an error of the result.
 */
import type { OperationInfo, OperationKey } from '../../generated/operations.js';
import { checkFailure } from './checks/failure.js';
import { checkMetricsV1 } from './checks/metrics-v1.js';
import { checkMetricsV2 } from './checks/metrics-v2.js';
import { checkPosts } from './checks/posts.js';
import { requestBody, UnreadableRequest } from './checks/request-shape.js';
import { isPlainObject } from './checks/values.js';
import { validatorsOf, type CompiledOperation, type CompiledValidator } from './compiled.js';
import { describeValue } from './describe.js';
import { ErrorList } from './error-list.js';
import { lookupOperation, type OperationLookup } from '../catalog/operation-lookup.js';
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
      if (!branch(body, WHOLE_BODY)) addSchemaErrors(list, branch, { name: success ? validators.schemas.success! : FAILURE, rules: rules() }, body);
    } else if (!isPlainObject(body)) list.add('shared.response.success-flag', '', `expected object (a success or failure body), got ${describeValue(body)}`);
    else list.add('shared.response.success-flag', '/success', `expected true (success body) or false (failure body), got ${describeValue(success)}`);
    return;
  }
  const [validate, name] = own ? [own, validators.schemas.responses[key]] : [failure(), FAILURE];
  if (!validate(body, WHOLE_BODY)) addSchemaErrors(list, validate, { name, rules: rules() }, body);
}

/** The compiled validators' context of a whole body, given so that a call allocates no default one. */
const WHOLE_BODY = Object.freeze({ instancePath: '' });

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

/** What validating one operation needs, resolved on its first validation and kept. */
interface OperationPlan {
  readonly op: OperationInfo & { key: OperationKey };
  readonly compiled: CompiledOperation;
  /** The documented HTTP statuses, as numbers. */
  readonly statuses: ReadonlySet<number>;
  /** The result of a body without problems (shared, frozen). */
  readonly valid: ValidationResult;
}

/** Why a method and path have no plan: no such operation, or no validators for it. */
interface NoPlan {
  readonly op: (OperationInfo & { key: OperationKey }) | undefined;
  readonly error: string;
}

/** Plans by lookup answer (lookupOperation answers one object per method and path). */
const plans = new WeakMap<OperationLookup, OperationPlan | NoPlan>();

/** The plan of an operation, or why there is none. */
function planOf(found: OperationLookup): OperationPlan | NoPlan {
  let plan = plans.get(found);
  if (plan === undefined) {
    const op = found.operation;
    const compiled = op && validatorsOf(op.version, op.key);
    if (!op) plan = { op, error: found.error };
    else if (!compiled) plan = { op, error: `no validators for ${op.key}; regenerate with npm run generate` };
    else plan = { op, compiled, statuses: new Set(compiled.validators.statuses.map(Number)), valid: validResult(op.key) };
    plans.set(found, plan);
  }
  return plan;
}

/** Validates `input` into `list`; the plan of its operation (or why there is none). */
function validate(input: ValidateResponseInput, list: ErrorList): OperationPlan | NoPlan {
  const plan = planOf(lookupOperation(input.method, input.path));
  if ('error' in plan) {
    list.add('shared.response.operation', '', plan.error);
    return plan;
  }
  const { op, compiled } = plan;
  const status = input.status ?? 200;
  if (!plan.statuses.has(status)) {
    list.add('shared.response.status', '', `HTTP status ${status} is not a documented response of ${op.key} (documented: ${compiled.validators.statuses.join(', ')})`);
    return plan;
  }
  checkSchema(list, compiled, status, input.body);
  const schemaValid = list.count === 0;
  const body = input.body;
  if (!isPlainObject(body)) return plan;
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
  return plan;
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
  let plan: OperationPlan | NoPlan | undefined;
  try {
    if (!isPlainObject(input)) {
      list.add('shared.response.operation', '', `validateResponse expects an object { method, path, body, request?, status?, strict? }, got ${describeValue(input)}`);
    } else plan = validate(input, list);
  } catch (err) {
    list.add('shared.response.operation', '', `the validator failed on this input: ${err instanceof Error ? err.message : String(err)}`);
  }
  const operation = plan?.op?.key;
  if (list.count === 0) return plan && 'valid' in plan ? plan.valid : validResult(operation);
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
