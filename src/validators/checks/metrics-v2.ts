/**
 * Request-aware checks of a version 2 metrics body, on top of the body-only ones
 * (metrics-v2-body.ts): `header` is the requested dimensions in order, then `metric`; the metric
 * rows are the requested metrics (inferred) in the requested order (inferred); `date.day` rows
 * inside the requested range; `profile` rows among the requested profiles (inferred).
 */
import { describeValue, listValues, quote } from '../../core/problems/describe.js';
import type { ProblemList } from '../../core/problems/problem-list.js';
import { checkLastDay } from './last-day.js';
import { checkMetricsV2Body, headerOf, type HeaderElement } from './metrics-v2-body.js';
import { dateRange, rangeText, sameItems, stringArray } from './request-shape.js';
import { isDay, isPlainObject } from './values.js';

/** The header types the request asks for; undefined without `dimensions` (that answer is not shown in the documents). */
function requestedHeader(request: Record<string, unknown>): string[] | undefined {
  const dims = request.dimensions;
  if (!Array.isArray(dims) || !dims.every((d) => isPlainObject(d) && typeof d.type === 'string')) return undefined;
  return [...dims.map((d) => (d as { type: string }).type), 'metric'];
}

function checkHeaderOrder(list: ProblemList, header: HeaderElement[], expected: string[]): void {
  if (header.length !== expected.length) {
    list.add('v2.metrics.header-order', '/header', `expected ${expected.length} elements (${listValues(expected)}: the requested dimensions, then metric), got ${header.length}`);
  }
  header.forEach((el, i) => {
    if (i < expected.length && el.type !== expected[i]) {
      list.add('v2.metrics.header-order', `/header/${i}/type`, `expected ${quote(expected[i])} (${i === expected.length - 1 ? 'the metric element' : `requested dimension ${i + 1}`}), got ${describeValue(el.type)}`);
    }
  });
}

/** The rows are the requested metrics (inferred), and in the requested order (inferred, a separate rule). */
function checkMetricRows(list: ProblemList, rows: unknown[], metrics: string[], element: number): void {
  const pointer = `/header/${element}/rows`;
  const requested = new Set(metrics);
  const returned = new Set(rows);
  if (rows.length !== metrics.length) list.add('v2.metrics.requested-metrics', pointer, `expected the ${metrics.length} requested metrics (${listValues(metrics)}), got ${rows.length} row${rows.length === 1 ? '' : 's'}`);
  rows.forEach((row, j) => {
    if (typeof row === 'string' && !requested.has(row)) list.add('v2.metrics.requested-metrics', `${pointer}/${j}`, `${quote(row)} is not a requested metric`);
  });
  for (const name of metrics) if (!returned.has(name) && rows.length === metrics.length) list.add('v2.metrics.requested-metrics', pointer, `no row for requested metric ${quote(name)}`);
  const sameSet = rows.length === metrics.length && metrics.every((m) => returned.has(m));
  if (!sameSet) return;
  rows.forEach((row, j) => {
    if (row !== metrics[j]) list.add('v2.metrics.metric-order', `${pointer}/${j}`, `expected ${quote(metrics[j])} (requested metric ${j + 1}), got ${describeValue(row)}`);
  });
}

/** The header is the requested dimensions, then `metric` (the common answer, checked without allocating). */
function headerAsRequested(header: HeaderElement[], dimensions: unknown): boolean {
  if (!Array.isArray(dimensions) || header.length !== dimensions.length + 1 || header[dimensions.length].type !== 'metric') return false;
  for (let i = 0; i < dimensions.length; i++) {
    const d = dimensions[i];
    if (!isPlainObject(d) || d.type !== header[i].type) return false;
  }
  return true;
}

/**
 * The requested list (`metrics`, `profiles`) when it is a list of strings the rows differ from;
 * undefined when there is nothing to check: rows equal to the list item by item are its items in
 * its order, whatever it holds, and a list that is not one of strings is not read.
 */
function listRowsDifferFrom(rows: unknown[], requested: unknown): string[] | undefined {
  if (Array.isArray(requested) && sameItems(rows, requested)) return undefined;
  return stringArray(requested);
}

/**
 * The request-aware checks, element by element; each reads only the part of the request its
 * element needs (a body without `profile` rows does not read the requested profiles).
 */
function checkRequested(list: ProblemList, header: HeaderElement[], request: Record<string, unknown>): void {
  if (!headerAsRequested(header, request.dimensions)) {
    const expected = requestedHeader(request);
    if (expected) checkHeaderOrder(list, header, expected);
  }
  let metricRowsChecked = false;
  for (let i = 0; i < header.length; i++) {
    const { type, rows } = header[i];
    if (type === 'metric') {
      if (metricRowsChecked) continue; // only the first metric element (a second is a body-only error)
      metricRowsChecked = true;
      const metrics = listRowsDifferFrom(rows, request.metrics);
      // A metric requested twice is one requested metric: one row, at its first place.
      if (metrics) checkMetricRows(list, rows, [...new Set(metrics)], i);
    } else if (type === 'date.day') {
      const range = dateRange(request);
      if (!range) continue;
      checkLastDay(list, rows, range, i);
      for (let j = 0; j < rows.length; j++) {
        const row = rows[j];
        if (typeof row === 'string' && (row < range.start || row > range.end) && isDay(row)) list.add('v2.metrics.date-range', `/header/${i}/rows/${j}`, `${row} is outside the requested range ${rangeText(range)}`);
      }
    } else if (type === 'profile') {
      const profiles = listRowsDifferFrom(rows, request.profiles);
      if (!profiles) continue;
      const requestedProfiles = new Set(profiles);
      for (let j = 0; j < rows.length; j++) {
        const row = rows[j];
        if (typeof row === 'string' && !requestedProfiles.has(row)) list.add('v2.metrics.requested-profiles', `/header/${i}/rows/${j}`, `${quote(row)} is not a requested profile`);
      }
    }
  }
}

/**
 * Runs the version 2 metrics checks on a success body of `network`: body-only, then request-aware
 * when the request is given. `schemaValid`: the body passed its schema, which makes its header a
 * non-empty list of `{ type: string, rows: string[] }`, so it is not read twice.
 */
export function checkMetricsV2(list: ProblemList, body: Record<string, unknown>, request: Record<string, unknown> | undefined, network: string, schemaValid = false): void {
  const header = schemaValid ? (body.header as HeaderElement[]) : headerOf(body);
  if (!header) return;
  checkMetricsV2Body(list, body, header, network);
  if (request) checkRequested(list, header, request);
}
