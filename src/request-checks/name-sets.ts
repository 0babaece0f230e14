/**
 * The catalog name sets a compiled request validator checks names against (its `this`), per
 * version, kind of body and network: {@link ConstantTable}s made with a version's
 * {@link VersionRequests} from its tables (src/catalog/request-catalog.ts), that make a network's
 * facts on the first check of one of its operations of that kind (read-only sets and records, the
 * same whichever network is asked first), so a process that checks one network's metrics never
 * builds the other networks' facts nor its posts' and nothing a call finds depends on the calls
 * before it.
 */
import { extraDimensionNames, metricsRequestFacts, postsRequestFacts, type RequestTables } from '../catalog/request-catalog.js';
import type { MetricsRequestFacts, PostsRequestFacts } from '../shared/catalog-types.js';
import { ConstantTable } from '../core/constant-table.js';
import type { OperationKind } from '../../generated/operations.js';
import type { NameSets } from './schema-types.js';

/** The catalog facts of one version and network that the checks read. */
export interface NetworkFacts {
  readonly names: Readonly<NameSets>;
  /** Per metric that allows any: the extra dimensions it allows. */
  readonly extraDimensions: NonNullable<MetricsRequestFacts['extraDimensions']>;
  /** Per post field whose values the catalog lists: those values. */
  readonly fieldValues: NonNullable<PostsRequestFacts['fieldValues']>;
}

/** The kinds of request body whose checks read a network's catalog facts. */
export type FactsKind = 'metrics' | 'posts';

/**
 * The facts of one version's networks for each kind of body, each made on the first check of that
 * kind for that network: the sets of the other kind are empty (a metrics body's checks read only
 * the metric and dimension names, a posts body's only the post field names and values).
 */
export type NetworkFactsTable = Readonly<Record<FactsKind, ConstantTable<string, NetworkFacts>>>;

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
 * Whether `network` has metrics or posts in a version's `tables`: asked of the members' presence,
 * not their values (a list such as version 1's metric names is derived each time it is read:
 * generated/catalogs.ts `namesAfter`).
 */
const isKnown = (tables: RequestTables, network: string): boolean => Object.hasOwn(tables.metricNames, network) || Object.hasOwn(tables.postFields, network);

/**
 * The facts of the networks of a version's `tables`, per kind of body, each made from the tables
 * on its first use (a version's checks make one with their {@link VersionRequests}); a network with
 * neither metrics nor posts has none and is not kept.
 */
export function networkFactsTable(tables: RequestTables, dimensions: VersionDimensions = NO_DIMENSIONS): NetworkFactsTable {
  return {
    metrics: new ConstantTable((network: string) => (isKnown(tables, network) ? factsOf(metricsRequestFacts(tables, network), undefined, dimensions) : undefined)),
    posts: new ConstantTable((network: string) => (isKnown(tables, network) ? factsOf(undefined, postsRequestFacts(tables, network), NO_DIMENSIONS) : undefined)),
  };
}

/** The facts of no network: every name set empty (an operation of a network the catalog lacks). */
const NO_FACTS: NetworkFacts = factsOf(undefined, undefined, NO_DIMENSIONS);

/**
 * The facts of `network` in `table` that the checks of a body of `kind` read; empty sets for a
 * network it does not hold and for a kind whose checks read none.
 */
export function networkFacts(table: NetworkFactsTable, kind: OperationKind, network: string): NetworkFacts {
  return (kind === 'metrics' || kind === 'posts' ? table[kind].get(network) : undefined) ?? NO_FACTS;
}

/** Whether `name` is an extra dimension of the catalogs. */
export const isExtraDimension = (name: string): boolean => extraDimensionNames.includes(name);
