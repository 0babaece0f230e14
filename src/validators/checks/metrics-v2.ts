/**
 * The harness of a version 2 metrics body: finds at once what the common answer needs (the header
 * when well-formed, where its extra dimension is, whether `data` nests as the header says, whether
 * the header and metric rows are as requested, whether the metric rows are distinct metrics of
 * the network), then runs the rules of ../rules/metrics-v2.ts: on a body holding all of these
 * common answers, only those the answers do not settle.
 */
import type { ProblemList } from '../../core/problems/problem-list.js';
import type { RuleId } from '../../core/rules.js';
import { metricsOf, type CatalogMetric } from '../catalog-facts.js';
import { metricsV2Rules, type MetricsV2Facts } from '../rules/metrics-v2.js';
import { RuleRun, ruleList, runRules } from '../rules/rule-table.js';
import { dataHolds, extraOf, firstMetric, headerOf, type HeaderElement } from './metrics-v2-body.js';
import { dateRange, sameItems, stringArray, type DateRange } from './request-shape.js';
import { distinctMetrics, MetricRowsMemo } from './metric-rows-memo.js';
import type { RememberedRequest } from './request-memo.js';
import { isPlainObject } from './values.js';

const RULES = ruleList(metricsV2Rules);

/**
 * The rules a body holding the common answer ({@link holdsCommonAnswer}) cannot break: each
 * returns at once on one of its facts. Such a body is checked by the other rules alone, in the
 * table's order; a rule added to the table runs on every body until it is listed here.
 */
export const SETTLED_BY_COMMON_ANSWER: ReadonlySet<RuleId> = new Set<RuleId>([
  'v2.metrics.header-ends-with-metric', // placed
  'v2.metrics.header-extra-dimension', // placed
  'v2.metrics.metric-rows', // metricRowsHold
  'v2.metrics.metric-rows-unique', // metricRowsHold
  'v2.metrics.extra-dimension-support', // no extra dimension
  'v2.metrics.data-nesting', // dataHolds
  'v2.metrics.data-numbers', // dataHolds
  'shared.metrics.no-data-value', // dataHolds
  'v2.metrics.header-order', // no request, or asRequested
  'v2.metrics.requested-metrics', // no requestedMetrics
  'v2.metrics.metric-order', // no requestedMetrics
]);

/** The rules run on a body holding the common answer. */
const RULES_BEYOND_COMMON_ANSWER = Object.freeze(RULES.filter(([id]) => !SETTLED_BY_COMMON_ANSWER.has(id)));

/**
 * The common answer, found by the harness: the header's elements in their places without an
 * extra dimension, `data` nested as the header says, the metric rows distinct metrics of the
 * network, and with a request the header and metric rows as requested.
 */
export const holdsCommonAnswer = (facts: MetricsV2Facts): boolean =>
  facts.placed && facts.extra === undefined && facts.dataHolds && facts.metricRowsHold && (facts.request === undefined || facts.asRequested) && facts.requestedMetrics === undefined;

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
  const facts: MetricsV2Facts = {
    network,
    catalog,
    data,
    placed,
    extra,
    dataHolds: data !== undefined && dataHolds(data, header),
    metricRowsHold: metricRowsHold(header, rows, rowsAsRequested, requestFacts?.distinctMetrics === true),
    request,
    asRequested: request !== undefined && headerAsRequested(header, request.dimensions),
    requestedMetrics: request && element >= 0 ? requestedMetrics(request, rowsAsRequested) : undefined,
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
  if (found) runRules(new RuleRun(list), holdsCommonAnswer(found.facts) ? RULES_BEYOND_COMMON_ANSWER : RULES, found.header, -1, found.facts);
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
