/**
 * The catalogs as CatalogData (the `social-analytics-api/catalogs` export, the mock and the
 * command line read it), assembled once at load from the tables of generated/catalogs.ts, where
 * each fact is written once. Nothing is added to it afterwards.
 */
import * as tables from '../../generated/catalogs.js';
import type { CatalogData, Metric, PostCatalog, PostField, Version, VersionCatalog } from '../shared/catalog-types.js';
import { mapRecord, own, words } from './words.js';

type Tables = typeof tables;
type Record1<T> = Readonly<Record<string, T>>;

/** The tables of one version, by fact (the `v1`/`v2` prefix left off). */
interface VersionTables {
  MetricNames: Record1<string>;
  MetricTypes: Record1<string>;
  MetricAggregations: Record1<string>;
  MetricExtraDimensions: Record1<Record1<string>>;
  MetricDetails: Record1<readonly object[]>;
  MetricNoData: Record1<string>;
  PostSort: Record1<boolean>;
  PostFields: Record1<string>;
  PostFieldTypes: Record1<string>;
  PostSortable: Record1<string>;
  PostSortKeys: Record1<Record1<readonly string[]>>;
  PostFilterable: Record1<string>;
  PostAdvancedFilter: Record1<string>;
  PostVideoOnly: Record1<string>;
  PostFieldValues: Record1<Record1<readonly string[]>>;
  PostFieldDetails: Record1<readonly object[]>;
  PostResponseMembers: Record1<string>;
  PostResponseMemberTypes: Record1<string>;
  PostResponseMemberDescriptions: Record1<readonly string[]>;
}

/** The tables of `version`, by fact (the `v1`/`v2` prefix left off). */
function versionTables(version: Version): VersionTables {
  if (version === 1) return {
    MetricNames: tables.v1MetricNames,
    MetricTypes: tables.v1MetricTypes,
    MetricAggregations: tables.v1MetricAggregations,
    MetricExtraDimensions: tables.v1MetricExtraDimensions,
    MetricDetails: tables.v1MetricDetails,
    MetricNoData: tables.v1MetricNoData,
    PostSort: tables.v1PostSort,
    PostFields: tables.v1PostFields,
    PostFieldTypes: tables.v1PostFieldTypes,
    PostSortable: tables.v1PostSortable,
    PostSortKeys: tables.v1PostSortKeys,
    PostFilterable: tables.v1PostFilterable,
    PostAdvancedFilter: tables.v1PostAdvancedFilter,
    PostVideoOnly: tables.v1PostVideoOnly,
    PostFieldValues: tables.v1PostFieldValues,
    PostFieldDetails: tables.v1PostFieldDetails,
    PostResponseMembers: tables.v1PostResponseMembers,
    PostResponseMemberTypes: tables.v1PostResponseMemberTypes,
    PostResponseMemberDescriptions: tables.v1PostResponseMemberDescriptions,
  };
  return {
    MetricNames: tables.v2MetricNames,
    MetricTypes: tables.v2MetricTypes,
    MetricAggregations: tables.v2MetricAggregations,
    MetricExtraDimensions: tables.v2MetricExtraDimensions,
    MetricDetails: tables.v2MetricDetails,
    MetricNoData: tables.v2MetricNoData,
    PostSort: tables.v2PostSort,
    PostFields: tables.v2PostFields,
    PostFieldTypes: tables.v2PostFieldTypes,
    PostSortable: tables.v2PostSortable,
    PostSortKeys: tables.v2PostSortKeys,
    PostFilterable: tables.v2PostFilterable,
    PostAdvancedFilter: tables.v2PostAdvancedFilter,
    PostVideoOnly: tables.v2PostVideoOnly,
    PostFieldValues: tables.v2PostFieldValues,
    PostFieldDetails: tables.v2PostFieldDetails,
    PostResponseMembers: tables.v2PostResponseMembers,
    PostResponseMemberTypes: tables.v2PostResponseMemberTypes,
    PostResponseMemberDescriptions: tables.v2PostResponseMemberDescriptions,
  };
}

/** The metrics of `network`: each catalog entry with every fact, the absent optional ones left out. */
function metricsOf(t: VersionTables, network: string): Metric[] {
  const types = words(own(t.MetricTypes, network));
  const aggregations = words(own(t.MetricAggregations, network));
  const extras = own(t.MetricExtraDimensions, network) ?? {};
  const details = own(t.MetricDetails, network) ?? [];
  const noData = new Set(words(own(t.MetricNoData, network)));
  return words(own(t.MetricNames, network)).map((name, i) => {
    const { insightsOnly = false, deprecated = false, ...text } = details[i] as Partial<Metric>;
    const aggregation = aggregations[i] === undefined || aggregations[i] === '-' ? undefined : (aggregations[i] as Metric['aggregation']);
    return {
      name,
      type: types[i] as Metric['type'],
      ...(aggregation ? { aggregation } : {}),
      extraDimensions: words(own(extras, name)),
      insightsOnly,
      deprecated,
      mayReturnNoData: noData.has(name),
      ...text,
    };
  });
}

/** The post catalog of `network`. */
function postsOf(t: VersionTables, network: string): PostCatalog {
  const types = words(own(t.PostFieldTypes, network));
  const sets = (table: Record1<string>) => new Set(words(own(table, network)));
  const sortable = sets(t.PostSortable);
  const filterable = sets(t.PostFilterable);
  const advancedFilter = sets(t.PostAdvancedFilter);
  const videoOnly = sets(t.PostVideoOnly);
  const sortKeys = own(t.PostSortKeys, network) ?? {};
  const values = own(t.PostFieldValues, network) ?? {};
  const details = own(t.PostFieldDetails, network) ?? [];
  const fields = words(own(t.PostFields, network)).map((name, i): PostField => {
    const { description, unit, insightsOnly = false, deprecated = false, items, properties } = details[i] as Partial<PostField>;
    const enumValues = own(values, name);
    return {
      name,
      type: types[i] as PostField['type'],
      ...(description === undefined ? {} : { description }),
      ...(unit === undefined ? {} : { unit }),
      sortable: sortable.has(name),
      sortKeys: own(sortKeys, name) ?? [],
      filterable: filterable.has(name),
      advancedFilter: advancedFilter.has(name),
      insightsOnly,
      videoOnly: videoOnly.has(name),
      deprecated,
      ...(enumValues === undefined ? {} : { enum: enumValues }),
      ...(items === undefined ? {} : { items }),
      ...(properties === undefined ? {} : { properties }),
    };
  });
  const memberTypes = words(own(t.PostResponseMemberTypes, network));
  const memberDescriptions = own(t.PostResponseMemberDescriptions, network) ?? [];
  const responseMembers = words(own(t.PostResponseMembers, network)).map((name, i) => ({ name, type: memberTypes[i] as PostField['type'], description: memberDescriptions[i] }));
  return { sort: own(t.PostSort, network) === true, fields, responseMembers };
}

function versionCatalog(version: Version): VersionCatalog {
  const t = versionTables(version);
  const networks = Object.keys(t.MetricNames);
  return {
    version,
    networks,
    metrics: Object.fromEntries(networks.map((n) => [n, metricsOf(t, n)])),
    posts: mapRecord(t.PostFields, (_, n) => postsOf(t, n)),
  };
}

function assemble(t: Tables): CatalogData {
  const dimensionKinds = words(t.dimensionKinds);
  return {
    networks: t.networks,
    dimensions: words(t.dimensionNames).map((name, i) => ({ name, kind: dimensionKinds[i] as 'date' | 'profile', description: t.dimensionDescriptions[i] })),
    extraDimensions: words(t.extraDimensionNames).map((name, i) => ({ name, description: t.extraDimensionDescriptions[i] })),
    errors: t.errorCodes.map((code, i) => ({ code, meaning: t.errorMeanings[i], httpStatus: t.errorHttpStatus[i], endpoints: t.errorEndpoints[i] })),
    limits: t.limits,
    v1: versionCatalog(1),
    v2: versionCatalog(2),
  };
}

/** Every catalog (catalogs/*.yaml) as CatalogData: networks, dimensions, error codes, limits, and per version and network the metrics and post fields. */
export const catalogs: CatalogData = /* @__PURE__ */ assemble(tables);
