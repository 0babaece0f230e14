/**
 * The one schema walker of the pipeline: the subschemas of a schema object with their JSON
 * pointers, by the vocabulary of keywords.ts. Walkers that differ in what they do at each node
 * (record rules, move inferred keywords, copy for a compiler) share this step.
 */
import { childPointer } from '../../src/shared/pointer.js';
import { isPlainObject } from '../../src/shared/values.js';
import { MAPS, SUBSCHEMAS } from './keywords.js';

export type JsonObject = Record<string, unknown>;

export { isPlainObject as isObject };

/** The subschemas one keyword holds: its value, its pointer (under `pointer`), its name under a map keyword (`properties`). */
export function* keywordChildren(key: string, value: unknown, pointer: string): Generator<[unknown, string, string?]> {
  if (MAPS.has(key) && isPlainObject(value)) {
    for (const [name, sub] of Object.entries(value)) yield [sub, childPointer(`${pointer}/${key}`, name), name];
  } else if (SUBSCHEMAS.has(key)) {
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield [value[i], `${pointer}/${key}/${i}`];
    else yield [value, `${pointer}/${key}`];
  }
}

/** Each subschema of `node`, keyword by keyword: its value and its pointer (under `pointer`). */
export function* children(node: JsonObject, pointer: string): Generator<[unknown, string, string?]> {
  for (const [key, value] of Object.entries(node)) yield* keywordChildren(key, value, pointer);
}

/**
 * `node` copied, each subschema replaced by `map(sub, pointer, key, name)` (`name`: its member
 * name under a map keyword such as `properties`) and every other keyword kept as
 * is (data-valued keywords such as `enum`, `required` untouched); keys for which `keep` is false
 * are left out. `after(key, value, out)` is called for every key in order, once the key (and what
 * it holds) is copied.
 */
export function mapChildren(
  node: JsonObject,
  pointer: string,
  map: (sub: unknown, pointer: string, key: string, name?: string) => unknown,
  keep: (key: string) => boolean = () => true,
  after?: (key: string, value: unknown, out: JsonObject) => void,
): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (!keep(key)) {
      after?.(key, value, out);
      continue;
    }
    if (MAPS.has(key) && isPlainObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, map(sub, childPointer(`${pointer}/${key}`, name), key, name)]));
    } else if (SUBSCHEMAS.has(key)) {
      out[key] = Array.isArray(value) ? value.map((sub, i) => map(sub, `${pointer}/${key}/${i}`, key)) : map(value, `${pointer}/${key}`, key);
    } else {
      out[key] = value;
    }
    after?.(key, value, out);
  }
  return out;
}
