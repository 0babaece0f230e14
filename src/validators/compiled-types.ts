/**
 * Types of the precompiled validators (generated/validators/v1.js, v2.js). The generated
 * declarations and src/validators/compiled.ts both take them from here.
 */

/** One error of a precompiled validator, as ajv reports it. */
export interface CompiledValidatorError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, any>;
  message?: string;
}

/** A precompiled validate function: true when the data is valid; errors of the last call on `errors`. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: CompiledValidatorError[] | null;
}

export interface OperationValidators {
  /** By HTTP status ("200", "400", ...): the documented response body schema. */
  readonly responses: Readonly<Record<string, CompiledValidator>>;
  /** The success branch of the 200 response (`success: true`). */
  readonly success: CompiledValidator | undefined;
  /** The failure body (`success: false`). */
  readonly failure: CompiledValidator;
  /** Names of the schemas the validators check (keys of the rule table `schemaRules`). */
  readonly schemas: {
    readonly responses: Readonly<Record<string, string>>;
    readonly success: string | undefined;
    readonly failure: string;
  };
}
