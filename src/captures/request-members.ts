/**
 * Which top-level members of each request body are arrays, per version and operation kind.
 * HAR writers such as chrome-har record a JSON request as `postData.params` (one `{ name, value }`
 * per member, an array as repeated names); rebuilding it needs to know which members are arrays,
 * so that one `profiles` param becomes `["p1"]`. The tables below are checked by the compiler
 * against every generated request schema of the version (generated/types): a member missing,
 * extra, or of the other kind is a type error, so they cannot drift from the OpenAPI documents.
 */
import type { OperationInfo } from '../../generated/operations.js';
import type { components as V1 } from '../../generated/types/v1.js';
import type { components as V2 } from '../../generated/types/v2.js';

type Schemas<C extends { schemas: object }> = C['schemas'];
/** Request body schemas of one kind: `FacebookMetricsRequest`, ... */
type Requests<C extends { schemas: object }, Suffix extends string> = Schemas<C>[Extract<keyof Schemas<C>, `${string}${Suffix}`>];
type Kind<T> = NonNullable<T> extends readonly unknown[] ? 'array' : 'value';
type ShapeOf<T> = { [K in keyof T]-?: Kind<T[K]> };
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** Every member of every request of the union, with the kind all of them agree on. */
type Shape<T> = UnionToIntersection<T extends unknown ? ShapeOf<T> : never>;
type Exact<T> = { [K in keyof T]: T[K] };

const v1Metrics = { date_start: 'value', date_end: 'value', profiles: 'array', metrics: 'array' } as const satisfies Exact<Shape<Requests<V1, 'MetricsRequest'>>>;
const v1Posts = {
  profiles: 'array', date_start: 'value', date_end: 'value', fields: 'array', limit: 'value', after: 'value', sort: 'array', filter: 'array',
} as const satisfies Exact<Shape<Requests<V1, 'PostsRequest'>>>;
const v2Metrics = {
  date_start: 'value', date_end: 'value', profiles: 'array', metrics: 'array', dimensions: 'array',
} as const satisfies Exact<Shape<Requests<V2, 'MetricsRequest'>>>;
const v2Posts = {
  profiles: 'array', date_start: 'value', date_end: 'value', fields: 'array', limit: 'value', after: 'value', sort: 'array', filter: 'array',
} as const satisfies Exact<Shape<Requests<V2, 'PostsRequest'>>>;

const TABLES: Record<string, Readonly<Record<string, 'array' | 'value'>>> = {
  '1 metrics': v1Metrics,
  '1 posts': v1Posts,
  '2 metrics': v2Metrics,
  '2 posts': v2Posts,
};

/** The member kinds of the request body of `op`, or undefined when it takes no body. */
export function requestMembers(op: Pick<OperationInfo, 'version' | 'kind'>): Readonly<Record<string, 'array' | 'value'>> | undefined {
  return TABLES[`${op.version} ${op.kind}`];
}
