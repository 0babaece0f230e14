/**
 * The days of a version 1 metrics body: one record per day in each profile's data (body-only)
 * and, with the request, a record for the last requested day ("the last day of the range is
 * included") when the profile has records at all (metrics may "return no data"). Record dates of other shapes are reported by the date checks (metrics-v1.ts).
 */
import type { ProblemList } from '../../problems/problem-list.js';
import { quote } from '../../problems/describe.js';
import type { DateRange } from './request-shape.js';
import { isPlainObject } from './values.js';

/** The first ten characters (the day of `YYYY-MM-DD HH:MM:SS`) of two dates are the same. */
function sameDay(a: string, b: string): boolean {
  if (a.length < 10 || b.length < 10) return false;
  for (let i = 0; i < 10; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return true;
}

const dateOf = (record: unknown): string | undefined => {
  const date = isPlainObject(record) ? record.date : undefined;
  return typeof date === 'string' && date.length >= 10 ? date : undefined;
};

/**
 * Records in increasing order of days (the common answer): no day can repeat. A date greater
 * than the one before is of another day when the two differ in the last digit of the day (the
 * common case, one comparison), else when their first ten characters differ.
 */
function increasing(days: unknown[]): boolean {
  let previous = '';
  for (let d = 0; d < days.length; d++) {
    const record = days[d];
    const date = isPlainObject(record) ? record.date : undefined;
    if (typeof date !== 'string' || date.length < 10 || date <= previous) return false;
    if (date.charCodeAt(9) === previous.charCodeAt(9) && sameDay(date, previous)) return false;
    previous = date;
  }
  return true;
}

/** {@link increasing} for records that passed their schema: objects with a date of the day-time shape. */
function increasingChecked(days: { date: string }[]): boolean {
  let previous = days.length ? days[0].date : '';
  for (let d = 1; d < days.length; d++) {
    const date = days[d].date;
    if (date <= previous || (date.charCodeAt(9) === previous.charCodeAt(9) && sameDay(date, previous))) return false;
    previous = date;
  }
  return true;
}

function checkRepeatedDays(list: ProblemList, days: unknown[], i: number): void {
  const first = new Map<string, number>();
  for (let d = 0; d < days.length; d++) {
    const date = dateOf(days[d]);
    if (date === undefined) continue;
    const day = date.slice(0, 10);
    const at = first.get(day);
    if (at === undefined) first.set(day, d);
    else list.add('v1.metrics.one-record-per-day', `/profiles/${i}/data/${d}/date`, `a second record for ${day} (the first is /profiles/${i}/data/${at})`);
  }
}

function holdsDay(days: unknown[], day: string): boolean {
  const last = dateOf(days[days.length - 1]);
  if (last !== undefined && sameDay(last, day)) return true;
  for (let d = 0; d < days.length; d++) {
    const date = dateOf(days[d]);
    if (date !== undefined && sameDay(date, day)) return true;
  }
  return false;
}

/** `shapeChecked`: the body passed its schema, so every record is an object with a date of the day-time shape. */
export function checkV1Days(list: ProblemList, profiles: unknown[], range: DateRange | undefined, shapeChecked = false): void {
  for (let i = 0; i < profiles.length && !list.full; i++) {
    const profile = profiles[i];
    const days = isPlainObject(profile) ? profile.data : undefined;
    if (!Array.isArray(days)) continue;
    if (!(shapeChecked ? increasingChecked(days) : increasing(days))) checkRepeatedDays(list, days, i);
    if (range && days.length && !holdsDay(days, range.end)) list.add('v1.metrics.last-day', `/profiles/${i}/data`, `no record for the last requested day ${quote(range.end)}`);
  }
}
