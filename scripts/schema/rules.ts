/**
 * The one reading of the `x-rule` annotation, which attaches a register rule (catalogs/rules.yaml)
 * to the validating keywords of a schema, request and response schemas alike
 * (spec/shared/README.md):
 * - `x-rule: <rule id>`: every keyword of the schema and of the schemas inside it;
 * - `x-rule: { <keyword>: <rule id>, ... }`: that keyword of this schema only; `'*'` every other
 *   keyword of this schema and of the schemas inside it; `properties/<member>` every keyword of
 *   that member's schema and of the schemas inside it; `additionalProperties/<member>` one member
 *   the request checks refuse by name (read by the request compiler).
 * A keyword without a rule inherits the nearest one given above it.
 */
import { isObject } from './walk.js';

/** The annotation that names the register rule of a schema's keywords. */
export const RULE_ANNOTATION = 'x-rule';

/** The rules one schema object gives: of its own keywords, and what the schemas inside it inherit. */
export interface RuleScope {
  /** The rule of `keyword` of this schema (undefined: none given here nor above). */
  of(keyword: string): string | undefined;
  /** The rule the subschema under `key` (`properties`, `items`, ...) and `name` (a member) inherits. */
  below(key: string, name?: string): string | undefined;
  /** The keys the annotation names (`type`, `properties/date`, ...), to check against the schema. */
  readonly keys: readonly string[];
}

/** The scope of `annotation` (the schema's `x-rule`, or undefined) under the `inherited` rule. */
export function ruleScope(annotation: unknown, inherited: string | undefined): RuleScope {
  const byKey = isObject(annotation) ? (annotation as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const own = text(annotation) ?? text(byKey['*']) ?? inherited;
  return {
    of: (keyword) => text(byKey[keyword]) ?? own,
    below: (key, name) => (key === 'properties' && name !== undefined ? text(byKey[`properties/${name}`]) : undefined) ?? own,
    keys: Object.keys(byKey).filter((key) => key !== '*'),
  };
}

/** Whether an annotation key names something `schema` has: a keyword, or a member of `properties`/`additionalProperties`. */
export function ruleKeyFits(schema: Record<string, unknown>, key: string): boolean {
  const [keyword, member] = key.split('/');
  if (keyword === 'properties') return member !== undefined && isObject(schema.properties) && member in schema.properties;
  return keyword in schema;
}
