/**
 * Catalog facts a request check needs, read from generated/request-catalog.ts (names, types,
 * extra dimensions, limits: no descriptions) and cached per version and network.
 */
import { requestCatalog } from '../../generated/request-catalog.js';
import type { MetricRequestFacts, PostsRequestFacts, Version } from '../catalog/types.js';

export { requestCatalog };

export interface MetricsLookup {
  metrics: ReadonlyMap<string, MetricRequestFacts>;
  baseDimensions: ReadonlySet<string>;
  extraDimensions: ReadonlySet<string>;
}

export interface PostsLookup {
  /** Whether the request offers `sort`. */
  sort: boolean;
  fields: ReadonlyMap<string, PostsRequestFacts['fields'][string]>;
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
  const metrics = requestCatalog[`v${version}`].metrics[network];
  if (!metrics) return undefined;
  const lookup: MetricsLookup = {
    metrics: new Map(Object.entries(metrics)),
    baseDimensions: new Set(requestCatalog.dimensions),
    extraDimensions: new Set(requestCatalog.extraDimensions),
  };
  metricsCache.set(key, lookup);
  return lookup;
}

export function postsLookup(version: Version, network: string): PostsLookup | undefined {
  const key = `${version}/${network}`;
  const cached = postsCache.get(key);
  if (cached) return cached;
  const posts = requestCatalog[`v${version}`].posts[network];
  if (!posts) return undefined;
  const lookup: PostsLookup = {
    sort: posts.sort,
    fields: new Map(Object.entries(posts.fields)),
    sortable: new Set(posts.sortable),
    filterable: new Set(posts.filterable),
    advancedFilterable: new Set(posts.advancedFilter),
  };
  postsCache.set(key, lookup);
  return lookup;
}
