/** Defensive reading of a request body: only the parts a check needs, when well-formed. */
import { isDay, isPlainObject } from './values.js';

export interface DateRange {
  start: string;
  end: string;
}

/** `request[key]` when it is an array of strings. */
export function stringArray(request: Record<string, unknown>, key: string): string[] | undefined {
  const value = request[key];
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
}

/** `date_start`..`date_end` when both are real days. */
export function dateRange(request: Record<string, unknown>): DateRange | undefined {
  const { date_start: start, date_end: end } = request;
  return isDay(start) && isDay(end) ? { start, end } : undefined;
}

/**
 * The request body of a request given as a body, as its JSON text (HAR `postData.text`) or as a
 * built request `{ method, path, body, operation }`. `null` and an absent body (a GET) mean
 * "no request"; `unreadable` is set when a request was given but is not a JSON object.
 */
export function requestBody(request: unknown): { body?: Record<string, unknown>; unreadable?: unknown } {
  if (request === undefined || request === null) return {};
  let value = request;
  if (typeof value === 'string') {
    if (value.trim() === '') return {};
    try {
      value = JSON.parse(value);
    } catch {
      return { unreadable: request };
    }
  }
  if (!isPlainObject(value)) return value === null ? {} : { unreadable: value };
  if (typeof value.operation === 'string' && typeof value.path === 'string' && 'body' in value) {
    return value.body === undefined || value.body === null ? {} : requestBody(value.body);
  }
  return { body: value };
}

export const rangeText = (range: DateRange) => `${range.start}..${range.end}`;
