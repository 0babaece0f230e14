/**
 * The date-range limit of metrics requests applied to calendar days: {@link maxDateEnd} with the
 * catalogs' limit (`limits.dateRangeMonths`) as its default. The calendar (days.ts) takes the
 * number of months as a parameter and reads no catalog.
 */
import { requestLimits } from '../catalog/request-catalog.js';
import { latestDateEnd, type Day } from './days.js';

/** Months a metrics request may span, from the catalogs (`limits.dateRangeMonths`). */
export const DEFAULT_RANGE_MONTHS: number = requestLimits.dateRangeMonths.value;

/**
 * The latest `date_end` a metrics request starting on `dateStart` may have: the day before the
 * same day number `months` calendar months later, clamped to the end of that month and to the
 * last day a `YYYY-MM-DD` date can name. Throws RequestValidationError when `dateStart` is not a
 * `YYYY-MM-DD` calendar day or `months` is not a whole number from 1.
 */
export function maxDateEnd(dateStart: Day, months: number = DEFAULT_RANGE_MONTHS): Day {
  return latestDateEnd(dateStart, months);
}
