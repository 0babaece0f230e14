/**
 * Generic request and response shapes shared by the generated builders of both versions.
 * Nothing here names a network, metric or field: the per-network types in generated/builders/
 * fill these shapes with catalog names. Written by hand in scripts/templates/builder-shapes.ts
 * and copied, formatted, to generated/builders/shapes.ts, so that the generated builders import
 * nothing from src/.
 */

/** A calendar day, `YYYY-MM-DD` (checked at run time by the request checks). */
export type DayString = string;

/**
 * The shape of a calendar day, `YYYY-MM-DD`, as a template type, to opt in with for day literals
 * (`const start: DayShape = '2024-01-01'`; `'2024/01/01'` does not compile). The builders take any
 * string (checking it at run time, calendar included): checking day literals in every builder call
 * costs more type-checking than the bench allows. Not exact: `${number}` also matches `1e3`.
 */
export type DayShape = `${number}-${number}-${number}`;

/**
 * `S` when it is a `string` value or a literal of the shape of {@link DayShape}, otherwise
 * DayShape: for a function of your own, `<S extends string>(day: DayLiteral<S>)` refuses a day
 * literal of another shape, the error naming it and the shape.
 */
export type DayLiteral<S extends string> = string extends S ? S : S extends DayShape ? S : DayShape;

/**
 * A sort direction. The documents show only `desc`; other values are not shown, so any string
 * is accepted (and `'desc'` is offered for completion) rather than inventing `'asc'`.
 */
export type SortOrder = 'desc' | (string & {});

/** One sort element of a posts request. */
export interface SortElement<F extends string> {
  readonly field: F;
  readonly order: SortOrder;
}

/** One element of a v2 `dimensions` list. */
export interface DimensionItem<T extends string = string> {
  readonly type: T;
}

/**
 * A v2 `dimensions` list: base dimensions in any order, optionally followed by ONE extra
 * dimension `E` as the last element.
 */
export type DimensionList<B extends string, E extends string> =
  | readonly DimensionItem<B>[]
  | readonly [...DimensionItem<B>[], DimensionItem<E>];

/**
 * The values that EVERY key of `M` maps to in `T`: the intersection of `T[m]` over the members m
 * of `M` (a union of functions infers its parameter as the intersection). The builders use it for
 * the extra dimensions every requested metric allows: one small mapped type and one inference per
 * set of metrics, where an `Exclude` over all extra dimensions of a network tests each of them.
 */
export type AllowedByEvery<T, M extends keyof T> = {
  [K in M]: (allowed: T[K]) => void;
}[M] extends (allowed: infer I extends string) => void
  ? I
  : never;

/**
 * Nested number arrays of unknown depth (the data of a metrics response whose dimensions are not
 * a tuple).
 */
export type NestedNumbers = number | NestedNumbers[];

/** Nested number arrays by nesting depth (a table lookup is cheaper to check than recursion). */
export interface NumbersByDepth {
  0: number[];
  1: number[][];
  2: number[][][];
  3: number[][][][];
  4: number[][][][][];
  5: number[][][][][][];
  6: number[][][][][][][];
  7: number[][][][][][][][];
}

/**
 * The dimension names of a v2 `dimensions` list, in request order (`["date.day", "profile"]`):
 * how a request and its answer name their dimensions, so that they hover in one short line.
 */
export type DimensionNames<D extends readonly DimensionItem[]> = { -readonly [K in keyof D]: D[K]['type'] };

/** The `dimensions` list of the dimension names `T` (the inverse of {@link DimensionNames}). */
export type DimensionItems<T extends readonly string[]> = { readonly [K in keyof T]: DimensionItem<T[K]> };

/**
 * `data` of a v2 metrics response: one array level per dimension, then one number per metric;
 * dimension names typed as an array (not a tuple), nested numbers. A list of open length ending
 * in one element (`[...Dimension[], E]`) is what a builder infers for `dimensions` when a
 * dimension is refused (the builder's own constraint, `DimensionList`): `data` is then `any`, so
 * that the refused dimension is the call's one error and the lines reading the answer as the
 * request was meant do not fail with it. Checked only for a list of open length, so a valid call
 * pays nothing for it.
 */
export type MetricsMatrix<T extends readonly string[]> = T['length'] extends keyof NumbersByDepth
  ? NumbersByDepth[T['length']]
  : number extends T['length']
    ? T extends readonly [...string[], string]
      ? any
      : NestedNumbers[]
    : NestedNumbers[];

/** One `header` element of a dimension: its type and the dimension values. */
export interface DimensionHeader<T extends string> {
  type: T;
  /** The dimension values (dates, profile ids, breakdown keys). */
  rows: string[];
}

/** The last `header` element: type `metric`, rows the requested metric names in request order. */
export interface MetricHeader<M extends string> {
  type: 'metric';
  rows: M[];
}

/** The dimension elements of a `header`, position by position: element i is dimension i. */
export type DimensionHeaders<T extends readonly string[]> = {
  -readonly [K in keyof T]: DimensionHeader<T[K]>;
};

/**
 * `header` of a v2 metrics response: a positional tuple, one element per requested dimension in
 * request order (`header[0].type` is the first requested dimension), then the metric element with
 * the requested metric names. A `dimensions` list typed as an array (not a tuple) gives
 * `DimensionHeader[]` before the metric element.
 */
export type MetricsHeader<T extends readonly string[], M extends string> = [...DimensionHeaders<T>, MetricHeader<M>];

/**
 * Success body of a v2 metrics request for metrics `M` and the dimensions named `T` in request
 * order (`MetricsResponse<"fans_change", ["date.day"]>`).
 */
export interface MetricsResponse<M extends string, T extends readonly string[]> {
  success: true;
  header: MetricsHeader<T, M>;
  data: MetricsMatrix<T>;
}

/** A v1 breakdown map; its keys and value types are not shown in the documents. */
export type MetricBreakdown = Record<string, unknown>;

/**
 * One v1 day record: `date` (YYYY-MM-DD HH:MM:SS, midnight in the profile timezone) plus exactly
 * the requested metrics.
 */
export type DayRecord<V, M extends keyof V> = { date: string } & { [K in M]: V[K] };

/** Success body of a v1 metrics request: per requested profile, one record per day. */
export interface V1MetricsResponse<R> {
  success: true;
  profiles: { id: string; data: R[] }[];
}

/** Success body of a posts request: posts holding only the requested fields, and the cursor. */
export interface PostsPage<P> {
  success: true;
  data: {
    posts: P[];
    /** Cursor of the next page; present together with `remaining` when more posts exist. */
    next?: string;
    /** Number of posts after the last returned one. */
    remaining?: number;
  };
}

/**
 * The members `K` of `T`, each required and without `undefined`: a post of the openapi-typescript
 * components (every field optional) narrowed to the requested fields, or the catalog members of
 * a v1 day record.
 */
export type RequiredPick<T, K extends keyof T> = { [P in K]-?: T[P] };

/** The member no object literal has (see {@link FilterFieldCheck}). */
declare const noFilterMatch: unique symbol;

/**
 * The last member of a posts filter union, matched by no element (it requires a member no object
 * literal has): a field that is not filterable is then reported against `F`, the network's
 * filterable fields by their alias name (`FacebookFilterableField`), where TypeScript would name
 * the last field of the union alone.
 */
export interface FilterFieldCheck<F extends string> {
  readonly field: F;
  readonly value: string | readonly string[];
  readonly [noFilterMatch]: never;
}

