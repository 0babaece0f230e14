/**
 * The string formats the specs use: `date` (RFC 3339 full-date, a real calendar day) and
 * `date-time` (RFC 3339 date-time: real day, time, required offset, leap second only at 23:59:60
 * UTC). The generator bundles this module (and the calendar modules it reads) into
 * generated/validators. One anchored regular expression and digit arithmetic per value, the
 * day's validity from the calendar module: no `Date` parsing.
 */
import { realDayAt } from '../calendar/date-times.js';
import { digitsAt, isDay } from '../calendar/days.js';

/** The shape of an RFC 3339 full-date, which isDate (the calendar's isDay) tests before the day's validity; the request schemas rely on it. */
export const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/** RFC 3339 full-date. */
export function isDate(value: string): boolean {
  return isDay(value);
}

/** RFC 3339 date-time with a required offset. */
export function isDateTime(value: string): boolean {
  if (!DATE_TIME.test(value) || !realDayAt(value)) return false;
  const hour = digitsAt(value, 11, 2);
  const minute = digitsAt(value, 14, 2);
  const second = digitsAt(value, 17, 2);
  if (hour > 23 || minute > 59 || second > 60) return false;
  const last = value.charCodeAt(value.length - 1);
  if (last === 90 || last === 122) return second < 60 || (hour === 23 && minute === 59); // Z, z
  const zone = value.slice(-6);
  const offHour = digitsAt(zone, 1, 2);
  const offMinute = digitsAt(zone, 4, 2);
  if (offHour > 23 || offMinute > 59) return false;
  if (second < 60) return true;
  const sign = zone[0] === '+' ? 1 : -1;
  const utc = (((hour * 60 + minute - sign * (offHour * 60 + offMinute)) % 1440) + 1440) % 1440;
  return utc === 23 * 60 + 59;
}

/** Format definitions as ajv takes them (`ajv.addFormat(name, definition)`). */
export const formats = {
  date: { type: 'string', validate: isDate },
  'date-time': { type: 'string', validate: isDateTime },
} as const;
