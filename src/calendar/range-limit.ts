/**
 * The date-range limit of metrics requests applied to calendar days, with the catalogs' limit
 * (`limits.dateRangeMonths`) as the default number of months: {@link maxDateEnd} (the inferred,
 * narrower reading), {@link statedMaxDateEnd} (the stated one) and {@link rangeExcess} (which
 * of the two a range breaks). The calendar (days.ts) defines both readings, takes the number of
 * months as a parameter and reads no catalog.
 */
import { requestLimits } from '../catalog/request-catalog.js';
import { dateRangeExcess, latestDateEnd, statedLatestDateEnd, type Day } from './days.js';

/** Months a metrics request may span, from the catalogs (`limits.dateRangeMonths`). */
const DEFAULT_RANGE_MONTHS: number = requestLimits.dateRangeMonths.value;

/**
 * The latest `date_end` a metrics request starting on `dateStart` may have under the narrower
 * reading (a range spanning `months` calendar months counting both ends): the day before the same
 * day number `months` calendar months later, clamped to the end of that month and to the last
 * day a `YYYY-MM-DD` date can name. Throws RequestValidationError when `dateStart` is not a
 * `YYYY-MM-DD` calendar day or `months` is not a whole number from 1.
 */
export function maxDateEnd(dateStart: Day, months: number = DEFAULT_RANGE_MONTHS): Day {
  return latestDateEnd(dateStart, months);
}

/**
 * The latest `date_end` every reading allows: `dateStart` plus `months` calendar months, a day
 * past the end of that month clamped to its last day; a later one is refused with code 4.
 * Throws like {@link maxDateEnd}.
 */
export function statedMaxDateEnd(dateStart: Day, months: number = DEFAULT_RANGE_MONTHS): Day {
  return statedLatestDateEnd(dateStart, months);
}

/** Which reading of the limit the range `dateStart`..`dateEnd` (calendar days, in order) breaks, if any. */
export function rangeExcess(dateStart: Day, dateEnd: Day, months: number = DEFAULT_RANGE_MONTHS): 'stated' | 'inferred' | undefined {
  return dateRangeExcess(dateStart, dateEnd, months);
}
