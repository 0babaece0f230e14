/**
 * Calendar days, the one module for them: days in the API's `YYYY-MM-DD` shape, day numbers
 * (days since 1970-01-01, UTC calendar, so ranges, ISO weeks and months are integer math; the
 * client's splitting and the mock use them), and the precise meaning of the "date range of at
 * most 3 months" limit of metrics requests ({@link dateRangeExcess}, which every part asks).
 *
 * "3 months" between two dates means calendar months; no reading counts it in days:
 * - stated (an error, code 4): `date_end` later than `date_start` plus three calendar months,
 *   a day past the month's end clamping to its last day ({@link statedLatestDateEnd}: 2024-12-01
 *   -> 2025-03-01, 2024-11-30 -> 2025-02-28, 2023-11-30 -> 2024-02-29). Every reading of "3
 *   months" refuses such a range.
 * - inferred (strict only): the narrower reading, a range that, counting both ends, spans three
 *   calendar months: `date_end` at most {@link latestDateEnd}(`date_start`, 3) (`maxDateEnd` in
 *   range-limit.ts, whose default is the catalogs' limit), the day before the same day number
 *   three calendar months later, the day number clamped to the end of that month.
 *
 * | date_start | latest date_end (inferred) | latest date_end (stated) |
 * |---|---|---|
 * | 2024-01-01 | 2024-03-31 | 2024-04-01 |
 * | 2024-01-15 | 2024-04-14 | 2024-04-15 |
 * | 2024-01-31 | 2024-04-30 | 2024-04-30 |
 * | 2024-11-30 | 2025-02-28 | 2025-02-28 |
 * | 2024-12-01 | 2025-02-28 | 2025-03-01 |
 *
 * The inferred reading is the conservative one (a server reading "3 months" either way accepts
 * every range it accepts); request splitting in the client uses it.
 *
 * Weeks are ISO weeks, Monday to Sunday; a `date.week` row is the Monday's date. A `date.month`
 * row is `YYYY-MM`.
 */
import { RequestValidationError } from '../core/problems/request-error.js';

/** A calendar day, `YYYY-MM-DD`. */
export type Day = string;

/** Whether `year` is a leap year of the (proleptic) Gregorian calendar. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days of a month; `month` is 1..12. Integer math only: validators call it for every date they check. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Whether `year`, `month` (1..12) and `day` name a real calendar day (2024-02-30 does not). */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The year, month (1..12) and day of a `YYYY-MM-DD` string, or undefined if it is not a real calendar day. */
export function parseDay(value: unknown): { year: number; month: number; day: number } | undefined {
  if (!isDay(value)) return undefined;
  return { year: digitsAt(value, 0, 4), month: digitsAt(value, 5, 2), day: digitsAt(value, 8, 2) };
}

/** The decimal number of the `length` characters of `text` at `at`, or -1 when one is not a digit. */
export function digitsAt(text: string, at: number, length: number): number {
  let n = 0;
  for (let i = at; i < at + length; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/**
 * Whether `value` is a real calendar day in `YYYY-MM-DD` shape (2024-02-30 is not). Character
 * checks and integer math, no regular expression or `Date`: validators call it for every day.
 */
export function isDay(value: unknown): value is Day {
  if (typeof value !== 'string' || value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 2);
  const day = digitsAt(value, 8, 2);
  return year >= 0 && isCalendarDay(year, month, day);
}

/** The day number ({@link daysFromCivil}) of a string {@link isDay} accepted: no second check, nothing allocated. */
export function dayNumberOfDay(day: Day): number {
  return daysFromCivil(digitsAt(day, 0, 4), digitsAt(day, 5, 2), digitsAt(day, 8, 2));
}

/** Formats a year, month (1..12) and day as `YYYY-MM-DD`. */
export function formatDay(year: number, month: number, day: number): Day {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The first and the last day the `YYYY-MM-DD` shape can write: the calendar of the API ends here,
 * and no date operation of the package goes past either end.
 */
export const FIRST_DAY: Day = '0000-01-01';
export const LAST_DAY: Day = '9999-12-31';

/**
 * Days since 1970-01-01 of a proleptic Gregorian day, integer math (no `Date`, which reads the
 * years 0 to 99 as 1900 to 1999 and whose ISO text has six-digit years past 9999).
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The year, month (1..12) and day of a day number ({@link daysFromCivil} inverted). */
export function civilFromDays(dayNumber: number): { year: number; month: number; day: number } {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day: dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1 };
}

/** Day number of {@link FIRST_DAY}. */
export const FIRST_DAY_NUMBER = daysFromCivil(0, 1, 1);
/** Day number of {@link LAST_DAY}. */
export const LAST_DAY_NUMBER = daysFromCivil(9999, 12, 31);

/** The problem of a date parameter that is not a `YYYY-MM-DD` calendar day (rule `shared.request.date-format`). */
function notADay(caller: string, name: string, value: unknown): RequestValidationError {
  const message = `${JSON.stringify(value) ?? String(value)} is not a calendar day in YYYY-MM-DD shape (${FIRST_DAY} to ${LAST_DAY})`;
  return new RequestValidationError(caller, [{ parameter: name, message, code: 3, rule: 'shared.request.date-format', severity: 'error' }]);
}

/** The parts of a day parameter, or a RequestValidationError naming `caller` and the parameter. */
function requireDay(value: unknown, name: string, caller: string) {
  const parsed = parseDay(value);
  if (!parsed) throw notADay(caller, name, value);
  return parsed;
}

/**
 * `day` plus `count` days (count may be negative). Throws RequestValidationError for a malformed
 * day or when the result falls outside {@link FIRST_DAY}..{@link LAST_DAY}.
 */
export function addDays(day: Day, count: number): Day {
  const { year, month, day: d } = requireDay(day, 'day', 'addDays');
  const result = daysFromCivil(year, month, d) + count;
  if (!Number.isInteger(count) || result < FIRST_DAY_NUMBER || result > LAST_DAY_NUMBER) {
    const message = `${day} plus ${count} days is outside the calendar (${FIRST_DAY} to ${LAST_DAY})`;
    throw new RequestValidationError('addDays', [{ parameter: 'count', message, code: 3, rule: 'shared.request.date-format', severity: 'error' }]);
  }
  return formatDayNumber(result);
}

/**
 * The latest `date_end` a metrics request starting on `dateStart` may have under a limit of
 * `months` months: the day before the same day number `months` calendar months later, clamped
 * to the end of that month and to {@link LAST_DAY} (the last day a `YYYY-MM-DD` date can name).
 * Throws RequestValidationError when `dateStart` is not a `YYYY-MM-DD` calendar day or `months`
 * is not a whole number from 1. The package's `maxDateEnd` (range-limit.ts) gives `months` the
 * catalogs' limit as default.
 */
export function latestDateEnd(dateStart: Day, months: number): Day {
  const { year, month, day } = requireDay(dateStart, 'date_start', 'maxDateEnd');
  requireMonths(months, 'maxDateEnd');
  return formatDayNumber(latestDayNumber(year, month, day, months));
}

/** Throws RequestValidationError naming `caller` unless `months` is a whole number from 1. */
function requireMonths(months: number, caller: string): void {
  if (Number.isInteger(months) && months >= 1) return;
  const message = `must be a whole number of months from 1, got ${String(months)}`;
  throw new RequestValidationError(caller, [{ parameter: 'months', message, code: 3, rule: 'shared.metrics.date-range-calendar', severity: 'error' }]);
}

/**
 * {@link latestDateEnd} as a day number, for a start already read as a calendar day (`year`,
 * `month`, `day`) and a whole `months` from 1: integer math, nothing allocated, so a check can
 * compare a `date_end` with it and format the day only for its message.
 */
function latestDayNumber(year: number, month: number, day: number, months: number): number {
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  if (targetYear > 9999) return LAST_DAY_NUMBER;
  if (day === 1) return daysFromCivil(targetYear, targetMonth, 1) - 1;
  return daysFromCivil(targetYear, targetMonth, Math.min(day - 1, daysInMonth(targetYear, targetMonth)));
}

/**
 * {@link statedLatestDateEnd} as a day number, for a start already read as a calendar day and a
 * whole `months` from 1: the same day number `months` calendar months later, clamped to the end
 * of that month and to {@link LAST_DAY}. Integer math, nothing allocated.
 */
function statedLatestDayNumber(year: number, month: number, day: number, months: number): number {
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  if (targetYear > 9999) return LAST_DAY_NUMBER;
  return daysFromCivil(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/**
 * The latest `date_end` every reading of a limit of `months` months allows for `dateStart`:
 * `dateStart` plus `months` calendar months, a day past the end of that month clamped to its last
 * day (2024-12-01 -> 2025-03-01, 2024-01-31 -> 2024-04-30). A later `date_end` breaks the stated
 * rule. Throws like {@link latestDateEnd}.
 */
export function statedLatestDateEnd(dateStart: Day, months: number): Day {
  const { year, month, day } = requireDay(dateStart, 'date_start', 'statedLatestDateEnd');
  requireMonths(months, 'statedLatestDateEnd');
  return formatDayNumber(statedLatestDayNumber(year, month, day, months));
}

/**
 * How far the range `dateStart`..`dateEnd` (two calendar days, `dateEnd` not before `dateStart`)
 * goes past a limit of `months` months: `stated` past {@link statedLatestDateEnd} (every reading
 * refuses it), `inferred` past {@link latestDateEnd} only (the narrower reading refuses it),
 * undefined within both. The one decision of the limit: the request checks, the mock (through
 * them), the validators and the client's splitting read it or the two functions it compares with.
 */
export function dateRangeExcess(dateStart: Day, dateEnd: Day, months: number): 'stated' | 'inferred' | undefined {
  // Integer math on the start's digits, a few operations a call: no shortcut for short ranges
  // (one would answer as these lines do, so no test could tell it was broken).
  const end = dayNumberOfDay(dateEnd);
  const year = digitsAt(dateStart, 0, 4);
  const month = digitsAt(dateStart, 5, 2);
  const day = digitsAt(dateStart, 8, 2);
  if (end > statedLatestDayNumber(year, month, day, months)) return 'stated';
  return end > latestDayNumber(year, month, day, months) ? 'inferred' : undefined;
}

/**
 * The most days `months` consecutive calendar months can hold (3 months: 92, July to September):
 * the most daily rows a range within the inferred reading holds (the mock's bounds).
 */
export function longestMonthsInDays(months: number): number {
  // 24 sums of a few month lengths, the runs starting in a common year and in a leap year:
  // computed when asked, nothing kept between calls.
  let longest = 0;
  for (const year of [2023, 2024]) {
    for (let start = 0; start < 12; start++) {
      let days = 0;
      for (let m = start; m < start + months; m++) days += daysInMonth(year + Math.floor(m / 12), (m % 12) + 1);
      longest = Math.max(longest, days);
    }
  }
  return longest;
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Day, to: Day): number {
  const a = requireDay(from, 'from', 'daysBetween');
  const b = requireDay(to, 'to', 'daysBetween');
  return daysFromCivil(b.year, b.month, b.day) - daysFromCivil(a.year, a.month, a.day);
}

/** Parses `YYYY-MM-DD` into a day number, or undefined when it is not a real calendar day. */
export function dayNumber(text: unknown): number | undefined {
  const day = parseDay(text);
  return day && daysFromCivil(day.year, day.month, day.day);
}

/** Formats a day number as `YYYY-MM-DD` (years past 9999 take more digits: no day of the API). */
export function formatDayNumber(day: number): string {
  const { year, month, day: d } = civilFromDays(day);
  return formatDay(year, month, d);
}

/**
 * The last day a range starting on `start` may end on (inclusive) under a limit of `months`
 * months under the inferred reading: {@link latestDateEnd}.
 */
export function maxRangeEnd(start: number, months: number): number {
  return dayNumber(latestDateEnd(formatDayNumber(start), months))!;
}

/** The Monday of the ISO week holding `day`. */
export function weekStart(day: number): number {
  return day - ((day + 3) % 7 + 7) % 7;
}

/** The first day of the calendar month holding `day`. */
export function monthStart(day: number): number {
  const { year, month } = civilFromDays(day);
  return daysFromCivil(year, month, 1);
}

/** `YYYY-MM` of the month holding `day`. */
export function monthLabel(day: number): string {
  return formatDayNumber(day).slice(0, 7);
}

