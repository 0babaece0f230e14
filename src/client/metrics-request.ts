/**
 * `metricsRequest(path, body)`: a typed metrics request of ANY size for `client.metrics()`.
 * The request builders refuse bodies over the per-request limits of catalogs/limits.yaml
 * (profiles, metrics, months); this one leaves the limits to the client's splitting, and types the body and the
 * merged answer exactly as the builders do: the metric and dimension names of the path's
 * network, and the answer narrowed to the requested metrics and dimensions (a positional v2
 * header, `data` nested one level per dimension; v1 day records holding the requested metrics).
 */
import type * as V1 from '../../generated/builders/v1-unions.js';
import type { paths as PathsV1 } from '../../generated/types/v1.js';
import type { paths as PathsV2 } from '../../generated/types/v2.js';
import type * as V2 from '../../generated/builders/v2-unions.js';
import type { ApiRequest, OperationKey } from '../../generated/operations.js';
import type { DayRecord, DayString, DimensionList, DimensionNames, MetricsResponse, V1MetricsResponse } from '../builders/types.js';
import { operationOf } from '../operations/operation-of.js';

/** The metrics paths of version 2 and of version 1. */
export type V2MetricsPath = `/2/${V2.Network}/metrics`;
export type V1MetricsPath = `/1/${V1.Network}/metrics`;
/** The metrics paths of both versions: "/1/facebook/metrics", "/2/linkedin/metrics", ... */
export type MetricsPath = V1MetricsPath | V2MetricsPath;

/** The network of a metrics path: `/2/facebook/metrics` -> `facebook`. */
export type NetworkOf<P extends string> = P extends `/${1 | 2}/${infer N}/metrics` ? N : never;

/** What every metrics body of `metricsRequest` holds. */
export interface MetricsBodyBase {
  /** First day, YYYY-MM-DD. */
  date_start: DayString;
  /** Last day, YYYY-MM-DD (included); any range: the client splits it. */
  date_end: DayString;
  /** Profile ids of the network; any number: the client splits them. */
  profiles: readonly string[];
}

/** The OpenAPI paths of both versions (openapi-typescript). */
export type ApiPaths = PathsV1 & PathsV2;
/** The OpenAPI operation (openapi-typescript) of a metrics path. */
export type MetricsOperation<P extends MetricsPath> = ApiPaths[P] extends { post: infer O } ? O : never;

/** The raw OpenAPI request body type of a metrics path (openapi-typescript), not narrowed. */
export type MetricsBodyOf<P extends MetricsPath> = MetricsOperation<P> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/** The raw OpenAPI success body type of a metrics path (the failure body removed), not narrowed. */
export type MetricsAnswerOf<P extends MetricsPath> = MetricsOperation<P> extends { responses: { 200: { content: { 'application/json': infer R } } } } ? Exclude<R, { success: false }> : never;

/** A version 2 metrics body of network N for metrics M and dimensions D. */
export interface V2MetricsBody<N extends V2.Network, M extends V2.Metric<N>, D> extends MetricsBodyBase {
  metrics: readonly M[];
  dimensions?: D;
}

/** A version 1 metrics body of network N for metrics M. */
export interface V1MetricsBody<M> extends MetricsBodyBase {
  metrics: readonly M[];
}

/** A typed version 2 metrics request of any size; the answer is narrowed as a builder's. */
export function metricsRequest<
  P extends V2MetricsPath,
  M extends V2.Metric<NetworkOf<P>>,
  D extends DimensionList<V2.Dimension, V2.ExtraDimension<NetworkOf<P>, M>> = readonly [],
>(path: P, body: V2MetricsBody<NetworkOf<P>, M, D>): ApiRequest<V2MetricsBody<NetworkOf<P>, M, D>, MetricsResponse<M, DimensionNames<D>>, `POST ${P}` & OperationKey>;
/** A typed version 1 metrics request of any size; the answer holds the requested metrics. */
export function metricsRequest<P extends V1MetricsPath, M extends V1.Metric<NetworkOf<P>> & keyof V1.MetricValues<NetworkOf<P>>>(
  path: P,
  body: V1MetricsBody<M>,
): ApiRequest<V1MetricsBody<M>, V1MetricsResponse<DayRecord<V1.MetricValues<NetworkOf<P>>, M>>, `POST ${P}` & OperationKey>;
export function metricsRequest(path: string, body: unknown): ApiRequest<unknown, unknown, OperationKey> {
  const operation = operationOf('POST', path);
  if (operation?.kind !== 'metrics' || operation.path !== path) throw new TypeError(`metricsRequest: "${path}" is not a metrics path such as "/2/facebook/metrics"`);
  return { method: 'POST', path, body, operation: operation.key };
}
