/** JSON Schemas derived from catalog entries, shared by the OpenAPI bundle and its examples. */
import type { Metric, Model, PostCatalog, PostField, ResponseMember, VersionModel } from '../../model/types.js';
import { advancedFilterNames, filterableNames, sortableNames } from '../../model/types.js';
import { DAY_TIME_PATTERN, UTC_DATE_TIME_PATTERN } from '../../../src/shared/date-time-patterns.js';
import { RULE_ANNOTATION, ruleKeyFits } from '../../schema/rules.js';
import { isObject, mapChildren } from '../../schema/walk.js';

const UNIT_TEXT = { seconds: 'In seconds.', minutes: 'In minutes.', milliseconds: 'In milliseconds.' };

function describe(parts: (string | undefined | false)[]): string | undefined {
  const text = parts.filter(Boolean).join(' ');
  return text || undefined;
}

export function metricDescription(m: Metric): string | undefined {
  return describe([
    m.description,
    m.note,
    m.unit && UNIT_TEXT[m.unit],
    m.aggregation && `Aggregation: ${m.aggregation}.`,
    m.extraDimensions.length > 0 && `Extra dimensions: ${m.extraDimensions.join(', ')}.`,
    m.insightsOnly && 'Only for profiles with insights_enabled.',
    m.deprecated && 'No longer supported.',
    m.mayReturnNoData && NO_DATA_TEXT,
  ]);
}

/** What a metric that may return no data says of its null value. */
const NO_DATA_TEXT = 'May be null (no data); a null is the inferred rule shared.metrics.no-data-value, a warning unless strict.';

export function postFieldDescription(f: PostField | ResponseMember): string | undefined {
  const field = f as Partial<PostField>;
  return describe([
    f.description,
    field.unit && UNIT_TEXT[field.unit],
    field.insightsOnly && 'Only for profiles with insights_enabled.',
    field.videoOnly && 'Absent from a post that is not a video.',
    field.deprecated && 'No longer supported.',
  ]);
}

function withDescription(schema: Record<string, unknown>, description: string | undefined, deprecated?: boolean) {
  if (description) schema.description = description;
  if (deprecated) schema.deprecated = true;
  return schema;
}

/**
 * The `x-rule`s of what the `post` directive writes from the catalog, by role, as the spec's
 * `x-catalog-rules` gives them (spec/shared/components/schemas/NetworkPost.yaml): a datetime
 * field, a member inside a field's value (and what it holds), a reference inside a field's value.
 */
export interface PostRules {
  datetime?: unknown;
  member?: unknown;
  reference?: unknown;
}

/** `node` (a field's value as the catalog writes it) with the rule of each role attached; `inMember`: below a member. */
function withPostRules(node: unknown, rules: PostRules, inMember: boolean): unknown {
  if (!isObject(node)) return node;
  const role = typeof node.$ref === 'string' ? rules.reference : inMember ? rules.member : undefined;
  const out = mapChildren(node, '', (sub, _at, key) => withPostRules(sub, rules, inMember || key === 'properties'));
  // A member's rule of a keyword goes where the keyword is (a member without a `type` takes none);
  // a reference's are its target's keywords.
  const fits = isObject(role) && typeof node.$ref !== 'string' ? Object.fromEntries(Object.entries(role).filter(([key]) => key === '*' || ruleKeyFits(node, key))) : role;
  return fits === undefined || (isObject(fits) && !Object.keys(fits).length) ? out : { ...out, [RULE_ANNOTATION]: fits };
}

export function postFieldSchema(f: PostField | ResponseMember, rules: PostRules = {}): Record<string, unknown> {
  const field = f as Partial<PostField>;
  let schema: Record<string, unknown>;
  switch (f.type) {
    case 'datetime':
      schema = { type: 'string', format: 'date-time', pattern: UTC_DATE_TIME_PATTERN, ...(rules.datetime === undefined ? {} : { [RULE_ANNOTATION]: rules.datetime }) };
      break;
    case 'array':
      schema = withPostRules({ type: 'array', items: field.items ?? {} }, rules, false) as Record<string, unknown>;
      break;
    case 'object':
      schema = field.properties ? (withPostRules({ type: 'object', properties: field.properties }, rules, false) as Record<string, unknown>) : { type: 'object' };
      break;
    case 'string':
      schema = field.enum ? { type: 'string', enum: field.enum } : { type: 'string' };
      break;
    default:
      schema = { type: f.type };
  }
  return withDescription(schema, postFieldDescription(f), field.deprecated);
}

export function postSchema(catalog: PostCatalog, network: string, rules: PostRules = {}): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const f of catalog.fields) properties[f.name] = postFieldSchema(f, rules);
  for (const m of catalog.responseMembers) properties[m.name] = postFieldSchema(m, rules);
  return {
    type: 'object',
    description: `A ${network} post. It holds only the requested fields${catalog.responseMembers.length ? ` (and ${catalog.responseMembers.map((m) => m.name).join(', ')})` : ''}.`,
    properties,
    additionalProperties: false,
  };
}

export function metricValueSchema(m: Metric): Record<string, unknown> {
  const type = m.mayReturnNoData ? [m.type, 'null'] : m.type;
  const schema: Record<string, unknown> =
    m.type === 'object' ? { type, description: '' } : { type };
  const text = describe([m.type === 'object' && 'Breakdown map; its keys and value types are not shown in the source documents.', metricDescription(m)]);
  if (text) schema.description = text;
  else delete schema.description;
  if (m.deprecated) schema.deprecated = true;
  return schema;
}

export function dayRecordSchema(metrics: Metric[], network: string): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    date: { type: 'string', pattern: DAY_TIME_PATTERN, description: 'Midnight of the day in the profile timezone, YYYY-MM-DD HH:MM:SS.' },
  };
  for (const m of metrics) properties[m.name] = metricValueSchema(m);
  return {
    type: 'object',
    description: `The ${network} metrics of one profile on one day: date plus one member per requested metric.`,
    required: ['date'],
    properties,
    additionalProperties: false,
  };
}

/**
 * The catalog facts of each metric, for the `x-metrics` extension beside the metric-name enum:
 * a reader of the OpenAPI document alone (or a tool generating from it) keeps the value type,
 * aggregation, extra dimensions, insights-only flag, unit and description of every name.
 */
export function metricFacts(metrics: Metric[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    metrics.map((m) => [
      m.name,
      {
        type: m.type,
        ...(m.aggregation ? { aggregation: m.aggregation, extraDimensions: [...m.extraDimensions] } : {}),
        insightsOnly: m.insightsOnly,
        ...(m.unit ? { unit: m.unit } : {}),
        ...(m.deprecated ? { deprecated: true } : {}),
        ...(m.mayReturnNoData ? { mayReturnNoData: true } : {}),
        ...(describe([m.description, m.note]) ? { description: describe([m.description, m.note]) } : {}),
      },
    ]),
  );
}

/** Base dimensions then the extra dimensions any metric of the network allows, sorted. */
export function networkDimensions(model: Model, metrics: Metric[]): string[] {
  const extras = new Set(metrics.flatMap((m) => m.extraDimensions));
  return [...model.dimensions.map((d) => d.name), ...model.extraDimensions.map((d) => d.name).filter((d) => extras.has(d))];
}

export type Directive =
  | 'network' | 'metric-name' | 'dimension-type' | 'header-type' | 'post-field' | 'sort-field'
  | 'filter-field' | 'advanced-filter-field' | 'post' | 'day-record' | 'sort-parameter' | 'metric-value';

/**
 * The schema of a name list with no name (a network with no filterable post field): no value is
 * allowed, as `not: {}` says (JSON Schema wants at least one value in an `enum`); the rule the
 * annotation gives the `enum` goes to the `not`.
 */
function noValue(node: Record<string, unknown>): Record<string, unknown> {
  const rule = node[RULE_ANNOTATION];
  if (!isObject(rule) || !('enum' in rule)) return { ...node, type: 'string', not: {} };
  const { enum: enumRule, ...others } = rule;
  return { ...node, type: 'string', not: {}, [RULE_ANNOTATION]: { ...others, not: enumRule } };
}

/**
 * The items of a v2 metrics `data` (a value or an array of the next level): null is added to the
 * node's types where a metric of the network may return no data, and the description names them.
 */
function metricValueItems(node: Record<string, unknown>, metrics: Metric[]): Record<string, unknown> {
  const noData = metrics.filter((m) => m.mayReturnNoData).map((m) => m.name);
  if (!noData.length) return node;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  return {
    ...node,
    type: [...types, 'null'],
    description: `A value or an array of the next level; null only for ${noData.join(' and ')}, which may return no data (a null is the inferred rule shared.metrics.no-data-value, a warning unless strict).`,
  };
}

/** Resolves one `x-catalog` directive for a network; returns undefined to drop the node. */
export function resolveDirective(
  directive: Directive,
  model: Model,
  vm: VersionModel,
  network: string,
  node: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const metrics = vm.metrics[network];
  const posts = vm.posts[network];
  const { ['x-catalog']: _drop, ['x-per-network']: _drop2, ['x-catalog-rules']: catalogRules, ...rest } = node;
  // The rule annotation of the directive's node stays on the schema it becomes.
  const rule = node[RULE_ANNOTATION] === undefined ? {} : { [RULE_ANNOTATION]: node[RULE_ANNOTATION] };
  const enumOf = (values: string[]) => (values.length ? { ...rest, type: 'string', enum: values } : noValue(rest));
  switch (directive) {
    case 'network':
      return enumOf(vm.networks);
    case 'metric-name':
      return { ...enumOf(metrics.map((m) => m.name)), 'x-metrics': metricFacts(metrics) };
    case 'dimension-type':
      return enumOf(networkDimensions(model, metrics));
    case 'header-type':
      return enumOf([...networkDimensions(model, metrics), 'metric']);
    case 'post-field':
      return enumOf(posts.fields.map((f) => f.name));
    case 'sort-field':
      return posts.sort ? enumOf(sortableNames(posts)) : undefined;
    case 'filter-field':
      return enumOf(filterableNames(posts));
    case 'advanced-filter-field':
      return enumOf(advancedFilterNames(posts));
    case 'post':
      return { ...postSchema(posts, network, isObject(catalogRules) ? catalogRules : {}), ...rule };
    case 'day-record':
      return { ...dayRecordSchema(metrics, network), ...rule };
    case 'sort-parameter':
      return posts.sort ? rest : undefined;
    case 'metric-value':
      return metricValueItems(rest, metrics);
  }
}
