/** Type checks of single values against catalog types, with the messages of the schema checks. */
import type { MetricType, PostFieldType } from '../../shared/catalog-types.js';
import { isUtcDateTime } from '../../calendar/date-times.js';
import { describeValue, quote } from '../../core/problems/describe.js';
import { isPlainObject } from '../../shared/values.js';

/** A `YYYY-MM-DD` string naming a real day (the calendar module's). */
export { isDay } from '../../calendar/days.js';

/**
 * The message for `value` not being of catalog type `type`, or undefined when it is (then
 * nothing is allocated: callers test the result on every value).
 */
export function typeProblem(type: MetricType | PostFieldType, value: unknown): string | undefined {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) ? undefined : expected('integer', value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : expected('number', value);
    case 'string':
      return typeof value === 'string' ? undefined : expected('string', value);
    case 'boolean':
      return typeof value === 'boolean' ? undefined : expected('boolean', value);
    case 'array':
      return Array.isArray(value) ? undefined : expected('array', value);
    case 'object':
      return isPlainObject(value) ? undefined : expected('object', value);
    case 'datetime':
      return isUtcDateTime(value) ? undefined : expected(UTC_DATE_TIME_SHAPE, value);
    default:
      return undefined;
  }
}

/** How messages name a post date-time. */
export const UTC_DATE_TIME_SHAPE = 'a UTC date-time YYYY-MM-DDTHH:MM:SS+00:00';

/** How messages name the date of a version 1 day record. */
export const DAY_TIME_SHAPE = 'a date-time YYYY-MM-DD HH:MM:SS';

/** `expected <what>, got <value>` (built only when there is a problem). */
export const expected = (what: string, value: unknown) => `expected ${what}, got ${describeValue(value)}`;

/** The message of a null value (or, in a v1 record, no member) of `metric`, one that may return no data (shared.metrics.no-data-value, versions 1 and 2). */
export const noDataMessage = (metric: string, found: 'null' | 'no member') =>
  found === 'null'
    ? `null for metric ${quote(metric)}, which returns no data for some pages: the documents name no null among the values and do not say how no data is written`
    : `no member for requested metric ${quote(metric)}, which returns no data for some pages: the documents say "one member per requested metric" and do not say how no data is written`;

/** The shared value guard (src/shared/values.ts), for the checks of this folder. */
export { isPlainObject };
