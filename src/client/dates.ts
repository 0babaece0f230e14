/**
 * Calendar-day arithmetic for metrics requests. A day is a whole number: days since
 * 1970-01-01 (UTC calendar, no timezone), so ranges, weeks and months are plain integer math.
 *
 * Conventions (the source documents do not define them; the client and the mock share them):
 * - "at most 3 months" is `maxDateEnd` of src/builders/dates.ts: 2026-01-01..2026-03-31 and
 *   2026-01-15..2026-04-14 are allowed, 2026-01-01..2026-04-01 is not.
 * - Weeks are ISO weeks, Monday to Sunday; a `date.week` row is the Monday's date.
 * - A `date.month` row is `YYYY-MM`.
 */

import { maxDateEnd, parseDay as parseCalendarDay } from '../builders/dates.js';

const MS_PER_DAY = 86_400_000;

/** Parses `YYYY-MM-DD` into a day number, or undefined when it is not a real calendar day. */
export function parseDay(text: unknown): number | undefined {
  const day = parseCalendarDay(text);
  return day && Math.round(Date.UTC(day.year, day.month - 1, day.day) / MS_PER_DAY);
}

/** Formats a day number as `YYYY-MM-DD`. */
export function formatDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * The last day a range starting on `start` may end on (inclusive) under a limit of `months`
 * months: the builders' {@link maxDateEnd}, the package's one definition of the limit.
 */
export function maxRangeEnd(start: number, months: number): number {
  return parseDay(maxDateEnd(formatDay(start), months))!;
}

/** The Monday of the ISO week holding `day`. */
export function weekStart(day: number): number {
  return day - ((day + 3) % 7 + 7) % 7;
}

/** The first day of the calendar month holding `day`. */
export function monthStart(day: number): number {
  const d = new Date(day * MS_PER_DAY);
  return Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / MS_PER_DAY);
}

/** `YYYY-MM` of the month holding `day`. */
export function monthLabel(day: number): string {
  return formatDay(day).slice(0, 7);
}

