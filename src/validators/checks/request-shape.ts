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

/** The request body of a request given as a body or as a built request `{ method, path, body, operation }`. */
export function requestBody(request: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(request)) return undefined;
  if (typeof request.operation === 'string' && typeof request.path === 'string' && 'body' in request) {
    return isPlainObject(request.body) ? request.body : undefined;
  }
  return request;
}

export const rangeText = (range: DateRange) => `${range.start}..${range.end}`;
