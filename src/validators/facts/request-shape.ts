/** Defensive reading of a request body: only the parts a check needs, when well-formed. */
import { isDay, isPlainObject } from './values.js';

export interface DateRange {
  readonly start: string;
  readonly end: string;
}

/** `value` when it is an array of strings (a request's `metrics`, `profiles`, `fields`). */
export function stringArray(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return undefined;
  return value as string[];
}

/** `date_start`..`date_end` when both are real days. */
export function dateRange(request: Record<string, unknown>): DateRange | undefined {
  const start = request.date_start;
  const end = request.date_end;
  return isDay(start) && isDay(end) ? { start, end } : undefined;
}

/** A request that was given but is not a JSON object (`value` is what was given). */
export class UnreadableRequest {
  constructor(readonly value: unknown) {}
}

/**
 * The request body of a request given as a body, as its JSON text (HAR `postData.text`) or as a
 * built request `{ method, path, body, operation }`. `null` and an absent body (a GET) mean
 * "no request" (undefined); an {@link UnreadableRequest} when a request was given but is not a
 * JSON object. A body given as an object is returned as is: nothing is allocated per call.
 */
export function requestBody(request: unknown): Record<string, unknown> | undefined | UnreadableRequest {
  if (request === undefined || request === null) return undefined;
  let value = request;
  if (typeof value === 'string') {
    if (value.trim() === '') return undefined;
    try {
      value = JSON.parse(value);
    } catch {
      return new UnreadableRequest(request);
    }
  }
  if (!isPlainObject(value)) return value === null ? undefined : new UnreadableRequest(value);
  if (typeof value.operation === 'string' && typeof value.path === 'string' && 'body' in value) {
    return value.body === undefined || value.body === null ? undefined : requestBody(value.body);
  }
  return value;
}

export const rangeText = (range: DateRange) => `${range.start}..${range.end}`;

/** `a` holds the items of `b`, in the same order. */
export function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The requested list (`metrics`, `profiles`) when it is a list of strings the rows differ from;
 * undefined when there is nothing to check: rows equal to the list item by item are its items in
 * its order, whatever it holds, and a list that is not one of strings is not read.
 */
export function listRowsDifferFrom(rows: unknown[], requested: unknown): string[] | undefined {
  if (Array.isArray(requested) && sameItems(rows, requested)) return undefined;
  return stringArray(requested);
}
