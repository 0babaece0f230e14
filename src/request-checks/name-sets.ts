/**
 * The catalog name sets a compiled request validator checks names against (its `this`), per
 * version and network: one table per version, built from the version's table of
 * generated/request-catalog.ts when its {@link VersionRequests} is made and never changed (read-only
 * sets and records), so nothing is kept between calls.
 */
import { extraDimensionNames } from '../catalog/request-catalog.js';
import type { MetricsRequestFacts, PostsRequestFacts, RequestCatalogVersion } from '../catalog/types.js';
import type { NameSets } from './schema-types.js';

/** The catalog facts of one version and network that the checks read. */
export interface NetworkFacts {
  readonly names: Readonly<NameSets>;
  /** Per metric that allows any: the extra dimensions it allows. */
  readonly extraDimensions: NonNullable<MetricsRequestFacts['extraDimensions']>;
  /** Per post field whose values the catalog lists: those values. */
  readonly fieldValues: NonNullable<PostsRequestFacts['fieldValues']>;
}

/** The facts of every network of one version's catalog, by network name. */
export type NetworkFactsTable = ReadonlyMap<string, NetworkFacts>;

/**
 * The dimension names of a version: the base ones, and the extra ones of the catalogs (a network's
 * set holds those its metrics allow). Version 1 has none: its checks read no dimension name, so
 * that a bundle of them holds none.
 */
export interface VersionDimensions {
  readonly base: readonly string[];
  readonly extra: readonly string[];
}

const NO_DIMENSIONS: VersionDimensions = { base: [], extra: [] };

/** The facts of `network` in `catalog` (empty sets for what it does not have). */
function factsOf(catalog: RequestCatalogVersion, network: string, dimensions: VersionDimensions): NetworkFacts {
  const metrics = Object.hasOwn(catalog.metrics, network) ? catalog.metrics[network] : undefined;
  const posts = Object.hasOwn(catalog.posts, network) ? catalog.posts[network] : undefined;
  const extras = new Set(Object.values(metrics?.extraDimensions ?? {}).flat());
  return {
    extraDimensions: metrics?.extraDimensions ?? {},
    fieldValues: posts?.fieldValues ?? {},
    names: {
      metrics: new Set(metrics?.names),
      dimensions: new Set([...dimensions.base, ...dimensions.extra.filter((d) => extras.has(d))]),
      fields: new Set(posts?.fields),
      sortable: new Set(posts?.sortable),
      filterable: new Set(posts?.filterable),
      advancedFilter: new Set(posts?.advancedFilter),
    },
  };
}

/** The facts of every network of `catalog`, built once (a version's checks make it with their tables). */
export function networkFactsTable(catalog: RequestCatalogVersion, dimensions: VersionDimensions = NO_DIMENSIONS): NetworkFactsTable {
  const networks = new Set([...Object.keys(catalog.metrics), ...Object.keys(catalog.posts)]);
  return new Map([...networks].map((network) => [network, factsOf(catalog, network, dimensions)]));
}

/** The facts of no network: every name set empty (an operation of a network the catalog lacks). */
const NO_FACTS: NetworkFacts = factsOf({ metrics: {}, posts: {} }, '', NO_DIMENSIONS);

/** The facts of `network` in `table`; empty sets for a network it does not hold. */
export function networkFacts(table: NetworkFactsTable, network: string): NetworkFacts {
  return table.get(network) ?? NO_FACTS;
}

/** Whether `name` is an extra dimension of the catalogs. */
export const isExtraDimension = (name: string): boolean => extraDimensionNames.includes(name);
