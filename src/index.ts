/**
 * social-analytics-api: typed request builders (`v1`, `v2`), the client, the mock server,
 * response validation and the catalogs. Per-version types and literal unions live in the
 * `social-analytics-api/v1` and `social-analytics-api/v2` entry points.
 */
export { v1 } from './v1.js';
export { v2 } from './v2.js';
export { RequestValidationError, type RequestProblem } from './builders/problems.js';
export { checkRequest } from './builders/check.js';
export { maxDateEnd } from './builders/dates.js';
export type { ApiRequest, ResponseOf } from './request.js';
export * from './client/index.js';
export * from './mock/index.js';
export * from './validators/index.js';
export { catalogs } from '../generated/catalogs.js';
export type { CatalogData, Metric, PostField, PostCatalog, ErrorCode, Limits, NetworkInfo, Version } from './catalog/types.js';
export type { OperationKey, OperationInfo } from '../generated/operations.js';
