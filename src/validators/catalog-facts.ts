/**
 * Catalog facts the request-aware checks need, read from the tables of generated/catalogs.ts
 * that hold them (names, types, extra dimensions, post lists; not the descriptions), made into
 * read-only lookups: a network's on its first use (a ConstantTable per version), the few facts
 * of every network when this module loads.
 */
import * as tables from '../../generated/catalogs.js';
import type { MetricType, PostFieldType } from '../shared/catalog-types.js';
import { own, words } from '../catalog/words.js';
import { ConstantTable } from '../core/constant-table.js';

/** What the checks know of a metric. */
export interface MetricFacts {
  readonly name: string;
  readonly type: MetricType;
  readonly extraDimensions: readonly string[];
  /** The documents say it returns no data for some profiles (catalog `mayReturnNoData`): its value may be null. */
  readonly mayReturnNoData: boolean;
}

/** What the checks know of a post field or response member. */
export interface PostFieldFacts {
  readonly name: string;
  readonly type: PostFieldType;
}

/** What the checks know of a network's posts. */
export interface PostFacts {
  /** Whether the posts request offers `sort`. */
  readonly sort: boolean;
  readonly fields: readonly PostFieldFacts[];
  readonly responseMembers: readonly PostFieldFacts[];
  /** The fields of videos only (catalog `videoOnly`): a post that is not a video lacks them. */
  readonly videoOnly: readonly string[];
}

/** The tables of one version that the checks read (generated/catalogs.ts). */
export interface VersionTables {
  readonly metricNames: Readonly<Record<string, string>>;
  readonly metricTypes: Readonly<Record<string, string>>;
  readonly extraDimensions: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly noData: Readonly<Record<string, string>>;
  readonly postSort: Readonly<Record<string, boolean>>;
  readonly postFields: Readonly<Record<string, string>>;
  readonly postFieldTypes: Readonly<Record<string, string>>;
  readonly responseMembers: Readonly<Record<string, string>>;
  readonly responseMemberTypes: Readonly<Record<string, string>>;
  readonly videoOnly: Readonly<Record<string, string>>;
}

/** Version 1's tables. */
export const V1: VersionTables = {
  metricNames: tables.v1MetricNames,
  metricTypes: tables.v1MetricTypes,
  extraDimensions: tables.v1MetricExtraDimensions,
  noData: tables.v1MetricNoData,
  postSort: tables.v1PostSort,
  postFields: tables.v1PostFields,
  postFieldTypes: tables.v1PostFieldTypes,
  responseMembers: tables.v1PostResponseMembers,
  responseMemberTypes: tables.v1PostResponseMemberTypes,
  videoOnly: tables.v1PostVideoOnly,
};

const V2: VersionTables = {
  metricNames: tables.v2MetricNames,
  metricTypes: tables.v2MetricTypes,
  extraDimensions: tables.v2MetricExtraDimensions,
  noData: tables.v2MetricNoData,
  postSort: tables.v2PostSort,
  postFields: tables.v2PostFields,
  postFieldTypes: tables.v2PostFieldTypes,
  responseMembers: tables.v2PostResponseMembers,
  responseMemberTypes: tables.v2PostResponseMemberTypes,
  videoOnly: tables.v2PostVideoOnly,
};

/** A metric with its position in its network's catalog (a small integer, to mark metrics seen in one call). */
export interface CatalogMetric extends MetricFacts {
  readonly position: number;
}

/** A network's post facts with the lookups the checks make (built with the tables). */
export interface PostCatalog extends PostFacts {
  /** Type of every post field and response member, by name. */
  readonly types: ReadonlyMap<string, PostFieldType>;
  /** The fields and response members whose type is `datetime`. */
  readonly dateTimeNames: readonly string[];
}

/** Names and aligned types as frozen facts. */
const fieldsOf = (names: string | undefined, types: string | undefined): readonly PostFieldFacts[] => {
  const typeList = words(types);
  return Object.freeze(words(names).map((name, i) => Object.freeze({ name, type: typeList[i] as PostFieldType })));
};

function metricTable(t: VersionTables, network: string): ReadonlyMap<string, CatalogMetric> {
  const types = words(own(t.metricTypes, network));
  const extras = own(t.extraDimensions, network) ?? {};
  const noData = new Set(words(own(t.noData, network)));
  return new Map(
    words(own(t.metricNames, network)).map((name, position) => [
      name,
      Object.freeze({ name, type: types[position] as MetricType, extraDimensions: Object.freeze(words(own(extras, name))), mayReturnNoData: noData.has(name), position }),
    ]),
  );
}

function postTable(t: VersionTables, network: string): PostCatalog {
  const fields = fieldsOf(own(t.postFields, network), own(t.postFieldTypes, network));
  const responseMembers = fieldsOf(own(t.responseMembers, network), own(t.responseMemberTypes, network));
  const types: ReadonlyMap<string, PostFieldType> = new Map([...fields, ...responseMembers].map((f) => [f.name, f.type]));
  const dateTimeNames = Object.freeze([...types].filter(([, type]) => type === 'datetime').map(([name]) => name));
  return Object.freeze({ sort: own(t.postSort, network) === true, fields, responseMembers, videoOnly: Object.freeze(words(own(t.videoOnly, network))), types, dateTimeNames });
}

/**
 * Per network of a version's tables: its metrics by name and its post facts, each made from `t` on
 * its first use (a process that validates facebook metrics never builds the other networks'). A
 * network is known by its member's presence: a list derived when read (version 1's metric names)
 * is read once, by the table it makes.
 */
export function networkTables(t: VersionTables): { readonly metrics: ConstantTable<string, ReadonlyMap<string, CatalogMetric>>; readonly posts: ConstantTable<string, PostCatalog> } {
  return Object.freeze({
    metrics: new ConstantTable((network: string) => (Object.hasOwn(t.metricNames, network) ? metricTable(t, network) : undefined)),
    posts: new ConstantTable((network: string) => (Object.hasOwn(t.postFields, network) ? postTable(t, network) : undefined)),
  });
}

const versionTables = Object.freeze([V1, V2].map(networkTables));

const NO_METRICS: ReadonlyMap<string, CatalogMetric> = new Map();

/** The metrics of a network in a version, by name; positions run from 0 to `size - 1`. */
export function metricsOf(version: number, network: string): ReadonlyMap<string, CatalogMetric> {
  return (version === 1 || version === 2 ? versionTables[version - 1].metrics.get(network) : undefined) ?? NO_METRICS;
}

/** Names of the extra dimensions (those a metric allows besides the base dimensions). */
export const extraDimensionNames: ReadonlySet<string> = new Set(words(tables.extraDimensionNames));

/** The post facts of a network in a version, if documented. */
export function postCatalogOf(version: number, network: string): PostCatalog | undefined {
  return version === 1 || version === 2 ? versionTables[version - 1].posts.get(network) : undefined;
}

/** The error codes of the catalog. */
export const errorCodes: readonly { readonly code: number; readonly httpStatus: number }[] = Object.freeze(tables.errorCodes.map((code, i) => Object.freeze({ code, httpStatus: tables.errorHttpStatus[i] })));

/** Page size of post lists when the request gives no `limit`. */
export const defaultPageSize: number = tables.limits.pageSize.default;

/** The largest page of a post list (the maximum of `limit`). */
export const maxPageSize: number = tables.limits.pageSize.max;

/** The networks whose profiles may carry `insights_enabled`. */
export const insightsNetworks: ReadonlySet<string> = new Set(tables.networks.filter((n) => n.insights).map((n) => n.name));

/** The networks of a version (the path segments), in catalog order. */
export function networksOf(version: number): readonly string[] {
  return Object.keys(version === 1 ? V1.metricNames : V2.metricNames);
}
