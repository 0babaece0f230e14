/** Type checks of single values against catalog types, with the messages of the schema checks. */
import type { MetricType, PostFieldType } from '../../catalog/types.js';
import { describeValue } from '../describe.js';
import { digits, isDate, realDay } from '../formats.js';

/** UTC with offset: `2026-01-20T17:04:11+00:00` (fractions and `Z` allowed, as in the spec). */
const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:\+00:00|Z)$/;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `YYYY-MM-DD` string naming a real day. */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && isDate(value);
}

/** A UTC date-time with offset naming a real instant. */
export function isUtcDateTime(value: unknown): value is string {
  return typeof value === 'string' && UTC_DATE_TIME.test(value) && realDay(value) && digits(value, 11, 2) < 24 && digits(value, 14, 2) < 60 && digits(value, 17, 2) < 60;
}

/** True when `value` has catalog type `type` (fast path of `typeProblem`). */
export function fitsType(type: MetricType | PostFieldType, value: unknown): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    case 'datetime':
      return isUtcDateTime(value);
    default:
      return true;
  }
}

/** The message for `value` not being of catalog type `type`, or undefined when it is. */
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
      return isUtcDateTime(value) ? undefined : expected('a UTC date-time YYYY-MM-DDTHH:MM:SS+00:00', value);
    default:
      return undefined;
  }
}

/** `expected <what>, got <value>` (built only when there is a problem). */
const expected = (what: string, value: unknown) => `expected ${what}, got ${describeValue(value)}`;

export { isPlainObject };
