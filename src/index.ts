/**
 * social-analytics-api: the client (`createClient`, its errors, `metricsRequest`) and the types
 * every entry shares. Each version's builders, literal unions and request check live in
 * `social-analytics-api/v1` and `/v2`; the validators, the mock server, the catalogs data and the
 * vitest matcher have their own entry points (`/validators`, `/mock`, `/catalogs`, `/vitest`), so
 * a web app bundles only what it imports: no Node module, no validator code, and no request checks
 * of a version it does not build requests for (docs/decisions/root-entry.md).
 */
export { RequestValidationError, type RequestProblem } from './core/problems/request-error.js';
export type { AtParameter, AtPointer, Place, Problem, ResponseProblem, RuleId, Severity } from './core/problems/problem.js';
export type { CheckRequestOptions } from './request-checks/check.js';
export { maxDateEnd } from './calendar/range-limit.js';
export type { Day } from './calendar/days.js';
export type { ApiRequest, RequestWarning, ResponseOf } from '../generated/operations.js';
// What the README documents, named one by one: the client's split planning helpers stay inside.
export {
  createClient,
  ApiError,
  ResponseValidationError,
  SplitRefusedError,
  MergeError,
  ClientConfigError,
  metricsRequest,
  type CallOptions,
  type ClientOptions,
  type SocialAnalyticsClient,
  type SplitChunk,
  type ApiErrorKind,
  type ApiErrorEntry,
  type ValidationIssue,
  type RetryOptions,
  type ResponseValidator,
  type RetryInfo,
  type RawClients,
  type ExchangeCapture,
  type BudgetOptions,
  type Clock,
  type RequestLike,
  type MetricsPath,
  type MetricsBodyOf,
  type MetricsAnswerOf,
  type AnswerOf,
  type ApiErrorInit,
  type ApiPaths,
  type MetricsBodyBase,
  type MetricsOperation,
  type NetworkOf,
  type PostOfAnswer,
  type V1MetricsBody,
  type V1MetricsPath,
  type V2MetricsBody,
  type V2MetricsPath,
} from './client/index.js';
export type { CatalogData, Metric, PostField, PostCatalog, ErrorCode, Limits, NetworkInfo, Version } from './shared/catalog-types.js';
export type { OperationKey, OperationInfo, OperationKind } from '../generated/operations.js';
// Types the signatures above name (the request and answer shapes, the OpenAPI paths of `client.raw`).
export type * from '../generated/builders/shapes.js';
export type { paths as V1Paths } from '../generated/types/v1.js';
export type { paths as V2Paths } from '../generated/types/v2.js';
