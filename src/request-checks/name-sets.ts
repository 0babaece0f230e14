/**
 * The catalog name sets a compiled request validator checks names against (its `this`), per
 * version and network, read from the version's table of generated/request-catalog.ts once and
 * cached.
 */
import { baseDimensionNames, extraDimensionNames } from '../catalog/request-catalog.js';
import type { MetricsRequestFacts, PostsRequestFacts, RequestCatalogVersion } from '../catalog/types.js';
import type { NameSets } from './schema-types.js';

/** The catalog facts of one version and network that the checks read. */
export interface NetworkFacts {
  names: NameSets;
  /** Per metric that allows any: the extra dimensions it allows. */
  extraDimensions: NonNullable<MetricsRequestFacts['extraDimensions']>;
  /** Per post field whose values the catalog lists: those values. */
  fieldValues: NonNullable<PostsRequestFacts['fieldValues']>;
}

const cache = new WeakMap<RequestCatalogVersion, Map<string, NetworkFacts>>();

/** The facts of `network` in the catalog of one version (empty sets for what it does not have). */
export function networkFacts(catalog: RequestCatalogVersion, network: string): NetworkFacts {
  let byNetwork = cache.get(catalog);
  if (!byNetwork) cache.set(catalog, (byNetwork = new Map()));
  const cached = byNetwork.get(network);
  if (cached) return cached;
  const metrics = catalog.metrics[network];
  const posts = catalog.posts[network];
  const extras = new Set(Object.values(metrics?.extraDimensions ?? {}).flat());
  const facts: NetworkFacts = {
    extraDimensions: metrics?.extraDimensions ?? {},
    fieldValues: posts?.fieldValues ?? {},
    names: {
      metrics: new Set(metrics?.names),
      dimensions: new Set([...baseDimensionNames, ...extraDimensionNames.filter((d) => extras.has(d))]),
      fields: new Set(posts?.fields),
      sortable: new Set(posts?.sortable),
      filterable: new Set(posts?.filterable),
      advancedFilter: new Set(posts?.advancedFilter),
    },
  };
  byNetwork.set(network, facts);
  return facts;
}

/** Whether `name` is an extra dimension of the catalogs. */
export const isExtraDimension = (name: string): boolean => extraDimensionNames.includes(name);
