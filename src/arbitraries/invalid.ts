/**
 * Invalid requests per request rule: a valid request (arbitraries.ts) broken in one way, so that
 * `checkRequest` finds that rule broken and no other. One entry per rule of the register that
 * `checkRequest` checks; the operations each applies to are those whose request has the part it
 * breaks.
 */
import * as fc from 'fast-check';
import { operations, type OperationInfo } from '../../generated/operations.js';
import { maxDateEnd } from '../calendar/range-limit.js';
import { dayNumber, formatDayNumber } from '../calendar/days.js';
import { catalogs } from '../catalog/catalogs.js';
import { baseDimensionNames } from '../catalog/request-catalog.js';
import { advancedFilterNames, filterableNames, sortableNames } from '../shared/catalog-names.js';
import type { Metric, PostCatalog } from '../shared/catalog-types.js';
import type { RuleId } from '../core/rules.js';
import { validRequest, type ArbitraryRequest, type RequestArbitraryOptions } from './arbitraries.js';

/** A request body as the arbitraries build and break it. */
export type RequestBody = Record<string, unknown>;

/** How one rule is broken: the operations it applies to, and the broken body from a valid one and a draw. */
interface Breaker {
  applies(op: OperationInfo): boolean;
  /** `pick`: a random whole number for the choices a breaker makes. */
  breaks(body: Record<string, unknown>, op: OperationInfo, pick: number): Record<string, unknown>;
}

const isMetrics = (op: OperationInfo) => op.kind === 'metrics';
const isPosts = (op: OperationInfo) => op.kind === 'posts';
const hasBody = (op: OperationInfo) => isMetrics(op) || isPosts(op);
const v2Metrics = (op: OperationInfo) => isMetrics(op) && op.version === 2;
const metricsOf = (op: OperationInfo) => (catalogs[`v${op.version}`].metrics as Record<string, readonly Metric[]>)[op.network!] ?? [];
const postCatalogOf = (op: OperationInfo) => (catalogs[`v${op.version}`].posts as Record<string, PostCatalog>)[op.network!];

/** A v2 metric of the network with at least `count` extra dimensions, if any. */
const metricWithExtras = (op: OperationInfo, count: number) => metricsOf(op).find((m) => m.extraDimensions.length >= count);

const without = (body: RequestBody, key: string): RequestBody => Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));
const shift = (day: unknown, days: number) => formatDayNumber(dayNumber(day)! + days);
const baseOnly = (body: RequestBody): RequestBody => (Array.isArray(body.dimensions) ? { ...body, dimensions: (body.dimensions as { type: string }[]).filter((d) => baseDimensionNames.includes(d.type)) } : body);

/** A body of `metric` alone with `dimensions`, over the valid body's period and profiles. */
const withMetric = (body: RequestBody, metric: Metric, dimensions: string[]): RequestBody => ({ ...body, metrics: [metric.name], dimensions: dimensions.map((type) => ({ type })) });

const BREAKERS = {
  'shared.request.body-object': { applies: hasBody, breaks: (_b, _op, pick) => [42, 'profiles', ['profiles'], true][pick % 4] as unknown as RequestBody },
  'shared.request.unknown-members': { applies: hasBody, breaks: (b, _op, pick) => ({ ...b, [`unknown_member_${pick % 100}`]: pick }) },
  'shared.profiles.no-body': { applies: (op) => op.kind === 'profiles', breaks: (_b, _op, pick) => ({ profiles: [`${pick}`] }) },
  'v2.metrics.required-members': { applies: v2Metrics, breaks: (b, _op, pick) => without(b, ['date_start', 'date_end', 'profiles', 'metrics'][pick % 4]) },
  'v1.metrics.required-members': { applies: (op) => isMetrics(op) && op.version === 1, breaks: (b, _op, pick) => without(b, ['date_start', 'date_end', 'profiles', 'metrics'][pick % 4]) },
  'v1.metrics.no-dimensions': { applies: (op) => isMetrics(op) && op.version === 1, breaks: (b) => ({ ...b, dimensions: [{ type: 'date.day' }] }) },
  'shared.posts.required-members': { applies: isPosts, breaks: (b, _op, pick) => without(b, ['profiles', 'date_start', 'date_end', 'fields'][pick % 4]) },
  'shared.request.date-format': { applies: hasBody, breaks: (b, _op, pick) => ({ ...b, [pick % 2 ? 'date_start' : 'date_end']: ['2025-1-01', '20250101', '2025-02-30', '01/02/2025'][(pick >> 1) % 4] }) },
  'shared.request.date-order': { applies: hasBody, breaks: (b, _op, pick) => ({ ...b, date_end: shift(b.date_start, -1 - (pick % 30)) }) },
  'shared.metrics.date-range': { applies: isMetrics, breaks: (b, _op, pick) => ({ ...b, date_end: shift(b.date_start, 93 + (pick % 300)) }) },
  'shared.metrics.date-range-calendar': {
    applies: isMetrics,
    // From a start in January or February, three calendar months hold fewer than 92 days: the day after maxDateEnd is within 92 days.
    breaks: (b, _op, pick) => {
      const date_start = `20${16 + (pick % 10)}-0${1 + ((pick >> 4) % 2)}-${String(1 + ((pick >> 5) % 28)).padStart(2, '0')}`;
      return { ...b, date_start, date_end: shift(maxDateEnd(date_start), 1) };
    },
  },
  'shared.request.string-list': { applies: hasBody, breaks: (b, _op, pick) => ({ ...b, profiles: [pick, ...(b.profiles as string[]).slice(1)] }) },
  'shared.request.non-empty': { applies: hasBody, breaks: (b) => ({ ...b, profiles: [] }) },
  'shared.metrics.profiles-limit': { applies: isMetrics, breaks: (b, _op, pick) => ({ ...b, profiles: Array.from({ length: catalogs.limits.profilesPerMetricsRequest.value + 1 + (pick % 10) }, (_, i) => `profile-${i}`) }) },
  'shared.metrics.metrics-limit': {
    applies: (op) => isMetrics(op) && metricsOf(op).length > catalogs.limits.metricsPerMetricsRequest.value,
    breaks: (b, op, pick) => ({ ...baseOnly(b), metrics: metricsOf(op).slice(0, catalogs.limits.metricsPerMetricsRequest.value + 1 + (pick % 5)).map((m) => m.name) }),
  },
  'v2.metrics.metric-names': { applies: v2Metrics, breaks: (b, _op, pick) => ({ ...baseOnly(b), metrics: [...(b.metrics as string[]), `no_such_metric_${pick % 10}`] }) },
  'v1.metrics.metric-names': { applies: (op) => isMetrics(op) && op.version === 1, breaks: (b, _op, pick) => ({ ...b, metrics: [...(b.metrics as string[]), `no_such_metric_${pick % 10}`] }) },
  'v2.metrics.dimension-shape': { applies: v2Metrics, breaks: (b, _op, pick) => ({ ...b, dimensions: ['date.day', ['date.day'], 'profile'][pick % 3] }) },
  'v2.metrics.dimension-names': { applies: v2Metrics, breaks: (b, _op, pick) => ({ ...b, dimensions: [{ type: `no_such_dimension_${pick % 10}` }] }) },
  'v2.metrics.dimensions-distinct': { applies: v2Metrics, breaks: (b, _op, pick) => ({ ...b, dimensions: [baseDimensionNames[pick % baseDimensionNames.length], baseDimensionNames[pick % baseDimensionNames.length]].map((type) => ({ type })) }) },
  'v2.metrics.extra-dimension-last': {
    applies: (op) => v2Metrics(op) && metricWithExtras(op, 1) !== undefined,
    breaks: (b, op, pick) => {
      const metric = metricWithExtras(op, 1)!;
      return withMetric(b, metric, [metric.extraDimensions[pick % metric.extraDimensions.length], baseDimensionNames[pick % baseDimensionNames.length]]);
    },
  },
  'v2.metrics.extra-dimension-single': {
    applies: (op) => v2Metrics(op) && metricWithExtras(op, 2) !== undefined,
    breaks: (b, op) => {
      const metric = metricWithExtras(op, 2)!;
      return withMetric(b, metric, metric.extraDimensions.slice(0, 2));
    },
  },
  'v2.metrics.extra-dimension-allowed': {
    applies: (op) => v2Metrics(op) && metricsOf(op).some((m) => m.extraDimensions.length === 0) && metricWithExtras(op, 1) !== undefined,
    breaks: (b, op, pick) => {
      const plain = metricsOf(op).filter((m) => m.extraDimensions.length === 0);
      const extras = [...new Set(metricsOf(op).flatMap((m) => m.extraDimensions))];
      return withMetric(b, plain[pick % plain.length], [extras[pick % extras.length]]);
    },
  },
  'shared.posts.field-names': { applies: isPosts, breaks: (b, _op, pick) => ({ ...b, fields: [...(b.fields as string[]), `no_such_field_${pick % 10}`] }) },
  'shared.posts.limit': { applies: isPosts, breaks: (b, _op, pick) => ({ ...b, limit: pick % 2 ? catalogs.limits.pageSize.max + 1 + (pick % 1000) : 2.5 }) },
  'shared.posts.limit-positive': { applies: isPosts, breaks: (b, _op, pick) => ({ ...b, limit: -(pick % 10) }) },
  'shared.posts.after': { applies: isPosts, breaks: (b, _op, pick) => ({ ...b, after: [pick, null, ['x'], { next: 'x' }][pick % 4] }) },
  'shared.posts.sort-shape': { applies: (op) => isPosts(op) && postCatalogOf(op).sort, breaks: (b, op, pick) => ({ ...b, sort: [{ field: sortableNames(postCatalogOf(op))[0], order: pick }] }) },
  'shared.posts.sort-fields': { applies: (op) => isPosts(op) && postCatalogOf(op).sort, breaks: (b, _op, pick) => ({ ...b, sort: [{ field: `no_such_field_${pick % 10}`, order: 'asc' }] }) },
  'shared.posts.filter-shape': { applies: isPosts, breaks: (b, _op, pick) => ({ ...b, filter: [['post_labels'], 'post_labels', [{ field: 'post_labels' }]][pick % 3] }) },
  'shared.posts.filter-fields': { applies: isPosts, breaks: (b, _op, pick) => ({ ...b, filter: [{ field: `no_such_field_${pick % 10}`, value: 'x' }] }) },
  'shared.posts.filter-value': { applies: (op) => isPosts(op) && filterableNames(postCatalogOf(op)).includes('post_labels'), breaks: (b, _op, pick) => ({ ...b, filter: [{ field: 'post_labels', value: [pick, true, { id: 'x' }][pick % 3] }] }) },
  'shared.posts.filter-value-enum': {
    applies: (op) => isPosts(op) && postCatalogOf(op).fields.some((f) => f.filterable && f.enum?.length),
    breaks: (b, op, pick) => ({ ...b, filter: [{ field: postCatalogOf(op).fields.find((f) => f.filterable && f.enum?.length)!.name, value: `no_such_value_${pick % 10}` }] }),
  },
  'shared.posts.match-any': { applies: (op) => isPosts(op) && advancedFilterNames(postCatalogOf(op)).length > 0, breaks: (b, _op, pick) => ({ ...b, filter: [{ match_any: [{ field: 'no_such_field', value: [`${pick}`] }] }] }) },
} satisfies Partial<Record<RuleId, Breaker>>;

/**
 * The request rules that have an invalid-request arbitrary: every rule `checkRequest` checks but
 * `shared.request.known-operation` (see {@link unknownOperationRequest}) and
 * `v2.posts.sort-not-offered` (the documents give twitter no posts path, so no operation's
 * request can break it).
 */
export type BreakableRule = keyof typeof BREAKERS;

export const BREAKABLE_RULES = Object.keys(BREAKERS) as BreakableRule[];

/**
 * Rules a request breaking the rule of the key necessarily breaks too: two extra dimensions
 * cannot both be the last one, so a request of two breaks `v2.metrics.extra-dimension-last` as well.
 */
export const IMPLIED_RULES: Readonly<Partial<Record<BreakableRule, readonly RuleId[]>>> = {
  'v2.metrics.extra-dimension-single': ['v2.metrics.extra-dimension-last'],
};

/** The operations whose requests can break `rule`. */
export function operationsBreaking(rule: BreakableRule): string[] {
  return operations.filter((op) => (BREAKERS[rule] as Breaker).applies(op)).map((op) => op.key);
}

/**
 * Requests that break `rule` and no other rule of `checkRequest` (but those of
 * {@link IMPLIED_RULES}): valid requests of the operations it applies to (or of `operationKeys`
 * among them), broken in one way.
 */
export function invalidRequest(rule: BreakableRule, operationKeys?: readonly string[], options: RequestArbitraryOptions = {}): fc.Arbitrary<ArbitraryRequest> {
  const breaker = BREAKERS[rule] as Breaker | undefined;
  if (!breaker) throw new TypeError(`invalidRequest: ${JSON.stringify(rule)} is not a request rule with an arbitrary; they are ${BREAKABLE_RULES.join(', ')}`);
  const keys = operationsBreaking(rule).filter((key) => !operationKeys || operationKeys.includes(key));
  if (keys.length === 0) throw new TypeError(`invalidRequest: no operation ${operationKeys ? `among ${operationKeys.join(', ')} ` : ''}can break ${rule}; it applies to ${operationsBreaking(rule).join(', ') || 'none'}`);
  return fc.oneof(
    ...keys.map((key) => {
      const op = operations.find((o) => o.key === key)!;
      return fc.tuple(validRequest(key, options), fc.nat()).map(([request, pick]) => ({ ...request, body: breaker.breaks((request.body ?? {}) as RequestBody, op, pick) }));
    }),
  );
}

/** Requests of an operation the documents do not list (`shared.request.known-operation`): a network without it, or an unknown path. */
export function unknownOperationRequest(): fc.Arbitrary<ArbitraryRequest> {
  const known = new Set<string>(operations.map((o) => o.key));
  return fc
    .tuple(fc.constantFrom(1, 2), fc.constantFrom('metrics', 'posts', 'page/posts', 'profiles', 'audience'), fc.constantFrom(...catalogs.networks.map((n) => n.name), 'myspace'))
    .map(([version, tail, network]) => ({ method: 'POST' as const, path: `/${version}/${network}/${tail}`, body: {}, operation: `POST /${version}/${network}/${tail}` }))
    .filter((request) => !known.has(request.operation));
}
