/** Catalog facts a request check needs, read from generated/catalogs.ts and cached per network. */
import { catalogs } from '../../generated/catalogs.js';
import type { CatalogData, Metric, PostCatalog, PostField, Version } from '../catalog/types.js';
import { advancedFilterNames, filterableNames, sortableNames } from '../catalog/names.js';

/** The catalogs, seen through their declared shape (cheaper for the compiler than the literal type). */
export const catalogData: CatalogData = catalogs;

export interface MetricsLookup {
  metrics: ReadonlyMap<string, Metric>;
  baseDimensions: ReadonlySet<string>;
  extraDimensions: ReadonlySet<string>;
}

export interface PostsLookup {
  catalog: PostCatalog;
  fields: ReadonlyMap<string, PostField>;
  sortable: ReadonlySet<string>;
  filterable: ReadonlySet<string>;
  advancedFilterable: ReadonlySet<string>;
}

const metricsCache = new Map<string, MetricsLookup>();
const postsCache = new Map<string, PostsLookup>();

export function metricsLookup(version: Version, network: string): MetricsLookup | undefined {
  const key = `${version}/${network}`;
  const cached = metricsCache.get(key);
  if (cached) return cached;
  const list = catalogData[`v${version}`].metrics[network];
  if (!list) return undefined;
  const lookup: MetricsLookup = {
    metrics: new Map(list.map((m) => [m.name, m])),
    baseDimensions: new Set(catalogData.dimensions.map((d) => d.name)),
    extraDimensions: new Set(catalogData.extraDimensions.map((d) => d.name)),
  };
  metricsCache.set(key, lookup);
  return lookup;
}

export function postsLookup(version: Version, network: string): PostsLookup | undefined {
  const key = `${version}/${network}`;
  const cached = postsCache.get(key);
  if (cached) return cached;
  const catalog = catalogData[`v${version}`].posts[network];
  if (!catalog) return undefined;
  const lookup: PostsLookup = {
    catalog,
    fields: new Map(catalog.fields.map((f) => [f.name, f])),
    sortable: new Set(sortableNames(catalog)),
    filterable: new Set(filterableNames(catalog)),
    advancedFilterable: new Set(advancedFilterNames(catalog)),
  };
  postsCache.set(key, lookup);
  return lookup;
}
