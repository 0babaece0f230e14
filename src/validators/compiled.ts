/**
 * The precompiled validators of both versions (generated/validators), by operation. The types
 * come from compiled-types.ts (as do the generated declarations), so this module's emitted
 * declarations do not depend on how a build treats the generated JavaScript.
 */
import { responseValidators as v1Table, schemaRules as v1Rules } from '../../generated/validators/v1.js';
import { responseValidators as v2Table, schemaRules as v2Rules } from '../../generated/validators/v2.js';
import type { RuleId } from '../../generated/rule-levels.js';
import type { OperationValidators } from './compiled-types.js';

export type { CompiledValidator, CompiledValidatorError, OperationValidators } from './compiled-types.js';

type Table = Readonly<Record<string, OperationValidators>>;

const tables: Record<number, Table> = { 1: v1Table as Table, 2: v2Table as Table };

/** Validators of one operation ("POST /2/facebook/metrics"), or undefined. */
export function validatorsOf(version: number, operation: string): OperationValidators | undefined {
  const table = tables[version];
  return table && Object.prototype.hasOwnProperty.call(table, operation) ? table[operation] : undefined;
}

const ruleTables: Record<number, Readonly<Record<string, string>>> = { 1: v1Rules, 2: v2Rules };

/** "Component/pointer/keyword" -> rule id of one version's schema constraints (generated/validators). */
export function schemaRulesOf(version: number): Readonly<Record<string, RuleId>> {
  return (ruleTables[version] ?? {}) as Readonly<Record<string, RuleId>>;
}
