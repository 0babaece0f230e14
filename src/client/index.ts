/** The client of the social analytics API: createClient and its errors. */
export { createClient, DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS, type AnswerOf, type CallOptions, type ClientOptions, type SocialAnalyticsClient } from './client.js';
export { ApiError, ResponseValidationError, SplitRefusedError, MergeError, ClientConfigError, errorMeaning, type SplitChunk, type ApiErrorKind, type ApiErrorEntry, type ApiErrorInit, type ValidationIssue } from './errors.js';
export type { RetryOptions } from './retry.js';
export type { ResponseValidator, RetryInfo } from './policy-fetch.js';
export type { RawClients } from './raw.js';
export type { ExchangeCapture } from './exchange.js';
export type { BudgetOptions, Clock } from './budget.js';
export { planMetricsSplit, splitDateRange, type SplitPlan, type DateCut } from './split-plan.js';
export { chunkEvenly, gridCover, type Rect } from './cover.js';
export type { RequestLike } from './request-like.js';
export {
  metricsRequest,
  type ApiPaths,
  type MetricsPath,
  type MetricsBodyBase,
  type MetricsBodyOf,
  type MetricsAnswerOf,
  type MetricsOperation,
  type NetworkOf,
  type V1MetricsBody,
  type V1MetricsPath,
  type V2MetricsBody,
  type V2MetricsPath,
} from './metrics-request.js';
export { PAGES_WITHOUT_PROGRESS, type PostOfAnswer } from './paginate.js';
