/**
 * `validateResponse`: checks a response body against the precompiled schema of its operation
 * and status, the body-only checks the catalogs imply and, when the request is given, against
 * what that request asked for. Every problem carries its register rule; a broken inferred rule
 * is a warning unless `strict`. Never throws: an unknown operation is an error of the result.
 */
import type { OperationInfo, OperationKey } from '../../generated/operations.js';
import { checkFailure, failureStatuses } from './checks/failure.js';
import { metricsV1Checks } from './checks/metrics-v1.js';
import { metricsV2Checks } from './checks/metrics-v2.js';
import { postsChecks } from './checks/posts.js';
import { checkProfileLabels } from './checks/profile-labels.js';
import { checkProfileList } from './checks/profile-list.js';
import { notShownAnswer } from './checks/not-shown.js';
import { checkRefusedRequest } from './checks/refused-request.js';
import { RequestMemo, type RememberedRequest } from './checks/request-memo.js';
import { requestCheckOf, type OperationRequestCheck } from '../request-checks/check.js';
import { requestBody, UnreadableRequest } from './facts/request-shape.js';
import { isPlainObject } from './facts/values.js';
import { failureOf, validatorsOf, type CompiledOperation, type CompiledValidator } from './compiled.js';
import { describeValue } from '../core/problems/describe.js';
import { atPointer, ProblemList } from '../core/problems/problem-list.js';
import { lookupOperation, type OperationLookup } from '../operations/operation-of.js';
import { addSchemaErrors } from './schema-messages.js';
import type { ValidateResponseInput, ValidationError, ValidationResult } from './types.js';

/** How a body of one documented status is checked against its schema (prepared once per operation). */
interface StatusSchema {
  /** The validator of the operation's own body at this status; undefined: the version's failure body. */
  readonly own: CompiledValidator | undefined;
  /** The name of `own`'s schema. */
  readonly name: string | undefined;
  /** A 200 response that is `oneOf: [success body, FailureBody]`, the branch chosen by `success`. */
  readonly bySuccess: boolean;
}

/**
 * How a body at a status the documents do not list is checked: as the failure body (the published
 * documents' `default` response; its status is the inferred `shared.response.status`).
 */
const UNLISTED_STATUS: StatusSchema = { own: undefined, name: undefined, bySuccess: false };

/** The key of the published documents' response for every status they do not list. */
const DEFAULT_RESPONSE = 'default';

function statusSchemaOf({ validators }: CompiledOperation, key: string): StatusSchema {
  const own = Object.prototype.hasOwnProperty.call(validators.responses, key) ? validators.responses[key] : undefined;
  return { own, name: own && validators.schemas.responses[key], bySuccess: key === '200' && validators.success !== undefined && own === undefined };
}

/**
 * Schema check. A 200 body is `oneOf: [success body, FailureBody]`, told apart by `success`
 * (the generator checks this): the branch `success` selects is run alone, so errors are
 * reported against that branch rather than as a oneOf dump; with neither `true` nor `false`,
 * no branch can match. Returns the body's `success` member (undefined when the body is no object),
 * read once for the checks that follow.
 */
function checkSchema(list: ProblemList, { validators, failure, rules }: CompiledOperation, schema: StatusSchema, body: unknown): unknown {
  if (schema.bySuccess) {
    const own = validators.success!;
    const success = isPlainObject(body) ? body.success : undefined;
    // Every success branch requires `success: const true` (the generator refuses one that does
    // not; test/validators/success-branch.test.ts), so a failure body goes to its own branch
    // without running the success branch, which could only fail and list its errors.
    if (success !== false && own(body, WHOLE_BODY)) return true;
    if (success === true) {
      addSchemaErrors(list, own, { name: validators.schemas.success!, rules: rules() }, body);
    } else if (success === false) {
      const branch = failure();
      if (!branch(body, WHOLE_BODY)) addSchemaErrors(list, branch, { name: FAILURE, rules: rules() }, body);
    } else if (!isPlainObject(body)) list.add('shared.response.success-flag', '', `expected object (a success or failure body), got ${describeValue(body)}`);
    else list.add('shared.response.success-flag', '/success', `expected true (success body) or false (failure body), got ${describeValue(success)}`);
    return success;
  }
  const success = isPlainObject(body) ? body.success : undefined;
  const { own } = schema;
  const validate = own ?? failure();
  if (!validate(body, WHOLE_BODY)) addSchemaErrors(list, validate, { name: own ? schema.name! : FAILURE, rules: rules() }, body);
  return success;
}

/** The compiled validators' context of a whole body, given so that a call allocates no default one. */
const WHOLE_BODY = Object.freeze({ instancePath: '' });

/** The version whose document holds the rules both versions share (the failure shape). */
const SHARED_RULES_VERSION = 2;

/** Name of the failure body's schema (the root of its errors' `schemaPath`s). */
const FAILURE = 'FailureBody';

/** The success-body checks of one operation; `schemaValid`: the body passed its schema, so catalog types need no second check. */
type SuccessChecks = (list: ProblemList, body: Record<string, unknown>, request: Record<string, unknown> | undefined, schemaValid: boolean, known: RememberedRequest | undefined) => void;

/** The success-body checks of `op`, chosen once per operation; undefined for content label lists, which have none. */
function successChecksOf(op: OperationInfo): SuccessChecks | undefined {
  const { network, version } = op;
  if (op.kind === 'profile-labels') return (list, body) => checkProfileLabels(list, body);
  if (!network) return undefined;
  if (op.kind === 'profiles') return (list, body) => checkProfileList(list, body, network);
  if (op.kind === 'metrics') return version === 2 ? metricsV2Checks(network) : metricsV1Checks(network);
  if (op.kind === 'posts') return postsChecks(version, network);
  return undefined;
}

/** What validating one operation needs. */
interface OperationPlan {
  readonly op: OperationInfo & { key: OperationKey };
  readonly compiled: CompiledOperation;
  /** The documented HTTP statuses, as numbers, and (at the same index) how a body of each is checked. */
  readonly statuses: readonly number[];
  /** The documented HTTP statuses as a message lists them ("200, 400, ..."). */
  readonly listed: string;
  readonly schemas: readonly StatusSchema[];
  /** The checks of a success body beyond its schema; undefined when there are none (label and profile lists). */
  readonly successChecks: SuccessChecks | undefined;
  /** The result of a body without problems (frozen: a valid body allocates no result). */
  readonly valid: ValidationResult;
  /** The success checks read the request (metrics and posts; the lists' checks are body-only). */
  readonly readsRequest: boolean;
  /** The operation's request check, looked up once (the refusal check runs it on every request it has not read before). */
  readonly requestCheck: OperationRequestCheck | undefined;
  /** What the checks found about the requests given last (success checks that read the request). */
  readonly requests: RequestMemo | undefined;
  /** No error: told apart from a {@link NoPlan} by one member read. */
  readonly error: undefined;
}

/** Why a method and path have no plan: no such operation, or no validators for it. */
interface NoPlan {
  readonly op: (OperationInfo & { key: OperationKey }) | undefined;
  readonly error: string;
  /** The failure body of the version the path is under (of document 1 when none), by which a failure body answering it is checked. */
  readonly failure: Pick<CompiledOperation, 'failure' | 'rules'> | undefined;
}

/** The plan of an operation, or why there is none. */
function planOf(found: OperationLookup): OperationPlan | NoPlan {
  const op = found.operation;
  if (!op) return { op, error: found.error, failure: failureOf(found.version ?? SHARED_RULES_VERSION) };
  const compiled = validatorsOf(op.version, op.key);
  if (!compiled) return { op, error: `no validators for ${op.key}; regenerate with npm run generate`, failure: failureOf(SHARED_RULES_VERSION) };
  const statuses = compiled.validators.statuses.filter((key) => key !== DEFAULT_RESPONSE);
  return { op, compiled, statuses: statuses.map(Number), listed: statuses.join(', '), schemas: statuses.map((key) => statusSchemaOf(compiled, key)), successChecks: successChecksOf(op), readsRequest: op.kind === 'metrics' || op.kind === 'posts', requestCheck: requestCheckOf(op.key), requests: op.kind === 'metrics' || op.kind === 'posts' ? new RequestMemo() : undefined, valid: validResult(op.key), error: undefined };
}

/** The index of `status` among `statuses`, -1 if absent (a loop: a handful of numbers). */
function indexOf(statuses: readonly number[], status: unknown): number {
  for (let i = 0; i < statuses.length; i++) if (statuses[i] === status) return i;
  return -1;
}

/** Validates `input` into `list` with the plan of its operation. */
function check(input: ValidateResponseInput, plan: OperationPlan | NoPlan, list: ProblemList): void {
  if (plan.error !== undefined) {
    // The failure shape is "standardized for every endpoint" and the table's failures apply to
    // "all" endpoints (405: "HTTP method not allowed", 404: "resource not allowed"): a failure
    // body is one whatever the method and path; outside both versions' paths it is judged by
    // document 1's Errors section, which holds the rules shared by both. A success body needs an
    // operation.
    // A path whose answer the documents do not show (version 1's profile label list, a post list
    // whose path is not shown): a success answer there is unknown, an inferred problem, never a
    // default error.
    const { failure } = plan;
    const notShown = notShownAnswer(input.path);
    if (failure && isPlainObject(input.body) && input.body.success === false) checkUnroutedFailure(list, failure, input);
    else if (notShown) list.add(notShown.rule, '', notShown.message);
    else list.add('shared.response.operation', '', plan.error);
    return;
  }
  const { op, compiled } = plan;
  let status = input.status ?? 200;
  let at = indexOf(plan.statuses, status);
  const first = list.count;
  if (status !== 200 && isPlainObject(input.body) && input.body.success === true) {
    // No sentence gives the status of a success answer: checked as the 200 answer it says it is.
    list.add('shared.response.success-status', '', `a success body (success: true) with HTTP status ${status}; success answers come with 200`);
    status = 200;
    at = indexOf(plan.statuses, status);
  }
  // A status the documents do not list: they give the status of each code they list, not that no
  // other comes (inferred); the answer is judged as the failure body it must be, so a listed code
  // at another status is still the stated error of its code.
  if (at < 0) list.add('shared.response.status', '', `HTTP status ${status} is not a documented response of ${op.key} (documented: ${plan.listed}); judged as a failure body`);
  const body = input.body as Record<string, unknown>; // read as an object only when `success` is true or false
  const success = checkSchema(list, compiled, at < 0 ? UNLISTED_STATUS : plan.schemas[at], body);
  const schemaValid = list.count === first;
  if (success === false) checkFailure(list, body, status);
  else if (success === true && status === 200 && plan.successChecks) {
    // Profile and label lists have no request-aware checks: their request is not read.
    const request = plan.readsRequest ? requestBody(input.request) : undefined;
    if (request instanceof UnreadableRequest) {
      list.add('shared.response.request-readable', '', `request-aware checks skipped: the request is not a JSON object (got ${describeValue(request.value)})`);
      plan.successChecks(list, body, undefined, schemaValid, undefined);
    } else {
      const known = request && plan.requests?.recall(input.request, request);
      plan.successChecks(list, body, request, schemaValid, known);
      if (request && known && plan.requestCheck) checkRefusedRequest(list, plan.requestCheck, request, known);
    }
  }
}

/** A failure body answering a method and path of no operation (of a version): the failure rules alone. */
function checkUnroutedFailure(list: ProblemList, { failure, rules }: Pick<CompiledOperation, 'failure' | 'rules'>, input: ValidateResponseInput): void {
  const status = input.status ?? 200;
  if (!failureStatuses.has(status)) list.add('shared.response.status', '', `HTTP status ${status} is not a status of a failure (documented: ${[...failureStatuses].join(', ')})`);
  const body = input.body as Record<string, unknown>;
  const validate = failure();
  if (!validate(body, WHOLE_BODY)) addSchemaErrors(list, validate, { name: FAILURE, rules: rules() }, body);
  checkFailure(list, body, status);
}

/** Options of one validation. */
export interface ValidateResponseOptions {
  /** Errors, and warnings, listed before a last entry says how many more were left out (default 100). */
  readonly maxProblems?: number;
  /**
   * Problems of one rule listed before a last entry says how many more of that rule were left out
   * (default 20, or `maxProblems` when that is given).
   */
  readonly maxProblemsPerRule?: number;
}

/** Validates responses: {@link createResponseValidator}. */
export interface ResponseValidatorInstance {
  /** The problems of one response: see {@link validateResponse}. */
  validate(input: ValidateResponseInput, options?: ValidateResponseOptions): ValidationResult;
}

/**
 * A response validator with its own memory of the operations it has validated (their validators,
 * statuses and checks, resolved on the first response of each and kept for its lifetime): a
 * call's verdict never depends on the calls before it. {@link validateResponse} is one such
 * validator, made when this module loads.
 */
export function createResponseValidator(): ResponseValidatorInstance {
  /** The plan of each operation validated so far, by lookup answer (one object per method and path). */
  const plans = new WeakMap<OperationLookup, OperationPlan | NoPlan>();
  /** The plans of the method and path strings given so far that name an operation, by path, then method (at most {@link REMEMBERED_PATHS} paths). */
  const byPath = new Map<string, Map<string, OperationPlan>>();
  const planFor = (method: string, path: string): OperationPlan | NoPlan => {
    const known = typeof path === 'string' ? byPath.get(path)?.get(method) : undefined;
    if (known !== undefined) return known;
    const found = lookupOperation(method, path);
    let plan = plans.get(found);
    if (plan === undefined) plans.set(found, (plan = planOf(found)));
    if (plan.error === undefined && typeof path === 'string' && typeof method === 'string') {
      let methods = byPath.get(path);
      if (methods === undefined) {
        if (byPath.size >= REMEMBERED_PATHS) byPath.clear();
        byPath.set(path, (methods = new Map()));
      }
      methods.set(method, plan);
    }
    return plan;
  };
  return {
    validate(input, options) {
      const list = new ProblemList({ strict: input?.strict === true, max: options?.maxProblems, maxPerRule: options?.maxProblemsPerRule });
      let plan: OperationPlan | NoPlan | undefined;
      try {
        if (!isPlainObject(input)) {
          list.add('shared.response.operation', '', `validateResponse expects an object { method, path, body, request?, status?, strict? }, got ${describeValue(input)}`);
        } else {
          plan = planFor(input.method, input.path);
          check(input, plan, list);
        }
      } catch (err) {
        list.add('shared.response.operation', '', `the validator failed on this input: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (list.count === 0 && plan !== undefined && plan.error === undefined) return plan.valid;
      const operation = plan?.op?.key;
      const found = list.all();
      const errors = found.filter((p) => p.severity === 'error').map(atPointer);
      return { valid: errors.length === 0, operation, errors, warnings: found.filter((p) => p.severity === 'warning').map(atPointer) };
    },
  };
}

/** The most path strings a validator remembers the plans of (paths may be full URLs, each query its own string); when full it forgets them all. */
const REMEMBERED_PATHS = 256;

/** The empty list of a result without problems (frozen: results are read-only). */
const NONE: readonly ValidationError[] = Object.freeze([]);

/** A result without problems (frozen). */
const validResult = (operation: OperationKey | undefined): ValidationResult => Object.freeze({ valid: true, operation, errors: NONE, warnings: NONE });

/**
 * Checks that `body` is a response the API can produce for `method` `path` (and `request`, when
 * given). `path` may be a full URL. Returns `{ valid, operation, errors, warnings }`, each problem
 * `{ pointer, message, rule, severity }`; with `strict`, broken inferred rules are errors too.
 * Results are read-only: a result without problems is frozen and may be the same object for
 * every valid body of an operation. `options.maxProblemsPerRule` (default 20) problems of one rule,
 * and `options.maxProblems` (default 100) errors, and warnings, are listed; an entry of each cap says
 * exactly how many it left out (`and 480 more problems of rule ... not listed`).
 */
export const validateResponse: ResponseValidatorInstance['validate'] = createResponseValidator().validate;
