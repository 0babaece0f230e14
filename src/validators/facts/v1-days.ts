/**
 * The days of a version 1 metrics body: one record per day in each profile's data (body-only)
 * and, with the request, a record for the last requested day ("the last day of the range is
 * included") when the profile has records at all (metrics may "return no data"). The members'
 * pass (../checks/metrics-v1.ts) reads every record's date once: {@link followsDay} tells it, record by
 * record, that a profile's records are in increasing order of days (then no day can repeat), and
 * {@link holdsDay} that a profile holds its last requested day (the last record first). The
 * rules of ../rules/metrics-v1.ts report only the profiles where either is not so. Record dates of
 * other shapes are reported by the date checks (../rules/metrics-v1.ts).
 */
import { isPlainObject } from './values.js';

/** The first ten characters (the day of `YYYY-MM-DD HH:MM:SS`) of two dates are the same. */
function sameDay(a: string, b: string): boolean {
  if (a.length < 10 || b.length < 10) return false;
  for (let i = 0; i < 10; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return true;
}

/**
 * `date` (a record's) is later than `previous` (the date of the record before it; `''` for the
 * first) and of another day, so records whose dates all follow the one before hold no day twice.
 * A later date is of another day when the two differ in the last digit of the day (the common
 * case, one comparison), else when their first ten characters differ. A `previous` shorter than
 * a day (the first record's `''`) is tested first, never read past its end: the optimising
 * compiler assumes reads within bounds and would throw away the compiled record loop on the
 * first such read (docs/decisions/validator-warm-up.md).
 */
export function followsDay(date: unknown, previous: string): date is string {
  return typeof date === 'string' && date.length >= 10 && date > previous && (previous.length < 10 || date.charCodeAt(9) !== previous.charCodeAt(9) || !sameDay(date, previous));
}

/** The date of a record, when a string of a day at least. */
export const dateOf = (record: unknown): string | undefined => {
  const date = isPlainObject(record) ? record.date : undefined;
  return typeof date === 'string' && date.length >= 10 ? date : undefined;
};

/** A record of `days` has a date of `day` (`YYYY-MM-DD`); the last record, where the last requested day is, is read first. */
export function holdsDay(days: unknown[], day: string): boolean {
  const last = dateOf(days[days.length - 1]);
  if (last !== undefined && sameDay(last, day)) return true;
  for (let d = 0; d < days.length; d++) {
    const date = dateOf(days[d]);
    if (date !== undefined && sameDay(date, day)) return true;
  }
  return false;
}
