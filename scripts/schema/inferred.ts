/**
 * The `x-inferred-rules` annotation of published schema objects: a keyword that rests on an
 * inferred rule of the register is held there (`[{ rule, keyword, value }]`) rather than as a
 * keyword, so JSON Schema tools do not refuse what the package only warns about. This module
 * reads the annotation back for the package's own compilers; scripts/generators/openapi/
 * openapi-inferred.ts writes it.
 */
import { isObject, type JsonObject } from './walk.js';

type Json = JsonObject;

/** The annotation that holds the keywords of inferred rules. */
export const INFERRED_RULES = 'x-inferred-rules';

/** One keyword moved out of a published schema object. */
export interface InferredKeyword {
  rule: string;
  keyword: string;
  value: unknown;
}

/**
 * `schema` with the keywords of its `x-inferred-rules` annotation back in place (a copy; the
 * schema itself when it has none). Only this schema object: nested ones are restored as they are
 * visited.
 */
export function restoreInferred<T>(schema: T): T {
  if (!isObject(schema) || !Array.isArray(schema[INFERRED_RULES])) return schema;
  const { [INFERRED_RULES]: moved, ...rest } = schema;
  const out: Json = { ...rest };
  for (const entry of moved as InferredKeyword[]) out[entry.keyword] = entry.value;
  return out as T;
}

/**
 * The strict form of a published document (a copy): every `x-inferred-rules` annotation turned
 * back into keywords, at every depth.
 */
export function strictDocument<T>(node: T): T {
  if (Array.isArray(node)) return node.map(strictDocument) as T;
  if (!isObject(node)) return node;
  return Object.fromEntries(Object.entries(restoreInferred(node)).map(([key, value]) => [key, strictDocument(value)])) as T;
}
