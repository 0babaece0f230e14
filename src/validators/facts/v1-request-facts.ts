/**
 * The request-aware facts of a version 1 metrics request (the requested metrics with their set,
 * the range), read from the request once per validation. The requested profiles are not among
 * them: the body's profile ids are compared with the request's own list (../rules/metrics-v1.ts), which
 * needs no copy to compare with first.
 */
import { dateRange, stringArray, type DateRange } from './request-shape.js';

/** The request-aware facts of one request. */
export interface RequestFacts {
  readonly range: DateRange | undefined;
  /**
   * `date_end` followed by a character above every date character (`~`, so that the text stays
   * one byte per character, as the dates are, for a quick comparison): a record date
   * (`YYYY-MM-DD HH:MM:SS`) is after the range exactly when it is greater, without slicing.
   */
  readonly afterEnd: string;
  /** The requested metrics (when a list of strings) and their set. */
  readonly metrics: readonly string[] | undefined;
  readonly requested: ReadonlySet<string> | undefined;
  /** The network's catalog, read by the detailed member checks only. */
  readonly network: string;
}

/** The facts of `request` to `network`. */
export function requestFacts(request: Record<string, unknown>, network: string): RequestFacts {
  const metrics = stringArray(request.metrics);
  const range = dateRange(request);
  return {
    range,
    afterEnd: range ? `${range.end}~` : '',
    metrics,
    requested: metrics && new Set(metrics),
    network,
  };
}
