/**
 * Date-times of the API, the one module for them: the UTC date-time of posts
 * (`2026-01-20T17:04:11+00:00`; RFC 3339 also spells the same instant with a fraction or `Z`) and
 * the day-record date-time of version 1 metrics (`2026-01-20 00:00:00`). It tests values
 * against their patterns (src/shared/date-time-patterns.ts, which the OpenAPI generator writes
 * into the schemas) and when such a string names a real instant (its day through the calendar module). Regular
 * expressions and digit arithmetic only: no `Date` parsing, the validators run it for every value.
 */
import { DAY_TIME_PATTERN, UTC_DATE_TIME_PATTERN } from '../shared/date-time-patterns.js';
import { digitsAt, isCalendarDay } from './days.js';

const UTC_DATE_TIME = new RegExp(UTC_DATE_TIME_PATTERN);

/** The `YYYY-MM-DD` at the start of `text` (digits already checked) is a real calendar day. */
export function realDayAt(text: string): boolean {
  return isCalendarDay(digitsAt(text, 0, 4), digitsAt(text, 5, 2), digitsAt(text, 8, 2));
}

/**
 * The UTC days at whose end a leap second (23:59:60) was inserted, from the IERS bulletins: the
 * only days a UTC time of 23:59:60 names a real instant. None was inserted after 2016-12-31.
 */
const LEAP_SECOND_DAYS: ReadonlySet<string> = new Set([
  '1972-06-30', '1972-12-31', '1973-12-31', '1974-12-31', '1975-12-31', '1976-12-31', '1977-12-31', '1978-12-31', '1979-12-31',
  '1981-06-30', '1982-06-30', '1983-06-30', '1985-06-30', '1987-12-31', '1989-12-31', '1990-12-31', '1992-06-30', '1993-06-30',
  '1994-06-30', '1995-12-31', '1997-06-30', '1998-12-31', '2005-12-31', '2008-12-31', '2012-06-30', '2015-06-30', '2016-12-31',
]);

/**
 * A string of either date-time shape (`YYYY-MM-DD?HH:MM:SS...`, shape already checked, a UTC
 * time) names a real day and a real time of it as ISO 8601 writes one: 00:00:00 to 23:59:59, a
 * leap second (23:59:60) on a day one was inserted ({@link LEAP_SECOND_DAYS}) and the end of the
 * day (24:00:00, with no fraction of a second).
 */
export function realDayTime(text: string): boolean {
  if (!realDayAt(text)) return false;
  const hours = digitsAt(text, 11, 2);
  const minutes = digitsAt(text, 14, 2);
  const seconds = digitsAt(text, 17, 2);
  if (hours < 24 && minutes < 60 && seconds < 60) return true;
  if (hours === 23 && minutes === 59 && seconds === 60) return LEAP_SECOND_DAYS.has(text.slice(0, 10));
  // After the seconds come at most a fraction and the zone, `Z` or `+00:00`: no digit 1-9 but a fraction's.
  return hours === 24 && minutes === 0 && seconds === 0 && !/[1-9]/.test(text.slice(19));
}

/** `value` has the shape of a post date-time ({@link UTC_DATE_TIME_PATTERN}); the day may not exist. */
export function hasUtcDateTimeShape(value: string): boolean {
  return UTC_DATE_TIME.test(value);
}

/** A UTC date-time of a real instant. */
export function isUtcDateTime(value: unknown): value is string {
  return typeof value === 'string' && UTC_DATE_TIME.test(value) && realDayTime(value);
}

/**
 * A string is spelled as the documents spell a UTC date-time, when it has that shape: no
 * fraction, `+00:00` (`YYYY-MM-DDTHH:MM:SS` then `+00:00` is 25 characters with `+` at 19). No
 * second regex; any string gets an answer (the posts rules ask before they check the shape).
 */
export function isDocumentedUtcShape(utcDateTime: string): boolean {
  return utcDateTime.length === 25 && utcDateTime.charCodeAt(19) === 43;
}

/** The character each position of {@link DAY_TIME_PATTERN} wants: a separator's code, 0 for a digit. */
const DAY_TIME_CHARACTERS: readonly number[] = [0, 0, 0, 0, 45, 0, 0, 45, 0, 0, 32, 0, 0, 58, 0, 0, 58, 0, 0];

/**
 * `value` has the shape of a version 1 day-record date ({@link DAY_TIME_PATTERN}); the day may
 * not exist. Character checks, the same answers as the pattern: the validators run it per record.
 */
export function hasDayTimeShape(value: string): boolean {
  if (value.length !== DAY_TIME_CHARACTERS.length) return false;
  for (let i = 0; i < DAY_TIME_CHARACTERS.length; i++) {
    const c = value.charCodeAt(i);
    const wanted = DAY_TIME_CHARACTERS[i];
    // A digit is 48 to 57; past the end, NaN is none, so the loop's bound cannot read one too many.
    if (wanted ? c !== wanted : !(c >= 48 && c <= 57)) return false;
  }
  return true;
}

/**
 * A key of a UTC date-time (shape already checked) that orders as the instants do, equal for the
 * same instant however spelled (`Z` or `+00:00`, trailing zeros of a fraction). The documented
 * shape is its own key: nothing is allocated for it.
 */
export function utcInstantKey(utcDateTime: string): string {
  if (isDocumentedUtcShape(utcDateTime)) return utcDateTime;
  let end = utcDateTime.length - (utcDateTime.charCodeAt(utcDateTime.length - 1) === 90 ? 1 : 6);
  if (end > 19) {
    while (utcDateTime.charCodeAt(end - 1) === 48) end--;
    if (end === 20) end = 19;
  }
  return end === 19 ? `${utcDateTime.slice(0, 19)}+00:00` : utcDateTime.slice(0, end);
}
