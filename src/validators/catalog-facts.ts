/**
 * Catalog facts the request-aware checks need, read from generated/validator-facts.ts (the slice
 * of the catalogs the validators read: loading them does not load every description). A
 * network's metrics and posts are JSON text there, parsed here into read-only tables when this
 * module loads (about 20 kB of text); nothing is added to them afterwards.
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

/** A metric with its position in its network's catalog (a small integer, to mark metrics seen in one call). */
export interface CatalogMetric extends MetricFacts {
  readonly position: number;
}

/** A network's post facts with the lookups the checks make (built with the tables). */
export interface PostCatalog extends PostFacts {
  /** Type of every post field and response member, by name. */
  readonly types: ReadonlyMap<string, PostFieldType>;
  /** The fields and response members whose type is `datetime`. */
  readonly dateTimeNames: readonly string[];
}

type Tuple = [name: string, type: string, extraDimensions?: string[]];

const fieldsOf = (tuples: readonly Tuple[]): readonly PostFieldFacts[] => Object.freeze(tuples.map(([name, type]) => Object.freeze({ name, type: type as PostFieldType })));

function metricTable(text: JsonText): ReadonlyMap<string, CatalogMetric> {
  const tuples: Tuple[] = JSON.parse(text);
  return new Map(tuples.map(([name, type, extraDimensions = []], position) => [name, Object.freeze({ name, type: type as MetricType, extraDimensions: Object.freeze(extraDimensions), position })]));
}

function postTable(text: JsonText): PostCatalog {
  const parsed: { sort: boolean; fields: Tuple[]; responseMembers: Tuple[]; videoOnly: string[] } = JSON.parse(text);
  const fields = fieldsOf(parsed.fields);
  const responseMembers = fieldsOf(parsed.responseMembers);
  const types: ReadonlyMap<string, PostFieldType> = new Map([...fields, ...responseMembers].map((f) => [f.name, f.type]));
  const dateTimeNames = Object.freeze([...types].filter(([, type]) => type === 'datetime').map(([name]) => name));
  return Object.freeze({ sort: parsed.sort, fields, responseMembers, videoOnly: Object.freeze(parsed.videoOnly), types, dateTimeNames });
}

/** `key -> value` of an object's own members, as a map (a network named `toString` is no member). */
const tableOf = <T>(texts: Readonly<Record<string, JsonText>>, build: (text: JsonText) => T): ReadonlyMap<string, T> =>
  new Map(Object.keys(texts).map((network) => [network, build(texts[network])]));

/** Per version, per network: its metrics by name, positions from 0 to `size - 1` (built at load). */
const metricTables: ReadonlyMap<number, ReadonlyMap<string, ReadonlyMap<string, CatalogMetric>>> = new Map([
  [1, tableOf(data.v1.metrics, metricTable)],
  [2, tableOf(data.v2.metrics, metricTable)],
]);

/** Per version, per network: its post facts (built at load). */
const postTables: ReadonlyMap<number, ReadonlyMap<string, PostCatalog>> = new Map([
  [1, tableOf(data.v1.posts, postTable)],
  [2, tableOf(data.v2.posts, postTable)],
]);

const NO_METRICS: ReadonlyMap<string, CatalogMetric> = new Map();

/** The metrics of a network in a version, by name; positions run from 0 to `size - 1`. */
export function metricsOf(version: number, network: string): ReadonlyMap<string, CatalogMetric> {
  return metricTables.get(version)?.get(network) ?? NO_METRICS;
}

/** Names of the extra dimensions (those a metric allows besides the base dimensions). */
export const extraDimensionNames: ReadonlySet<string> = new Set(data.extraDimensions);

/** The post facts of a network in a version, if documented. */
export function postCatalogOf(version: number, network: string): PostCatalog | undefined {
  return postTables.get(version)?.get(network);
}

/** The error codes of the catalog. */
export const errorCodes: readonly { readonly code: number; readonly httpStatus: number }[] = Object.freeze(data.errors.map((e) => Object.freeze({ code: e.code, httpStatus: e.httpStatus })));

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
