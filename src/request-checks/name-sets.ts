/**
 * The catalog name sets a compiled request validator checks names against (its `this`), per
 * version and network: one {@link ConstantTable} per version, made with its {@link VersionRequests}
 * from the version's tables (src/catalog/request-catalog.ts), that makes a network's facts on the
 * first check of one of its operations (read-only sets and records, the same whichever network is
 * asked first), so a process that checks one network's requests never builds the others' and
 * nothing a call finds depends on the calls before it.
 */
import { extraDimensionNames, metricsRequestFacts, postsRequestFacts, type RequestTables } from '../catalog/request-catalog.js';
import type { MetricsRequestFacts, PostsRequestFacts } from '../catalog/types.js';
import { ConstantTable } from '../core/constant-table.js';
import type { NameSets } from './schema-types.js';

/** The catalog facts of one version and network that the checks read. */
export interface NetworkFacts {
  readonly names: Readonly<NameSets>;
  /** Per metric that allows any: the extra dimensions it allows. */
  readonly extraDimensions: NonNullable<MetricsRequestFacts['extraDimensions']>;
  /** Per post field whose values the catalog lists: those values. */
  readonly fieldValues: NonNullable<PostsRequestFacts['fieldValues']>;
}

/** The facts of one version's networks, each made on its first use, by network name. */
export type NetworkFactsTable = ConstantTable<string, NetworkFacts>;

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

/** The facts of a network from its metrics and posts facts (empty sets for what it does not have). */
function factsOf(metrics: MetricsRequestFacts | undefined, posts: PostsRequestFacts | undefined, dimensions: VersionDimensions): NetworkFacts {
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

/**
 * The facts of the networks of a version's `tables`, each made from the tables on its first use
 * (a version's checks make one with their {@link VersionRequests}); a network with neither metrics
 * nor posts has none and is not kept.
 */
export function networkFactsTable(tables: RequestTables, dimensions: VersionDimensions = NO_DIMENSIONS): NetworkFactsTable {
  return new ConstantTable((network: string) => {
    const metrics = metricsRequestFacts(tables, network);
    const posts = postsRequestFacts(tables, network);
    return metrics === undefined && posts === undefined ? undefined : factsOf(metrics, posts, dimensions);
  });
}

/** The facts of no network: every name set empty (an operation of a network the catalog lacks). */
const NO_FACTS: NetworkFacts = factsOf(undefined, undefined, NO_DIMENSIONS);

/** The facts of `network` in `table`; empty sets for a network it does not hold. */
export function networkFacts(table: NetworkFactsTable, network: string): NetworkFacts {
  return table.get(network) ?? NO_FACTS;
}

/** Whether `name` is an extra dimension of the catalogs. */
export const isExtraDimension = (name: string): boolean => extraDimensionNames.includes(name);
