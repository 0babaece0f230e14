/**
 * Checks of a version 1 metrics body. Body-only: record dates are real days at midnight (the
 * schema checks the shape, the catalog names and types). Request-aware: one element per
 * requested profile; each day record holds exactly the requested metrics, each with its catalog
 * type; days inside the requested range.
 */
import { quote } from '../../problems/describe.js';
import type { ProblemList } from '../../problems/problem-list.js';
import { metricsOf } from '../catalog-facts.js';
import { hasDayTimeShape, realDayAt } from '../../calendar/date-times.js';
import { PassedMembers } from './passed-members.js';
import type { MembersReport } from '../compiled.js';
import { rangeText, stringArray, type DateRange } from './request-shape.js';
import { requestFacts, type RequestFacts } from './v1-request-facts.js';
import { DAY_TIME_SHAPE, expected, isPlainObject, typeProblem } from './values.js';

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

/**
 * Body-only check of a record's date: the shape `YYYY-MM-DD HH:MM:SS` (stated in the schema;
 * checked here, not by the compiled schema, so no date is read twice), a real calendar day, at
 * midnight; with a request, a day inside the requested range. True when the date passed all.
 */
function checkDate(list: ProblemList, date: unknown, i: number, d: number, facts: RequestFacts | undefined): boolean {
  if (typeof date !== 'string') return false; // the schema reports other types
  const range = facts?.range;
  // The common answer first: one compiled pattern for shape and midnight, then the day.
  const inRange = !range || (date >= range.start && date <= facts.afterEnd);
  if (MIDNIGHT_DAY_TIME.test(date) && realDayAt(date) && inRange) return true;
  reportDate(list, date, i, d, inRange ? undefined : range);
  return false;
}

/** The problems of a record date that failed its checks; `outside`: the range it is outside of. */
function reportDate(list: ProblemList, date: string, i: number, d: number, outside: DateRange | undefined): void {
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

/**
 * Request-aware check of one day record's members: exactly the requested metrics (and `date`),
 * each with its catalog type. One pass over the record's own members; the detailed pass runs
 * only when that one finds something off, or when the schema did not check the types.
 */
function checkMembers(list: ProblemList, record: Record<string, unknown>, i: number, d: number, facts: RequestFacts, typesChecked: boolean, passedRecord: PassedMembers | undefined): boolean {
  const { metrics, requested } = facts;
  if (!metrics || !requested) return true;
  if (typesChecked && passedRecord?.same(record, requested)) return true;
  let members = 0;
  let present = 0;
  for (const key in record) {
    members++;
    if (requested.has(key)) present++;
  }
  const dated = record.date !== undefined || 'date' in record ? 1 : 0;
  if (typesChecked && present === metrics.length && members === present + dated) {
    passedRecord?.passed(record, requested);
    return true;
  }
  reportMembers(list, record, i, d, facts, typesChecked);
  return false;
}

/** The member problems of a day record the quick pass found something off in (or whose types the schema did not check). */
function reportMembers(list: ProblemList, record: Record<string, unknown>, i: number, d: number, facts: RequestFacts, typesChecked: boolean): void {
  const metrics = facts.metrics!;
  const requested = facts.requested!;
  const catalog = metricsOf(1, facts.network);
  for (let m = 0; m < metrics.length; m++) {
    const name = metrics[m];
    if (!(name in record)) {
      list.add('v1.metrics.record-members', recordPointer(i, d), `missing requested metric ${quote(name)}`);
      continue;
    }
    const metric = typesChecked ? undefined : catalog.get(name);
    const problem = metric && typeProblem(metric.type, record[name]);
    if (problem) list.add('v1.metrics.metric-types', `${recordPointer(i, d)}/${name}`, problem);
  }
  for (const key of Object.keys(record)) {
    // Members outside the catalog are reported by the schema as unexpected properties.
    if (key !== 'date' && !requested.has(key) && catalog.has(key)) list.add('v1.metrics.record-members', recordPointer(i, d), `unexpected property ${quote(key)}: not a requested metric`);
  }
}

/**
 * Runs the version 1 metrics checks on a success body of `network`: the body-only date checks
 * always, the request-aware ones when the request is given. `typesChecked`: the body passed its
 * schema, whose day record types are the catalog types, so type checks are skipped.
 */
export function checkMetricsV1(list: ProblemList, body: Record<string, unknown>, request: Record<string, unknown> | undefined, network: string, typesChecked = false, report?: MembersReport): void {
  const profiles = body.profiles;
  if (!Array.isArray(profiles)) return;
  let facts: RequestFacts | undefined;
  if (request) {
    facts = requestFacts(request, network);
    checkProfiles(list, profiles, request.profiles);
  }
  // What this body showed so far: its profiles list the same days, its records the same names.
  const passed: (string | undefined)[] = [];
  // Every record lists the names of the first, which the schema found with their catalog types:
  // when the first holds exactly the requested metrics, so do all (the verdict depends on the
  // names only). `report`: the compiled success validator's report of its member check of this body.
  const uniform = typesChecked && report !== undefined && report.root === body && !report.changed;
  if (report) report.root = undefined;
  // Without that report, each record's names are compared with those of the last that passed.
  const passedRecord = uniform ? undefined : new PassedMembers();
  // Records left to judge on their members: none once they all passed, or without a request.
  let membersLeft = facts !== undefined;
  for (let i = 0; i < profiles.length && !list.full; i++) {
    const days = isPlainObject(profiles[i]) ? (profiles[i] as Record<string, unknown>).data : undefined;
    if (!Array.isArray(days)) continue;
    let d = 0;
    for (; d < days.length && !list.full && (membersLeft || !typesChecked); d++) {
      const record = days[d];
      if (!isPlainObject(record)) continue;
      const date = record.date;
      if (date !== passed[d] || date === undefined) passed[d] = checkDate(list, date, i, d, facts) ? (date as string) : undefined;
      if (membersLeft && checkMembers(list, record, i, d, facts!, typesChecked, passedRecord) && uniform) membersLeft = false;
    }
    if (d < days.length) checkDates(list, days as Record<string, string>[], i, d, passed, facts);
  }
}

/**
 * The dates of a profile's records from `from` on, in a body that passed its schema (every
 * record an object with a date string) whose records need no other check.
 */
function checkDates(list: ProblemList, days: Record<string, string>[], i: number, from: number, passed: (string | undefined)[], facts: RequestFacts | undefined): void {
  for (let d = from; d < days.length && !list.full; d++) {
    const date = days[d].date;
    if (date !== passed[d]) passed[d] = checkDate(list, date, i, d, facts) ? date : undefined;
  }
}
