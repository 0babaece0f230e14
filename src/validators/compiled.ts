/**
 * The precompiled validators of both versions (generated/validators), by operation. The types
 * are declared here, not taken from the generated declarations, so this module's emitted
 * declarations do not depend on how a build treats the generated JavaScript.
 */
import { responseValidators as v1Table } from '../../generated/validators/v1.js';
import { responseValidators as v2Table } from '../../generated/validators/v2.js';

/** One error of a precompiled validator, as ajv reports it. */
export interface CompiledValidatorError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, any>;
  message?: string;
}

/** A precompiled validate function: true when valid; errors of the last call on `errors`. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: CompiledValidatorError[] | null;
}

export interface OperationValidators {
  /** By HTTP status ("200", "400", ...). */
  readonly responses: Readonly<Record<string, CompiledValidator>>;
  /** The success branch of the 200 response (`success: true`). */
  readonly success: CompiledValidator | undefined;
  /** The failure body (`success: false`). */
  readonly failure: CompiledValidator;
}

type Table = Readonly<Record<string, OperationValidators>>;

const tables: Record<number, Table> = { 1: v1Table as Table, 2: v2Table as Table };

/** Validators of one operation ("POST /2/facebook/metrics"), or undefined. */
export function validatorsOf(version: number, operation: string): OperationValidators | undefined {
  const table = tables[version];
  return table && Object.prototype.hasOwnProperty.call(table, operation) ? table[operation] : undefined;
}
