/**
 * The catalog facts of requests, derived at load from the tables of generated/catalogs.ts (each
 * fact written once there): the request checks' names per version, and for the client the
 * version 2 metric names and aggregations and the error meanings. Each export reads only the
 * tables it needs and is made by a call marked pure, so that a bundle holds only the tables of
 * what it imports (the `/v2` builders nothing of version 1, the builders no error meaning).
 */
import * as tables from '../../generated/catalogs.js';
import type { Limits, PostsRequestFacts, RequestCatalogVersion } from './types.js';
import { mapRecord, own, words } from './words.js';

type Names = Readonly<Record<string, string>>;

/** The tables a version's request facts are made of. */
interface RequestTables {
  metricNames: Names;
  extraDimensions: Readonly<Record<string, Names>>;
  postFields: Names;
  postSort: Readonly<Record<string, boolean>>;
  sortable: Names;
  sortKeys: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  filterable: Names;
  advancedFilter: Names;
  fieldValues: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
}

/** The sort keys of a network's posts: its sortable fields and `<field>.<key>` members, in catalog order (none without `sort`). */
function sortableOf(t: RequestTables, network: string, fields: readonly string[]): string[] {
  if (own(t.postSort, network) !== true) return [];
  const sortable = new Set(words(own(t.sortable, network)));
  const keys = own(t.sortKeys, network) ?? {};
  return fields.flatMap((f) => [...(sortable.has(f) ? [f] : []), ...(own(keys, f) ?? []).map((k) => `${f}.${k}`)]);
}

function requestCatalog(t: RequestTables): RequestCatalogVersion {
  return {
    metrics: mapRecord(t.metricNames, (names, network) => {
      const extras = own(t.extraDimensions, network);
      return { names: words(names), ...(extras ? { extraDimensions: mapRecord(extras, words) } : {}) };
    }),
    posts: mapRecord(t.postFields, (text, network): PostsRequestFacts => {
      const fields = words(text);
      const values = own(t.fieldValues, network);
      return {
        fields,
        ...(values ? { fieldValues: values } : {}),
        sortable: sortableOf(t, network, fields),
        filterable: words(own(t.filterable, network)),
        advancedFilter: words(own(t.advancedFilter, network)),
      };
    }),
  };
}

/** The request limits (catalogs/limits.yaml). */
export const requestLimits: Limits = tables.limits;

/** The base dimensions (every v2 metric supports them). */
export const baseDimensionNames: readonly string[] = /* @__PURE__ */ words(tables.dimensionNames);

/** The extra dimensions of any metric. */
export const extraDimensionNames: readonly string[] = /* @__PURE__ */ words(tables.extraDimensionNames);

/** Version 1: per network the metric names and the post field lists. */
export const v1RequestCatalog: RequestCatalogVersion = /* @__PURE__ */ requestCatalog({
  metricNames: tables.v1MetricNames,
  extraDimensions: tables.v1MetricExtraDimensions,
  postFields: tables.v1PostFields,
  postSort: tables.v1PostSort,
  sortable: tables.v1PostSortable,
  sortKeys: tables.v1PostSortKeys,
  filterable: tables.v1PostFilterable,
  advancedFilter: tables.v1PostAdvancedFilter,
  fieldValues: tables.v1PostFieldValues,
});

/** Version 2: per network the metric names with their extra dimensions, the post field lists. */
export const v2RequestCatalog: RequestCatalogVersion = /* @__PURE__ */ requestCatalog({
  metricNames: tables.v2MetricNames,
  extraDimensions: tables.v2MetricExtraDimensions,
  postFields: tables.v2PostFields,
  postSort: tables.v2PostSort,
  sortable: tables.v2PostSortable,
  sortKeys: tables.v2PostSortKeys,
  filterable: tables.v2PostFilterable,
  advancedFilter: tables.v2PostAdvancedFilter,
  fieldValues: tables.v2PostFieldValues,
});

/** Version 2: per network the metric names (the client merges split answers by them). */
export const v2MetricNames: Readonly<Record<string, readonly string[]>> = /* @__PURE__ */ mapRecord(tables.v2MetricNames, words);

/** Version 2, per network: the metrics that aggregate by `sum` (every other one by `avg`). */
export const v2SumMetrics: Readonly<Record<string, readonly string[]>> = /* @__PURE__ */ mapRecord(tables.v2MetricNames, (names, network) => {
  const aggregations = words(own(tables.v2MetricAggregations, network));
  return words(names).filter((_, i) => aggregations[i] === 'sum');
});

/** API error code -> its meaning (the client names the codes of a failure). */
export const errorMeanings: Readonly<Record<number, string>> = /* @__PURE__ */ Object.fromEntries(tables.errorCodes.map((code, i) => [code, tables.errorMeanings[i]]));
