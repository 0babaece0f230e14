/**
 * Catalog facts the request-aware checks need, read from generated/validator-facts.ts (the slice
 * of the catalogs the validators read: loading them does not load every description). A
 * network's metrics and posts are JSON text there, parsed here on first use and kept.
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
  /** The fields of videos only (catalog `videoOnly`): a post that is not a video lacks them. */
  readonly videoOnly: readonly string[];
}

/** JSON text of `[name, type]` tuples (`[name, type, extraDimensions]` for a metric with extra dimensions). */
type JsonText = string;

interface VersionFacts {
  /** Per network: JSON of its metrics' tuples. */
  readonly metrics: Readonly<Record<string, JsonText>>;
  /** Per network: JSON of `{ sort, fields, responseMembers, videoOnly }`, fields and members as tuples. */
  readonly posts: Readonly<Record<string, JsonText>>;
}

/** The shape of generated/validator-facts.ts. */
export interface ValidatorFacts {
  readonly extraDimensions: readonly string[];
  readonly errors: readonly { readonly code: number; readonly httpStatus: number }[];
  readonly pageSize: number;
  readonly maxPageSize: number;
  readonly insightsNetworks: readonly string[];
  readonly v1: VersionFacts;
  readonly v2: VersionFacts;
}

const data: ValidatorFacts = validatorFacts;

/** The JSON text of a network's table in a version, if documented. */
function tableOf(version: number, table: keyof VersionFacts, network: string): JsonText | undefined {
  const facts = version === 1 ? data.v1 : version === 2 ? data.v2 : undefined;
  const texts = facts?.[table];
  return texts && Object.prototype.hasOwnProperty.call(texts, network) ? texts[network] : undefined;
}

/** A metric with its position in its network's catalog (a small integer for per-call marks). */
export interface CatalogMetric extends MetricFacts {
  readonly position: number;
}

type Tuple = [name: string, type: string, extraDimensions?: string[]];

/** Per version: the metrics of each network by name, built on first use. */
const metricCache: Record<number, Map<string, Map<string, CatalogMetric>>> = { 1: new Map(), 2: new Map() };

/** The metrics of a network in a version, by name; positions run from 0 to `size - 1`. */
export function metricsOf(version: number, network: string): ReadonlyMap<string, CatalogMetric> {
  const cache = metricCache[version] ?? (metricCache[version] = new Map());
  let metrics = cache.get(network);
  if (!metrics) {
    const text = tableOf(version, 'metrics', network);
    const tuples: Tuple[] = text ? JSON.parse(text) : [];
    metrics = new Map(tuples.map(([name, type, extraDimensions = []], position) => [name, { name, type: type as MetricType, extraDimensions, position }]));
    cache.set(network, metrics);
  }
  return metrics;
}

/** Names of the extra dimensions (those a metric allows besides the base dimensions). */
export const extraDimensionNames: ReadonlySet<string> = new Set(data.extraDimensions);

const fieldsOf = (tuples: Tuple[]): PostFieldFacts[] => tuples.map(([name, type]) => ({ name, type: type as PostFieldType }));

/** Per version and network: its post facts, parsed on first use. */
const postCache = new Map<string, PostFacts | undefined>();

/** The post facts of a network in a version, if documented. */
export function postCatalogOf(version: number, network: string): PostFacts | undefined {
  const key = `${version} ${network}`;
  if (!postCache.has(key)) {
    const text = tableOf(version, 'posts', network);
    const parsed: { sort: boolean; fields: Tuple[]; responseMembers: Tuple[]; videoOnly: string[] } | undefined = text ? JSON.parse(text) : undefined;
    postCache.set(key, parsed && { sort: parsed.sort, fields: fieldsOf(parsed.fields), responseMembers: fieldsOf(parsed.responseMembers), videoOnly: parsed.videoOnly });
  }
  return postCache.get(key);
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

/** The largest page of a post list (the maximum of `limit`). */
export const maxPageSize = data.maxPageSize;

/** The networks whose profiles may carry `insights_enabled`. */
export const insightsNetworks: ReadonlySet<string> = new Set(data.insightsNetworks);

/** The networks of a version (the path segments), in catalog order. */
export function networksOf(version: number): readonly string[] {
  return Object.keys(version === 1 ? data.v1.metrics : data.v2.metrics);
}
