/**
 * The harness of a version 2 metrics body: finds at once what the common answer needs (the header
 * when well-formed, where its extra dimension is, whether `data` nests as the header says, whether
 * the header and metric rows are as requested, whether the metric rows are distinct metrics of
 * the network), then runs the rules of ../rules/metrics-v2.ts: on a body holding all of these
 * common answers, only those that name none of them as settling them.
 */
import type { ProblemList } from '../../core/problems/problem-list.js';
import { metricsOf, type CatalogMetric } from '../catalog-facts.js';
import { metricsV2Rules, type MetricsV2Facts } from '../rules/metrics-v2.js';
import { fastPath, RuleRun, runRules } from '../rules/rule-table.js';
import { dataHolds, extraOf, firstMetric, headerOf, type HeaderElement } from '../facts/metrics-v2-body.js';
import { dateRange, sameItems, stringArray, type DateRange } from '../facts/request-shape.js';
import { distinctMetrics } from '../facts/metric-rows.js';
import { MetricRowsMemo } from './metric-rows-memo.js';
import type { RememberedRequest } from './request-memo.js';
import { isPlainObject } from '../facts/values.js';

/**
 * The rules to run: on a body holding the common answer (the boolean facts of MetricsV2Facts the
 * rules name as settling them), only the rules no fact settles, in table order.
 */
export const METRICS_V2_RULES = fastPath(metricsV2Rules);

/** What the harness reads of a request alone, once per request (./request-memo.ts). */
interface V2RequestFacts {
  readonly range: DateRange | undefined;
  /** The requested `metrics` are metrics of the network, each once (so metric rows equal to them are too). */
  readonly distinctMetrics: boolean;
}

function requestFactsOf(request: Record<string, unknown>, catalog: ReadonlyMap<string, CatalogMetric>): V2RequestFacts {
  const metrics = stringArray(request.metrics);
  return { range: dateRange(request), distinctMetrics: metrics !== undefined && distinctMetrics(metrics, catalog) };
}

/**
 * The rows of every `metric` element are metrics of the network, each once within its element:
 * the common answer of the metric-row rules. Rows equal, item by item, to requested metrics known
 * to be such (`requestedKnown`), or to the rows `memo` remembers, are not looked up again.
 */
function metricRowsHold(header: HeaderElement[], memo: MetricRowsMemo, rowsAsRequested: boolean, requestedKnown: boolean): boolean {
  let first = true;
  for (let i = 0; i < header.length; i++) {
    if (header[i].type !== 'metric') continue;
    const known = first && rowsAsRequested && requestedKnown;
    first = false;
    if (!known && !memo.distinct(header[i].rows)) return false;
  }
  return true;
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

/** The requested metrics, each once at its first place (a metric requested twice is one row), when the first metric element's rows differ from them. */
function requestedMetrics(request: Record<string, unknown>, rowsAsRequested: boolean): string[] | undefined {
  const metrics = rowsAsRequested ? undefined : stringArray(request.metrics);
  return metrics && [...new Set(metrics)];
}

/**
 * What the rules of a success body of `network` read beside its header, found at once; undefined
 * when the header is not well-formed (the schema errors say what is wrong). `schemaValid`: the
 * body passed its schema, which makes its header a non-empty list of `{ type: string, rows:
 * string[] }`, so it is not read twice. `known`: what is remembered of the request (its facts are
 * read once); `catalog`: the network's metrics; `rows`: the metric rows remembered (one memo per
 * operation of a validator instance, or one for this body).
 */
export function metricsV2Facts(body: Record<string, unknown>, request: Record<string, unknown> | undefined, network: string, schemaValid: boolean, known: RememberedRequest | undefined, catalog: ReadonlyMap<string, CatalogMetric>, rows = new MetricRowsMemo(catalog)): { header: HeaderElement[]; facts: MetricsV2Facts } | undefined {
  const header = schemaValid ? (body.header as HeaderElement[]) : headerOf(body);
  if (!header) return undefined;
  const data = Array.isArray(body.data) ? (body.data as unknown[]) : undefined;
  const { placed, extra } = extraOf(header);
  const requestFacts = request && (known ? ((known.facts as V2RequestFacts | undefined) ??= requestFactsOf(request, catalog)) : undefined);
  // Rows equal to the requested list item by item are its items in its order, whatever it holds.
  const element = firstMetric(header);
  const rowsAsRequested = request !== undefined && element >= 0 && Array.isArray(request.metrics) && sameItems(header[element].rows, request.metrics);
  const requested = request && element >= 0 ? requestedMetrics(request, rowsAsRequested) : undefined;
  const facts: MetricsV2Facts = {
    network,
    catalog,
    data,
    placed,
    extra,
    noExtraDimension: extra === undefined,
    dataHolds: data !== undefined && dataHolds(data, header),
    metricRowsHold: metricRowsHold(header, rows, rowsAsRequested, requestFacts?.distinctMetrics === true),
    request,
    headerAsRequested: request === undefined || headerAsRequested(header, request.dimensions),
    requestedMetrics: requested,
    metricsAsRequested: requested === undefined,
    range: request && (requestFacts ? requestFacts.range : dateRange(request)),
  };
  return { header, facts };
}

/**
 * Runs the version 2 metrics rules on a success body of `network`, request-aware ones with the
 * request (the arguments: {@link metricsV2Facts}).
 */
export function checkMetricsV2(list: ProblemList, body: Record<string, unknown>, request: Record<string, unknown> | undefined, network: string, schemaValid = false, known?: RememberedRequest, catalog: ReadonlyMap<string, CatalogMetric> = metricsOf(2, network), rows = new MetricRowsMemo(catalog)): void {
  const found = metricsV2Facts(body, request, network, schemaValid, known, catalog, rows);
  if (found) runRules(new RuleRun(list), METRICS_V2_RULES.rulesFor(found.facts), found.header, -1, found.facts);
}

/**
 * The version 2 metrics checks of one operation (`network`), with the memo of its metric rows:
 * made once per operation by a validator instance and kept with its plan.
 */
export function metricsV2Checks(network: string): (list: ProblemList, body: Record<string, unknown>, request: Record<string, unknown> | undefined, schemaValid: boolean, known: RememberedRequest | undefined) => void {
  const catalog = metricsOf(2, network);
  const rows = new MetricRowsMemo(catalog);
  return (list, body, request, schemaValid, known) => checkMetricsV2(list, body, request, network, schemaValid, known, catalog, rows);
}
