/**
 * The precompiled validators of both versions (generated/validators), by operation: an
 * operation's module is loaded (`require`, which keeps it) when its validators are first asked
 * for; the failure body's module on the first failure body or schema error (a valid success
 * body needs neither it nor the rule table). What `failure()` and `rules()` answer is kept by the
 * object that answers it (a plan of a validator instance holds it): a call of `require` resolves
 * its path each time, more than a small body's whole check costs. The types come from
 * compiled-types.ts (as do the generated declarations), so this module's emitted declarations do
 * not depend on how a build treats the generated JavaScript.
 */
import * as v1 from '../../generated/validators/v1/index.js';
import * as v2 from '../../generated/validators/v2/index.js';
import type { RuleId } from '../core/rules.js';
import type { CompiledValidator, OperationValidators } from './compiled-types.js';

export type { CompiledValidator, CompiledValidatorError, OperationValidators } from './compiled-types.js';

/** An operation's validators, its version's failure body, and the rule of each constraint they check. */
export interface CompiledOperation {
  readonly validators: OperationValidators;
  /** The failure body's validator (its module loads on the first call; later calls answer the same). */
  failure(): CompiledValidator;
  /** The rule of each constraint of the operation's validators and the failure body's (made on the first call, then kept). */
  rules(): Readonly<Record<string, RuleId>>;
}

/** `make()`, called once, on the first call of the function returned. */
function once<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

const versions: ReadonlyMap<number, typeof v1> = new Map([
  [1, v1],
  [2, v2],
]);

/** The failure body of `version` and the rules of its constraints, for an answer of no operation; undefined for no such version. */
export function failureOf(version: number): Pick<CompiledOperation, 'failure' | 'rules'> | undefined {
  const modules = versions.get(version);
  if (!modules) return undefined;
  return { failure: once(() => modules.failureModule().FailureBody), rules: once(() => modules.failureModule().schemaRules as Readonly<Record<string, RuleId>>) };
}

/** Validators of one operation ("POST /2/facebook/metrics"); undefined when none exist. */
export function validatorsOf(version: number, operation: string): CompiledOperation | undefined {
  const modules = versions.get(version);
  if (!modules || !Object.prototype.hasOwnProperty.call(modules.operationModules, operation)) return undefined;
  const own = modules.operationModules[operation]();
  return {
    validators: own.validators,
    failure: once(() => modules.failureModule().FailureBody),
    rules: once(() => ({ ...modules.failureModule().schemaRules, ...own.schemaRules }) as Readonly<Record<string, RuleId>>),
  };
}
