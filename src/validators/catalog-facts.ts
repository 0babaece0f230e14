/**
 * Catalog facts the request-aware checks need, read from generated/validator-facts.ts (the slice
 * of the catalogs the validators read: loading them does not load every description).
 */
import { validatorFacts } from '../../generated/validator-facts.js';
import type { MetricType, PostFieldType } from '../catalog/types.js';

/** What the checks know of a metric. */
export interface MetricFacts {
  readonly name: string;
  readonly type: MetricType;
  readonly extraDimensions: readonly string[];
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
}

interface VersionFacts {
  readonly metrics: Readonly<Record<string, readonly MetricFacts[]>>;
  readonly posts: Readonly<Record<string, PostFacts>>;
}

/** The shape of generated/validator-facts.ts. */
export interface ValidatorFacts {
  readonly extraDimensions: readonly string[];
  readonly errors: readonly { readonly code: number; readonly httpStatus: number }[];
  readonly pageSize: number;
  readonly v1: VersionFacts;
  readonly v2: VersionFacts;
}

const data: ValidatorFacts = validatorFacts;

function versionFacts(version: number): VersionFacts | undefined {
  return version === 1 ? data.v1 : version === 2 ? data.v2 : undefined;
}

/** A metric with its position in its network's catalog (a small integer for per-call marks). */
export interface CatalogMetric extends MetricFacts {
  readonly position: number;
}

/** Per version: the metrics of each network by name, built on first use. */
const metricCache: Record<number, Map<string, Map<string, CatalogMetric>>> = { 1: new Map(), 2: new Map() };

/** The metrics of a network in a version, by name; positions run from 0 to `size - 1`. */
export function metricsOf(version: number, network: string): ReadonlyMap<string, CatalogMetric> {
  const cache = metricCache[version] ?? (metricCache[version] = new Map());
  let metrics = cache.get(network);
  if (!metrics) {
    const list = versionFacts(version)?.metrics;
    const own = list && Object.prototype.hasOwnProperty.call(list, network) ? list[network] : [];
    metrics = new Map(own.map((m, position) => [m.name, { ...m, position }]));
    cache.set(network, metrics);
  }
  return metrics;
}

/** Names of the extra dimensions (those a metric allows besides the base dimensions). */
export const extraDimensionNames: ReadonlySet<string> = new Set(data.extraDimensions);

/** The post facts of a network in a version, if documented. */
export function postCatalogOf(version: number, network: string): PostFacts | undefined {
  const posts = versionFacts(version)?.posts;
  return posts && Object.prototype.hasOwnProperty.call(posts, network) ? posts[network] : undefined;
}

const fieldTypeCache = new WeakMap<PostFacts, ReadonlyMap<string, PostFieldType>>();

/** Type of every post field and response member of a network's posts, by name (built once per network). */
export function postFieldTypes(catalog: PostFacts): ReadonlyMap<string, PostFieldType> {
  let types = fieldTypeCache.get(catalog);
  if (!types) {
    types = new Map<string, PostFieldType>([...catalog.fields.map((f) => [f.name, f.type] as const), ...catalog.responseMembers.map((m) => [m.name, m.type] as const)]);
    fieldTypeCache.set(catalog, types);
  }
  return types;
}

/** The error codes of the catalog. */
export const errorCodes = data.errors;

/** Page size of post lists when the request gives no `limit`. */
export const defaultPageSize = data.pageSize;
