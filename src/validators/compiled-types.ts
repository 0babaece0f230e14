/**
 * Types of the precompiled validators (generated/validators/). The generated
 * declarations and src/validators/compiled.ts both take them from here.
 */

/** One error of a precompiled validator, as ajv reports it. */
export interface CompiledValidatorError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, any>;
  /** Absent from the generated validators' errors (ajv option `messages: false`): schema-messages.ts writes its own. */
  message?: string;
}

/** A precompiled validate function: true when the data is valid; errors of the last call on `errors`. */
export interface CompiledValidator {
  /** `context`: where `data` sits in the body (the whole body when omitted). */
  (data: unknown, context?: { readonly instancePath: string }): boolean;
  errors?: CompiledValidatorError[] | null;
}

export interface OperationValidators {
  /** The documented HTTP statuses ("200", "400", ...). */
  readonly statuses: readonly string[];
  /**
   * By HTTP status, the validator of a body of the operation's own: not the failure body (the
   * version's `FailureBody`), nor the 200 `oneOf: [success body, FailureBody]` that `success` decides.
   */
  readonly responses: Readonly<Record<string, CompiledValidator>>;
  /** The success branch of the 200 response (`success: true`). */
  readonly success: CompiledValidator | undefined;
  /** Names of the schemas the validators check (keys of the rule table `schemaRules`). */
  readonly schemas: {
    readonly responses: Readonly<Record<string, string>>;
    readonly success: string | undefined;
  };
}

/** The failure body's module of generated/validators (shared by every operation). */
export interface FailureModule {
  readonly FailureBody: CompiledValidator;
  /** "Component/pointer/keyword" -> rule id of the failure body's constraints. */
  readonly schemaRules: Readonly<Record<string, string>>;
}

/** An operation's module of generated/validators (shared by the operations with the same validators): its validators and the rules of their constraints. */
export interface OperationModule {
  readonly validators: OperationValidators;
  /** "Component/pointer/keyword" -> rule id of the constraints these validators check. */
  readonly schemaRules: Readonly<Record<string, string>>;
}
