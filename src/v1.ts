/**
 * `social-analytics-api/v1`: the version 1 literal unions (`Network`, `Metric<N>`,
 * `PostField<N>`, `SortableField<N>`, `FilterableField<N>`, `InsightsMetric<N>` ...; version 1
 * has no dimensions and no linkedin), the typed request builders (`v1.youtube.metrics({...})`,
 * or the same builders as top-level exports), and the runtime request check of the version 1
 * operations (`checkRequest`; the root's checks both versions).
 */
export * from '../generated/builders/v1-unions.js';
export type * from '../generated/builders/v1.js';
export * from './builders/v1.js';
export { RequestValidationError, type RequestProblem } from './core/problems/request-error.js';
export { checkV1Request as checkRequest, type CheckRequestOptions } from './request-checks/check.js';
export { maxDateEnd } from './calendar/range-limit.js';
export type { Day } from './calendar/days.js';
// Types the builders' signatures name: the request and answer shapes, the OpenAPI types they derive from.
export type * from '../generated/builders/shapes.js';
export type { components, operations, paths } from '../generated/types/v1.js';
export type { ApiRequest, RequestWarning, ResponseOf } from '../generated/operations.js';
export type { DayRecord, MetricBreakdown, PostsPage, SortElement, SortOrder, V1MetricsResponse } from './builders/types.js';
