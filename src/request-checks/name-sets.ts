/**
 * The catalog name sets a compiled request validator checks names against (its `this`), per
 * version and network, read from generated/request-catalog.ts once and cached.
 */
import { requestCatalog } from '../../generated/request-catalog.js';
import type { MetricRequestFacts, PostsRequestFacts, Version } from '../catalog/types.js';
import type { NameSets } from './schema-types.js';

/** The catalog facts of one version and network that the checks read. */
export interface NetworkFacts {
  names: NameSets;
  metrics: Readonly<Record<string, MetricRequestFacts>>;
  fields: PostsRequestFacts['fields'];
}

const EMPTY: ReadonlySet<string> = new Set();
const cache = new Map<string, NetworkFacts>();

/** The facts of `network` in `version` (empty sets for what it does not have). */
export function networkFacts(version: Version, network: string): NetworkFacts {
  const key = `${version}/${network}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const metrics = requestCatalog[`v${version}`].metrics[network] ?? {};
  const posts = requestCatalog[`v${version}`].posts[network];
  const extras = new Set(Object.values(metrics).flatMap((m) => m.extraDimensions ?? []));
  const facts: NetworkFacts = {
    metrics,
    fields: posts?.fields ?? {},
    names: {
      metrics: new Set(Object.keys(metrics)),
      dimensions: new Set([...requestCatalog.dimensions, ...requestCatalog.extraDimensions.filter((d) => extras.has(d))]),
      fields: posts ? new Set(Object.keys(posts.fields)) : EMPTY,
      sortable: new Set(posts?.sortable),
      filterable: new Set(posts?.filterable),
      advancedFilter: new Set(posts?.advancedFilter),
    },
  };
  cache.set(key, facts);
  return facts;
}

/** Whether `name` is an extra dimension of the catalogs. */
export const isExtraDimension = (name: string): boolean => requestCatalog.extraDimensions.includes(name);
