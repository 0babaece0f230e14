/**
 * The request rules a JSON Schema cannot say, because they relate one member to another or to
 * the catalog facts of another member (the shape of each member is the compiled schema's job):
 * - `date_end` not before `date_start`; a metrics range of at most `limits.dateRangeMonths`
 *   calendar months (src/calendar/days.ts: stated, date_end at most date_start plus that many
 *   calendar months, {@link statedMaxDateEnd}; inferred, the narrower reading counting both ends,
 *   {@link maxDateEnd});
 * - v2 dimensions: no dimension twice, at most one extra dimension, the extra dimension last, and
 *   allowed by every requested metric;
 * - a filter value of a field whose values the catalog lists (ppd_status) is one of them.
 */
import { baseDimensionNames, requestLimits } from '../catalog/request-catalog.js';
import { isDay, type Day } from '../calendar/days.js';
import { maxDateEnd, rangeExcess, statedMaxDateEnd } from '../calendar/range-limit.js';
import type { NetworkFacts } from './name-sets.js';
import type { RuleId } from '../core/rules.js';
import { isExtraDimension } from './name-sets.js';
import { describeValue } from '../core/problems/describe.js';
import { isObject, type Body, type RequestProblemList as ProblemList } from './problem-list.js';

/** The rules across members of one kind of body, given the network's facts. */
export type CrossFieldRules = (problems: ProblemList, facts: NetworkFacts, network: string, body: Body) => void;

/** The rules across members per kind of body of one version (none for a kind not named). */
export type VersionCrossFieldRules = Readonly<Partial<Record<'metrics' | 'posts', CrossFieldRules>>>;

const postsRules: CrossFieldRules = (problems, facts, _network, body) => {
  checkDateRange(problems, body, false);
  checkFilterValues(problems, facts, body);
};

/** Version 1: the date range of metrics and posts, the filter values of posts. */
export const v1CrossFieldRules: VersionCrossFieldRules = {
  metrics: (problems, _facts, _network, body) => checkDateRange(problems, body, true),
  posts: postsRules,
};

/**
 * Version 2: those of version 1 and the dimension rules of metrics; a value of its own, so that
 * a bundle of the version 1 checks holds no dimension rule.
 */
export const v2CrossFieldRules: VersionCrossFieldRules = {
  metrics: (problems, facts, network, body) => {
    checkDateRange(problems, body, true);
    checkDimensions(problems, facts, network, body);
  },
  posts: postsRules,
};

/**
 * The rule the range `s..e` of calendar days breaks, if any: date_end before date_start and, for
 * metrics (`limited`), the date range limit.
 */
function dateRangeBreak(s: Day, e: Day, limited: boolean): RuleId | undefined {
  if (e < s) return 'shared.request.date-order';
  if (!limited) return undefined;
  const excess = rangeExcess(s, e);
  return excess === 'stated' ? 'shared.metrics.date-range' : excess === 'inferred' ? 'shared.metrics.date-range-calendar' : undefined;
}

/** date_end not before date_start and, for metrics (`limited`), within the date range limit. */
export function checkDateRange(problems: ProblemList, body: Body, limited: boolean): void {
  const { date_start: s, date_end: e } = body;
  if (!isDay(s) || !isDay(e)) return;
  const rule = dateRangeBreak(s, e, limited);
  if (rule === undefined) return;
  if (rule === 'shared.request.date-order') {
    problems.add(rule, 'date_end', `${e} is before date_start ${s}`);
    return;
  }
  const { value: months, errorCode } = requestLimits.dateRangeMonths;
  // The day is written only for the message.
  const text =
    rule === 'shared.metrics.date-range'
      ? `the date range ${s}..${e} is longer than ${months} months under every reading: date_end is later than date_start plus ${months} calendar months (${statedMaxDateEnd(s, months)})`
      : `the date range ${s}..${e} spans more than ${months} calendar months counting both ends; the latest date_end for date_start ${s} is ${maxDateEnd(s, months)}`;
  problems.add(rule, 'date_end', text, errorCode);
}

/**
 * Whether `body`'s date range breaks no rule of {@link checkDateRange}, limited or not: both ends
 * calendar days and the range breaking none of its rules (the same reading as the check's).
 */
export function isQuietDateRange(body: Body): boolean {
  const { date_start: s, date_end: e } = body;
  return isDay(s) && isDay(e) && dateRangeBreak(s, e, true) === undefined;
}

/** The v2 dimension rules across items and across the metrics member. */
function checkDimensions(problems: ProblemList, facts: NetworkFacts, network: string, body: Body): void {
  const { dimensions, metrics } = body;
  // No dimension, no rule to break (the common request of v2 metrics by metric alone).
  if (!Array.isArray(dimensions) || dimensions.length === 0) return;
  const seen = new Map<string, number>();
  const extras: { index: number; name: string }[] = [];
  dimensions.forEach((item, index) => {
    if (!isObject(item) || typeof item.type !== 'string') return;
    const first = seen.get(item.type);
    if (first !== undefined) {
      problems.add('v2.metrics.dimensions-distinct', `dimensions[${index}].type`, `dimension "${item.type}" is already requested as dimensions[${first}]`);
    } else seen.set(item.type, index);
    if (facts.names.dimensions.has(item.type) && isExtraDimension(item.type)) extras.push({ index, name: item.type });
  });
  if (extras.length > 1) {
    const names = listNames(extras.map((e) => e.name));
    problems.add('v2.metrics.extra-dimension-single', 'dimensions', `holds ${extras.length} extra dimensions (${names}); only one is allowed per request`);
  }
  if (extras.length === 0) return;
  // Each requested metric once, and per extra dimension named the metrics refusing it, found
  // once: a request of thousands of extra dimensions and metrics costs their sum, not their product.
  const requested = Array.isArray(metrics) ? [...new Set(metrics.filter((m): m is string => typeof m === 'string' && facts.names.metrics.has(m)))] : [];
  const refusal = new Map<string, string | undefined>();
  for (const extra of extras) {
    const parameter = `dimensions[${extra.index}].type`;
    if (extra.index !== dimensions.length - 1) problems.add('v2.metrics.extra-dimension-last', parameter, `extra dimension "${extra.name}" must be the last dimension`);
    if (!refusal.has(extra.name)) refusal.set(extra.name, refusalOf(requested, facts, network, extra.name));
    const why = refusal.get(extra.name);
    if (why) problems.add('v2.metrics.extra-dimension-allowed', parameter, why);
  }
}

/**
 * Whether a v2 `dimensions` member surely breaks no rule, of its schema or across members: a
 * list of `{type}` items, each a distinct base dimension that is no extra one (so no extra
 * dimension rule applies, and every network's dimension names hold it). False when only the
 * whole check can tell.
 */
export function isQuietDimensions(dimensions: unknown): boolean {
  if (!Array.isArray(dimensions)) return false;
  for (let i = 0; i < dimensions.length; i++) {
    const item: unknown = dimensions[i];
    if (!isObject(item) || typeof item.type !== 'string' || !baseDimensionNames.includes(item.type) || isExtraDimension(item.type)) return false;
    for (const key in item) if (key !== 'type') return false;
    for (let j = 0; j < i; j++) if ((dimensions[j] as Body).type === item.type) return false;
  }
  return true;
}

/** The message naming the metrics of `requested` that do not allow extra dimension `name`, if any. */
function refusalOf(requested: readonly string[], facts: NetworkFacts, network: string, name: string): string | undefined {
  const refusing = requested.filter((m) => !(facts.extraDimensions[m] ?? []).includes(name));
  if (!refusing.length) return undefined;
  return `extra dimension "${name}" is not allowed by the ${network} metric${refusing.length > 1 ? 's' : ''} ${listNames(refusing)}`;
}

/** Names joined by commas; past {@link NAMES_SHOWN}, the first ones and how many more. */
function listNames(names: readonly string[]): string {
  return names.length > NAMES_SHOWN ? `${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more` : names.join(', ');
}

/** Names listed in one message. */
const NAMES_SHOWN = 20;

/** Each value of a `{field, value}` filter on a field whose catalog lists its values is one of them. */
function checkFilterValues(problems: ProblemList, facts: NetworkFacts, body: Body): void {
  if (!Array.isArray(body.filter)) return;
  body.filter.forEach((item, i) => {
    if (!isObject(item) || typeof item.field !== 'string' || !facts.names.filterable.has(item.field)) return;
    const allowed = facts.fieldValues[item.field];
    if (!allowed) return;
    const values = Array.isArray(item.value) ? item.value : [item.value];
    values.forEach((v, j) => {
      if (typeof v !== 'string' || v === '' || allowed.includes(v)) return;
      const at = Array.isArray(item.value) ? `filter[${i}].value[${j}]` : `filter[${i}].value`;
      problems.add('shared.posts.filter-value-enum', at, `must be one of ${allowed.join(', ')}, got ${describeValue(v)}`);
    });
  });
}
