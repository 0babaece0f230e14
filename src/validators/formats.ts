/**
 * The string formats the specs use: `date` (RFC 3339 full-date, a real calendar day) and
 * `date-time` (RFC 3339 date-time: real day, time, required offset, leap second only at 23:59:60
 * UTC). The generator bundles this module into generated/validators, and the request-aware
 * checks use it too, so it imports nothing.
 * One anchored regular expression and digit arithmetic per value: several times faster than
 * split-and-capture implementations, with the same answers for these formats.
 */

/** The shape of an RFC 3339 full-date, tested before the calendar (the request schemas rely on it). */
export const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/** The decimal number of `length` digits of `text` at `at` (the caller checked they are digits). */
export function digits(text: string, at: number, length: number): number {
  let n = 0;
  for (let i = at; i < at + length; i++) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
}

/** The `YYYY-MM-DD` at the start of `text` is a real calendar day. */
export function realDay(text: string): boolean {
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

/** RFC 3339 full-date. */
export function isDate(value: string): boolean {
  return DATE.test(value) && realDay(value);
}

/** RFC 3339 date-time with a required offset. */
export function isDateTime(value: string): boolean {
  if (!DATE_TIME.test(value) || !realDay(value)) return false;
  const hour = digits(value, 11, 2);
  const minute = digits(value, 14, 2);
  const second = digits(value, 17, 2);
  if (hour > 23 || minute > 59 || second > 60) return false;
  const zone = value.charCodeAt(value.length - 1) === 90 || value.charCodeAt(value.length - 1) === 122 ? '' : value.slice(-6);
  if (zone) {
    const offHour = digits(zone, 1, 2);
    const offMinute = digits(zone, 4, 2);
    if (offHour > 23 || offMinute > 59) return false;
    if (second === 60) {
      const sign = zone[0] === '+' ? 1 : -1;
      const utc = (((hour * 60 + minute - sign * (offHour * 60 + offMinute)) % 1440) + 1440) % 1440;
      return utc === 23 * 60 + 59;
    }
  } else if (second === 60) return hour === 23 && minute === 59;
  return true;
}

/** Format definitions as ajv takes them (`ajv.addFormat(name, definition)`). */
export const formats = {
  date: { type: 'string', validate: isDate },
  'date-time': { type: 'string', validate: isDateTime },
} as const;
