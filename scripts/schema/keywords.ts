/**
 * The one JSON Schema keyword vocabulary of the pipeline: which keywords can fail, which hold
 * subschemas (by name or by position), and which only document. Every schema walker of
 * scripts/ reads these sets, so a keyword is known to all of them or to none.
 */

/** Keywords that can fail; every other keyword is structural or an annotation. */
export const VALIDATING: ReadonlySet<string> = new Set([
  'type', 'const', 'enum', 'required', 'additionalProperties', 'dependentRequired', 'pattern', 'format',
  'minItems', 'maxItems', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'anyOf', 'oneOf', 'not', 'uniqueItems', 'minProperties', 'maxProperties', 'multipleOf', 'propertyNames',
  // The request compiler's keyword for a catalog name list (scripts/generators/validators/request-schemas.ts).
  'x-names',
]);

/** Keywords whose value maps names to subschemas. */
export const MAPS: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Keywords whose value is a subschema or a list of them. */
export const SUBSCHEMAS: ReadonlySet<string> = new Set([
  'items', 'prefixItems', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'contains',
  'additionalProperties', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties',
]);

/** OpenAPI-only or purely documentary keywords, which no validator compiles. */
export const DOCUMENTARY: ReadonlySet<string> = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'default', 'discriminator', 'xml', 'externalDocs']);

/** Whether `keyword` with `value` constrains: a validating keyword (`additionalProperties` only when false). */
export function constrains(keyword: string, value: unknown): boolean {
  return VALIDATING.has(keyword) && !(keyword === 'additionalProperties' && value !== false);
}
