/**
 * Checks of a version 1 metrics body. Body-only: record dates are real days at midnight (the
 * schema checks the shape), each metric member of a record is a catalog metric of the network
 * with its catalog type. Request-aware: one element per
 * requested profile; each day record holds exactly the requested metrics, each with its catalog
 * type; days inside the requested range.
 */
import { quote } from '../../core/problems/describe.js';
import { childPointer } from '../../core/pointer.js';
import type { ProblemList } from '../../core/problems/problem-list.js';
import { metricsOf } from '../catalog-facts.js';
import { hasDayTimeShape, realDayAt } from '../../calendar/date-times.js';
import { rangeText, stringArray } from './request-shape.js';
import { followsDay, holdsDay, reportLastDay, reportRepeatedDays } from './v1-days.js';
import { requestFacts, type RequestFacts } from './v1-request-facts.js';
import { DAY_TIME_SHAPE, expected, isPlainObject, typeProblem } from './values.js';
import type { CatalogMetric } from '../catalog-facts.js';

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
function checkProfiles(list: ProblemList, profiles: unknown[], requested: unknown): void {
  if (Array.isArray(requested) && profilesAsRequested(profiles, requested)) return;
  const wanted = stringArray(requested);
  if (wanted) reportProfiles(list, profiles, new Set(wanted));
}

function reportProfiles(list: ProblemList, profiles: unknown[], wanted: ReadonlySet<string>): void {
  const seen = new Set<string>();
  if (profiles.length !== wanted.size) list.add('v1.metrics.profiles', '/profiles', `expected one element per requested profile (${wanted.size}), got ${profiles.length}`);
  profiles.forEach((p, i) => {
    if (!isPlainObject(p) || typeof p.id !== 'string') return;
    if (!wanted.has(p.id)) list.add('v1.metrics.profiles', `/profiles/${i}/id`, `${quote(p.id)} is not a requested profile`);
    else if (seen.has(p.id)) list.add('v1.metrics.profiles', `/profiles/${i}/id`, `profile ${quote(p.id)} appears more than once`);
    seen.add(p.id);
  });
  for (const id of wanted) if (!seen.has(id) && profiles.length) list.add('v1.metrics.profiles', '/profiles', `no element for requested profile ${quote(id)}`);
}

/** `/profiles/i/data/d`: built only for a problem. */
const recordPointer = (i: number, d: number) => `/profiles/${i}/data/${d}`;

/** A record date inside the requested range (any date without a request). */
const inRequestedRange = (date: string, facts: RequestFacts | undefined) => !facts?.range || (date >= facts.range.start && date <= facts.afterEnd);

/**
 * Body-only check of a record's date: the shape `YYYY-MM-DD HH:MM:SS` (stated in the schema;
 * checked here, not by the compiled schema, so no date is read twice), a real calendar day, at
 * midnight; with a request, a day inside the requested range. `date` when it passed all, else
 * undefined (reportDate then names what failed).
 */
function dateFitsOf(date: unknown, facts: RequestFacts | undefined): string | undefined {
  return typeof date === 'string' && MIDNIGHT_DAY_TIME.test(date) && realDayAt(date) && inRequestedRange(date, facts) ? date : undefined;
}

/** The problems of a record date that dateFitsOf refused (one that is no string the schema reports). */
function reportDate(list: ProblemList, date: unknown, i: number, d: number, facts: RequestFacts | undefined): void {
  if (typeof date !== 'string') return;
  const outside = inRequestedRange(date, facts) ? undefined : facts!.range;
  if (!hasDayTimeShape(date)) {
    list.add('v1.metrics.date', `${recordPointer(i, d)}/date`, expected(DAY_TIME_SHAPE, date));
    return;
  }
  if (!realDayAt(date)) list.add('v1.metrics.date', `${recordPointer(i, d)}/date`, `${quote(date)} is not a real calendar day`);
  else if (!date.endsWith(' 00:00:00')) list.add('v1.metrics.date-midnight', `${recordPointer(i, d)}/date`, `expected midnight (00:00:00), got ${quote(date.slice(11))}`);
  if (outside) list.add('v1.metrics.date-range', `${recordPointer(i, d)}/date`, `${date.slice(0, 10)} is outside the requested range ${rangeText(outside)}`);
}

/** A day-record date at midnight (`YYYY-MM-DD 00:00:00`): the shape of nearly every record date, tested at once. */
const MIDNIGHT_DAY_TIME = /^\d{4}-\d{2}-\d{2} 00:00:00$/;

/** The request-aware member problems of a day record the quick pass (checkMetricMembers) found something off in. */
function reportMembers(list: ProblemList, record: Record<string, unknown>, i: number, d: number, facts: RequestFacts): void {
  const metrics = facts.metrics!;
  const requested = facts.requested!;
  const catalog = metricsOf(1, facts.network);
  for (let m = 0; m < metrics.length; m++) {
    const name = metrics[m];
    if (!(name in record)) list.add('v1.metrics.record-members', recordPointer(i, d), `missing requested metric ${quote(name)}`);
  }
  for (const key of Object.keys(record)) {
    // Members outside the catalog are reported by the schema as unexpected properties.
    if (key !== 'date' && !requested.has(key) && catalog.has(key)) list.add('v1.metrics.record-members', recordPointer(i, d), `unexpected property ${quote(key)}: not a requested metric`);
  }
}

/**
 * One pass over the day records' members and dates. Body-only: every member but `date` is a
 * metric of the network's catalog (`catalog`) with its catalog type; the compiled schema leaves
 * them to this check, which reports what the schema's `additionalProperties: false` and member
 * types would, in the order the record holds its members. Request-aware (`facts`): a record
 * holds exactly the requested metrics and `date`. Left for the detailed passes, found here
 * without a report: in `later`, the records whose date or requested members are off (as
 * reportDate and reportMembers judge them); in `profilesOff`, the profiles whose records are not
 * in increasing order of days (one may repeat a day) or that lack the last requested day (v1-days.ts).
 * Records of one body list their members alike: a member named as the one at its position in
 * the record before takes that one's facts without a lookup (kept for this call only).
 */
function checkMetricMembers(list: ProblemList, profiles: unknown[], catalog: ReadonlyMap<string, CatalogMetric>, facts: RequestFacts | undefined, later: number[], profilesOff: number[]): void {
  const requested = facts?.metrics && facts.requested;
  const wanted = requested ? facts!.metrics!.length : 0;
  const names: string[] = [];
  const kinds: number[] = [];
  // The members the record before held (names[0..count)) and whether they were off as requested:
  // a record of the same names, no fewer or more, has the same answer without a count.
  let count = -1;
  let datedBefore = -1;
  let membersOff = false;
  // The dates that passed, by record position: the profiles of a body list the same days, so a
  // date equal to the one at its position (a string comparison) needs no second check. The first
  // `orderedPassed` of them are known to follow each other in increasing order of days, so a
  // profile whose dates so far are those needs no comparison with the date before either.
  const passed: (string | undefined)[] = [];
  let orderedPassed = 0;
  const range = facts?.range;
  for (let i = 0; i < profiles.length && !list.shouldStop(); i++) {
    const profile = profiles[i];
    const days = isPlainObject(profile) ? profile.data : undefined;
    if (!Array.isArray(days)) continue;
    // The date of the record before, while every record's date follows the one before it.
    let previous = '';
    let ordered = true;
    for (let d = 0; d < days.length && !list.shouldStop(); d++) {
      const record = days[d];
      if (!isPlainObject(record)) {
        ordered = false;
        continue;
      }
      // A named load first (the date): it moves a record whose layout the engine has since
      // replaced (JSON.parse does when a later record's member changes kind) to the current one,
      // so that `for...in` keeps its fast path (docs/decisions/validator-speed.md).
      const date = record.date;
      const dated = date !== undefined || 'date' in record ? 1 : 0;
      let at = 0;
      let renamed = false;
      let off = false;
      for (const key in record) {
        if (names[at] !== key) {
          names[at] = key;
          kinds[at] = kindOf(key, catalog);
          renamed = true;
        }
        const kind = kinds[at++];
        if (kind === DATE) continue; // read and judged below
        const value = record[key];
        if (kind === INTEGER ? Number.isInteger(value) : kind === NUMBER ? Number.isFinite(value) : kind === OTHER && typeProblem(catalog.get(key)!.type, value) === undefined) continue;
        off = true;
      }
      if (off) reportRecordMetrics(list, record, i, d, catalog);
      let dateFits = date !== undefined && date === passed[d];
      if (!dateFits) {
        // Another date at this position: the dates that passed follow each other up to it only.
        if (orderedPassed > d) orderedPassed = d;
        dateFits = date !== undefined && (passed[d] = dateFitsOf(date, facts)) !== undefined;
      }
      if (ordered) {
        // Below `orderedPassed`, a date equal to the one that passed has a record before it dated
        // as the one before that passed (a record of another date there would have lowered it).
        if (dateFits && d < orderedPassed) previous = date as string;
        else if (followsDay(date, previous)) {
          previous = date;
          if (dateFits && d === orderedPassed) orderedPassed++;
        } else ordered = false;
      }
      if (requested !== undefined && (renamed || at !== count || dated !== datedBefore)) {
        count = at;
        datedBefore = dated;
        const present = requestedAmong(names, at, requested);
        membersOff = present !== wanted || at !== present + dated;
      }
      if (!dateFits || membersOff) later.push(i, d, (dateFits ? 0 : DATE_OFF) | (membersOff ? MEMBERS_OFF : 0));
    }
    const lastDayOff = range !== undefined && days.length > 0 && !holdsDay(days, range.end);
    if (!ordered || lastDayOff) profilesOff.push(i, (ordered ? 0 : DAYS_OFF) | (lastDayOff ? LAST_DAY_OFF : 0));
  }
}

/** How many of the first `count` names are requested metrics. */
function requestedAmong(names: readonly string[], count: number, requested: ReadonlySet<string>): number {
  let present = 0;
  for (let at = 0; at < count; at++) if (requested.has(names[at])) present++;
  return present;
}

/** What the members' pass found off in a record it leaves to the detailed pass (flags). */
const DATE_OFF = 1;
const MEMBERS_OFF = 2;

/** What the members' pass found off in a profile's records (flags). */
const DAYS_OFF = 1;
const LAST_DAY_OFF = 2;

/** What checkMetricMembers tests of a record member, by its name (kindOf). */
const UNKNOWN = 0;
const DATE = 1;
const INTEGER = 2;
const NUMBER = 3;
const OTHER = 4;

function kindOf(key: string, catalog: ReadonlyMap<string, CatalogMetric>): number {
  if (key === 'date') return DATE;
  const type = catalog.get(key)?.type;
  return type === undefined ? UNKNOWN : type === 'integer' ? INTEGER : type === 'number' ? NUMBER : OTHER;
}

function reportRecordMetrics(list: ProblemList, record: Record<string, unknown>, i: number, d: number, catalog: ReadonlyMap<string, CatalogMetric>): void {
  for (const key of Object.keys(record)) {
    if (key === 'date') continue;
    const metric = catalog.get(key);
    if (metric === undefined) list.add('v1.metrics.record-metric-names', recordPointer(i, d), `unexpected property ${quote(key)}`);
    else {
      const problem = typeProblem(metric.type, record[key]);
      if (problem) list.add('v1.metrics.metric-types', childPointer(recordPointer(i, d), key), problem);
    }
  }
}

/**
 * Runs the version 1 metrics checks on a success body of `network`: the body-only checks of the
 * records' metric members, dates and days always, the request-aware ones when the request is
 * given. The compiled schema does not check the metric members, this does, whatever the schema
 * found. The records are walked once (checkMetricMembers); only what that pass found off is read
 * again, by the reports, in the order: the records' metric members, the profiles, the days of
 * each profile, then each record's date and requested members.
 */
export function checkMetricsV1(list: ProblemList, body: Record<string, unknown>, request: Record<string, unknown> | undefined, network: string): void {
  const profiles = body.profiles;
  if (!Array.isArray(profiles)) return;
  const facts = request ? requestFacts(request, network) : undefined;
  // (profile, record, what is off) triples and (profile, what is off) pairs, in body order.
  const later: number[] = [];
  const profilesOff: number[] = [];
  // First, as the schema problems they stand for: the records' metric members.
  checkMetricMembers(list, profiles, metricsOf(1, network), facts, later, profilesOff);
  if (request) checkProfiles(list, profiles, request.profiles);
  for (let n = 0; n < profilesOff.length && !list.shouldStop(); n += 2) {
    const i = profilesOff[n];
    if (profilesOff[n + 1] & DAYS_OFF) reportRepeatedDays(list, (profiles[i] as { data: unknown[] }).data, i);
    if (profilesOff[n + 1] & LAST_DAY_OFF) reportLastDay(list, i, facts!.range!.end);
  }
  for (let n = 0; n < later.length && !list.shouldStop(); n += 3) {
    const i = later[n];
    const d = later[n + 1];
    const record = (profiles[i] as { data: Record<string, unknown>[] }).data[d];
    if (later[n + 2] & DATE_OFF) reportDate(list, record.date, i, d, facts);
    if (later[n + 2] & MEMBERS_OFF) reportMembers(list, record, i, d, facts!);
  }
}
