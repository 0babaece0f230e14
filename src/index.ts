/**
 * social-analytics-api: typed request builders (`v1`, `v2`) and the client. Per-version types
 * and literal unions live in `social-analytics-api/v1` and `/v2`; the validators, the mock
 * server, the catalogs data and the vitest matcher have their own entry points
 * (`/validators`, `/mock`, `/catalogs`, `/vitest`), so a web app that imports the root bundles
 * no Node module and no validator code.
 */
export { v1 } from './v1.js';
export { v2 } from './v2.js';
export { RequestValidationError, type RequestProblem } from './request-checks/problems.js';
export type { Problem, ResponseProblem, RuleId, Severity } from './problems/problem.js';
export { checkRequest, type CheckRequestOptions } from './request-checks/check.js';
export { maxDateEnd } from './calendar/range-limit.js';
export type { ApiRequest, ResponseOf } from './request.js';
export * from './client/index.js';
export type { CatalogData, Metric, PostField, PostCatalog, ErrorCode, Limits, NetworkInfo, Version } from './catalog/types.js';
export type { OperationKey, OperationInfo } from '../generated/operations.js';
