/**
 * Types of catalog entries, shared by the generation pipeline and the runtime. The generated data
 * modules (rules.ts, rule-levels.ts) are data only and import nothing from src/: they are
 * checked against these types here, at the end of this file; the tables of generated/catalogs.ts
 * are typed where they are read (src/catalog/catalogs.ts).
 */
import type { RULES, RuleId, RuleLevel } from '../../generated/rules.js';

export type Version = 1 | 2;

export interface NetworkInfo {
  name: string;
  documentName: string;
  title: string;
  description: string;
  /** Profiles of this network carry `insights_enabled`. */
  insights: boolean;
  versions: readonly Version[];
  /**
   * What the network's posts belong to (`page`), where the documents show its posts operation:
   * `POST /<version>/<name>/<postsOf>/posts`, in every version with a post-fields catalog of the network.
   */
  postsOf?: string;
}

export type MetricType = 'integer' | 'number' | 'object';
export type Unit = 'seconds' | 'minutes' | 'milliseconds';

export interface Metric {
  name: string;
  type: MetricType;
  /** v2 only. */
  aggregation?: 'sum' | 'avg';
  /** v2 only: extra dimensions this metric allows (last dimension, one per request). */
  extraDimensions: readonly string[];
  insightsOnly: boolean;
  deprecated: boolean;
  /** The documents say it returns no data for some profiles: an answer may hold null for its value (inferred: a warning unless strict). */
  mayReturnNoData: boolean;
  unit?: Unit;
  description?: string;
  note?: string;
}

export type PostFieldType = 'string' | 'integer' | 'number' | 'boolean' | 'datetime' | 'array' | 'object';

export interface PostField {
  name: string;
  type: PostFieldType;
  description?: string;
  unit?: Unit;
  sortable: boolean;
  sortKeys: readonly string[];
  filterable: boolean;
  advancedFilter: boolean;
  insightsOnly: boolean;
  /**
   * The documents mark the field as one of videos only ("video only"): a post that is not a video
   * may lack it. Every other requested field is on every post of an answer.
   */
  videoOnly: boolean;
  deprecated: boolean;
  enum?: readonly string[];
  items?: Record<string, unknown>;
  properties?: Record<string, Record<string, unknown>>;
}

export interface ResponseMember {
  name: string;
  type: PostFieldType;
  description: string;
}

export interface PostCatalog {
  /** Whether the posts request offers `sort`. */
  sort: boolean;
  fields: readonly PostField[];
  responseMembers: readonly ResponseMember[];
}

export interface Dimension {
  name: string;
  kind: 'date' | 'profile';
  description: string;
}

export interface ExtraDimension {
  name: string;
  description: string;
}

export interface ErrorCode {
  code: number;
  meaning: string;
  httpStatus: number;
  /** `all`, or the operations ("POST /2/facebook/page/posts") per version. */
  endpoints: 'all' | { v1?: readonly string[]; v2?: readonly string[] };
}

export interface Limit {
  readonly value: number;
  readonly errorCode: number;
}

export interface Limits {
  readonly profilesPerMetricsRequest: Limit;
  readonly metricsPerMetricsRequest: Limit;
  readonly dateRangeMonths: Limit;
  readonly pageSize: { readonly default: number; readonly max: number };
  readonly requestsPerHourPerUser: Limit;
  readonly requestsPerHourPerAccount: Limit;
}


/** The catalogs of one version, as the runtime sees them. */
export interface VersionCatalog {
  version: Version;
  networks: readonly string[];
  metrics: Record<string, readonly Metric[]>;
  posts: Record<string, PostCatalog>;
}

/** Everything in catalogs/, as typed data (the package's `./catalogs` export). */
export interface CatalogData {
  networks: readonly NetworkInfo[];
  dimensions: readonly Dimension[];
  extraDimensions: readonly ExtraDimension[];
  errors: readonly ErrorCode[];
  limits: Limits;
  v1: VersionCatalog;
  v2: VersionCatalog;
}

/** Where a stated rule rests: the document, its section heading and the verbatim sentence. */
export interface RuleSource {
  /** `v2` = document 1 (version 2 and the rules shared by both versions), `v1` = document 2. */
  document: 'v1' | 'v2';
  section: string;
  quote: string;
  /** Further sentences the rule rests on (its check needs all of them). */
  also?: readonly { document: 'v1' | 'v2'; section: string; quote: string }[];
}

/**
 * A sentence of the documents that no rule quotes, and why (catalogs/rules.yaml `sentences`):
 * `needs-more` constrains an answer that one capture cannot show broken; `allows` permits
 * something no check may contradict; `request` constrains requests only; `catalog` is catalog
 * data; `describes` constrains no answer.
 */
export interface UncheckedSentence {
  document: 'v1' | 'v2';
  section: string;
  quote: string;
  kind: 'needs-more' | 'allows' | 'request' | 'catalog' | 'describes';
  why: string;
}

/**
 * One entry of the rule register (catalogs/rules.yaml). `stated` rules rest on a sentence of the
 * documents and a broken one is an error; `inferred` rules are believed although no sentence
 * states them, and a broken one is a warning (an error only in strict mode).
 */
export interface Rule {
  id: string;
  checks: string;
  level: RuleLevel;
  source?: RuleSource;
  inferred?: string;
}

/**
 * The catalog facts the request checks need for one version, and nothing else (no descriptions,
 * no aggregations, no field types): small enough for a web app's bundle. Read from the same
 * tables, a network's {@link MetricsRequestFacts} and {@link PostsRequestFacts} on its first use
 * (src/catalog/request-catalog.ts, one table set per version, so that a bundle of one version's
 * builders holds nothing of the other); the full catalogs are `social-analytics-api/catalogs`.
 */
export interface RequestCatalogVersion {
  /** Per network: its metric names and the extra dimensions they allow. */
  readonly metrics: Readonly<Record<string, MetricsRequestFacts>>;
  /** Per network with a post catalog: its post fields. */
  readonly posts: Readonly<Record<string, PostsRequestFacts>>;
}

export interface MetricsRequestFacts {
  /** Every metric name of the network's catalog. */
  readonly names: readonly string[];
  /** Per metric that allows any (v2): the extra dimensions it allows; absent when none does. */
  readonly extraDimensions?: Readonly<Record<string, readonly string[]>>;
}

export interface PostsRequestFacts {
  /** Every requestable field. */
  readonly fields: readonly string[];
  /** Per field whose values the catalog lists (`ppd_status`): those values; absent for none. */
  readonly fieldValues?: Readonly<Record<string, readonly string[]>>;
  readonly sortable: readonly string[];
  readonly filterable: readonly string[];
  readonly advancedFilter: readonly string[];
}

/** `T`, which must be assignable to `U`: checks generated data against its type at compile time. */
export type Conforms<T extends U, U> = T;


/** generated/rules.ts holds one Rule per rule id. */
export type RuleRegister = Conforms<typeof RULES, Readonly<Record<RuleId, Rule>>>;
