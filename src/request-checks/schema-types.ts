/**
 * The types of generated/request-validators.ts (standalone code that imports nothing): compiled
 * request-body checks and their rules.
 */
import type { OperationKind } from '../../generated/operations.js';
import type { RuleTable } from '../shared/constraint-rules.js';
import type { CompiledValidatorError as SchemaError } from '../../generated/validators/types.js';

/** The catalog name lists a request validator checks against, for one version and network. */
export interface NameSets {
  metrics: ReadonlySet<string>;
  dimensions: ReadonlySet<string>;
  fields: ReadonlySet<string>;
  sortable: ReadonlySet<string>;
  filterable: ReadonlySet<string>;
  advancedFilter: ReadonlySet<string>;
}

/** One error of a compiled validator: the one error shape of the request and response validators. */
export type { SchemaError };

/** A standalone ajv validator, called with the name sets of the request's network as `this`. */
export interface BodyValidator {
  (this: NameSets, data: unknown): boolean;
  errors?: SchemaError[] | null;
}

/** The compiled checks of one request body shape. */
export interface RequestBodyChecks {
  readonly validate: BodyValidator;
  /** Body members in schema order. */
  readonly members: readonly string[];
  /** The body members whose `format: date` the runtime checks (a calendar day; the compiled code checks the shape). */
  readonly days: readonly string[];
  /**
   * The rule tables of its constraints, tables that other shapes share first: together they map
   * a schema pointer to a rule, and a constraint's rule is the entry at its pointer
   * ("/properties/metrics/maxItems") or else the nearest one above it (src/shared/constraint-rules.ts).
   */
  readonly rules: readonly RuleTable[];
}

/** What the request checks know of one operation. */
export interface RequestOperation {
  readonly kind: OperationKind;
  /** The network of a per-network operation. */
  readonly network?: string;
  /** The checks of its JSON request body, when its document says what the body holds. */
  readonly body?: RequestBodyChecks;
}

/** The operations of one version, by key ("POST /2/facebook/metrics"). */
export type RequestOperations = Readonly<Record<string, RequestOperation>>;
