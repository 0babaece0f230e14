/**
 * The harness of a version 2 metrics body: finds at once what the common answer needs (the header
 * when well-formed, where its extra dimension is, whether `data` nests as the header says, whether
 * the header and metric rows are as requested), then runs the rules of ../rules/metrics-v2.ts.
 */
import type { ProblemList } from '../../core/problems/problem-list.js';
import { metricsOf, type CatalogMetric } from '../catalog-facts.js';
import { metricsV2Rules, type MetricsV2Facts } from '../rules/metrics-v2.js';
import { RuleRun, ruleList, runRules } from '../rules/rule-table.js';
import { dataHolds, extraOf, headerOf, type HeaderElement } from './metrics-v2-body.js';
import { dateRange, listRowsDifferFrom, type DateRange } from './request-shape.js';
import type { RememberedRequest } from './request-memo.js';
import { isPlainObject } from './values.js';

const RULES = ruleList(metricsV2Rules);

/** What the harness reads of a request alone, once per request (./request-memo.ts). */
interface V2RequestFacts {
  readonly range: DateRange | undefined;
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

/** The requested metrics the first metric element's rows differ from, each once at its first place (a metric requested twice is one row). */
function requestedMetrics(header: HeaderElement[], request: Record<string, unknown>): string[] | undefined {
  let element = 0;
  while (element < header.length && header[element].type !== 'metric') element++;
  if (element === header.length) return undefined;
  const metrics = listRowsDifferFrom(header[element].rows, request.metrics);
  return metrics && [...new Set(metrics)];
}

/**
 * Runs the version 2 metrics rules on a success body of `network`, request-aware ones with the
 * request. `schemaValid`: the body passed its schema, which makes its header a non-empty list of
 * `{ type: string, rows: string[] }`, so it is not read twice. `known`: what is remembered of the
 * request (its facts are read once); `catalog`: the network's metrics, when the caller holds them.
 */
export function checkMetricsV2(list: ProblemList, body: Record<string, unknown>, request: Record<string, unknown> | undefined, network: string, schemaValid = false, known?: RememberedRequest, catalog: ReadonlyMap<string, CatalogMetric> = metricsOf(2, network)): void {
  const header = schemaValid ? (body.header as HeaderElement[]) : headerOf(body);
  if (!header) return;
  const data = Array.isArray(body.data) ? (body.data as unknown[]) : undefined;
  const { placed, extra } = extraOf(header);
  const facts: MetricsV2Facts = {
    network,
    catalog,
    data,
    placed,
    extra,
    dataHolds: data !== undefined && dataHolds(data, header),
    request,
    asRequested: request !== undefined && headerAsRequested(header, request.dimensions),
    requestedMetrics: request && requestedMetrics(header, request),
    range: request && (known ? ((known.facts as V2RequestFacts | undefined) ??= { range: dateRange(request) }).range : dateRange(request)),
  };
  runRules(new RuleRun(list), RULES, header, -1, facts);
}
