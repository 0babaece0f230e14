/**
 * The rules of a version 2 metrics body, one function each, by rule id. Body-only: the header
 * ends with its one `metric` element; at most one extra dimension, and only last, supported by
 * every metric row; the metric rows are metric names of the path's network, each once;
 * `date.day` rows are real days; `data` nests exactly one level per header element, each level as
 * long as that element's rows, with numbers innermost. With the request: `header` is the requested
 * dimensions in order, then `metric`; the metric rows are the requested metrics (inferred) in the
 * requested order (inferred); `date.day` rows include the last requested day and lie inside the
 * requested range; `profile` rows are requested profiles (inferred). The harness:
 * ../checks/metrics-v2.ts, which finds the common answers at once ({@link MetricsV2Facts}).
 */
import { extraDimensionNames, type CatalogMetric } from '../catalog-facts.js';
import { describeValue, listValues, quote } from '../../core/problems/describe.js';
import { childPointer } from '../../shared/pointer.js';
import { withArticle } from '../../core/problems/article.js';
import { firstMetric, walkData, type HeaderElement } from '../facts/metrics-v2-body.js';
import { FEW_ROWS } from '../facts/metric-rows.js';
import { listRowsDifferFrom, rangeText, type DateRange } from '../facts/request-shape.js';
import { isDay, noDataMessage } from '../facts/values.js';
import type { Found, RuleTable } from './rule-table.js';
import { requestLimits } from '../../catalog/request-catalog.js';
import { rangeExcess, statedMaxDateEnd } from '../../calendar/range-limit.js';

/**
 * What the rules read beside the header; found once by the harness. Its boolean facts are the
 * common answer: a rule that one of them settles names it in its entry (`settledBy`), and the
 * harness skips it on a body holding them all (rule-table.ts, fastPath).
 */
export interface MetricsV2Facts {
  readonly network: string;
  /** The network's metrics by name (metricsOf(2, network)). */
  readonly catalog: ReadonlyMap<string, CatalogMetric>;
  /** `data`, when a list. */
  readonly data: unknown[] | undefined;
  /** The header's elements are in their documented places (else the placement rules say what is not). */
  readonly placed: boolean;
  /** The extra dimension the metric rows must support: the placed one, or the first anywhere. */
  readonly extra: string | undefined;
  /** The header has no extra dimension (`extra` is undefined). */
  readonly noExtraDimension: boolean;
  /** `data` nests as the header says, numbers innermost (the harness's fast answer). */
  readonly dataHolds: boolean;
  /** The rows of every metric element are metrics of the network, each once (the harness's fast answer). */
  readonly metricRowsHold: boolean;
  readonly request: Record<string, unknown> | undefined;
  /** The header is the requested dimensions, then `metric`; true without a request (nothing to compare with). */
  readonly headerAsRequested: boolean;
  /** The requested metrics when a list of strings the first metric element's rows differ from (each once, at its first place). */
  readonly requestedMetrics: readonly string[] | undefined;
  /** The first metric element's rows are the requested metrics, or there is nothing to compare them with (`requestedMetrics` is undefined). */
  readonly metricsAsRequested: boolean;
  readonly range: DateRange | undefined;
}

/** The header types the request asks for; undefined without `dimensions` (that answer is not shown in the documents). */
function requestedHeader(request: Record<string, unknown>): string[] | undefined {
  const dims = request.dimensions;
  if (!Array.isArray(dims) || !dims.every((d) => d !== null && typeof d === 'object' && !Array.isArray(d) && typeof (d as { type?: unknown }).type === 'string')) return undefined;
  return [...dims.map((d) => (d as { type: string }).type), 'metric'];
}

/*
 * The work of a rule past its early return, which the common answer takes (the header placed as
 * documented and as requested, the metric rows the requested ones, no extra dimension): each a
 * function of its own, so that a fresh process compiles it only when a body needs it, not on the
 * first validation (docs/decisions/cold-start.md).
 */

/** header-ends-with-metric, the header not placed as documented. */
function misplacedMetric(found: Found, header: HeaderElement[]): void {
  const last = header.length - 1;
  for (let i = 0; i < last; i++) if (header[i].type === 'metric') found.add(`/header/${i}/type`, `the metric element must be the last header element (${i + 1} of ${header.length})`);
  if (header[last].type !== 'metric') found.add(`/header/${last}/type`, `expected "metric" (the last header element), got ${quote(header[last].type)}`);
}

/** header-extra-dimension, the header not placed as documented. */
function misplacedExtraDimension(found: Found, header: HeaderElement[]): void {
  const dimensions = header[header.length - 1].type === 'metric' ? header.length - 1 : header.length;
  let seen = -1;
  for (let i = 0; i < dimensions; i++) {
    if (!extraDimensionNames.has(header[i].type)) continue;
    if (seen >= 0) found.add(`/header/${i}/type`, `a second extra dimension ${quote(header[i].type)} (the first is ${quote(header[seen].type)} at /header/${seen}): the documents allow only one per request`);
    else if (i !== dimensions - 1) found.add(`/header/${i}/type`, `extra dimension ${quote(header[i].type)} is not the last dimension (the documents say it must be the last dimension of the request)`);
    if (seen < 0) seen = i;
  }
}

/** extra-dimension-support, with the header's `extra` dimension. */
function unsupportedExtraDimension(found: Found, header: HeaderElement[], catalog: ReadonlyMap<string, CatalogMetric>, extra: string): void {
  for (let i = 0; i < header.length; i++) {
    if (header[i].type !== 'metric') continue;
    const rows = header[i].rows;
    const seen = new Uint8Array(catalog.size);
    for (let j = 0; j < rows.length; j++) {
      const metric = typeof rows[j] === 'string' ? catalog.get(rows[j] as string) : undefined;
      if (metric === undefined || seen[metric.position] === 1) continue; // a repeated row is metric-rows-unique's
      seen[metric.position] = 1;
      if (!metric.extraDimensions.includes(extra)) found.add(`/header/${i}/rows/${j}`, `metric ${quote(metric.name)} does not support the extra dimension ${quote(extra)}`);
    }
  }
}

/** header-order, the header not as requested. */
function headerOutOfOrder(found: Found, header: HeaderElement[], request: Record<string, unknown>): void {
  const expected = requestedHeader(request);
  if (!expected) return;
  if (header.length !== expected.length) found.add('/header', `expected ${expected.length} elements (${listValues(expected)}: the requested dimensions, then metric), got ${header.length}`);
  header.forEach((el, i) => {
    if (i < expected.length && el.type !== expected[i]) {
      found.add(`/header/${i}/type`, `expected ${quote(expected[i])} (${i === expected.length - 1 ? 'the metric element' : `requested dimension ${i + 1}`}), got ${describeValue(el.type)}`);
    }
  });
}

/** requested-metrics, the first metric element's rows differing from the requested `metrics`. */
function unrequestedMetrics(found: Found, header: HeaderElement[], metrics: readonly string[]): void {
  const element = firstMetric(header);
  const rows = header[element].rows;
  const pointer = `/header/${element}/rows`;
  const requested = new Set(metrics);
  const returned = new Set(rows);
  if (rows.length !== metrics.length) found.add(pointer, `expected the ${metrics.length} requested metrics (${listValues(metrics)}), got ${rows.length} row${rows.length === 1 ? '' : 's'}`);
  rows.forEach((row, j) => {
    if (typeof row === 'string' && !requested.has(row)) found.add(`${pointer}/${j}`, `${quote(row)} is not a requested metric`);
  });
  if (rows.length === metrics.length) for (const name of metrics) if (!returned.has(name)) found.add(pointer, `no row for requested metric ${quote(name)}`);
}

/** metric-order, the first metric element's rows differing from the requested `metrics`. */
function metricsOutOfOrder(found: Found, header: HeaderElement[], metrics: readonly string[]): void {
  const element = firstMetric(header);
  const rows = header[element].rows;
  const returned = new Set(rows);
  if (rows.length !== metrics.length || !metrics.every((m) => returned.has(m))) return;
  rows.forEach((row, j) => {
    if (row !== metrics[j]) found.add(`/header/${element}/rows/${j}`, `expected ${quote(metrics[j])} (requested metric ${j + 1}), got ${describeValue(row)}`);
  });
}

/** Whether a metric of the network may return no data (then the schema lets null through at the top level of `data`). */
const hasNoDataMetric = (catalog: ReadonlyMap<string, CatalogMetric>) => {
  for (const metric of catalog.values()) if (metric.mayReturnNoData) return true;
  return false;
};

/**
 * By position in the innermost level of `data`: 1 where the metric row is a metric that may
 * return no data (catalog `mayReturnNoData`); undefined when no row is (or the header does not
 * end with its metric element, whose rows the innermost level follows).
 */
function noDataColumns(header: HeaderElement[], catalog: ReadonlyMap<string, CatalogMetric>): Uint8Array | undefined {
  const last = header[header.length - 1];
  if (last.type !== 'metric') return undefined;
  let columns: Uint8Array | undefined;
  for (let i = 0; i < last.rows.length; i++) {
    const row = last.rows[i];
    if (typeof row === 'string' && catalog.get(row)?.mayReturnNoData) (columns ??= new Uint8Array(last.rows.length))[i] = 1;
  }
  return columns;
}

/** The rules of the body, by its header. */
export const metricsV2Rules: RuleTable<HeaderElement[], MetricsV2Facts> = {
  'v2.metrics.header-ends-with-metric': {
    settledBy: 'placed',
    check: (found, header, _at, { placed }) => {
      if (!placed) misplacedMetric(found, header);
    },
  },
  'v2.metrics.header-extra-dimension': {
    settledBy: 'placed',
    check: (found, header, _at, { placed }) => {
      if (!placed) misplacedExtraDimension(found, header);
    },
  },
  'v2.metrics.metric-rows': {
    settledBy: 'metricRowsHold',
    check: (found, header, _at, { network, catalog, metricRowsHold }) => {
      if (metricRowsHold) return;
      for (let i = 0; i < header.length; i++) {
        if (header[i].type !== 'metric') continue;
        const rows = header[i].rows;
        for (let j = 0; j < rows.length; j++) {
          const row = rows[j];
          if (typeof row === 'string' && !catalog.has(row)) found.add(`/header/${i}/rows/${j}`, `${quote(row)} is not ${withArticle(`${network} metric`)}`);
        }
      }
    },
  },
  'v2.metrics.metric-rows-unique': {
    settledBy: 'metricRowsHold',
    check: (found, header, _at, { catalog, metricRowsHold }) => {
      if (metricRowsHold) return;
      for (let i = 0; i < header.length; i++) {
        if (header[i].type !== 'metric') continue;
        const rows = header[i].rows;
        if (rows.length < 2) continue; // one row cannot repeat (most bodies of one metric)
        // The metrics seen in these rows, by catalog position (a few rows are compared with each other instead).
        const seen = rows.length > FEW_ROWS ? new Uint8Array(catalog.size) : undefined;
        for (let j = 0; j < rows.length; j++) {
          const metric = typeof rows[j] === 'string' ? catalog.get(rows[j] as string) : undefined;
          if (metric === undefined) continue;
          if (seen ? seen[metric.position] === 1 : rows.indexOf(rows[j]) < j) found.add(`/header/${i}/rows/${j}`, `metric ${quote(metric.name)} appears more than once`);
          if (seen) seen[metric.position] = 1;
        }
      }
    },
  },
  'v2.metrics.extra-dimension-support': {
    settledBy: 'noExtraDimension',
    check: (found, header, _at, { catalog, extra }) => {
      if (extra !== undefined) unsupportedExtraDimension(found, header, catalog, extra);
    },
  },
  'v2.metrics.date-rows': (found, header) => {
    for (let i = 0; i < header.length; i++) {
      if (header[i].type !== 'date.day') continue;
      const rows = header[i].rows;
      for (let j = 0; j < rows.length && !found.shouldStop(); j++) if (!isDay(rows[j])) found.add(`/header/${i}/rows/${j}`, `expected a date YYYY-MM-DD, got ${describeValue(rows[j])}`);
    }
  },
  'v2.metrics.data-nesting': {
    settledBy: 'dataHolds',
    check: (found, header, _at, { data, dataHolds }) => {
      if (!data || dataHolds) return;
      walkData(data, header, found, (value, depth, lengths, pointer) => {
        if (value.length !== lengths[depth]) found.add(pointer(), `expected ${lengths[depth]} items (one per row of header element ${depth}), got ${value.length}`);
        if (depth === lengths.length - 1) return;
        for (let i = 0; i < value.length; i++) {
          const child = value[i];
          // Non-numbers at the top level are reported by the schema (`expected number or array`).
          if (!Array.isArray(child) && (depth > 0 || typeof child === 'number')) {
            found.add(childPointer(pointer(), i), `expected array (level ${depth + 2} of ${lengths.length}, one per header element), got ${describeValue(child)}`);
          }
        }
      });
    },
  },
  'v2.metrics.data-numbers': {
    settledBy: 'dataHolds',
    check: (found, header, _at, { data, dataHolds, catalog }) => {
      if (!data || dataHolds) return;
      const noData = noDataColumns(header, catalog);
      // The schema lets null through at the top level where a metric of the network may return no data.
      const nullAtTop = hasNoDataMetric(catalog);
      walkData(data, header, found, (value, depth, lengths, pointer) => {
        if (depth !== lengths.length - 1) return;
        for (let i = 0; i < value.length; i++) {
          const v = value[i];
          if (v === null && noData?.[i] === 1) continue; // shared.metrics.no-data-value's
          // At the top level the schema reports values that are neither numbers nor arrays (nor null, where it allows it).
          if (depth === 0 && !Array.isArray(v) && !(v === null && nullAtTop)) continue;
          if (typeof v !== 'number' || !Number.isFinite(v)) found.add(childPointer(pointer(), i), `expected number (a metric value), got ${describeValue(v)}`);
        }
      });
    },
  },
  /** A null in the column of a metric that may return no data: allowed by one careful reading only. */
  'shared.metrics.no-data-value': {
    settledBy: 'dataHolds',
    check: (found, header, _at, { data, dataHolds, catalog }) => {
      if (!data || dataHolds) return;
      const noData = noDataColumns(header, catalog);
      if (!noData) return;
      const rows = header[header.length - 1].rows;
      walkData(data, header, found, (value, depth, lengths, pointer) => {
        if (depth !== lengths.length - 1) return;
        for (let i = 0; i < value.length; i++) {
          if (value[i] === null && noData[i] === 1) found.add(childPointer(pointer(), i), noDataMessage(rows[i] as string, 'null'));
        }
      });
    },
  },
  'v2.metrics.header-order': {
    settledBy: 'headerAsRequested',
    check: (found, header, _at, { request, headerAsRequested }) => {
      if (request && !headerAsRequested) headerOutOfOrder(found, header, request);
    },
  },
  /** The rows of the first metric element are the requested metrics (a second metric element is a body-only error). */
  'v2.metrics.requested-metrics': {
    settledBy: 'metricsAsRequested',
    check: (found, header, _at, { requestedMetrics: metrics }) => {
      if (metrics) unrequestedMetrics(found, header, metrics);
    },
  },
  /** ... in the requested order, when they are the requested metrics. */
  'v2.metrics.metric-order': {
    settledBy: 'metricsAsRequested',
    check: (found, header, _at, { requestedMetrics: metrics }) => {
      if (metrics) metricsOutOfOrder(found, header, metrics);
    },
  },
  /** A `date.day` element with rows holds the last requested day ("the last day is included in the result"; metrics may "return no data"). */
  'v2.metrics.last-day': (found, header, _at, { range }) => {
    if (!range) return;
    for (let i = 0; i < header.length; i++) {
      const { type, rows } = header[i];
      if (type !== 'date.day' || rows.length === 0 || rows[rows.length - 1] === range.end || rows.includes(range.end)) continue;
      found.add(`/header/${i}/rows`, `no row for the last requested day ${quote(range.end)}`);
    }
  },
  'v2.metrics.date-range': (found, header, _at, { range }) => {
    if (!range) return;
    for (let i = 0; i < header.length; i++) {
      if (header[i].type !== 'date.day') continue;
      const rows = header[i].rows;
      for (let j = 0; j < rows.length; j++) {
        const row = rows[j];
        if (typeof row === 'string' && (row < range.start || row > range.end) && isDay(row)) found.add(`/header/${i}/rows/${j}`, `${row} is outside the requested range ${rangeText(range)}`);
      }
    }
  },
  /** Body-only: date.day rows lie in the requested range, and a range ends at most date_start plus 3 calendar months (code 4). */
  'v2.metrics.date-rows-within-limit': (found, header, _at, { request }) => {
    if (request) return;
    for (let i = 0; i < header.length; i++) {
      if (header[i].type !== 'date.day') continue;
      const rows = header[i].rows;
      let first: string | undefined;
      let last: string | undefined;
      for (let j = 0; j < rows.length; j++) {
        const row = rows[j];
        if (typeof row !== 'string' || !isDay(row)) continue;
        if (first === undefined || row < first) first = row;
        if (last === undefined || row > last) last = row;
      }
      if (first === undefined || rangeExcess(first, last!) !== 'stated') continue;
      const months = requestLimits.dateRangeMonths.value;
      found.add(`/header/${i}/rows`, `rows run from ${first} to ${last}; a request holding both days ends after ${statedMaxDateEnd(first)} (date_start plus ${months} calendar months at the latest), which the documents refuse with code 4`);
    }
  },
  'v2.metrics.requested-profiles': (found, header, _at, { request }) => {
    if (!request) return;
    for (let i = 0; i < header.length; i++) {
      if (header[i].type !== 'profile') continue;
      const rows = header[i].rows;
      const profiles = listRowsDifferFrom(rows, request.profiles);
      if (!profiles) continue;
      const requestedProfiles = new Set(profiles);
      for (let j = 0; j < rows.length; j++) {
        const row = rows[j];
        if (typeof row === 'string' && !requestedProfiles.has(row)) found.add(`/header/${i}/rows/${j}`, `${quote(row)} is not a requested profile`);
      }
    }
  },
};
