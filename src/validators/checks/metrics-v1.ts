/**
 * Checks of a version 1 metrics body. Body-only: record dates are real days at midnight (the
 * schema checks the shape, the catalog names and types). Request-aware: one element per
 * requested profile; each day record holds exactly the requested metrics, each with its catalog
 * type; days inside the requested range.
 */
import { quote } from '../describe.js';
import type { ErrorList } from '../error-list.js';
import { metricsOf } from '../catalog-facts.js';
import type { Metric } from '../../catalog/types.js';
import { realDay } from '../formats.js';
import { dateRange, rangeText, stringArray, type DateRange } from './request-shape.js';
import { fitsType, isPlainObject, typeProblem } from './values.js';

function checkProfiles(list: ErrorList, profiles: unknown[], requested: string[]): void {
  const wanted = new Set(requested);
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

/** `YYYY-MM-DD HH:MM:SS`, the shape the schema checks; the day and the time part are checked here. */
const V1_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** `/profiles/i/data/d`: built only for a problem. */
const recordPointer = (i: number, d: number) => `/profiles/${i}/data/${d}`;

/**
 * Body-only check of a record's date: a real calendar day, at midnight. `shapeChecked`: the body
 * passed its schema, whose pattern is V1_DATE, so the pattern is not tested a second time.
 */
function checkDate(list: ErrorList, date: unknown, i: number, d: number, shapeChecked: boolean): void {
  if (typeof date !== 'string' || (!shapeChecked && !V1_DATE.test(date))) return; // the schema reports other shapes
  if (!realDay(date)) list.add('v1.metrics.date', `${recordPointer(i, d)}/date`, `${quote(date)} is not a real calendar day`);
  else if (!date.endsWith(' 00:00:00')) list.add('v1.metrics.date-midnight', `${recordPointer(i, d)}/date`, `expected midnight (00:00:00), got ${quote(date.slice(11))}`);
}

/** Request-aware checks of one day record. */
function checkRecord(list: ErrorList, record: Record<string, unknown>, i: number, d: number, request: RequestFacts, typesChecked: boolean): void {
  const { range, metrics, requested, catalog } = request;
  const date = record.date;
  if (range && typeof date === 'string' && (typesChecked || V1_DATE.test(date))) {
    const day = date.slice(0, 10);
    if (day < range.start || day > range.end) list.add('v1.metrics.date-range', `${recordPointer(i, d)}/date`, `${day} is outside the requested range ${rangeText(range)}`);
  }
  if (!metrics || !requested) return;
  let present = 0;
  for (let m = 0; m < metrics.length; m++) {
    const name = metrics[m];
    if (!(name in record)) {
      list.add('v1.metrics.record-members', recordPointer(i, d), `missing requested metric ${quote(name)}`);
      continue;
    }
    present++;
    if (typesChecked) continue;
    const metric = catalog.get(name);
    if (metric && !fitsType(metric.type, record[name])) list.add('v1.metrics.metric-types', `${recordPointer(i, d)}/${name}`, typeProblem(metric.type, record[name])!);
  }
  // Every requested metric present, each once, plus `date`: no other member can exist.
  let members = 0;
  for (const key in record) if (Object.prototype.hasOwnProperty.call(record, key)) members++;
  if (present === metrics.length && metrics.length === requested.size && members === present + (date === undefined && !('date' in record) ? 0 : 1)) return;
  for (const key of Object.keys(record)) {
    // Members outside the catalog are reported by the schema as unexpected properties.
    if (key !== 'date' && !requested.has(key) && catalog.has(key)) list.add('v1.metrics.record-members', recordPointer(i, d), `unexpected property ${quote(key)}: not a requested metric`);
  }
}

interface RequestFacts {
  range: DateRange | undefined;
  metrics: string[] | undefined;
  requested: Set<string> | undefined;
  catalog: Map<string, Metric>;
}

/**
 * Runs the version 1 metrics checks on a success body of `network`: the body-only date checks
 * always, the request-aware ones when the request is given. `typesChecked`: the body passed its
 * schema, whose day record types are the catalog types, so type checks are skipped.
 */
export function checkMetricsV1(list: ErrorList, body: Record<string, unknown>, request: Record<string, unknown> | undefined, network: string, typesChecked = false): void {
  const profiles = body.profiles;
  if (!Array.isArray(profiles)) return;
  let facts: RequestFacts | undefined;
  if (request) {
    const requestedProfiles = stringArray(request, 'profiles');
    if (requestedProfiles) checkProfiles(list, profiles, requestedProfiles);
    const metrics = stringArray(request, 'metrics');
    facts = { range: dateRange(request), metrics, requested: metrics && new Set(metrics), catalog: metricsOf(1, network) };
  }
  for (let i = 0; i < profiles.length && !list.full; i++) {
    const days = isPlainObject(profiles[i]) ? (profiles[i] as Record<string, unknown>).data : undefined;
    if (!Array.isArray(days)) continue;
    for (let d = 0; d < days.length && !list.full; d++) {
      const record = days[d];
      if (!isPlainObject(record)) continue;
      checkDate(list, record.date, i, d, typesChecked);
      if (facts) checkRecord(list, record, i, d, facts, typesChecked);
    }
  }
}
