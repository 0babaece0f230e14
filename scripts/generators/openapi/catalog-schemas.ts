/** JSON Schemas derived from catalog entries, shared by the OpenAPI bundle and its examples. */
import type { Metric, Model, PostCatalog, PostField, ResponseMember, VersionModel } from '../../model/types.js';
import { advancedFilterNames, filterableNames, sortableNames } from '../../model/types.js';
import { DAY_TIME_PATTERN, UTC_DATE_TIME_PATTERN } from '../../../src/calendar/date-times.js';

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
  ]);
}

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

export function postFieldSchema(f: PostField | ResponseMember): Record<string, unknown> {
  const field = f as Partial<PostField>;
  let schema: Record<string, unknown>;
  switch (f.type) {
    case 'datetime':
      schema = { type: 'string', format: 'date-time', pattern: UTC_DATE_TIME_PATTERN };
      break;
    case 'array':
      schema = { type: 'array', items: field.items ?? {} };
      break;
    case 'object':
      schema = field.properties ? { type: 'object', properties: field.properties } : { type: 'object' };
      break;
    case 'string':
      schema = field.enum ? { type: 'string', enum: field.enum } : { type: 'string' };
      break;
    default:
      schema = { type: f.type };
  }
  return withDescription(schema, postFieldDescription(f), field.deprecated);
}

export function postSchema(catalog: PostCatalog, network: string): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const f of catalog.fields) properties[f.name] = postFieldSchema(f);
  for (const m of catalog.responseMembers) properties[m.name] = postFieldSchema(m);
  return {
    type: 'object',
    description: `A ${network} post. It holds only the requested fields${catalog.responseMembers.length ? ` (and ${catalog.responseMembers.map((m) => m.name).join(', ')})` : ''}.`,
    properties,
    additionalProperties: false,
  };
}

export function metricValueSchema(m: Metric): Record<string, unknown> {
  const schema: Record<string, unknown> =
    m.type === 'object' ? { type: 'object', description: '' } : { type: m.type };
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
  | 'filter-field' | 'advanced-filter-field' | 'post' | 'day-record' | 'sort-parameter';

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
  const { ['x-catalog']: _drop, ['x-per-network']: _drop2, ...rest } = node;
  const enumOf = (values: string[]) => ({ ...rest, type: 'string', enum: values });
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
      return postSchema(posts, network);
    case 'day-record':
      return dayRecordSchema(metrics, network);
    case 'sort-parameter':
      return posts.sort ? rest : undefined;
  }
}
