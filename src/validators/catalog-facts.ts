/** Catalog facts the request-aware checks need, read from generated/catalogs.ts. */
import { catalogs } from '../../generated/catalogs.js';
import type { CatalogData, Metric, PostCatalog, PostFieldType } from '../catalog/types.js';

const data: CatalogData = catalogs;

function versionCatalog(version: number) {
  return version === 1 ? data.v1 : version === 2 ? data.v2 : undefined;
}

/** Per version: the metrics of each network by name, built on first use. */
const metricCache: Record<number, Map<string, Map<string, Metric>>> = { 1: new Map(), 2: new Map() };

/** The metrics of a network in a version, by name. */
export function metricsOf(version: number, network: string): Map<string, Metric> {
  const cache = metricCache[version] ?? (metricCache[version] = new Map());
  let metrics = cache.get(network);
  if (!metrics) {
    metrics = new Map((versionCatalog(version)?.metrics[network] ?? []).map((m) => [m.name, m]));
    cache.set(network, metrics);
  }
  return metrics;
}

/** Names of the extra dimensions (those a metric allows besides the base dimensions). */
export const extraDimensionNames: ReadonlySet<string> = new Set(data.extraDimensions.map((d) => d.name));

/** The post catalog of a network in a version, if documented. */
export function postCatalogOf(version: number, network: string): PostCatalog | undefined {
  return versionCatalog(version)?.posts[network];
}

const fieldTypeCache = new WeakMap<PostCatalog, ReadonlyMap<string, PostFieldType>>();

/** Type of every post field and response member of a post catalog, by name (built once per catalog). */
export function postFieldTypes(catalog: PostCatalog): ReadonlyMap<string, PostFieldType> {
  let types = fieldTypeCache.get(catalog);
  if (!types) {
    types = new Map<string, PostFieldType>([
      ...catalog.fields.map((f) => [f.name, f.type] as const),
      ...catalog.responseMembers.map((m) => [m.name, m.type] as const),
    ]);
    fieldTypeCache.set(catalog, types);
  }
  return types;
}

/** The error codes of the catalog. */
export const errorCodes = data.errors;

/** Page size of post lists when the request gives no `limit`. */
export const defaultPageSize = data.limits.pageSize.default;
