/**
 * The request-aware facts of a version 1 metrics request (the requested metrics with their set,
 * the range), read from the request once and kept for the next call while its request lists the
 * same values: validating many answers of one request reads it once. The requested profiles are
 * not among them: the body's profile ids are compared with the request's own list
 * (metrics-v1.ts), which needs no copy to compare with first.
 */
import { dateRange, sameItems, stringArray, type DateRange } from './request-shape.js';

/** The request-aware facts of one request. */
export interface RequestFacts {
  /** The request's `date_start` and `date_end` as given, compared with the next request's. */
  start: unknown;
  end: unknown;
  range: DateRange | undefined;
  /**
   * `date_end` followed by a character above every date character: a record date
   * (`YYYY-MM-DD HH:MM:SS`) is after the range exactly when it is greater, without slicing.
   */
  afterEnd: string;
  /** The requested metrics (when a list of strings), a copy, and their set. */
  metrics: string[] | undefined;
  requested: ReadonlySet<string> | undefined;
  /** The network's catalog, read by the detailed member checks only. */
  network: string;
}

/** The facts of `request` to `network`: the previous call's object while the request lists the same values. */
export function requestFacts(request: Record<string, unknown>, network: string): RequestFacts {
  const last = lastFacts;
  const { metrics } = request;
  if (
    last !== undefined &&
    network === last.network &&
    request.date_start === last.start &&
    request.date_end === last.end &&
    sameList(metrics, last.metrics)
  ) {
    return last;
  }
  lastFacts = readFacts(request, metrics, network);
  return lastFacts;
}

function readFacts(request: Record<string, unknown>, metrics: unknown, network: string): RequestFacts {
  const metricList = stringArray(metrics)?.slice();
  const range = dateRange(request);
  return {
    start: request.date_start,
    end: request.date_end,
    range,
    afterEnd: range ? `${range.end}\uffff` : '',
    metrics: metricList,
    requested: metricList && new Set(metricList),
    network,
  };
}
let lastFacts: RequestFacts | undefined;

/** `value` holds the items of `kept`, a list read from an earlier request; false when either is no list. */
const sameList = (value: unknown, kept: string[] | undefined) => kept !== undefined && Array.isArray(value) && sameItems(value, kept);
