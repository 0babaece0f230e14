/**
 * Request-aware checks of a version 2 metrics body: `header` is the requested dimensions in
 * order, then `metric` with the requested metrics in order; `data` nests one level per header
 * element with that element's `rows` length; `date.day` rows inside the requested range;
 * `profile` rows among the requested profiles; innermost values are numbers.
 * Walks `data` with an explicit stack: deep or huge bodies cannot overflow the call stack.
 */
import { describeValue, listValues, quote } from '../describe.js';
import type { ErrorList } from '../error-list.js';
import { childPointer } from '../pointer.js';
import { dateRange, rangeText, stringArray } from './request-shape.js';
import { isDay, isPlainObject } from './values.js';

interface HeaderElement {
  type: string;
  rows: unknown[];
}

/** The header types the request asks for; undefined without `dimensions` (that answer is not shown in the documents). */
function requestedHeader(request: Record<string, unknown>): string[] | undefined {
  const dims = request.dimensions;
  if (!Array.isArray(dims) || !dims.every((d) => isPlainObject(d) && typeof d.type === 'string')) return undefined;
  return [...dims.map((d) => (d as { type: string }).type), 'metric'];
}

function checkHeader(list: ErrorList, header: HeaderElement[], expected: string[] | undefined, request: Record<string, unknown>): void {
  if (expected && header.length !== expected.length) {
    list.add('v2.metrics.header-order', '/header', `expected ${expected.length} elements (${listValues(expected)}: the requested dimensions, then metric), got ${header.length}`);
  }
  header.forEach((el, i) => {
    if (expected && i < expected.length && el.type !== expected[i]) {
      list.add('v2.metrics.header-order', `/header/${i}/type`, `expected ${quote(expected[i])} (${i === expected.length - 1 ? 'the metric element' : `requested dimension ${i + 1}`}), got ${describeValue(el.type)}`);
    }
  });
  const metrics = stringArray(request, 'metrics');
  const metricIndex = header.findIndex((el) => el.type === 'metric');
  if (metrics && metricIndex >= 0) {
    const rows = header[metricIndex].rows;
    const pointer = `/header/${metricIndex}/rows`;
    if (rows.length !== metrics.length) list.add('v2.metrics.requested-metrics', pointer, `expected the ${metrics.length} requested metrics (${listValues(metrics)}), got ${rows.length} row${rows.length === 1 ? '' : 's'}`);
    rows.forEach((row, j) => {
      if (j < metrics.length && row !== metrics[j]) list.add('v2.metrics.metric-order', `${pointer}/${j}`, `expected ${quote(metrics[j])} (requested metric ${j + 1}), got ${describeValue(row)}`);
    });
  }
  const range = dateRange(request);
  const profiles = stringArray(request, 'profiles');
  header.forEach((el, i) => {
    if (el.type === 'date.day') {
      el.rows.forEach((row, j) => {
        if (list.full) return;
        if (!isDay(row)) list.add('v2.metrics.date-rows', `/header/${i}/rows/${j}`, `expected a date YYYY-MM-DD, got ${describeValue(row)}`);
        else if (range && (row < range.start || row > range.end)) list.add('v2.metrics.date-range', `/header/${i}/rows/${j}`, `${row} is outside the requested range ${rangeText(range)}`);
      });
    } else if (el.type === 'profile' && profiles) {
      const requested = new Set(profiles);
      el.rows.forEach((row, j) => {
        if (typeof row === 'string' && !requested.has(row)) list.add('v2.metrics.requested-profiles', `/header/${i}/rows/${j}`, `${quote(row)} is not a requested profile`);
      });
    }
  });
}

/** Checks that `data` nests one level per header element, each of that element's rows length. */
function checkData(list: ErrorList, data: unknown[], lengths: number[]): void {
  const last = lengths.length - 1;
  const stack: { value: unknown[]; pointer: string; depth: number }[] = [{ value: data, pointer: '/data', depth: 0 }];
  while (stack.length && !list.full) {
    const { value, pointer, depth } = stack.pop()!;
    if (value.length !== lengths[depth]) {
      list.add('v2.metrics.data-nesting', pointer, `expected ${lengths[depth]} items (one per row of header element ${depth}), got ${value.length}`);
    }
    if (depth === last) {
      for (let i = 0; i < value.length; i++) {
        const v = value[i];
        if (typeof v !== 'number' || !Number.isFinite(v)) list.add('v2.metrics.data-numbers', childPointer(pointer, i), `expected number (a metric value), got ${describeValue(v)}`);
      }
      continue;
    }
    const children: { value: unknown[]; pointer: string; depth: number }[] = [];
    for (let i = 0; i < value.length; i++) {
      const child = value[i];
      if (Array.isArray(child)) children.push({ value: child, pointer: childPointer(pointer, i), depth: depth + 1 });
      // Non-numbers at the top level are reported by the schema (`expected number or array`).
      else if (depth > 0 || typeof child === 'number') list.add('v2.metrics.data-nesting', childPointer(pointer, i), `expected array (level ${depth + 2} of ${lengths.length}, one per header element), got ${describeValue(child)}`);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}

/** Runs the version 2 metrics checks on a success body. */
export function checkMetricsV2(list: ErrorList, body: Record<string, unknown>, request: Record<string, unknown> | undefined, _network: string): void {
  if (!request) return;
  const expected = requestedHeader(request);
  const rawHeader = body.header;
  if (!Array.isArray(rawHeader)) return;
  const header = rawHeader.filter((el): el is HeaderElement => isPlainObject(el) && typeof el.type === 'string' && Array.isArray(el.rows));
  if (header.length === 0 || header.length !== rawHeader.length) return; // the schema errors say what is wrong with the header
  checkHeader(list, header, expected, request);
  if (Array.isArray(body.data)) checkData(list, body.data, header.map((el) => el.rows.length));
}
