/** The shape of generated/request-validators.ts: compiled request-body checks and their rules. */
import type { RuleId } from '../../generated/rule-levels.js';

/** The catalog name lists a request validator checks against, for one version and network. */
export interface NameSets {
  metrics: ReadonlySet<string>;
  dimensions: ReadonlySet<string>;
  fields: ReadonlySet<string>;
  sortable: ReadonlySet<string>;
  filterable: ReadonlySet<string>;
  advancedFilter: ReadonlySet<string>;
}

/** One error of a compiled validator (the members of an ajv error the checks read). */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, any>;
}

/** A standalone ajv validator, called with the name sets of the request's network as `this`. */
export interface BodyValidator {
  (this: NameSets, data: unknown): boolean;
  errors?: SchemaError[] | null;
}

/** The register rule a failed constraint breaks, from the `x-rule` annotations of the spec. */
export interface ConstraintRule {
  rule: RuleId;
  /** The API error code when it is not 3 (an exceeded limit of catalogs/limits.yaml). */
  code?: number;
  /** For `oneOf`, `pattern` and `format`: what the value must be, in words. */
  expected?: string;
}

/** The compiled checks of one request body shape. */
export interface RequestBodyChecks {
  validate: BodyValidator;
  /** Body members in schema order. */
  members: readonly string[];
  /** Schema pointer of a constraint ("/properties/metrics/maxItems") -> its rule. */
  rules: Readonly<Record<string, ConstraintRule>>;
}
