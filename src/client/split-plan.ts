/**
 * Plans how `client.metrics()` splits a metrics request into requests within the limits
 * of catalogs/limits.yaml (profiles, metrics and months per request) so that the answers merge
 * EXACTLY into the answer of the unsplit request. Rules (see docs/decisions/metrics-splitting.md):
 *
 * 1. Metrics are split freely: every metric is its own column.
 * 2. Profiles are split freely when each profile is its own row (v1, or v2 with the `profile`
 *    dimension and without `profile_label`). Without a `profile` dimension the answer adds up
 *    profiles, which merges exactly only for `sum` metrics; `profile_label` rows also add up
 *    profiles (same rule), and `profile` together with `profile_label` is refused.
 * 3. The date range is cut into the fewest ranges of at most 3 months: anywhere for daily rows
 *    (v1, `date.day`), only on ISO week starts (Mondays) for `date.week` and on month starts for
 *    `date.month`, so no week or month row is ever split. Without a date dimension the answer
 *    aggregates the whole range: merged by adding for `sum` metrics, refused for `avg` metrics.
 * The plan is whole before the first request: a grid of profile groups x metric groups (see
 * cover.ts) x date ranges, each (profile, metric, day) asked exactly once, and how the answers
 * merge (cells placed, or added up for rules 2 and 3) decided here; a request that cannot be
 * merged exactly is refused here (SplitRefusedError), so nothing is sent. The greedy date cut is
 * minimal for the allowed cut points, so the grid has the fewest requests of any grid.
 */
import { requestLimits, v2MetricNames, v2SumMetrics } from '../catalog/request-catalog.js';
import { formatDayNumber, maxRangeEnd, monthStart, dayNumber, weekStart } from '../calendar/days.js';
import { gridCover } from './cover.js';
import { SplitRefusedError, type SplitChunk } from './errors.js';
import { operationOf } from '../operations/operation-of.js';
import { requestKey, type RequestLike } from './request-like.js';

/** Where a date range may be cut. */
export type DateCut = 'day' | 'week' | 'month' | 'none';

/** One planned request with its position in the split grid. */
export interface PlannedPart {
  request: RequestLike;
  /** The profiles, metrics and date range this part asks for. */
  chunk: SplitChunk;
  dateIndex: number;
  /** Index of the (profile group, metric group) cell of the grid. */
  groupIndex: number;
}

export interface SplitPlan {
  version: 1 | 2;
  operation: string;
  /** The original request body. */
  body: MetricsBody;
  /** In date-range-major order, then the grid's (profile group, metric group) cells. */
  parts: PlannedPart[];
  /** Whether cells of several parts add up into one cell (sum merges); otherwise each cell comes from one part. */
  adds: boolean;
}

export interface MetricsBody {
  date_start: string;
  date_end: string;
  profiles: string[];
  metrics: string[];
  dimensions?: { type: string }[];
  [key: string]: unknown;
}

const LIMITS = requestLimits;

/**
 * The fewest date ranges of at most `months` months covering start..end, cut only where `cut`
 * allows: before a Monday (`week`), before a first of the month (`month`), anywhere otherwise
 * (`day`; `none`: the answer has no date rows).
 */
export function splitDateRange(start: number, end: number, cut: DateCut, months: number): [number, number][] {
  const ranges: [number, number][] = [];
  let from = start;
  while (from <= end) {
    const limit = maxRangeEnd(from, months);
    if (limit >= end) {
      ranges.push([from, end]);
      break;
    }
    let to = limit;
    if (cut === 'week') to = weekStart(limit + 1) - 1;
    else if (cut === 'month') to = monthStart(limit + 1) - 1;
    ranges.push([from, to]);
    from = to + 1;
  }
  return ranges;
}

function refuse(operation: string, reason: string): never {
  throw new SplitRefusedError(operation, reason);
}

function readBody(operation: string, body: unknown): MetricsBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) refuse(operation, 'the request body is not an object');
  const b = body as Record<string, unknown>;
  for (const key of ['profiles', 'metrics'] as const) {
    const list = b[key];
    if (!Array.isArray(list) || list.length === 0 || !list.every((x) => typeof x === 'string' && x !== '')) refuse(operation, `parameter "${key}" must be a non-empty array of non-empty strings`);
  }
  for (const key of ['date_start', 'date_end'] as const) {
    if (dayNumber(b[key]) === undefined) refuse(operation, `parameter "${key}" must be a calendar day YYYY-MM-DD, got ${JSON.stringify(b[key])}`);
  }
  if (b.dimensions !== undefined && (!Array.isArray(b.dimensions) || !b.dimensions.every((d) => typeof d === 'object' && d !== null && typeof (d as { type?: unknown }).type === 'string'))) {
    refuse(operation, 'parameter "dimensions" must be an array of {type} objects');
  }
  return b as MetricsBody;
}

/** Plans the split of a metrics request, or throws SplitRefusedError saying why it cannot be merged exactly. */
export function planMetricsSplit(request: RequestLike, limits = true): SplitPlan {
  const operation = requestKey(request);
  const found = operationOf(request.method, request.path);
  if (found?.kind !== 'metrics' || !found.network) refuse(operation, `${request.method} ${request.path} is not a metrics operation (POST /{1|2}/{network}/metrics)`);
  const version = found.version;
  const network = found.network;
  const body = readBody(operation, request.body);
  const start = dayNumber(body.date_start)!;
  const end = dayNumber(body.date_end)!;
  if (end < start) refuse(operation, `"date_end" ${body.date_end} is before "date_start" ${body.date_start}`);

  const maxProfiles = limits ? LIMITS.profilesPerMetricsRequest.value : Infinity;
  const maxMetrics = limits ? LIMITS.metricsPerMetricsRequest.value : Infinity;
  const months = limits ? LIMITS.dateRangeMonths.value : 12 * 10_000;
  const splitProfiles = body.profiles.length > maxProfiles;
  const splitDates = end > maxRangeEnd(start, months);

  const dims = (body.dimensions ?? []).map((d) => d.type);
  const dateDims = dims.filter((d) => d.startsWith('date.'));
  let cut: DateCut = version === 1 ? 'day' : 'none';
  if (version === 2 && dateDims.length > 0) cut = dateDims[0] === 'date.day' ? 'day' : dateDims[0] === 'date.week' ? 'week' : 'month';

  if (splitProfiles || splitDates || body.metrics.length > maxMetrics) {
    for (const key of ['profiles', 'metrics'] as const) {
      const seen = new Set<string>();
      for (const x of body[key]) {
        if (seen.has(x)) refuse(operation, `parameter "${key}" holds "${x}" twice, so its rows cannot be told apart in a merged answer`);
        seen.add(x);
      }
    }
  }

  let adds = false;
  if (version === 2 && (splitProfiles || splitDates)) {
    const names = v2MetricNames[network];
    if (!names) refuse(operation, `network "${network}" has no version 2 metric catalog`);
    const sums = v2SumMetrics[network];
    const unknown = body.metrics.filter((m) => !names.includes(m));
    if (unknown.length) refuse(operation, `unknown metric${unknown.length > 1 ? 's' : ''} ${unknown.map((m) => `"${m}"`).join(', ')} for ${network}: their aggregation (sum or avg) decides how parts merge`);
    const avg = body.metrics.filter((m) => !sums.includes(m));
    const avgList = avg.map((m) => `"${m}"`).join(', ');
    if (splitDates && dateDims.length > 1) refuse(operation, `more than one date dimension (${dateDims.join(', ')}): the date range cannot be cut for all of them`);
    if (splitDates && cut === 'none') {
      if (avg.length) refuse(operation, `no date dimension: each answer aggregates its whole date range, and the avg metric${avg.length > 1 ? 's' : ''} ${avgList} cannot be combined from the averages of partial ranges (add a date dimension or shorten the range to ${LIMITS.dateRangeMonths.value} months)`);
      adds = true;
    }
    if (splitProfiles) {
      const hasProfile = dims.includes('profile');
      const hasLabel = dims.includes('profile_label');
      if (hasProfile && hasLabel) refuse(operation, `dimensions "profile" and "profile_label" together over more than ${maxProfiles} profiles: label cells of profiles in other groups cannot be reconstructed`);
      if (!hasProfile) {
        if (avg.length) refuse(operation, `no "profile" dimension: each answer aggregates its profiles${hasLabel ? ' per profile label' : ''}, and the avg metric${avg.length > 1 ? 's' : ''} ${avgList} cannot be combined across groups of profiles (add the "profile" dimension or request at most ${maxProfiles} profiles)`);
        adds = true;
      }
    }
  }

  const dateRanges = splitDates ? splitDateRange(start, end, cut, months) : [[start, end] as [number, number]];
  const grid = gridCover(body.profiles, body.metrics, maxProfiles, maxMetrics);
  const parts: PlannedPart[] = [];
  dateRanges.forEach(([from, to], dateIndex) => {
    const dateStart = formatDayNumber(from);
    const dateEnd = formatDayNumber(to);
    grid.forEach(({ profiles, metrics }, groupIndex) => {
      const partBody = { ...body, date_start: dateStart, date_end: dateEnd, profiles, metrics };
      parts.push({ request: { method: request.method, path: request.path, body: partBody, operation }, chunk: { profiles, metrics, dateStart, dateEnd }, dateIndex, groupIndex });
    });
  });
  return { version, operation, body, parts, adds };
}
