/**
 * The rules of a version 1 metrics body, one function each, by rule id. Body-only: each member of
 * a day record but `date` is a metric of the network's catalog with its catalog type; record dates
 * are real days at midnight; one record per day in each profile's data. With the request: one
 * element per requested profile; each day record holds exactly the requested metrics; days
 * inside the requested range, the last requested day included. The harness (../checks/metrics-v1.ts)
 * reads every record once and gives the rules the records and profiles it found something off in
 * ({@link MetricsV1Facts}): the rules read only those again.
 */
import { quote } from '../../core/problems/describe.js';
import { childPointer } from '../../shared/pointer.js';
import type { CatalogMetric } from '../catalog-facts.js';
import { hasDayTimeShape, realDayAt } from '../../calendar/date-times.js';
import { rangeText, stringArray } from '../facts/request-shape.js';
import { dateOf } from '../facts/v1-days.js';
import type { RequestFacts } from '../facts/v1-request-facts.js';
import { DAY_TIME_SHAPE, expected, isPlainObject, noDataMessage, typeProblem } from '../facts/values.js';
import type { Found, RuleTable } from './rule-table.js';
import { requestLimits } from '../../catalog/request-catalog.js';
import { rangeExcess, statedMaxDateEnd } from '../../calendar/range-limit.js';
import { dayNumber, formatDayNumber } from '../../calendar/days.js';

/** What the rules read beside their part: the network's catalog and the request's facts. */
export interface MetricsV1Facts {
  readonly catalog: ReadonlyMap<string, CatalogMetric>;
  readonly request: Record<string, unknown> | undefined;
  readonly facts: RequestFacts | undefined;
}

/** What the harness found off in a record (flags). */
export const DATE_OFF = 1;
export const MEMBERS_OFF = 2;

/** What the harness found off in a profile's records (flags). */
export const DAYS_OFF = 1;
export const LAST_DAY_OFF = 2;

/**
 * The profile elements are the requested profiles, each once, in the requested order (the common
 * answer; no set): each element's id is the requested profile at its position, and no profile is
 * requested twice (a request of one profile needs no look; a short list is compared pairwise).
 */
function profilesAsRequested(profiles: unknown[], requested: unknown[]): boolean {
  if (profiles.length !== requested.length) return false;
  for (let i = 0; i < profiles.length; i++) {
    const p = profiles[i];
    if (!isPlainObject(p) || p.id !== requested[i]) return false;
  }
  return requested.length < 2 || requestedOnce(requested);
}

/** No item of `requested` is listed twice. */
function requestedOnce(requested: unknown[]): boolean {
  if (requested.length > PAIRWISE) return new Set(requested).size === requested.length;
  for (let i = 1; i < requested.length; i++) for (let j = 0; j < i; j++) if (requested[i] === requested[j]) return false;
  return true;
}

/** Up to this many requested profiles, duplicates are looked for pair by pair rather than with a set. */
const PAIRWISE = 32;

/**
 * The profile elements against the requested profiles (the request's `profiles`; a list that is
 * not one of strings is not checked, so elements equal to it item by item need no type test). The
 * reports are a function of their own, as in the checks below: what runs on every call stays
 * small enough for the engine to inline.
 */
function checkProfiles(found: Found, profiles: unknown[], requested: unknown): void {
  if (Array.isArray(requested) && profilesAsRequested(profiles, requested)) return;
  const wanted = stringArray(requested);
  if (wanted) reportProfiles(found, profiles, new Set(wanted));
}

function reportProfiles(found: Found, profiles: unknown[], wanted: ReadonlySet<string>): void {
  const seen = new Set<string>();
  if (profiles.length !== wanted.size) found.add('/profiles', `expected one element per requested profile (${wanted.size}), got ${profiles.length}`);
  profiles.forEach((p, i) => {
    if (!isPlainObject(p) || typeof p.id !== 'string') return;
    if (!wanted.has(p.id)) found.add(`/profiles/${i}/id`, `${quote(p.id)} is not a requested profile`);
    else if (seen.has(p.id)) found.add(`/profiles/${i}/id`, `profile ${quote(p.id)} appears more than once`);
    seen.add(p.id);
  });
  for (const id of wanted) if (!seen.has(id) && profiles.length) found.add('/profiles', `no element for requested profile ${quote(id)}`);
}

/** `/profiles/i/data/d`: built only for a problem. */
const recordPointer = (i: number, d: number) => `/profiles/${i}/data/${d}`;

/** A member of a day record the harness found off (its name or its value), at `/profiles/i/data/d`. */
export interface RecordMember {
  readonly record: Record<string, unknown>;
  readonly key: string;
  readonly i: number;
  readonly d: number;
}

/** A day record the harness found off (`flags`: {@link DATE_OFF}, {@link MEMBERS_OFF}). */
export interface OffRecord {
  readonly record: Record<string, unknown>;
  readonly i: number;
  readonly d: number;
  readonly flags: number;
}

/** A profile the harness found off (`flags`: {@link DAYS_OFF}, {@link LAST_DAY_OFF}). */
export interface OffProfile {
  readonly days: unknown[];
  readonly i: number;
  readonly flags: number;
}

/** A record date inside the requested range (any date without a request). */
const inRequestedRange = (date: string, facts: RequestFacts | undefined) => !facts?.range || (date >= facts.range.start && date <= facts.afterEnd);

/** The rules of each member of the records found off, in the order the record holds its members. */
export const memberRules: RuleTable<RecordMember, MetricsV1Facts> = {
  'v1.metrics.record-metric-names': (found, { key, i, d }, _at, { catalog }) => {
    if (key !== 'date' && !catalog.has(key)) found.add(recordPointer(i, d), `unexpected property ${quote(key)}`);
  },
  'v1.metrics.metric-types': (found, { record, key, i, d }, _at, { catalog }) => {
    const metric = key === 'date' ? undefined : catalog.get(key);
    if (metric?.mayReturnNoData && record[key] === null) return; // shared.metrics.no-data-value's
    const problem = metric && typeProblem(metric.type, record[key]);
    if (problem) found.add(childPointer(recordPointer(i, d), key), problem);
  },
  /** A null member of a metric that may return no data: allowed by one careful reading only. */
  'shared.metrics.no-data-value': (found, { record, key, i, d }, _at, { catalog }) => {
    if (record[key] === null && key !== 'date' && catalog.get(key)?.mayReturnNoData) found.add(childPointer(recordPointer(i, d), key), noDataMessage(key, 'null'));
  },
};

/** The distinct string ids of the profile elements, counted up to `stop`. */
function distinctIds(profiles: unknown[], stop: number): number {
  const ids = new Set<string>();
  for (let i = 0; i < profiles.length && ids.size < stop; i++) {
    const p = profiles[i];
    if (isPlainObject(p) && typeof p.id === 'string') ids.add(p.id);
  }
  return ids.size;
}

/** The first record (`[i, d, count]`) holding more than `limit` metric members of the catalog, if any. */
function recordOverMetrics(profiles: unknown[], catalog: ReadonlyMap<string, CatalogMetric>, limit: number): [number, number, number] | undefined {
  for (let i = 0; i < profiles.length; i++) {
    const p = profiles[i];
    const days = isPlainObject(p) ? p.data : undefined;
    if (!Array.isArray(days)) continue;
    for (let d = 0; d < days.length; d++) {
      const record = days[d];
      if (!isPlainObject(record)) continue;
      let count = 0;
      for (const key in record) if (catalog.has(key)) count++;
      if (count > limit) return [i, d, count];
    }
  }
  return undefined;
}

/** The earliest and the latest record day (`YYYY-MM-DD` of a real day at the shape's place) of all profiles, if any. */
function recordDaySpan(profiles: unknown[]): [string, string] | undefined {
  let first: string | undefined;
  let last: string | undefined;
  for (let i = 0; i < profiles.length; i++) {
    const p = profiles[i];
    const days = isPlainObject(p) ? p.data : undefined;
    if (!Array.isArray(days)) continue;
    for (let d = 0; d < days.length; d++) {
      const record = days[d];
      const date = isPlainObject(record) ? record.date : undefined;
      if (typeof date !== 'string' || !hasDayTimeShape(date) || !realDayAt(date)) continue;
      const day = date.slice(0, 10);
      if (first === undefined || day < first) first = day;
      if (last === undefined || day > last) last = day;
    }
  }
  return first === undefined ? undefined : [first, last!];
}

/** The days before `end` from `first` that `data` holds no record of: the first few named, the rest counted. */
function reportMissingDays(found: Found, data: unknown[], i: number, first: number, end: number): void {
  const held = new Set<number>();
  for (const record of data) {
    const date = isPlainObject(record) ? record.date : undefined;
    const day = typeof date === 'string' && hasDayTimeShape(date) ? dayNumber(date.slice(0, 10)) : undefined;
    if (day !== undefined) held.add(day);
  }
  const missing: string[] = [];
  let count = 0;
  // At most as many days held as records: the walk meets a missing day within that many steps, and counts the rest.
  for (let day = first; day < end; day++) {
    if (held.has(day)) continue;
    count++;
    if (missing.length < NAMED_DAYS) missing.push(formatDayNumber(day));
  }
  if (!count) return;
  const more = count > missing.length ? ` and ${count - missing.length} more` : '';
  found.add(`/profiles/${i}/data`, `no record for the requested day${count > 1 ? 's' : ''} ${missing.join(', ')}${more}`);
}

/** At most this many missing days are named in one profile's problem. */
const NAMED_DAYS = 5;

/** The rules of the profile list as a whole. */
export const profileListRules: RuleTable<unknown[], MetricsV1Facts> = {
  'v1.metrics.profiles': (found, profiles, _at, { request }) => {
    if (request) checkProfiles(found, profiles, request.profiles);
  },
  /**
   * With the request: a profile's data that holds records holds one for every requested day but
   * the last (v1.metrics.last-day's). Fewer records than days is the only way to miss one (a
   * record holds one day; repeated or outside days are other rules'), so a profile with as many
   * records as days is not read.
   */
  'v1.metrics.every-day': (found, profiles, _at, { facts }) => {
    const range = facts?.range;
    if (!range) return;
    const first = dayNumber(range.start)!;
    const end = dayNumber(range.end)!;
    const days = end - first + 1;
    for (let i = 0; i < profiles.length && !found.shouldStop(); i++) {
      const p = profiles[i];
      const data = isPlainObject(p) ? p.data : undefined;
      if (!Array.isArray(data) || data.length === 0 || data.length >= days) continue;
      reportMissingDays(found, data, i, first, end);
    }
  },
  /**
   * Body-only: "one element per requested profile", and a request names at most 25 profiles
   * ("excess gives code 4"), so a success answer holds at most 25 profiles (with the request,
   * shared.response.limit-refused judges the request itself).
   */
  'v1.metrics.profiles-within-limit': (found, profiles, _at, { request }) => {
    const limit = requestLimits.profilesPerMetricsRequest.value;
    if (request || profiles.length <= limit) return;
    const count = distinctIds(profiles, limit + 1);
    if (count > limit) found.add('/profiles', `holds elements for more than ${limit} distinct profiles; one element per requested profile means more than ${limit} were requested, which the documents refuse with code 4`);
  },
  /** Body-only: "one member per requested metric", and a request names at most 25 metrics (code 4). */
  'v1.metrics.record-metrics-within-limit': (found, profiles, _at, { request, catalog }) => {
    if (request) return;
    const limit = requestLimits.metricsPerMetricsRequest.value;
    const over = recordOverMetrics(profiles, catalog, limit);
    if (over) found.add(recordPointer(over[0], over[1]), `holds ${over[2]} metric members; one member per requested metric means ${over[2]} metrics were requested, more than ${limit}, which the documents refuse with code 4`);
  },
  /** Body-only: record days lie in the requested range, and a range ends at most date_start plus 3 calendar months (code 4). */
  'v1.metrics.record-days-within-limit': (found, profiles, _at, { request }) => {
    if (request) return;
    const span = recordDaySpan(profiles);
    if (!span || rangeExcess(span[0], span[1]) !== 'stated') return;
    const months = requestLimits.dateRangeMonths.value;
    found.add('/profiles', `records run from ${span[0]} to ${span[1]}; a request holding both days ends after ${statedMaxDateEnd(span[0])} (date_start plus ${months} calendar months at the latest), which the documents refuse with code 4`);
  },
};

/** The records of profile `i` whose day an earlier record of its `days` already holds. */
function reportRepeatedDays(found: Found, days: unknown[], i: number): void {
  const first = new Map<string, number>();
  for (let d = 0; d < days.length; d++) {
    const date = dateOf(days[d]);
    if (date === undefined) continue;
    const day = date.slice(0, 10);
    const at = first.get(day);
    if (at === undefined) first.set(day, d);
    else found.add(`/profiles/${i}/data/${d}/date`, `a second record for ${day} (the first is /profiles/${i}/data/${at})`);
  }
}

/** Profile `i` has records but none of the last requested day `end`. */
function reportLastDay(found: Found, i: number, end: string): void {
  found.add(`/profiles/${i}/data`, `no record for the last requested day ${quote(end)}`);
}

/** The rules of each profile found off. */
export const profileRules: RuleTable<OffProfile, MetricsV1Facts> = {
  'v1.metrics.one-record-per-day': (found, { days, i, flags }) => {
    if (flags & DAYS_OFF) reportRepeatedDays(found, days, i);
  },
  'v1.metrics.last-day': (found, { i, flags }, _at, { facts }) => {
    if (flags & LAST_DAY_OFF) reportLastDay(found, i, facts!.range!.end);
  },
};

/** The rules of each record found off. */
export const recordRules: RuleTable<OffRecord, MetricsV1Facts> = {
  /** The shape `YYYY-MM-DD HH:MM:SS` (stated in the schema, checked here so that no date is read twice) and a real calendar day. */
  'v1.metrics.date': (found, { record: { date }, i, d, flags }) => {
    if (!(flags & DATE_OFF) || typeof date !== 'string') return; // the schema reports a date that is no string
    if (!hasDayTimeShape(date)) found.add(`${recordPointer(i, d)}/date`, expected(DAY_TIME_SHAPE, date));
    else if (!realDayAt(date)) found.add(`${recordPointer(i, d)}/date`, `${quote(date)} is not a real calendar day`);
  },
  'v1.metrics.date-midnight': (found, { record: { date }, i, d, flags }) => {
    if (flags & DATE_OFF && typeof date === 'string' && hasDayTimeShape(date) && realDayAt(date) && !date.endsWith(' 00:00:00')) found.add(`${recordPointer(i, d)}/date`, `expected midnight (00:00:00), got ${quote(date.slice(11))}`);
  },
  'v1.metrics.date-range': (found, { record: { date }, i, d, flags }, _at, { facts }) => {
    if (flags & DATE_OFF && typeof date === 'string' && hasDayTimeShape(date) && !inRequestedRange(date, facts)) found.add(`${recordPointer(i, d)}/date`, `${date.slice(0, 10)} is outside the requested range ${rangeText(facts!.range!)}`);
  },
  /** A day record holds exactly the requested metrics (members outside the catalog are record-metric-names'). */
  'v1.metrics.record-members': (found, { record, i, d, flags }, _at, { facts, catalog }) => {
    if (!(flags & MEMBERS_OFF)) return;
    const metrics = facts!.metrics!;
    const requested = facts!.requested!;
    for (let m = 0; m < metrics.length; m++) {
      // A metric that may return no data may lack its member under one reading: shared.metrics.no-data-value's.
      if (!(metrics[m] in record) && !catalog.get(metrics[m])?.mayReturnNoData) found.add(recordPointer(i, d), `missing requested metric ${quote(metrics[m])}`);
    }
    for (const key of Object.keys(record)) {
      if (key !== 'date' && !requested.has(key) && catalog.has(key)) found.add(recordPointer(i, d), `unexpected property ${quote(key)}: not a requested metric`);
    }
  },
  /** No member for a requested metric that may return no data: allowed by one careful reading only. */
  'shared.metrics.no-data-value': (found, { record, i, d, flags }, _at, { facts, catalog }) => {
    if (!(flags & MEMBERS_OFF)) return;
    for (const metric of facts!.metrics!) if (!(metric in record) && catalog.get(metric)?.mayReturnNoData) found.add(recordPointer(i, d), noDataMessage(metric, 'no member'));
  },
};
