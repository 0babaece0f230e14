/**
 * fast-check arbitraries from the catalogs: valid requests per operation (within every limit,
 * names from the catalogs, profile ids and labels of the mock's account), the mock's answers to
 * a request over seeds, and invalid requests per request rule, each breaking exactly that rule of
 * `checkRequest` and no other.
 */
import * as fc from 'fast-check';
import { operations, type OperationInfo, type OperationKey } from '../../generated/operations.js';
import { maxDateEnd } from '../calendar/range-limit.js';
import { dayNumber, formatDayNumber } from '../calendar/days.js';
import { catalogs } from '../catalog/catalogs.js';
import { baseDimensionNames } from '../catalog/request-catalog.js';
import { advancedFilterNames, sortableNames } from '../shared/catalog-names.js';
import type { Metric, PostCatalog, PostField } from '../shared/catalog-types.js';
import { createFixtures, type FixtureResponse } from '../fixtures/fixtures.js';
import { buildAccount, type MockAccount } from '../mock/account.js';

/** A request as the builders make it (`client.send` and the fixtures take it). */
export interface ArbitraryRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body: unknown;
  /** "POST /2/facebook/metrics" */
  readonly operation: string;
}

export interface RequestArbitraryOptions {
  /** Days the requests' periods lie in (default 2016-01-01 to 2025-12-31). */
  from?: string;
  to?: string;
}

const { limits } = catalogs;
const account: MockAccount = buildAccount();

/** The operation of a key, or a TypeError naming the known ones. */
function operationOf(key: string, caller: string): OperationInfo {
  const op = operations.find((o) => o.key === key);
  if (!op) throw new TypeError(`${caller}: ${JSON.stringify(key)} is not an operation; operations are "${operations[0].key}", ... (${operations.length} in all)`);
  return op;
}

function metricsOf(op: OperationInfo): readonly Metric[] {
  return (catalogs[`v${op.version}`].metrics as Record<string, readonly Metric[]>)[op.network!] ?? [];
}

function postCatalogOf(op: OperationInfo): PostCatalog {
  return (catalogs[`v${op.version}`].posts as Record<string, PostCatalog>)[op.network!];
}

/** A period `[date_start, date_end]` of at most `maxDays` days after the start (and within the months limit when `metrics`). */
function period(options: RequestArbitraryOptions, maxDays: number, metrics: boolean): fc.Arbitrary<{ date_start: string; date_end: string }> {
  const first = dayNumber(options.from ?? '2016-01-01');
  const last = dayNumber(options.to ?? '2025-12-31');
  if (first === undefined || last === undefined || last < first) throw new RangeError(`requests: from and to must be days YYYY-MM-DD, from not after to, got ${options.from} and ${options.to}`);
  return fc.tuple(fc.integer({ min: first, max: last }), fc.nat({ max: maxDays })).map(([start, length]) => {
    const date_start = formatDayNumber(start);
    let end = Math.min(start + length, last);
    if (metrics) end = Math.min(end, dayNumber(maxDateEnd(date_start))!);
    return { date_start, date_end: formatDayNumber(end) };
  });
}

/** 1 to `max` distinct elements of `list`, in a random order. */
const some = <T>(list: readonly T[], max: number) => fc.shuffledSubarray([...list], { minLength: 1, maxLength: Math.min(max, list.length) });

const insightsIds = (network: string) => account.profiles[network].filter((p) => p.insights_enabled === true).map((p) => p.id);
const allIds = (network: string) => account.profiles[network].map((p) => p.id);

/** The body of a valid metrics request of `op`. */
function metricsBody(op: OperationInfo, options: RequestArbitraryOptions): fc.Arbitrary<Record<string, unknown>> {
  const network = op.network!;
  const catalog = metricsOf(op);
  const withInsights = insightsIds(network).length > 0 && catalog.some((m) => m.insightsOnly);
  return fc.boolean().chain((insights) => {
    const useInsights = insights && withInsights;
    const metricNames = catalog.filter((m) => useInsights || !m.insightsOnly);
    const profiles = some(useInsights ? insightsIds(network) : allIds(network), limits.profilesPerMetricsRequest.value);
    const metrics = some(metricNames, Math.min(6, limits.metricsPerMetricsRequest.value));
    const base = fc.record({ profiles, metrics, dates: period(options, 92, true) });
    if (op.version === 1) return base.map(({ profiles, metrics, dates }) => ({ ...dates, profiles, metrics: metrics.map((m) => m.name) }));
    return base.chain(({ profiles, metrics, dates }) => {
      const extras = metrics.map((m) => m.extraDimensions).reduce((a, b) => a.filter((x) => b.includes(x)));
      const dimensions = fc.tuple(fc.subarray([...baseDimensionNames], { maxLength: 2 }), extras.length ? fc.option(fc.constantFrom(...extras), { nil: undefined }) : fc.constant(undefined), fc.boolean());
      return dimensions.map(([names, extra, listed]) => {
        const types = extra === undefined ? names : [...names, extra];
        const body: Record<string, unknown> = { ...dates, profiles, metrics: metrics.map((m) => m.name) };
        if (types.length > 0 || listed) body.dimensions = types.map((type) => ({ type }));
        return body;
      });
    });
  });
}

/** Filter values a valid request may give for `field`: its listed values, or the account's content label ids. */
function filterValues(field: PostField): readonly string[] | undefined {
  if (field.name === 'post_labels') return account.contentLabels.map((l) => l.id);
  return field.enum && field.enum.length > 0 ? field.enum : undefined;
}

/** The body of a valid posts request of `op`. */
function postsBody(op: OperationInfo, options: RequestArbitraryOptions): fc.Arbitrary<Record<string, unknown>> {
  const network = op.network!;
  const catalog = postCatalogOf(op);
  return fc.boolean().chain((insights) => {
    const useInsights = insights && insightsIds(network).length > 0;
    const fields = catalog.fields.filter((f) => useInsights || !f.insightsOnly);
    const sortable = sortableNames(catalog).filter((name) => fields.some((f) => f.name === name.split('.')[0]));
    const filterable = fields.filter((f) => f.filterable && filterValues(f));
    const advanced = advancedFilterNames(catalog).includes('post_labels');
    const filter = fc.oneof(
      ...filterable.map((f) => some(filterValues(f)!, 3).map((value) => ({ field: f.name, value }))),
      ...(advanced ? [some(account.contentLabels.map((l) => l.id), 3).map((value) => ({ match_any: [{ field: 'post_labels', value }] }))] : []),
    );
    return fc
      .record(
        {
          profiles: some(useInsights ? insightsIds(network) : allIds(network), 5),
          fields: some(fields.map((f) => f.name), 12),
          dates: period(options, 92, false),
          limit: fc.integer({ min: 1, max: limits.pageSize.max }),
          sort: sortable.length ? fc.array(fc.record({ field: fc.constantFrom(...sortable), order: fc.constantFrom('asc', 'desc') }), { minLength: 1, maxLength: 2 }) : fc.constant(undefined),
          filter: filterable.length || advanced ? fc.array(filter, { minLength: 1, maxLength: 2 }) : fc.constant(undefined),
        },
        { requiredKeys: ['profiles', 'fields', 'dates'] },
      )
      .map(({ dates, ...rest }) => {
        const body: Record<string, unknown> = { profiles: rest.profiles, ...dates, fields: rest.fields };
        for (const key of ['limit', 'sort', 'filter'] as const) if (rest[key] !== undefined) body[key] = rest[key];
        return body;
      });
  });
}

/** Valid requests of `operation` ("POST /2/facebook/metrics"): within every limit, names from the catalogs, profiles and labels of the mock's account. */
export function validRequest(operation: OperationKey | string, options: RequestArbitraryOptions = {}): fc.Arbitrary<ArbitraryRequest> {
  const op = operationOf(operation, 'validRequest');
  const request = (body: unknown): ArbitraryRequest => ({ method: op.method as 'GET' | 'POST', path: op.path, body, operation: op.key });
  switch (op.kind) {
    case 'profiles':
      return fc.constant(request(undefined));
    case 'post-labels':
    case 'profile-labels':
      return fc.constant(request({}));
    case 'metrics':
      return metricsBody(op, options).map(request);
    default:
      return postsBody(op, options).map(request);
  }
}

/** Valid requests of any operation of both versions (or of the operations named). */
export function anyValidRequest(operationKeys: readonly string[] = operations.map((o) => o.key), options: RequestArbitraryOptions = {}): fc.Arbitrary<ArbitraryRequest> {
  return fc.oneof(...operationKeys.map((key) => validRequest(key, options)));
}

/** The mock's answers to `request` over seeds (default: any 32-bit seed): HTTP status and body, as `startMockServer({ seed })` answers. */
export function answerTo(request: ArbitraryRequest, seeds: fc.Arbitrary<number> = fc.integer({ min: 0, max: 0x7fffffff })): fc.Arbitrary<FixtureResponse> {
  return seeds.map((seed) => createFixtures({ seed }).response(request));
}

/** The mock's account the valid requests name (profile ids, content labels). */
export const arbitraryAccount: MockAccount = account;
