/**
 * Body-only checks of a version 2 metrics body, run with or without the request: the header
 * ends with its one `metric` element; at most one extra dimension, and only last, supported by
 * every metric row; the metric rows are metric names of the path's network, each once; `date.day` rows are real days; `data`
 * nests exactly one level per header element, each level as long as that element's rows, with
 * numbers innermost. Walks `data` with an explicit stack: deep or huge bodies cannot overflow
 * the call stack; pointers are built only for problems.
 */
import { extraDimensionNames, metricsOf } from '../catalog-facts.js';
import { describeValue, quote } from '../describe.js';
import type { ErrorList } from '../error-list.js';
import { childPointer } from '../../json/pointer.js';
import { PositionMarks } from './position-marks.js';
import { sameItems } from './request-shape.js';
import { isDay, isPlainObject } from './values.js';

export interface HeaderElement {
  type: string;
  rows: unknown[];
}

/** The header when every element has a string type and array rows (else the schema errors say what is wrong). */
export function headerOf(body: Record<string, unknown>): HeaderElement[] | undefined {
  const raw = body.header;
  if (!Array.isArray(raw) || raw.length === 0) return undefined;
  for (const el of raw) if (!isPlainObject(el) || typeof el.type !== 'string' || !Array.isArray(el.rows)) return undefined;
  return raw as HeaderElement[];
}

function checkMetricElement(list: ErrorList, header: HeaderElement[]): void {
  const last = header.length - 1;
  for (let i = 0; i < last; i++) {
    if (header[i].type === 'metric') list.add('v2.metrics.header-ends-with-metric', `/header/${i}/type`, `the metric element must be the last header element (${i + 1} of ${header.length})`);
  }
  if (header[last].type !== 'metric') list.add('v2.metrics.header-ends-with-metric', `/header/${last}/type`, `expected "metric" (the last header element), got ${quote(header[last].type)}`);
}

function checkExtraDimensions(list: ErrorList, header: HeaderElement[]): void {
  const dimensions = header[header.length - 1].type === 'metric' ? header.length - 1 : header.length;
  let seen = -1;
  for (let i = 0; i < dimensions; i++) {
    if (!extraDimensionNames.has(header[i].type)) continue;
    if (seen >= 0) list.add('v2.metrics.header-extra-dimension', `/header/${i}/type`, `a second extra dimension ${quote(header[i].type)} (the first is ${quote(header[seen].type)} at /header/${seen}): only one is allowed`);
    else if (i !== dimensions - 1) list.add('v2.metrics.header-extra-dimension', `/header/${i}/type`, `extra dimension ${quote(header[i].type)} must be the last dimension`);
    if (seen < 0) seen = i;
  }
}

/** The metric rows seen in the current header (by catalog position). */
const seenMetrics = new PositionMarks();

/**
 * The metric rows of the last header whose rows passed, with the network and extra dimension
 * they passed for: the next body of the same report lists the same metrics, and passes by
 * comparing its rows with these (names compared exactly, item by item).
 */
const passedMetricRows = {
  rows: [] as unknown[],
  network: '',
  extra: undefined as string | undefined,
  same(rows: unknown[], network: string, extra: string | undefined): boolean {
    return network === this.network && extra === this.extra && sameItems(rows, this.rows);
  },
  passed(rows: unknown[], network: string, extra: string | undefined): void {
    this.rows = rows.slice();
    this.network = network;
    this.extra = extra;
  },
};

function checkRows(list: ErrorList, header: HeaderElement[], network: string): void {
  const catalog = metricsOf(2, network);
  let extra: string | undefined;
  for (let i = 0; i < header.length && extra === undefined; i++) if (extraDimensionNames.has(header[i].type)) extra = header[i].type;
  for (let i = 0; i < header.length; i++) {
    const el = header[i];
    if (el.type === 'metric') {
      const rows = el.rows;
      if (passedMetricRows.same(rows, network, extra)) continue;
      let clean = true;
      seenMetrics.start(catalog.size);
      for (let j = 0; j < rows.length; j++) {
        const row = rows[j];
        if (typeof row !== 'string') {
          clean = false; // the schema reports non-strings
          continue;
        }
        const metric = catalog.get(row);
        const repeated = metric !== undefined && seenMetrics.mark(metric.position);
        if (metric !== undefined && !repeated && (extra === undefined || metric.extraDimensions.includes(extra))) continue;
        clean = false;
        if (metric === undefined) list.add('v2.metrics.metric-rows', `/header/${i}/rows/${j}`, `${quote(row)} is not a ${network} metric`);
        else if (repeated) list.add('v2.metrics.metric-rows-unique', `/header/${i}/rows/${j}`, `metric ${quote(row)} appears more than once`);
        else list.add('v2.metrics.extra-dimension-support', `/header/${i}/rows/${j}`, `metric ${quote(row)} does not support the extra dimension ${quote(extra!)}`);
      }
      if (clean) passedMetricRows.passed(rows, network, extra);
    } else if (el.type === 'date.day') {
      for (let j = 0; j < el.rows.length && !list.full; j++) {
        const row = el.rows[j];
        if (!isDay(row)) list.add('v2.metrics.date-rows', `/header/${i}/rows/${j}`, `expected a date YYYY-MM-DD, got ${describeValue(row)}`);
      }
    }
  }
}

/** One array of `data` being walked; its pointer is built only when a problem is found. */
interface Level {
  value: unknown[];
  parent: Level | undefined;
  index: number;
  depth: number;
}

function pointerOf(level: Level): string {
  const tokens: number[] = [];
  for (let at: Level | undefined = level; at?.parent; at = at.parent) tokens.push(at.index);
  return `/data${tokens.reverse().map((t) => `/${t}`).join('')}`;
}

/** Levels deeper than this are left to the detailed walk (it uses no call stack). */
const MAX_FAST_DEPTH = 16;

/**
 * The fast path of {@link checkData}: whether `value` nests exactly as `lengths` says, with
 * finite numbers innermost. Allocates nothing; recursion is as deep as the header is long.
 */
function nestingHolds(value: unknown[], lengths: number[], depth: number): boolean {
  if (value.length !== lengths[depth]) return false;
  const last = lengths.length - 1;
  if (depth === last) return finiteNumbers(value, lengths[last]);
  if (depth === last - 1) {
    // The level above the numbers in its own loop: the most arrays of a body are here.
    const count = lengths[last];
    for (let i = 0; i < value.length; i++) {
      const child = value[i];
      if (!Array.isArray(child) || !finiteNumbers(child, count)) return false;
    }
    return true;
  }
  for (let i = 0; i < value.length; i++) {
    const child = value[i];
    if (!Array.isArray(child) || !nestingHolds(child, lengths, depth + 1)) return false;
  }
  return true;
}

/** `value` holds `count` finite numbers (`v - v` is 0 for every finite number, NaN for the rest). */
function finiteNumbers(value: unknown[], count: number): boolean {
  if (value.length !== count) return false;
  for (let i = 0; i < count; i++) {
    const v = value[i];
    if (typeof v !== 'number' || v - v !== 0) return false;
  }
  return true;
}

/** Checks that `data` nests one level per header element, each of that element's rows length. */
function checkData(list: ErrorList, data: unknown[], lengths: number[]): void {
  if (lengths.length <= MAX_FAST_DEPTH && nestingHolds(data, lengths, 0)) return;
  const last = lengths.length - 1;
  const stack: Level[] = [{ value: data, parent: undefined, index: 0, depth: 0 }];
  while (stack.length && !list.full) {
    const level = stack.pop()!;
    const { value, depth } = level;
    if (value.length !== lengths[depth]) {
      list.add('v2.metrics.data-nesting', pointerOf(level), `expected ${lengths[depth]} items (one per row of header element ${depth}), got ${value.length}`);
    }
    if (depth === last) {
      for (let i = 0; i < value.length; i++) {
        const v = value[i];
        // At the top level the schema reports values that are neither numbers nor arrays.
        if (depth === 0 && !Array.isArray(v)) continue;
        if (typeof v !== 'number' || !Number.isFinite(v)) list.add('v2.metrics.data-numbers', childPointer(pointerOf(level), i), `expected number (a metric value), got ${describeValue(v)}`);
      }
      continue;
    }
    for (let i = value.length - 1; i >= 0; i--) {
      const child = value[i];
      if (Array.isArray(child)) stack.push({ value: child, parent: level, index: i, depth: depth + 1 });
    }
    for (let i = 0; i < value.length; i++) {
      const child = value[i];
      // Non-numbers at the top level are reported by the schema (`expected number or array`).
      if (!Array.isArray(child) && (depth > 0 || typeof child === 'number')) {
        list.add('v2.metrics.data-nesting', childPointer(pointerOf(level), i), `expected array (level ${depth + 2} of ${lengths.length}, one per header element), got ${describeValue(child)}`);
      }
    }
  }
}

/** Runs the body-only checks on a version 2 metrics success body of `network`. */
export function checkMetricsV2Body(list: ErrorList, body: Record<string, unknown>, network: string): void {
  const header = headerOf(body);
  if (!header) return;
  checkMetricElement(list, header);
  checkExtraDimensions(list, header);
  checkRows(list, header, network);
  if (!Array.isArray(body.data)) return;
  const lengths: number[] = [];
  for (let i = 0; i < header.length; i++) lengths.push(header[i].rows.length);
  checkData(list, body.data, lengths);
}
