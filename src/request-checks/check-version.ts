/**
 * The request check itself, for the operations of the versions it is given: the shape of a body
 * is checked by the request schemas of the OpenAPI documents, compiled ahead of time
 * (generated/request-validators.ts); the rules across members are checked by hand
 * (./cross-field.ts). Every problem names its rule of the register (catalogs/rules.yaml).
 * Each version's tables are separate values, so a bundle holds only the versions it checks.
 */
import type { Version } from '../shared/catalog-types.js';
import type { VersionCrossFieldRules } from './cross-field.js';
import { networkFacts, type NetworkFactsTable } from './name-sets.js';
import { describeValue } from '../core/problems/describe.js';
import { requestPathname, splitOperationKey } from '../operations/request-path.js';
import type { RequestProblem } from '../core/problems/problem.js';
import { RequestProblemList, isObject } from './problem-list.js';
import { dayProblems, schemaProblems } from './schema-problems.js';
import type { RequestBodyChecks, RequestOperations } from './schema-types.js';
import type { OperationKind } from '../../generated/operations.js';

/** What the checks of one version read: its operations with their body checks, its catalog facts. */
export interface VersionRequests {
  readonly version: Version;
  readonly operations: RequestOperations;
  /** Its rules across members per kind of body (./cross-field.ts). */
  readonly crossField: VersionCrossFieldRules;
  /** The catalog's name sets and facts per kind of body and network, each made on first use and never changed. */
  readonly facts: NetworkFactsTable;
}

export interface CheckRequestOptions {
  /** Report a broken inferred rule as an `error` rather than a `warning`. */
  strict?: boolean;
}

/** The version of `versions` that has operation `operationKey` (a loop: one or two versions, run on every request). */
function versionOf(versions: readonly VersionRequests[], operationKey: string): VersionRequests | undefined {
  for (let i = 0; i < versions.length; i++) if (Object.hasOwn(versions[i].operations, operationKey)) return versions[i];
  return undefined;
}

/**
 * The check of one operation's request body, with everything it reads looked up once: the
 * operation and its body checks; its network's name sets are read (made on the network's first
 * check of that kind, ./name-sets.ts) when a body is checked, not when the check is looked up.
 * The validators keep one per operation they answer for (their plan), so a response's refusal
 * check reads no table per call. Its members say what it checks: the operation's version, kind
 * and network, and the checks of its body (none for a profile list or a body the documents do
 * not show).
 */
export interface OperationRequestCheck {
  (body: unknown, options?: CheckRequestOptions): RequestProblem[];
  readonly version: Version;
  readonly kind: OperationKind;
  /** The network of a per-network operation, else ''. */
  readonly network: string;
  readonly body: RequestBodyChecks | undefined;
}

/** The check of operation `operationKey` of one of `versions`; undefined for an unknown operation. */
export function operationRequestCheck(versions: readonly VersionRequests[], operationKey: string): OperationRequestCheck | undefined {
  const requests = versionOf(versions, operationKey);
  if (!requests) return undefined;
  const op = requests.operations[operationKey];
  const network = op.network ?? '';
  const checks = op.body;
  const crossField = op.kind === 'metrics' || op.kind === 'posts' ? requests.crossField[op.kind] : undefined;
  const check =
    op.kind === 'profiles'
      ? (body: unknown, options: CheckRequestOptions = {}) => profilesProblems(operationKey, body, options)
      : // The label lists' body is not shown in the documents: their schema accepts anything.
        !checks
        ? (): RequestProblem[] => []
        : (body: unknown, options: CheckRequestOptions = {}) => {
            const facts = networkFacts(requests.facts, op.kind, network);
            const problems = new RequestProblemList(options.strict);
            const { validate } = checks;
            if (!validate.call(facts.names, body)) schemaProblems(problems, checks, validate.errors ?? [], body, network);
            if (isObject(body)) {
              dayProblems(problems, checks, body);
              if (crossField) crossField(problems, facts, network, body);
            }
            return problems.ordered(checks.members);
          };
  return Object.assign(check, { version: requests.version, kind: op.kind, network, body: checks });
}

/** A profile list takes no body (an empty object is taken as none). */
function profilesProblems(operationKey: string, body: unknown, options: CheckRequestOptions): RequestProblem[] {
  const problems = new RequestProblemList(options.strict);
  if (body !== undefined && body !== null && !(isObject(body) && Object.keys(body).length === 0)) {
    problems.add('shared.profiles.no-body', 'body', `${operationKey} takes no request body, got ${describeValue(body)}`);
  }
  return problems.items();
}

/**
 * The code the API answers a request of no operation with, as the mock does: 405 ("HTTP method
 * not allowed") when an operation of `versions` has the path with another method, else 404
 * ("resource not allowed"); both are failures of "all" endpoints in the error table. Only the
 * given versions' operations are read, so that a one-version bundle holds none of the other's.
 */
function unknownOperationCode(versions: readonly VersionRequests[], operationKey: string): number {
  const asked = splitOperationKey(operationKey);
  if (!asked) return 404;
  const path = requestPathname(asked.path);
  const method = asked.method.toUpperCase();
  for (const { operations } of versions) {
    for (const key in operations) {
      const known = splitOperationKey(key);
      if (known && known.path === path && known.method !== method) return 405;
    }
  }
  return 404;
}

/**
 * The problems of `body` as the request body of operation `operationKey` of one of `versions`;
 * an unknown operation is one problem (`shared.request.known-operation`).
 */
export function checkVersionRequest(versions: readonly VersionRequests[], operationKey: string, body: unknown, options: CheckRequestOptions = {}): RequestProblem[] {
  const check = operationRequestCheck(versions, operationKey);
  if (check) return check(body, options);
  const problems = new RequestProblemList(options.strict);
  const which = versions.length === 1 ? `version ${versions[0].version} operation` : 'operation';
  problems.add('shared.request.known-operation', 'operation', `unknown ${which} ${describeValue(operationKey)}`, unknownOperationCode(versions, operationKey));
  return problems.items();
}
