/**
 * Turns the request-body schemas of one version's document as the model builds it (before its
 * inferred keywords are moved into annotations for publishing) into the input of the request
 * validator compiler, and reads the register rule of every constraint from the schemas' `x-rule`
 * annotations (see spec/shared/README.md):
 * - every `$ref` is inlined, so a constraint's place is one JSON pointer into the compiled schema;
 * - the catalog name enums (metric names, dimensions, post, sort and filter fields) become an
 *   `x-names` keyword naming the catalog list; the runtime checks names against the per-network
 *   tables of generated/request-catalog.ts, so the networks of one template share one validator;
 * - the keywords of inferred rules are compiled as keywords (the checks report them as warnings
 *   by default);
 * - documentation keywords and annotations are dropped, and so is `format: date`: its pattern (the
 *   date shape) is compiled, and its calendar day is checked by the runtime
 *   (src/request-checks/schema-problems.ts), so that the compiled code needs no format module.
 * A validating keyword without a rule, or a rule the register does not hold, stops generation.
 */
import type { Limits } from '../../model/types.js';
import { limitOf } from '../openapi/limit-keywords.js';
import { constrains, DOCUMENTARY } from '../../schema/keywords.js';
import { isObject, mapChildren, type JsonObject } from '../../schema/walk.js';
import { RULE_ANNOTATION, ruleKeyFits, ruleScope } from '../../schema/rules.js';

type Json = JsonObject;

/** The catalog list that replaces the enum of a name component, by spec template. */
export const NAME_LISTS: Readonly<Record<string, string>> = {
  NetworkMetricName: 'metrics',
  NetworkDimensionType: 'dimensions',
  NetworkPostField: 'fields',
  NetworkSortField: 'sortable',
  NetworkFilterField: 'filterable',
  NetworkAdvancedFilterField: 'advancedFilter',
};

/** What the runtime needs to report a failed constraint. */
export interface ConstraintRule {
  rule: string;
  /** The API error code when it is not 3 (an exceeded limit of catalogs/limits.yaml). */
  code?: number;
  /**
   * For `oneOf`, and for each constraint of a schema with a `format`: what the value must be, in
   * words.
   */
  expected?: string;
}

/** One compiled request schema and the rules of its constraints, by schema pointer. */
export interface RequestSchema {
  schema: Json;
  rules: Map<string, ConstraintRule>;
  /** Body members in schema order (problems are listed in this order). */
  members: string[];
  /** The body members whose `format: date` the runtime checks (a calendar day). */
  days: string[];
  /** The members the body must hold (its schema's `required`). */
  required: string[];
}

/** The formats the runtime checks beside the compiled pattern of their shape, with that pattern. */
const RUNTIME_FORMATS: Readonly<Record<string, string>> = { date: String.raw`^\d{4}-\d{2}-\d{2}$` };

const FORMAT_WORDS: Readonly<Record<string, string | undefined>> = { date: 'a calendar day in YYYY-MM-DD shape', 'date-time': 'a UTC date-time' };

/** "a string", "a non-empty array of strings", "{field, value}": one oneOf branch in words. */
function branchWords(branch: Json): string {
  if (branch.type === 'string') return 'a string';
  if (branch.type === 'array') {
    const items = isObject(branch.items) ? branchWords(branch.items) : 'values';
    return `${branch.minItems ? 'a non-empty ' : 'an '}array of ${items.replace(/^an? /, '')}s`;
  }
  if (branch.type === 'object' && Array.isArray(branch.required)) return `{${branch.required.join(', ')}}`;
  return String(branch.type ?? 'a value');
}

interface Walk {
  rules: Map<string, ConstraintRule>;
  /** Pointers of the schemas whose `format` the runtime checks. */
  formats: string[];
  components: Json;
  ruleIds: ReadonlySet<string>;
  limits: Limits;
  /** Component name -> the spec template it was made from. */
  templates: ReadonlyMap<string, string>;
  where: string;
}

/** The component a `#/components/schemas/X` reference names, with the list its enum becomes. */
function resolveRef(ref: string, walk: Walk): { schema: Json; names?: string } {
  const name = ref.replace('#/components/schemas/', '');
  const schema = walk.components[name];
  if (!isObject(schema)) throw new Error(`${walk.where}: unresolved reference ${ref}`);
  return { schema, names: NAME_LISTS[walk.templates.get(name) ?? name] };
}

/** Throws unless `rule` is a rule id of the register. */
function checkRule(walk: Walk, at: string, rule: unknown): asserts rule is string {
  if (typeof rule !== 'string') throw new Error(`${walk.where}: no register rule for the schema constraint ${at} (add an x-rule in the spec)`);
  if (!walk.ruleIds.has(rule)) throw new Error(`${walk.where}: ${at} names rule ${rule}, which catalogs/rules.yaml does not hold`);
}

function ruleOf(walk: Walk, at: string, rule: unknown, code?: number, expected?: string): void {
  checkRule(walk, at, rule);
  walk.rules.set(at, { rule, ...(code ? { code } : {}), ...(expected ? { expected } : {}) });
}

/** The compiler schema of `node` at `pointer`; records the rule of each of its constraints. */
function prepare(node: unknown, pointer: string, inherited: string | undefined, walk: Walk): unknown {
  if (!isObject(node)) return node;
  let source = node;
  let names: string | undefined;
  if (typeof source.$ref === 'string') {
    const target = resolveRef(source.$ref, walk);
    const { $ref: _ref, ...siblings } = source;
    source = { ...target.schema, ...siblings };
    names = target.names;
  }
  if (names && Array.isArray(source.enum)) {
    const { enum: _enum, ...rest } = source;
    source = { ...rest, 'x-names': names };
  } else if (names && isObject(source.not) && !Object.keys(source.not).length) {
    // An empty catalog list (`not: {}`, catalog-schemas.ts): the runtime's empty name set refuses
    // every value, under the rule the annotation gives the `not`.
    const { not: _not, ...rest } = source;
    const rule = rest[RULE_ANNOTATION];
    const renamed = isObject(rule) && 'not' in rule ? (({ not, ...others }) => ({ ...others, enum: not }))(rule) : rule;
    source = { ...rest, 'x-names': names, ...(renamed === undefined ? {} : { [RULE_ANNOTATION]: renamed }) };
  }
  const scope = ruleScope(source[RULE_ANNOTATION], inherited);
  const annotation = isObject(source[RULE_ANNOTATION]) ? source[RULE_ANNOTATION] : {};
  const limits = isObject(source['x-limit']) ? source['x-limit'] : {};
  for (const key of scope.keys) {
    if (!ruleKeyFits(source, key) && !(key === 'enum' && 'x-names' in source)) {
      throw new Error(`${walk.where}: x-rule at ${pointer || '/'} names ${key}, which that schema does not have`);
    }
  }
  const compiled = (key: string) => !(key.startsWith('x-') && key !== 'x-names') && !DOCUMENTARY.has(key) && key !== 'format';
  return mapChildren(source, pointer, (sub, at, key, name) => prepare(sub, at, scope.below(key, name), walk), compiled, (key, value, out) => {
    const at = `${pointer}/${key}`;
    if (key === 'format') {
      if (RUNTIME_FORMATS[String(value)] === undefined || source.pattern !== RUNTIME_FORMATS[String(value)]) {
        throw new Error(`${walk.where}: ${at}: format ${String(value)} without the pattern ${RUNTIME_FORMATS[String(value)] ?? '(none known)'} of its shape beside it`);
      }
      ruleOf(walk, at, scope.of('format'), undefined, FORMAT_WORDS[String(value)]);
      walk.formats.push(pointer);
      return;
    }
    if (!compiled(key) || !constrains(key, value)) return;
    const limit = typeof limits[key] === 'string' ? limitOf(walk.limits, limits[key] as string) : undefined;
    const expected = key === 'oneOf' ? (out.oneOf as Json[]).map(branchWords).join(' or ') : FORMAT_WORDS[String(source.format)];
    ruleOf(walk, at, scope.of(key === 'x-names' ? 'enum' : key), limit?.errorCode, expected);
    if (key === 'additionalProperties') {
      for (const [name, rule] of Object.entries(annotation)) if (name.startsWith('additionalProperties/')) ruleOf(walk, `${pointer}/${name}`, rule);
    }
  });
}

/** The compiler input and rule table of one request body schema. */
export function requestSchema(body: Json, components: Json, facts: { ruleIds: ReadonlySet<string>; limits: Limits; templates: ReadonlyMap<string, string>; where: string }): RequestSchema {
  const walk: Walk = { ...facts, rules: new Map(), formats: [], components };
  const schema = prepare(body, '', undefined, walk) as Json;
  const members = isObject(schema.properties) ? Object.keys(schema.properties) : [];
  const rules = new Map([...walk.rules].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const days = walk.formats.map((pointer) => {
    const member = /^\/properties\/([^/]+)$/.exec(pointer)?.[1];
    if (!member) throw new Error(`${facts.where}: format: date at ${pointer}, not a body member (the runtime checks body members only)`);
    return member;
  });
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  return { schema, rules, members, days, required };
}
