/**
 * Turns one generated OpenAPI document into the JSON Schema 2020-12 input of the validator
 * compiler: the document's component schemas, each cleaned of OpenAPI-only and documentation
 * keywords and given its own `$id` (`$ref`s rewritten to those ids), and the list of response
 * schemas per operation and HTTP status.
 */

import { DOCUMENTARY } from '../../schema/keywords.js';
import { RULE_ANNOTATION } from '../../schema/rules.js';
import { isObject, mapChildren, type JsonObject } from '../../schema/walk.js';

const COMPONENT_PREFIX = '#/components/schemas/';

type Json = unknown;

/**
 * A copy of `schema` without OpenAPI-only keywords (`example`, `examples`, `x-*` but `x-rule`,
 * which the rule table reads and {@link withoutRules} drops before compiling) and with component
 * references `#/components/schemas/X` rewritten to `<refBase>X`. Data-valued keywords (`enum`,
 * `const`, `default`, `required`, ...) are copied untouched. `schema` is the model's, whose
 * keywords of inferred rules are keywords: the validators check them (as warnings by default).
 */
export function cleanSchema(schema: Json, refBase: string): Json {
  const clean = (sub: Json) => cleanSchema(sub, refBase);
  if (typeof schema === 'boolean') return schema;
  if (!isObject(schema)) throw new Error(`expected a schema object, got ${JSON.stringify(schema)}`);
  const out = mapChildren(schema, '', clean, (key) => !DOCUMENTARY.has(key) && (!key.startsWith('x-') || key === RULE_ANNOTATION));
  if (typeof out.$ref === 'string' && out.$ref.startsWith(COMPONENT_PREFIX)) out.$ref = `${refBase}${out.$ref.slice(COMPONENT_PREFIX.length)}`;
  return out;
}

/** One documented response of one operation. */
export interface ResponseSchema {
  /** "POST /2/facebook/metrics" */
  operation: string;
  operationId: string;
  /** "200", "400", ... */
  status: string;
  /** The cleaned response body schema. */
  schema: JsonObject;
  /** Name of the component the schema is, when it is a plain reference (`FailureBody`). */
  component?: string;
  /** For a 200 `oneOf: [success, FailureBody]`: the component name of the success branch. */
  success?: string;
}

/** The compiler input of one version. */
export interface VersionSchemas {
  version: number;
  /** Base URI of the version's schemas: component X has `$id` `<base>X`. */
  base: string;
  /** Cleaned component schemas by name, each with its own `$id`, in name order. */
  components: Map<string, JsonObject>;
  responses: ResponseSchema[];
}

function resolveResponse(doc: JsonObject, response: Json, where: string): JsonObject {
  if (isObject(response) && typeof response.$ref === 'string') {
    const name = response.$ref.replace('#/components/responses/', '');
    const target = (doc.components as JsonObject | undefined)?.responses as JsonObject | undefined;
    if (!target || !isObject(target[name])) throw new Error(`${where}: unresolved response reference ${response.$ref}`);
    return target[name] as JsonObject;
  }
  if (!isObject(response)) throw new Error(`${where}: response is not an object`);
  return response;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every `$ref` target of a schema, not following the references. */
export function refTargets(schema: Json, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) refTargets(item, out);
  else if (isObject(schema)) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') out.add(value);
      else refTargets(value, out);
    }
  }
  return out;
}

/** `schema` with every reference replaced by a copy of its target (without `$id`); components are not recursive. */
function dereference(schema: Json, components: Map<string, JsonObject>, base: string, trail: string[]): Json {
  if (Array.isArray(schema)) return schema.map((item) => dereference(item, components, base, trail));
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith(base)) {
    const name = schema.$ref.slice(base.length);
    const target = components.get(name);
    if (!target || trail.includes(name)) throw new Error(`cannot inline reference ${schema.$ref} (${trail.join(' > ')})`);
    // The reference's siblings (its `x-rule`) are the schema's at this place.
    const { $id: _id, ...rest } = target;
    const { $ref: _ref, ...siblings } = schema;
    return dereference({ ...rest, ...siblings }, components, base, [...trail, name]);
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'enum' || key === 'const' || key === 'required' ? value : dereference(value, components, base, trail)]));
}

/**
 * A component that another one references is compiled inline (ajv inlines reference-free
 * schemas), so the `schemaPath` of its errors names it: `<base>FacebookPost/properties/...`.
 * Its own references (a post's `post_labels` items) are copied into it for that.
 */
function inlineNestedRefs(components: Map<string, JsonObject>, base: string): void {
  const referenced = new Set<string>();
  for (const schema of components.values()) for (const ref of refTargets(schema)) if (ref.startsWith(base)) referenced.add(ref.slice(base.length));
  for (const name of referenced) {
    const schema = components.get(name);
    if (schema && refTargets(schema).size) components.set(name, { ...(dereference({ ...schema, $id: undefined }, components, base, [name]) as JsonObject), $id: schema.$id });
  }
}

/** `schema` without its `x-rule` annotations, at every depth: what the compiler reads. */
export function withoutRules(schema: Json): Json {
  if (!isObject(schema)) return schema;
  return mapChildren(schema, '', (sub) => withoutRules(sub), (key) => key !== RULE_ANNOTATION);
}

/** Reads the compiler input of one generated OpenAPI document. */
export function versionSchemas(doc: JsonObject, version: number): VersionSchemas {
  const base = `https://social-analytics-api.invalid/v${version}/schemas/`;
  const componentOf = (schema: JsonObject) =>
    typeof schema.$ref === 'string' && schema.$ref.startsWith(base) && Object.keys(schema).length === 1 ? schema.$ref.slice(base.length) : undefined;
  const raw = ((doc.components as JsonObject | undefined)?.schemas ?? {}) as JsonObject;
  const components = new Map<string, JsonObject>();
  for (const name of Object.keys(raw).sort()) {
    const cleaned = cleanSchema(raw[name], base);
    components.set(name, typeof cleaned === 'boolean' ? { $id: `${base}${name}`, ...(cleaned ? {} : { not: {} }) } : { $id: `${base}${name}`, ...(cleaned as JsonObject) });
  }
  inlineNestedRefs(components, base);
  const responses: ResponseSchema[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as JsonObject)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const operation = `${method.toUpperCase()} ${path}`;
      const operationId = String(op.operationId);
      for (const [status, rawResponse] of Object.entries((op.responses ?? {}) as JsonObject)) {
        const response = resolveResponse(doc, rawResponse, `${operation} ${status}`);
        const content = (response.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined;
        if (!content || !isObject(content.schema)) throw new Error(`${operation} ${status}: no application/json schema`);
        const schema = cleanSchema(content.schema, base) as JsonObject;
        const branches = Array.isArray(schema.oneOf) ? (schema.oneOf as JsonObject[]) : [];
        const success = branches.map(componentOf).find((name) => name !== undefined && name !== 'FailureBody');
        responses.push({ operation, operationId, status, schema, component: componentOf(schema), success });
      }
    }
  }
  return { version, base, components, responses };
}
