/**
 * The precompiled validators of both versions (generated/validators), by operation: an
 * operation's module is loaded on the first validation of that operation, and kept. The types
 * come from compiled-types.ts (as do the generated declarations), so this module's emitted
 * declarations do not depend on how a build treats the generated JavaScript.
 */
import * as v1 from '../../generated/validators/v1/index.js';
import * as v2 from '../../generated/validators/v2/index.js';
import type { RuleId } from '../../generated/rule-levels.js';
import type { CompiledValidator, OperationValidators } from './compiled-types.js';

export type { CompiledValidator, CompiledValidatorError, OperationValidators } from './compiled-types.js';

/** An operation's validators, its version's failure body, and the rule of each constraint they check. */
export interface CompiledOperation {
  readonly validators: OperationValidators;
  readonly failure: CompiledValidator;
  readonly rules: Readonly<Record<string, RuleId>>;
}

const versions: Record<number, typeof v1> = { 1: v1, 2: v2 };
const loaded = new Map<string, CompiledOperation>();

/** Validators of one operation ("POST /2/facebook/metrics"), loaded on first use; undefined when none exist. */
export function validatorsOf(version: number, operation: string): CompiledOperation | undefined {
  const known = loaded.get(operation);
  if (known) return known;
  const modules = versions[version];
  if (!modules || !Object.prototype.hasOwnProperty.call(modules.operationModules, operation)) return undefined;
  const own = modules.operationModules[operation]();
  const failure = modules.failureModule();
  const rules = { ...failure.schemaRules, ...own.schemaRules } as Readonly<Record<string, RuleId>>;
  const compiled = { validators: own.validators, failure: failure.FailureBody, rules };
  loaded.set(operation, compiled);
  return compiled;
}
