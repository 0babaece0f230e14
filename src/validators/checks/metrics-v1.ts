/**
 * The harness of a version 1 metrics body: one pass over the day records' members and dates,
 * tuned for the engine (docs/decisions/validator-speed.md), which finds the records and profiles
 * where a rule of ../rules/metrics-v1.ts has something to say; the rules then read only those.
 */
import type { ProblemList } from '../../core/problems/problem-list.js';
import { metricsOf } from '../catalog-facts.js';
import { realDayAt } from '../../calendar/date-times.js';
import { DATE_OFF, DAYS_OFF, LAST_DAY_OFF, MEMBERS_OFF, memberRules, profileListRules, profileRules, recordRules, type MetricsV1Facts } from '../rules/metrics-v1.js';
import { RuleRun, ruleList, runRules } from '../rules/rule-table.js';
import { followsDay, holdsDay } from '../facts/v1-days.js';
import { requestFacts, type RequestFacts } from '../facts/v1-request-facts.js';
import { RecordMemo } from './v1-record-memo.js';
import type { RememberedRequest } from './request-memo.js';
import { isPlainObject, typeProblem } from '../facts/values.js';
import type { CatalogMetric } from '../catalog-facts.js';

const MEMBER_RULES = ruleList(memberRules);
const PROFILE_LIST_RULES = ruleList(profileListRules);
const PROFILE_RULES = ruleList(profileRules);
const RECORD_RULES = ruleList(recordRules);

/** A record date inside the requested range (any date without a request). */
const inRequestedRange = (date: string, facts: RequestFacts | undefined) => !facts?.range || (date >= facts.range.start && date <= facts.afterEnd);

/**
 * Whether a record's date passes every date rule: the shape `YYYY-MM-DD HH:MM:SS`, a real calendar
 * day, at midnight; with a request, a day inside the requested range. `date` when it passed all,
 * else undefined (the date rules then name what failed).
 */
function dateFitsOf(date: unknown, facts: RequestFacts | undefined): string | undefined {
  return typeof date === 'string' && MIDNIGHT_DAY_TIME.test(date) && realDayAt(date) && inRequestedRange(date, facts) ? date : undefined;
}

/** A day-record date at midnight (`YYYY-MM-DD 00:00:00`): the shape of nearly every record date, tested at once. */
const MIDNIGHT_DAY_TIME = /^\d{4}-\d{2}-\d{2} 00:00:00$/;

/**
 * One pass over the day records' members and dates. Body-only: every member but `date` is a
 * metric of the network's catalog (`catalog`) with its catalog type; the compiled schema leaves
 * them to this check, which reports what the schema's `additionalProperties: false` and member
 * types would, in the order the record holds its members. Request-aware (`facts`): a record
 * holds exactly the requested metrics and `date`. Left for the detailed passes, found here
 * without a report: in `later`, the records whose date or requested members are off (as
 * reportDate and reportMembers judge them); in `profilesOff`, the profiles whose records are not
 * in increasing order of days (one may repeat a day) or that lack the last requested day (v1-days.ts).
 * Records list their members alike, and the profiles of a body the same days: what is found of a
 * member name, of the names of a record and of a date at its position is remembered in `memo`
 * (./v1-record-memo.ts) and reused for the same name, names and date.
 */
function checkMetricMembers(list: ProblemList, profiles: unknown[], catalog: ReadonlyMap<string, CatalogMetric>, facts: RequestFacts | undefined, memo: RecordMemo, recordsOff: number[], later: number[], profilesOff: number[]): void {
  const requested = facts?.metrics && facts.requested;
  const wanted = requested ? facts!.metrics!.length : 0;
  const { names, kinds } = memo;
  // The dates that passed, by record position: the profiles of a body list the same days, so a
  // date equal to the one at its position (a string comparison) needs no second check. The first
  // `memo.orderedPassed` of them are known to follow each other in increasing order of days, so a
  // profile whose dates so far are those needs no comparison with the date before either.
  const passed = memo.passedFor(facts);
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
      let off = false;
      for (const key in record) {
        if (names[at] !== key) {
          // Another name at this position: the requested-members verdict was for other names.
          memo.judgedCount = -1;
          kinds[at] = kindOf(key, catalog);
          names[at] = key;
        }
        const kind = kinds[at++];
        if (kind === DATE) continue; // read and judged below
        const value = record[key];
        if (kind === INTEGER ? Number.isInteger(value) : kind === NUMBER ? Number.isFinite(value) : kind === OTHER && typeProblem(catalog.get(key)!.type, value) === undefined) continue;
        off = true;
      }
      if (off) recordsOff.push(i, d);
      let dateFits = date !== undefined && date === passed[d];
      if (!dateFits) {
        // Another date at this position: the dates that passed follow each other up to it only.
        if (memo.orderedPassed > d) memo.orderedPassed = d;
        dateFits = date !== undefined && (passed[d] = dateFitsOf(date, facts)) !== undefined;
      }
      if (ordered) {
        // Below `orderedPassed`, a date equal to the one that passed has a record before it dated
        // as the one before that passed (a record of another date there would have lowered it).
        if (dateFits && d < memo.orderedPassed) previous = date as string;
        else if (followsDay(date, previous)) {
          previous = date;
          if (dateFits && d === memo.orderedPassed) memo.orderedPassed++;
        } else ordered = false;
      }
      if (requested !== undefined && (at !== memo.judgedCount || dated !== memo.judgedDated || facts !== memo.judgedFor)) {
        const present = requestedAmong(names, at, requested);
        memo.membersOff = present !== wanted || at !== present + dated;
        memo.judgedDated = dated;
        memo.judgedFor = facts;
        memo.judgedCount = at;
      }
      const membersOff = requested !== undefined && memo.membersOff;
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

/** What checkMetricMembers tests of a record member, by its name (kindOf). */
const UNKNOWN = 0;
const DATE = 1;
const INTEGER = 2;
const NUMBER = 3;
const OTHER = 4;

function kindOf(key: string, catalog: ReadonlyMap<string, CatalogMetric>): number {
  if (key === 'date') return DATE;
  const metric = catalog.get(key);
  if (metric === undefined) return UNKNOWN;
  // A metric that may return no data: its null is off for the inferred rule, not for its type (the member rules judge it).
  if (metric.mayReturnNoData) return OTHER;
  return metric.type === 'integer' ? INTEGER : metric.type === 'number' ? NUMBER : OTHER;
}

/** The records of profile `i` (one the pass read). */
const dataOf = (profiles: unknown[], i: number) => (profiles[i] as { data: Record<string, unknown>[] }).data;

/**
 * The version 1 metrics checks of one operation (`network`), with the memo of its members' pass:
 * made once per operation by a validator instance and kept with its plan.
 */
export function metricsV1Checks(network: string): (list: ProblemList, body: Record<string, unknown>, request: Record<string, unknown> | undefined, schemaValid: boolean, known: RememberedRequest | undefined) => void {
  const memo = new RecordMemo();
  return (list, body, request, _schemaValid, known) => checkMetricsV1(list, body, request, network, known, memo);
}

/**
 * Runs the version 1 metrics rules (../rules/metrics-v1.ts) on a success body of `network`: the
 * body-only rules always, the request-aware ones when the request is given. The compiled schema
 * does not check the metric members, these rules do, whatever the schema found. The records are
 * walked once (checkMetricMembers); the rules read again only what that pass found off, in the
 * order: the records' metric members, the profiles, the days of each profile, then each record's
 * date and requested members. `known`: what is remembered of the request (its facts are read once);
 * `memo`: what the members' pass remembers (one per operation of a validator instance, or one for this body).
 */
export function checkMetricsV1(list: ProblemList, body: Record<string, unknown>, request: Record<string, unknown> | undefined, network: string, known?: RememberedRequest, memo = new RecordMemo()): void {
  const profiles = body.profiles;
  if (!Array.isArray(profiles)) return;
  const catalog = metricsOf(1, network);
  // Found once per request (`known`: what is remembered of it, ./request-memo.ts).
  const facts = request ? (known ? ((known.facts as RequestFacts | undefined) ??= requestFacts(request, network)) : requestFacts(request, network)) : undefined;
  // (profile, record) pairs, (profile, record, what is off) triples and (profile, what is off) pairs, in body order.
  const recordsOff: number[] = [];
  const later: number[] = [];
  const profilesOff: number[] = [];
  try {
    checkMetricMembers(list, profiles, catalog, facts, memo, recordsOff, later, profilesOff);
  } finally {
    memo.trim();
  }
  const found: MetricsV1Facts = { catalog, request, facts };
  const run = new RuleRun(list);
  for (let n = 0; n < recordsOff.length && !list.shouldStop(); n += 2) {
    const i = recordsOff[n];
    const d = recordsOff[n + 1];
    const record = dataOf(profiles, i)[d];
    for (const key of Object.keys(record)) runRules(run, MEMBER_RULES, { record, key, i, d }, -1, found);
  }
  runRules(run, PROFILE_LIST_RULES, profiles, -1, found);
  for (let n = 0; n < profilesOff.length && !list.shouldStop(); n += 2) runRules(run, PROFILE_RULES, { days: dataOf(profiles, profilesOff[n]), i: profilesOff[n], flags: profilesOff[n + 1] }, -1, found);
  for (let n = 0; n < later.length && !list.shouldStop(); n += 3) {
    const i = later[n];
    const d = later[n + 1];
    runRules(run, RECORD_RULES, { record: dataOf(profiles, i)[d], i, d, flags: later[n + 2] }, -1, found);
  }
}
