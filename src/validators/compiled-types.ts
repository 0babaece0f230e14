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
  /** The report of the validator's `x-members` check, when it holds one (and one only). */
  readonly members?: MembersReport;
}

/**
 * What the `x-members` check of a validator (scripts/generators/validators-members.ts: the
 * member-by-member check of a wide object, such as a v1 day record) saw since its first object
 * of the root data `root`: whether every later object listed the same member names, in the same
 * order, as the object checked before it (`changed` false). The check starts over on an object
 * of another root data; a reader that clears `root` makes the next call start over.
 */
export interface MembersReport {
  root: unknown;
  /** How many members the last object checked had (-1 before the first). */
  count: number;
  changed: boolean;
  /**
   * The version of the last object's member names: a new number whenever an object lists other
   * names, or the same in another order, than the object checked before it (in this body or the
   * one before). Equal numbers: every object checked in between listed the same names.
   */
  names: number;
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
