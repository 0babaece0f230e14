/**
 * The published OpenAPI documents say what the default verdict says: a schema keyword that rests
 * on an inferred rule of the register (catalogs/rules.yaml) is not written as a keyword, since
 * any JSON Schema tool would then refuse what the package only warns about. It is moved into the
 * `x-inferred-rules` annotation of its schema object, `[{ rule, keyword, value }]`, which JSON
 * Schema tools ignore. `restoreInferred` puts the keywords back for the package's own validator
 * compilers, which check inferred rules as warnings (errors in strict mode).
 *
 * The rule of a keyword is read as the compilers read it: response schemas through
 * `schemaRule` (validators-rules.ts), request-body schemas through their `x-rule` annotations
 * (spec/shared/README.md). A keyword reached from several places stays a keyword only when it is
 * stated at every one.
 */
import type { OpenApiDocument, Rule } from '../../model/types.js';
import { schemaRule, templateName } from '../validators/validators-rules.js';
import { constrains } from '../../schema/keywords.js';
import { INFERRED_RULES, type InferredKeyword } from '../../schema/inferred.js';
import { children, isObject, type JsonObject } from '../../schema/walk.js';

type Json = JsonObject;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const COMPONENT_PREFIX = '#/components/schemas/';


/** Per schema object: its validating keywords that rest on an inferred rule, with the rule. */
type Findings = Map<Json, Map<string, string>>;

interface Walk {
  doc: OpenApiDocument;
  version: number;
  networks: readonly string[];
  inferred: ReadonlySet<string>;
  findings: Findings;
}

function record(walk: Walk, node: Json, keyword: string, rule: string | undefined): void {
  if (!rule || !walk.inferred.has(rule)) return;
  let keywords = walk.findings.get(node);
  if (!keywords) walk.findings.set(node, (keywords = new Map()));
  keywords.set(keyword, rule);
}

function component(walk: Walk, ref: string): [string, Json] | undefined {
  if (!ref.startsWith(COMPONENT_PREFIX)) return undefined;
  const name = ref.slice(COMPONENT_PREFIX.length);
  const schema = walk.doc.components?.schemas?.[name];
  return isObject(schema) ? [name, schema] : undefined;
}

/** A response schema: the rule of each keyword as the validator rule table reads it. */
function walkResponse(walk: Walk, node: unknown, template: string, pointer: string, seen: Set<Json>): void {
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) if (constrains(key, value)) record(walk, node, key, schemaRule(template, pointer, key, walk.version));
  for (const [sub, at] of children(node, pointer)) walkResponse(walk, sub, template, at, seen);
  const target = typeof node.$ref === 'string' ? component(walk, node.$ref) : undefined;
  if (target && !seen.has(target[1])) {
    seen.add(target[1]);
    walkResponse(walk, target[1], templateName(target[0], walk.networks), '', seen);
  }
}

/**
 * A request-body schema: the rule of each keyword from `x-rule`, inherited by nested schemas. A
 * `$ref` and its siblings are one schema, whose `x-rule` is the siblings' or else the target's
 * (as scripts/generators/validators/request-schemas.ts reads them).
 */
function walkRequest(walk: Walk, node: unknown, inherited: string | undefined, trail: readonly Json[]): void {
  if (!isObject(node) || trail.includes(node)) return;
  const target = typeof node.$ref === 'string' ? component(walk, node.$ref)?.[1] : undefined;
  const annotation = node['x-rule'] ?? target?.['x-rule'];
  const own = typeof annotation === 'string' ? annotation : undefined;
  const byKeyword = isObject(annotation) ? annotation : {};
  const rule = (key: string) => (byKeyword[key] as string | undefined) ?? own ?? inherited;
  for (const part of target ? [target, node] : [node]) {
    for (const [key, value] of Object.entries(part)) if (constrains(key, value)) record(walk, part, key, rule(key));
    for (const [sub] of children(part, '')) walkRequest(walk, sub, own ?? inherited, [...trail, node]);
  }
}

/** Every operation of the document with its request-body and response schemas. */
function* operationSchemas(doc: OpenApiDocument): Generator<{ operationId: string; request?: unknown; responses: [string, unknown][] }> {
  const named = (doc.components?.responses ?? {}) as Record<string, Json>;
  const resolve = (response: unknown) => (isObject(response) && typeof response.$ref === 'string' ? named[response.$ref.replace('#/components/responses/', '')] : response);
  const jsonSchema = (holder: unknown) => (isObject(holder) ? ((holder.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema : undefined);
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const responses = Object.entries((op.responses ?? {}) as Json).map(([status, response]): [string, unknown] => [status, jsonSchema(resolve(response))]);
      yield { operationId: String(op.operationId), request: jsonSchema(op.requestBody), responses };
    }
  }
}

/**
 * The published form of a generated document (a copy): every keyword that rests on an inferred
 * rule moved into the `x-inferred-rules` annotation of its schema object.
 */
export function publishedDocument(doc: OpenApiDocument, version: number, rules: readonly Rule[], networks: readonly string[]): OpenApiDocument {
  const copy = structuredClone(doc);
  const walk: Walk = { doc: copy, version, networks, inferred: new Set(rules.filter((r) => r.level === 'inferred').map((r) => r.id)), findings: new Map() };
  for (const { operationId, request, responses } of operationSchemas(copy)) {
    if (request !== undefined) walkRequest(walk, request, undefined, []);
    for (const [status, schema] of responses) walkResponse(walk, schema, `responses/${operationId}/${status}`, '', new Set());
  }
  // Every component schema on its own too, so that one no operation uses (the twitter posts
  // page, whose path is not shown) publishes no inferred keyword as a real one. A component is
  // read as a response schema (by its template) and as a request schema (by its x-rule); a
  // keyword has a rule in at most one of the two readings.
  for (const [name, schema] of Object.entries(copy.components?.schemas ?? {})) {
    if (!isObject(schema)) continue;
    walkResponse(walk, schema, templateName(name, networks), '', new Set([schema]));
    walkRequest(walk, schema, undefined, []);
  }
  for (const [node, keywords] of walk.findings) {
    const moved: InferredKeyword[] = [];
    for (const [keyword, rule] of keywords) {
      moved.push({ rule, keyword, value: node[keyword] });
      delete node[keyword];
    }
    node[INFERRED_RULES] = moved;
  }
  return copy;
}
