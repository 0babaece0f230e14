/**
 * The JSON Schema patterns of the API's two date-time shapes: the OpenAPI generator writes them
 * into the schemas, and the runtime's date-time module (src/calendar/date-times.ts) tests values
 * against them and names them in messages.
 */

/** A post date-time: UTC, with a fraction and `Z` allowed (JSON Schema `pattern`). */
export const UTC_DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(\\+00:00|Z)$';

/** The date of a version 1 day record: `YYYY-MM-DD HH:MM:SS` (JSON Schema `pattern`). */
export const DAY_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';
