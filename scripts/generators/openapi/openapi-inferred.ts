/**
 * The published OpenAPI documents say what the default verdict says: a schema keyword that rests
 * on an inferred rule of the register (catalogs/rules.yaml) is not written as a keyword, since
 * any JSON Schema tool would then refuse what the package only warns about. It is moved into the
 * `x-inferred-rules` annotation of its schema object, `[{ rule, keyword, value }]`, which JSON
 * Schema tools ignore. Nothing reads the annotation back: the package's own compilers and the
 * types read the model's documents (openapi-bundle.ts), where these keywords are keywords, and
 * check inferred rules as warnings (errors in strict mode).
 *
 * The rule of a keyword is read as the compilers read it, from the `x-rule` annotations of request
 * and response schemas alike (scripts/schema/rules.ts, spec/shared/README.md). A keyword reached
 * from several places stays a keyword only when it is stated at every one.
 */
import type { OpenApiDocument, Rule } from '../../model/types.js';
import { constrains } from '../../schema/keywords.js';
import { RULE_ANNOTATION, ruleKeyFits, ruleScope } from '../../schema/rules.js';
import { isObject, keywordChildren, type JsonObject } from '../../schema/walk.js';

type Json = JsonObject;

/** The annotation that holds the keywords of inferred rules in a published schema object. */
export const INFERRED_RULES = 'x-inferred-rules';

/** One keyword moved out of a published schema object. */
export interface InferredKeyword {
  rule: string;
  keyword: string;
  value: unknown;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const COMPONENT_PREFIX = '#/components/schemas/';


/** Per schema object: its validating keywords that rest on an inferred rule, with the rule. */
type Findings = Map<Json, Map<string, string>>;

interface Walk {
  doc: OpenApiDocument;
  version: number;
  inferred: ReadonlySet<string>;
  findings: Findings;
}

function record(walk: Walk, node: Json, keyword: string, rule: string | undefined): void {
  if (!rule || !walk.inferred.has(rule)) return;
  let keywords = walk.findings.get(node);
  if (!keywords) walk.findings.set(node, (keywords = new Map()));
  keywords.set(keyword, rule);
}

function component(walk: Walk, ref: string): Json | undefined {
  if (!ref.startsWith(COMPONENT_PREFIX)) return undefined;
  const schema = walk.doc.components?.schemas?.[ref.slice(COMPONENT_PREFIX.length)];
  return isObject(schema) ? schema : undefined;
}

/**
 * A schema: the rule of each keyword from `x-rule` (scripts/schema/rules.ts), inherited by nested
 * schemas. A `$ref` and its siblings are one schema, whose `x-rule` is the siblings' or else the
 * target's (as the request and response compilers read them).
 */
function walkSchema(walk: Walk, node: unknown, inherited: string | undefined, trail: readonly Json[], pointer: string): void {
  if (!isObject(node) || trail.includes(node)) return;
  const target = typeof node.$ref === 'string' ? component(walk, node.$ref) : undefined;
  const scope = ruleScope(node[RULE_ANNOTATION] ?? target?.[RULE_ANNOTATION], inherited);
  const misfit = scope.keys.find((key) => !ruleKeyFits({ ...target, ...node }, key));
  if (misfit) throw new Error(`openapi v${walk.version}: ${pointer}: x-rule names ${misfit}, which that schema does not have`);
  for (const part of target ? [target, node] : [node]) {
    for (const [key, value] of Object.entries(part)) if (constrains(key, value)) record(walk, part, key, scope.of(key));
    for (const [key, value] of Object.entries(part)) for (const [sub, at, name] of keywordChildren(key, value, pointer)) walkSchema(walk, sub, scope.below(key, name), [...trail, node], at);
  }
}

/** Every operation of the document with its request-body and response schemas. */
function* operationSchemas(doc: OpenApiDocument): Generator<{ where: string; request?: unknown; responses: [string, unknown][] }> {
  const named = (doc.components?.responses ?? {}) as Record<string, Json>;
  const resolve = (response: unknown) => (isObject(response) && typeof response.$ref === 'string' ? named[response.$ref.replace('#/components/responses/', '')] : response);
  const jsonSchema = (holder: unknown) => (isObject(holder) ? ((holder.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema : undefined);
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const responses = Object.entries((op.responses ?? {}) as Json).map(([status, response]): [string, unknown] => [status, jsonSchema(resolve(response))]);
      yield { where: `${method.toUpperCase()} ${path}`, request: jsonSchema(op.requestBody), responses };
    }
  }
}

/**
 * The published form of a generated document (a copy): every keyword that rests on an inferred
 * rule moved into the `x-inferred-rules` annotation of its schema object.
 */
export function publishedDocument(doc: OpenApiDocument, version: number, rules: readonly Rule[]): OpenApiDocument {
  const copy = structuredClone(doc);
  const walk: Walk = { doc: copy, version, inferred: new Set(rules.filter((r) => r.level === 'inferred').map((r) => r.id)), findings: new Map() };
  for (const { where, request, responses } of operationSchemas(copy)) {
    if (request !== undefined) walkSchema(walk, request, undefined, [], `${where} request body`);
    for (const [status, schema] of responses) walkSchema(walk, schema, undefined, [], `${where} ${status}`);
  }
  // Every component schema on its own too, so that one no operation uses (the twitter posts
  // page, whose path is not shown) publishes no inferred keyword as a real one.
  for (const [name, schema] of Object.entries(copy.components?.schemas ?? {})) walkSchema(walk, schema, undefined, [], `#/components/schemas/${name}`);
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
