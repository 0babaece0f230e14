/**
 * The catalog facts of requests, read from the tables of generated/catalogs.ts (each fact written
 * once there): the request checks' names per version and network, made by the checks for a
 * network on its first use (src/request-checks/name-sets.ts), and, derived at load for the
 * client, the version 2 metric names and aggregations and the error meanings. Each export reads
 * only the tables it needs and a derived one is made by a call marked pure, so that a bundle
 * holds only the tables of what it imports (the `/v2` builders nothing of version 1, the
 * builders no error meaning).
 */
import * as tables from '../../generated/catalogs.js';
import type { Limits, MetricsRequestFacts, PostsRequestFacts } from '../shared/catalog-types.js';
import { mapRecord, own, words } from './words.js';

type Names = Readonly<Record<string, string>>;

/** The tables a version's request facts are made of (generated/catalogs.ts). */
export interface RequestTables {
  readonly metricNames: Names;
  readonly extraDimensions: Readonly<Record<string, Names>>;
  readonly postFields: Names;
  readonly postSort: Readonly<Record<string, boolean>>;
  readonly sortable: Names;
  readonly sortKeys: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  readonly filterable: Names;
  readonly advancedFilter: Names;
  readonly fieldValues: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
}

/** The sort keys of a network's posts: its sortable fields and `<field>.<key>` members, in catalog order (none without `sort`). */
function sortableOf(t: RequestTables, network: string, fields: readonly string[]): string[] {
  if (own(t.postSort, network) !== true) return [];
  const sortable = new Set(words(own(t.sortable, network)));
  const keys = own(t.sortKeys, network) ?? {};
  return fields.flatMap((f) => [...(sortable.has(f) ? [f] : []), ...(own(keys, f) ?? []).map((k) => `${f}.${k}`)]);
}

/** The metric names of `network` in a version and the extra dimensions they allow; undefined for a network without metrics. */
export function metricsRequestFacts(t: RequestTables, network: string): MetricsRequestFacts | undefined {
  const names = own(t.metricNames, network);
  if (names === undefined) return undefined;
  const extras = own(t.extraDimensions, network);
  return { names: words(names), ...(extras ? { extraDimensions: mapRecord(extras, words) } : {}) };
}

/** The post fields of `network` in a version and what a request may do with them; undefined for a network without posts. */
export function postsRequestFacts(t: RequestTables, network: string): PostsRequestFacts | undefined {
  const text = own(t.postFields, network);
  if (text === undefined) return undefined;
  const fields = words(text);
  const values = own(t.fieldValues, network);
  return {
    fields,
    ...(values ? { fieldValues: values } : {}),
    sortable: sortableOf(t, network, fields),
    filterable: words(own(t.filterable, network)),
    advancedFilter: words(own(t.advancedFilter, network)),
  };
}

/** The request limits (catalogs/limits.yaml). */
export const requestLimits: Limits = tables.limits;

/** The base dimensions (every v2 metric supports them). */
export const baseDimensionNames: readonly string[] = /* @__PURE__ */ words(tables.dimensionNames);

/** The extra dimensions of any metric. */
export const extraDimensionNames: readonly string[] = /* @__PURE__ */ words(tables.extraDimensionNames);

/**
 * Version 1's tables of request facts (no dimension): read per network by
 * {@link metricsRequestFacts} and {@link postsRequestFacts} on its first use, not at load.
 */
export const v1RequestTables: RequestTables = {
  metricNames: tables.v1MetricNames,
  extraDimensions: tables.v1MetricExtraDimensions,
  postFields: tables.v1PostFields,
  postSort: tables.v1PostSort,
  sortable: tables.v1PostSortable,
  sortKeys: tables.v1PostSortKeys,
  filterable: tables.v1PostFilterable,
  advancedFilter: tables.v1PostAdvancedFilter,
  fieldValues: tables.v1PostFieldValues,
};

/** Version 2's tables of request facts: the metric names with their extra dimensions, the post field lists. */
export const v2RequestTables: RequestTables = {
  metricNames: tables.v2MetricNames,
  extraDimensions: tables.v2MetricExtraDimensions,
  postFields: tables.v2PostFields,
  postSort: tables.v2PostSort,
  sortable: tables.v2PostSortable,
  sortKeys: tables.v2PostSortKeys,
  filterable: tables.v2PostFilterable,
  advancedFilter: tables.v2PostAdvancedFilter,
  fieldValues: tables.v2PostFieldValues,
};

/** Version 2: per network the metric names (the client merges split answers by them). */
export const v2MetricNames: Readonly<Record<string, readonly string[]>> = /* @__PURE__ */ mapRecord(tables.v2MetricNames, words);

/** Version 2, per network: the metrics that aggregate by `sum` (every other one by `avg`). */
export const v2SumMetrics: Readonly<Record<string, readonly string[]>> = /* @__PURE__ */ mapRecord(tables.v2MetricNames, (names, network) => {
  const aggregations = words(own(tables.v2MetricAggregations, network));
  return words(names).filter((_, i) => aggregations[i] === 'sum');
});

/** API error code -> its meaning (the client names the codes of a failure). */
export const errorMeanings: Readonly<Record<number, string>> = /* @__PURE__ */ Object.fromEntries(tables.errorCodes.map((code, i) => [code, tables.errorMeanings[i]]));
