/**
 * Realistic response bodies for the validator benchmarks, answered by the mock server's own
 * handlers (src/mock) from requests built on the catalogs: every body is valid and shaped like a
 * real answer (profile ids, timezones, labels, catalog-typed values, object-valued metrics).
 */
import { catalogs } from '../src/catalog/catalogs.js';
import { operations, type OperationInfo } from '../generated/operations.js';
import { buildAccount } from '../src/mock/account.js';
import { failureBody } from '../src/mock/failures.js';
import { answer, type HandlerState } from '../src/mock/handlers.js';
import { dayNumber } from '../src/calendar/days.js';
import type { Metric, PostField } from '../src/shared/catalog-types.js';

/** One benchmark shape: the request as sent and the body the API answered. */
export interface Shape {
  /** e.g. "v2 metrics [profile, date.day] 25 profiles x 92 days x 2 metrics". */
  name: string;
  method: string;
  path: string;
  status?: number;
  /** The JSON request body (undefined for GET). */
  request?: Record<string, unknown>;
  body: unknown;
}

const state: HandlerState = { account: buildAccount(), seed: 1, limits: true, historyStart: dayNumber('2015-01-01')! };

const operationOf = (method: string, path: string): OperationInfo => {
  const op = (operations as readonly OperationInfo[]).find((o) => o.method === method && o.path === path);
  if (!op) throw new Error(`bench: no operation ${method} ${path}`);
  return op;
};

/**
 * The mock's answer as a user holds it: parsed from the response text. The mock builds wide
 * objects (records of 25 metrics, posts of 74 fields) member by member, which leaves them in the
 * engine's dictionary form; JSON.parse does not. What such objects cost: {@link builtInCode}.
 */
function shape(name: string, method: string, path: string, request?: Record<string, unknown>): Shape {
  return { name, method, path, request, body: JSON.parse(JSON.stringify(answer(operationOf(method, path), request, state))) };
}

/**
 * `s` with its body as the mock built it, member by member, not parsed from text: what a test
 * holds that builds its bodies in code. Its wide objects are engine dictionaries.
 */
export function builtInCode(s: Shape): Shape {
  return { ...s, name: `${s.name}, built in code`, body: answer(operationOf(s.method, s.path), s.request, state) };
}

/** 92 days: the longest range "3 months" allows (Oct-Dec). */
const LAST_DAY = '2025-12-31';
const firstDay = (days: number) => new Date(Date.parse(`${LAST_DAY}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);

/** A network's profiles with insights (so insights-only metrics and fields are allowed). */
const profileIds = (network: string, count: number) =>
  state.account.profiles[network]
    .filter((p) => p.insights_enabled !== false)
    .slice(0, count)
    .map((p) => p.id);

const FEW_FIELDS = ['id', 'created_time', 'message', 'comments', 'shares', 'reactions', 'type', 'url', 'post_labels', 'attachments', 'is_published'];

/** A posts page of `limit` posts of a network (few typical fields, or every catalog field). */
export function postsShape(version: 1 | 2, limit: number, allFields: boolean, network = 'facebook'): Shape {
  const catalog = (catalogs[`v${version}`].posts as Record<string, { fields: readonly PostField[] }>)[network];
  const known = new Set<string>(catalog.fields.map((f) => f.name));
  const fields = allFields ? catalog.fields.map((f) => f.name) : FEW_FIELDS.filter((f) => known.has(f));
  const request = { profiles: profileIds(network, 25), date_start: firstDay(92), date_end: LAST_DAY, fields, limit };
  const op = (operations as readonly OperationInfo[]).find((o) => o.version === version && o.kind === 'posts' && o.network === network);
  if (!op) throw new Error(`bench: no v${version} posts operation of ${network}`);
  const s = shape(`v${version} ${network} posts, ${limit} posts x ${fields.length} fields`, 'POST', op.path, request);
  const posts = (s.body as { data: { posts: unknown[] } }).data.posts;
  if (posts.length !== limit) throw new Error(`bench: the mock answered ${posts.length} posts, not ${limit}`);
  return s;
}

/** A network's metrics of a version, scalar ones first; `objects` puts object-valued ones in front. */
function metricNames(version: 1 | 2, count: number, options: { objects?: boolean; extra?: string } = {}, network = 'facebook'): string[] {
  const all = ((catalogs[`v${version}`].metrics as Record<string, readonly Metric[]>)[network]).filter((m) => !m.deprecated);
  const pool = options.extra
    ? all.filter((m) => m.extraDimensions.includes(options.extra!))
    : options.objects
      ? [...all.filter((m) => m.type === 'object'), ...all.filter((m) => m.type !== 'object')]
      : all.filter((m) => m.type !== 'object');
  if (pool.length < count) throw new Error(`bench: only ${pool.length} ${network} v${version} metrics fit, ${count} asked`);
  return pool.slice(0, count).map((m) => m.name);
}

/** A v2 metrics matrix of a network over `dimensions` (profile, date.day and one extra dimension). */
export function v2MetricsShape(dimensions: string[], profiles: number, days: number, metrics: number, network = 'facebook'): Shape {
  const extra = dimensions.find((d) => d !== 'profile' && !d.startsWith('date.'));
  const request = {
    profiles: profileIds(network, profiles),
    date_start: firstDay(days),
    date_end: LAST_DAY,
    metrics: metricNames(2, metrics, { extra }, network),
    dimensions: dimensions.map((type) => ({ type })),
  };
  const name = `v2 ${network} metrics [${[...dimensions, 'metric'].join(', ')}] ${profiles} profiles x ${days} days x ${metrics} metrics`;
  return shape(name, 'POST', `/2/${network}/metrics`, request);
}

/** v1 metric records of a network: one per profile and day; `objects` includes object-valued metrics. */
export function v1MetricsShape(profiles: number, days: number, metrics: number, objects: boolean, network = 'facebook'): Shape {
  const request = { profiles: profileIds(network, profiles), date_start: firstDay(days), date_end: LAST_DAY, metrics: metricNames(1, metrics, { objects }, network) };
  const kind = objects ? ', object-valued included' : '';
  return shape(`v1 ${network} metrics ${profiles} profiles x ${days} days x ${metrics} metrics${kind}`, 'POST', `/1/${network}/metrics`, request);
}

/** A failure body (code 3, one message per offending parameter) with its HTTP status. */
export function failureShape(messages: number): Shape {
  const errors = Array.from({ length: messages }, (_, i) => `metrics[${i}]: "metric_${i}" is not a facebook metric`);
  const request = { profiles: profileIds('facebook', 1), date_start: firstDay(7), date_end: LAST_DAY, metrics: errors.map((_, i) => `metric_${i}`) };
  return { name: `v2 failure body, code 3 x ${messages} messages`, method: 'POST', path: '/2/facebook/metrics', status: 200, request, body: failureBody([{ code: 3, details: errors }]) };
}

/** A network's profile list of a version. */
export const profilesShape = (version: 1 | 2, network: string): Shape => shape(`v${version} ${network} profiles list`, 'GET', `/${version}/${network}/profiles`);

/** The label lists of v1 and v2, and a v2 profile list. */
export function listShapes(): Shape[] {
  return [
    shape('v2 post labels list', 'POST', '/2/post/labels', {}),
    shape('v2 profile labels list', 'POST', '/2/profile/labels', {}),
    shape('v1 post labels list', 'POST', '/1/post/labels', {}),
    profilesShape(2, 'facebook'),
  ];
}
