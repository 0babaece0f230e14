/**
 * `metricsRequest(path, body)`: a typed metrics request of ANY size for `client.metrics()`.
 * The request builders refuse bodies over the per-request limits (25 profiles, 25 metrics,
 * 3 months); this one only types the body and the merged answer from the generated `paths`,
 * and leaves the limits to the client's splitting.
 */
import type { paths as PathsV1 } from '../../generated/types/v1.js';
import type { paths as PathsV2 } from '../../generated/types/v2.js';
import type { OperationKey } from '../../generated/operations.js';
import type { ApiRequest } from '../request.js';

type Paths = PathsV1 & PathsV2;

/** The metrics paths of both versions: "/1/facebook/metrics", "/2/linkedin/metrics", ... */
export type MetricsPath = Extract<keyof Paths, `/${1 | 2}/${string}/metrics`>;

type PostOf<P extends MetricsPath> = Paths[P] extends { post: infer O } ? O : never;

/** The request body type of a metrics path. */
export type MetricsBodyOf<P extends MetricsPath> = PostOf<P> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/** The success body type of a metrics path (the failure body removed). */
export type MetricsAnswerOf<P extends MetricsPath> = PostOf<P> extends { responses: { 200: { content: { 'application/json': infer R } } } } ? Exclude<R, { success: false }> : never;

/** A typed metrics request of any size, for `client.metrics()`. */
export function metricsRequest<P extends MetricsPath>(path: P, body: MetricsBodyOf<P>): ApiRequest<MetricsBodyOf<P>, MetricsAnswerOf<P>, `POST ${P}` & OperationKey> {
  if (!/^\/[12]\/[a-z]+\/metrics$/.test(path)) throw new TypeError(`metricsRequest: "${path}" is not a metrics path such as "/2/facebook/metrics"`);
  return { method: 'POST', path, body, operation: `POST ${path}` as `POST ${P}` & OperationKey };
}
