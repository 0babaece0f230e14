/**
 * `social-analytics-api/v2`: the version 2 literal unions (`Network`, `Metric<N>`,
 * `PostField<N>`, `SortableField<N>`, `FilterableField<N>`, `Dimension`, `ExtraDimension<N, M>`,
 * `InsightsMetric<N>` ...), the typed request builders (`v2.facebook.metrics({...})`, or the
 * same builders as top-level exports), and the runtime request check of the version 2
 * operations (`checkRequest`; the root's checks both versions).
 */
export * from '../generated/builders/v2-unions.js';
export type * from '../generated/builders/v2.js';
export * from './builders/v2.js';
export { RequestValidationError, type RequestProblem } from './core/problems/request-error.js';
export { checkV2Request as checkRequest, type CheckRequestOptions } from './request-checks/check.js';
export { maxDateEnd } from './calendar/range-limit.js';
export type { Day } from './calendar/days.js';
// Types the builders' signatures name: the request and answer shapes, the OpenAPI types they derive from.
export type * from '../generated/builders/shapes.js';
export type { components, operations, paths } from '../generated/types/v2.js';
export type { ApiRequest, RequestWarning, ResponseOf } from '../generated/operations.js';
export type { DimensionItem, MetricsResponse, PostsPage, SortElement, SortOrder } from './builders/types.js';
