/**
 * The split plan at the edges of every limit and every refusal: a request at a limit is sent
 * whole and one past it is split; a reversed range (even by one day), a body that is no metrics
 * body, or a split whose merge would be inexact is refused with a message naming why; the parts
 * keep every other member of the body and cover the request date-range-major.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, formatDayNumber, maxRangeEnd } from '../../src/calendar/days.js';
import { planMetricsSplit, SplitRefusedError, splitDateRange, type RequestLike, type SplitPlan } from '../../src/client/index.js';

const ids = (n: number, p = 'p') => Array.from({ length: n }, (_, i) => `${p}${i}`);
const request = (path: string, body: unknown) => ({ method: 'POST' as const, path, body });
const v2 = (body: Record<string, unknown>) => request('/2/facebook/metrics', { date_start: '2025-01-01', date_end: '2025-01-31', profiles: ['a'], metrics: ['fans_change'], ...body });
const v1 = (body: Record<string, unknown>) => request('/1/facebook/metrics', { date_start: '2025-01-01', date_end: '2025-01-31', profiles: ['a'], metrics: ['comments'], ...body });

/** The reason of a refusal, or the plan. */
function planOrReason(r: RequestLike): SplitPlan | string {
  try {
    return planMetricsSplit(r);
  } catch (error) {
    if (!(error instanceof SplitRefusedError)) throw error;
    expect(error.operation).toBe(`${r.method} ${r.path}`);
    return error.reason;
  }
}
const parts = (r: RequestLike) => (planOrReason(r) as SplitPlan).parts.length;

describe('the split plan at each limit', () => {
  it('sends 25 profiles, 25 metrics and a range ending on its latest day whole; one more of any is split', () => {
    const metrics = ids(26, 'm');
    expect(parts(v1({ profiles: ids(25) }))).toBe(1);
    expect(parts(v1({ profiles: ids(26) }))).toBe(2);
    expect(parts(v1({ metrics: metrics.slice(0, 25) }))).toBe(1);
    expect(parts(v1({ metrics }))).toBe(2);
    const start = '2024-11-30';
    const latest = formatDayNumber(maxRangeEnd(dayNumber(start)!, 3));
    expect(latest).toBe('2025-02-28');
    expect(parts(v1({ date_start: start, date_end: latest }))).toBe(1);
    expect(parts(v1({ date_start: start, date_end: addDays(latest, 1) }))).toBe(2);
  });

  it('takes a range of one day, and refuses a reversed one, even by one day', () => {
    expect(parts(v2({ date_start: '2025-03-01', date_end: '2025-03-01' }))).toBe(1);
    expect(planOrReason(v2({ date_start: '2025-03-01', date_end: '2025-02-28' }))).toBe('"date_end" 2025-02-28 is before "date_start" 2025-03-01');
  });

  it('splits nothing without the limits, however large', () => {
    const plan = planMetricsSplit(v2({ date_start: '0000-01-01', date_end: '9999-12-31', profiles: ids(300), metrics: ['fans_change', 'fans_lifetime'] }), false);
    expect(plan.parts).toHaveLength(1);
    expect(plan.adds).toBe(false);
    expect(plan.parts[0].chunk).toEqual({ profiles: ids(300), metrics: ['fans_change', 'fans_lifetime'], dateStart: '0000-01-01', dateEnd: '9999-12-31' });
  });

  it('gives each part the body with its own profiles, metrics and dates, date-range-major', () => {
    const r = v2({ date_start: '2025-01-01', date_end: '2025-04-30', profiles: ids(30), metrics: ['fans_change'], dimensions: [{ type: 'profile' }, { type: 'date.month' }], extra: 'kept' });
    const plan = planOrReason(r) as SplitPlan;
    expect(plan).toMatchObject({ version: 2, operation: 'POST /2/facebook/metrics', body: r.body, adds: false });
    expect(plan.parts.map((p) => [p.dateIndex, p.groupIndex, p.chunk.dateStart, p.chunk.dateEnd, p.chunk.profiles[0]])).toEqual([
      [0, 0, '2025-01-01', '2025-03-31', 'p0'],
      [0, 1, '2025-01-01', '2025-03-31', 'p15'],
      [1, 0, '2025-04-01', '2025-04-30', 'p0'],
      [1, 1, '2025-04-01', '2025-04-30', 'p15'],
    ]);
    for (const part of plan.parts) {
      expect(part.request).toEqual({ method: 'POST', path: r.path, operation: 'POST /2/facebook/metrics', body: { ...(r.body as object), profiles: part.chunk.profiles, metrics: part.chunk.metrics, date_start: part.chunk.dateStart, date_end: part.chunk.dateEnd } });
    }
  });

  it('cuts any range into the fewest ranges, each within the limit, contiguous, cut only where allowed', () => {
    fc.assert(
      fc.property(fc.integer({ min: dayNumber('2023-01-01')!, max: dayNumber('2026-12-31')! }), fc.integer({ min: 0, max: 800 }), fc.constantFrom('day', 'week', 'month' as const), (start, length, cut) => {
        const ranges = splitDateRange(start, start + length, cut, 3);
        expect(ranges[0][0]).toBe(start);
        expect(ranges.at(-1)![1]).toBe(start + length);
        ranges.forEach(([from, to], i) => {
          expect(to).toBeGreaterThanOrEqual(from);
          expect(to).toBeLessThanOrEqual(maxRangeEnd(from, 3));
          if (i === 0) return;
          expect(from).toBe(ranges[i - 1][1] + 1);
          const day = formatDayNumber(from);
          if (cut === 'week') expect(new Date(`${day}T00:00:00Z`).getUTCDay(), day).toBe(1);
          if (cut === 'month') expect(day.endsWith('-01'), day).toBe(true);
        });
        // Fewest: no range but the last could have ended later at an allowed cut within the limit.
        const fewest = Math.ceil((length + 1) / 95);
        expect(ranges.length).toBeGreaterThanOrEqual(fewest);
      }),
      { numRuns: 200 },
    );
    expect(splitDateRange(10, 9, 'day', 3)).toEqual([]);
  });
});

describe('the split plan refuses, naming why', () => {
  it('a body that is no metrics body', () => {
    for (const body of [null, [], 'x', 3]) expect(planOrReason(request('/2/facebook/metrics', body))).toBe('the request body is not an object');
    const bad = { profiles: ['a'], metrics: ['fans_change'], date_start: '2025-01-01', date_end: '2025-01-02' };
    for (const [key, value] of [['profiles', []], ['profiles', 'a'], ['profiles', ['a', '']], ['profiles', ['a', 1]], ['metrics', undefined], ['metrics', [null]]] as const) {
      expect(planOrReason(request('/2/facebook/metrics', { ...bad, [key]: value })), `${key} ${JSON.stringify(value)}`).toBe(`parameter "${key}" must be a non-empty array of non-empty strings`);
    }
    expect(planOrReason(request('/2/facebook/metrics', { ...bad, date_end: '2025-02-30' }))).toBe('parameter "date_end" must be a calendar day YYYY-MM-DD, got "2025-02-30"');
    expect(planOrReason(request('/2/facebook/metrics', { ...bad, date_start: undefined }))).toBe('parameter "date_start" must be a calendar day YYYY-MM-DD, got undefined');
    for (const dimensions of ['profile', [{ type: 1 }], [null], ['profile'], [{ type: 'profile' }, {}]]) {
      expect(planOrReason(request('/2/facebook/metrics', { ...bad, dimensions })), JSON.stringify(dimensions)).toBe('parameter "dimensions" must be an array of {type} objects');
    }
    expect(parts(request('/2/facebook/metrics', { ...bad, dimensions: [] }))).toBe(1);
    expect(planOrReason(request('/2/facebook/profiles', bad))).toBe('POST /2/facebook/profiles is not a metrics operation (POST /{1|2}/{network}/metrics)');
    expect(planOrReason({ method: 'GET', path: '/2/facebook/metrics', body: bad } as never)).toBe('GET /2/facebook/metrics is not a metrics operation (POST /{1|2}/{network}/metrics)');
  });

  it('a split request that names a profile or metric twice; within the limits it is sent whole', () => {
    expect(planOrReason(v1({ profiles: [...ids(25), 'p3'] }))).toBe('parameter "profiles" holds "p3" twice, so its rows cannot be told apart in a merged answer');
    expect(planOrReason(v1({ metrics: ['comments', 'comments'], date_end: '2025-12-31' }))).toBe('parameter "metrics" holds "comments" twice, so its rows cannot be told apart in a merged answer');
    expect(planOrReason(v1({ metrics: [...ids(26, 'm'), 'm0'] }))).toBe('parameter "metrics" holds "m0" twice, so its rows cannot be told apart in a merged answer');
    expect(parts(v1({ profiles: ['a', 'a'], metrics: ['comments', 'comments'] }))).toBe(1);
  });

  it('unknown metrics, avg metrics that cannot be added, two date dimensions, profile with profile labels', () => {
    const year = { date_end: '2025-12-31' };
    expect(planOrReason(v2({ ...year, metrics: ['nope'] }))).toBe('unknown metric "nope" for facebook: their aggregation (sum or avg) decides how parts merge');
    expect(planOrReason(v2({ ...year, metrics: ['nope', 'fans_change', 'nah'] }))).toBe('unknown metrics "nope", "nah" for facebook: their aggregation (sum or avg) decides how parts merge');
    expect(parts(v2({ metrics: ['nope'] }))).toBe(1); // not split: the server judges it
    expect(planOrReason(v2({ ...year, metrics: ['fans_lifetime', 'fans_change'] }))).toBe(
      'no date dimension: each answer aggregates its whole date range, and the avg metric "fans_lifetime" cannot be combined from the averages of partial ranges (add a date dimension or shorten the range to 3 months)',
    );
    expect(planOrReason(v2({ ...year, metrics: ['fans_lifetime', 'insights_engaged_users'] }))).toBe(
      'no date dimension: each answer aggregates its whole date range, and the avg metrics "fans_lifetime", "insights_engaged_users" cannot be combined from the averages of partial ranges (add a date dimension or shorten the range to 3 months)',
    );
    expect(planOrReason(v2({ ...year, dimensions: [{ type: 'date.week' }, { type: 'date.month' }] }))).toBe('more than one date dimension (date.week, date.month): the date range cannot be cut for all of them');
    expect(parts(v2({ profiles: ids(30), dimensions: [{ type: 'date.week' }, { type: 'date.month' }] }))).toBe(2);
    expect(planOrReason(v2({ profiles: ids(30), dimensions: [{ type: 'profile' }, { type: 'profile_label' }] }))).toBe('dimensions "profile" and "profile_label" together over more than 25 profiles: label cells of profiles in other groups cannot be reconstructed');
    expect(planOrReason(v2({ profiles: ids(30), metrics: ['fans_lifetime'], dimensions: [{ type: 'profile_label' }] }))).toBe(
      'no "profile" dimension: each answer aggregates its profiles per profile label, and the avg metric "fans_lifetime" cannot be combined across groups of profiles (add the "profile" dimension or request at most 25 profiles)',
    );
    expect(planOrReason(v2({ profiles: ids(30), metrics: ['fans_lifetime', 'fans_change'] }))).toMatch(/^no "profile" dimension: each answer aggregates its profiles, and the avg metric "fans_lifetime" cannot/);
  });

  it('adds only where the answer sums profiles or ranges without their dimension', () => {
    const adds = (r: RequestLike) => (planOrReason(r) as SplitPlan).adds;
    expect(adds(v2({ profiles: ids(30), dimensions: [{ type: 'profile' }] }))).toBe(false);
    expect(adds(v2({ profiles: ids(30) }))).toBe(true);
    expect(adds(v2({ profiles: ids(30), dimensions: [{ type: 'profile_label' }] }))).toBe(true);
    expect(adds(v2({ date_end: '2025-12-31', dimensions: [{ type: 'date.day' }] }))).toBe(false);
    expect(adds(v2({ date_end: '2025-12-31' }))).toBe(true);
    expect(adds(v1({ profiles: ids(30), date_end: '2025-12-31' }))).toBe(false);
  });
});
