/**
 * Body-only checks of a version 2 metrics body, run with or without the request: the header
 * ends with its one `metric` element; at most one extra dimension, and only last, supported by
 * every metric row; the metric rows are metric names of the path's network, each once; `date.day` rows are real days; `data`
 * nests exactly one level per header element, each level as long as that element's rows, with
 * numbers innermost. Walks `data` with an explicit stack: deep or huge bodies cannot overflow
 * the call stack; pointers are built only for problems.
 */
import { extraDimensionNames, metricsOf } from '../catalog-facts.js';
import { describeValue, quote } from '../../core/problems/describe.js';
import type { ProblemList } from '../../core/problems/problem-list.js';
import { childPointer } from '../../core/pointer.js';
import { isDay, isPlainObject } from './values.js';
import { withArticle } from '../../core/problems/article.js';

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

function checkMetricElement(list: ProblemList, header: HeaderElement[]): void {
  const last = header.length - 1;
  for (let i = 0; i < last; i++) {
    if (header[i].type === 'metric') list.add('v2.metrics.header-ends-with-metric', `/header/${i}/type`, `the metric element must be the last header element (${i + 1} of ${header.length})`);
  }
  if (header[last].type !== 'metric') list.add('v2.metrics.header-ends-with-metric', `/header/${last}/type`, `expected "metric" (the last header element), got ${quote(header[last].type)}`);
}

function checkExtraDimensions(list: ProblemList, header: HeaderElement[]): void {
  const dimensions = header[header.length - 1].type === 'metric' ? header.length - 1 : header.length;
  let seen = -1;
  for (let i = 0; i < dimensions; i++) {
    if (!extraDimensionNames.has(header[i].type)) continue;
    if (seen >= 0) list.add('v2.metrics.header-extra-dimension', `/header/${i}/type`, `a second extra dimension ${quote(header[i].type)} (the first is ${quote(header[seen].type)} at /header/${seen}): only one is allowed`);
    else if (i !== dimensions - 1) list.add('v2.metrics.header-extra-dimension', `/header/${i}/type`, `extra dimension ${quote(header[i].type)} must be the last dimension`);
    if (seen < 0) seen = i;
  }
}

function checkRows(list: ProblemList, header: HeaderElement[], network: string, extra: string | undefined): void {
  for (let i = 0; i < header.length; i++) {
    const el = header[i];
    if (el.type === 'metric') {
      const rows = el.rows;
      const catalog = metricsOf(2, network);
      // The metrics seen in these rows, by catalog position.
      const seen = new Uint8Array(catalog.size);
      for (let j = 0; j < rows.length; j++) {
        const row = rows[j];
        if (typeof row !== 'string') continue; // the schema reports non-strings
        const metric = catalog.get(row);
        const repeated = metric !== undefined && seen[metric.position] === 1;
        if (metric !== undefined) seen[metric.position] = 1;
        if (metric !== undefined && !repeated && (extra === undefined || metric.extraDimensions.includes(extra))) continue;
        if (metric === undefined) list.add('v2.metrics.metric-rows', `/header/${i}/rows/${j}`, `${quote(row)} is not ${withArticle(`${network} metric`)}`);
        else if (repeated) list.add('v2.metrics.metric-rows-unique', `/header/${i}/rows/${j}`, `metric ${quote(row)} appears more than once`);
        else list.add('v2.metrics.extra-dimension-support', `/header/${i}/rows/${j}`, `metric ${quote(row)} does not support the extra dimension ${quote(extra!)}`);
      }
    } else if (el.type === 'date.day') {
      for (let j = 0; j < el.rows.length && !list.shouldStop(); j++) {
        const row = el.rows[j];
        if (!isDay(row)) list.add('v2.metrics.date-rows', `/header/${i}/rows/${j}`, `expected a date YYYY-MM-DD, got ${describeValue(row)}`);
      }
    }
  }
}

/**
 * The extra dimension of a header whose elements are in their documented places (the metric
 * element last and only there, at most one extra dimension, last of the dimensions): its type,
 * or undefined when it has none. {@link MISPLACED} when an element is out of place, the answer
 * the detailed checks report.
 */
function placedExtra(header: HeaderElement[]): string | undefined | typeof MISPLACED {
  const last = header.length - 1;
  if (header[last].type !== 'metric') return MISPLACED;
  for (let i = 0; i < last; i++) {
    const type = header[i].type;
    if (type === 'metric' || (extraDimensionNames.has(type) && i !== last - 1)) return MISPLACED;
  }
  return last > 0 && extraDimensionNames.has(header[last - 1].type) ? header[last - 1].type : undefined;
}
const MISPLACED = Symbol('misplaced');

/** The first extra dimension of a header, wherever it is. */
function firstExtra(header: HeaderElement[]): string | undefined {
  for (let i = 0; i < header.length; i++) if (extraDimensionNames.has(header[i].type)) return header[i].type;
  return undefined;
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
 * The fast path of {@link checkData}: whether `value` nests exactly as the header says (each
 * level as long as its element's rows), with finite numbers innermost. Allocates nothing;
 * recursion is as deep as the header is long.
 */
function nestingHolds(value: unknown[], header: HeaderElement[], depth: number): boolean {
  if (value.length !== header[depth].rows.length) return false;
  const last = header.length - 1;
  const count = header[last].rows.length;
  if (depth === last) return finiteNumbers(value, count);
  if (depth === last - 1) {
    // The level above the numbers in its own loop: the most arrays of a body are here.
    for (let i = 0; i < value.length; i++) {
      const child = value[i];
      if (!Array.isArray(child) || !finiteNumbers(child, count)) return false;
    }
    return true;
  }
  for (let i = 0; i < value.length; i++) {
    const child = value[i];
    if (!Array.isArray(child) || !nestingHolds(child, header, depth + 1)) return false;
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
function checkData(list: ProblemList, data: unknown[], header: HeaderElement[]): void {
  if (header.length <= MAX_FAST_DEPTH && nestingHolds(data, header, 0)) return;
  const lengths = header.map((el) => el.rows.length);
  const last = lengths.length - 1;
  const stack: Level[] = [{ value: data, parent: undefined, index: 0, depth: 0 }];
  while (stack.length && !list.shouldStop()) {
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

/** Runs the body-only checks on a version 2 metrics success body of `network`, whose header `headerOf` read. */
export function checkMetricsV2Body(list: ProblemList, body: Record<string, unknown>, header: HeaderElement[], network: string): void {
  let extra = placedExtra(header);
  if (extra === MISPLACED) {
    checkMetricElement(list, header);
    checkExtraDimensions(list, header);
    extra = firstExtra(header);
  }
  checkRows(list, header, network, extra);
  const data = body.data;
  if (Array.isArray(data)) checkData(list, data, header);
}
