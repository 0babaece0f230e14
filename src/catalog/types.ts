/** Types of catalog entries, shared by the generation pipeline and the runtime. */

export type Version = 1 | 2;

export interface NetworkInfo {
  name: string;
  documentName: string;
  title: string;
  description: string;
  /** Profiles of this network carry `insights_enabled`. */
  insights: boolean;
  versions: readonly Version[];
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
  value: number;
  errorCode: number;
}

export interface Limits {
  profilesPerMetricsRequest: Limit;
  metricsPerMetricsRequest: Limit;
  dateRangeMonths: Limit;
  pageSize: { default: number; max: number };
  requestsPerHourPerUser: Limit;
  requestsPerHourPerAccount: Limit;
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
}

/**
 * One entry of the rule register (catalogs/rules.yaml). `stated` rules rest on a sentence of the
 * documents and a broken one is an error; `inferred` rules are believed although no sentence
 * states them, and a broken one is a warning (an error only in strict mode).
 */
export interface Rule {
  id: string;
  checks: string;
  level: 'stated' | 'inferred';
  source?: RuleSource;
  inferred?: string;
}

/**
 * The catalog facts the request checks and the client need, and nothing else (no descriptions):
 * small enough for a web app's bundle. Generated from the same catalogs
 * (generated/request-catalog.ts); the full catalogs are `social-analytics-api/catalogs`.
 */
export interface RequestCatalog {
  limits: Limits;
  /** Base dimensions (every v2 metric supports them). */
  dimensions: readonly string[];
  /** Extra dimensions of any metric. */
  extraDimensions: readonly string[];
  /** Error codes with their meaning and HTTP status. */
  errors: readonly { code: number; meaning: string; httpStatus: number }[];
  v1: RequestCatalogVersion;
  v2: RequestCatalogVersion;
}

export interface RequestCatalogVersion {
  /** Per network, per metric name: its aggregation (v2) and the extra dimensions it allows. */
  metrics: Readonly<Record<string, Readonly<Record<string, MetricRequestFacts>>>>;
  posts: Readonly<Record<string, PostsRequestFacts>>;
}

export interface MetricRequestFacts {
  aggregation?: 'sum' | 'avg';
  extraDimensions?: readonly string[];
}

export interface PostsRequestFacts {
  /** Whether the posts request offers `sort`. */
  sort: boolean;
  /** Requestable fields: type, and the values where the catalog lists them. */
  fields: Readonly<Record<string, { type: PostFieldType; enum?: readonly string[] }>>;
  sortable: readonly string[];
  filterable: readonly string[];
  advancedFilter: readonly string[];
}
