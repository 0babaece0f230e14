/**
 * The bounds that keep the mock server up whatever a request asks: the size and nesting depth of
 * a request body, and the number of values in one answer. They are the mock's own (the documents
 * show no such limits); each is derived from the documented limits so that every request within
 * them is served.
 */
import { catalogs } from '../catalog/catalogs.js';
import { longestMonthsInDays } from '../calendar/days.js';
import { MockFailure } from './failures.js';
import { EXTRA_DIMENSION_KEYS } from './values.js';

/** Bytes of a request body the mock reads; a longer body is answered with HTTP 400 unread. */
export const MAX_REQUEST_BYTES = 1024 * 1024;

/** Nesting depth of a request body's JSON; deeper is answered with HTTP 400 before parsing. */
export const MAX_REQUEST_DEPTH = 64;

const { limits } = catalogs;

/**
 * Values in one metrics answer: the largest answer within the documented limits, the most
 * profiles x the most days the months limit holds x the extra dimension with the most keys x the most metrics (with
 * dimensions `[profile, date.day, <extra>]`). A larger matrix (several date dimensions and
 * profile labels over a full range, or `limits: false`) is refused with code 4.
 */
export const MAX_ANSWER_VALUES =
  limits.profilesPerMetricsRequest.value *
  longestMonthsInDays(limits.dateRangeMonths.value) *
  Math.max(...Object.values(EXTRA_DIMENSION_KEYS).map((keys) => keys.length)) *
  limits.metricsPerMetricsRequest.value;

/**
 * Posts one filtered or sorted posts request may look through (posts in time order alone are
 * paged without looking through the range). The documents set no range or profile limit on post
 * lists; this holds the posts of the largest metrics request (25 profiles over the longest three
 * months) at 5 posts a day, the most the mock gives a day: a scan of well under a second.
 */
export const MAX_SCANNED_POSTS = limits.profilesPerMetricsRequest.value * longestMonthsInDays(limits.dateRangeMonths.value) * 5;

/** Throws code 4 when an answer would hold more than {@link MAX_ANSWER_VALUES} values. */
export function checkAnswerSize(values: number): void {
  if (values > MAX_ANSWER_VALUES) {
    throw new MockFailure(4, [
      `The answer would hold ${values} values; the mock server answers at most ${MAX_ANSWER_VALUES} per request. Ask for fewer dimensions, profiles, metrics or days.`,
    ]);
  }
}

/**
 * Daily values one v2 metrics answer aggregates (profile or profile label x day x extra key x
 * metric), before it is built: as many as {@link MAX_ANSWER_VALUES}. Within the documented limits
 * no request needs more (at most 25 x 92 x the extra dimension's keys x the metrics that allow
 * it x the labels of a profile; a test holds this against the catalogs); a longer range with
 * `limits: false` would take minutes and is refused with code 4.
 */
export function checkDailyValues(values: number): void {
  if (values > MAX_ANSWER_VALUES) {
    throw new MockFailure(4, [
      `The answer would aggregate ${values} daily values; the mock server computes at most ${MAX_ANSWER_VALUES} per request. Ask for fewer profiles, metrics or days.`,
    ]);
  }
}

/** The deepest nesting of arrays and objects in a JSON text (strings skipped), stopping past `limit`. */
export function jsonDepth(text: string, limit = MAX_REQUEST_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}
