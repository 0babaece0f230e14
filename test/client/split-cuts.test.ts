/**
 * The date cut each request gets through the plan (not splitDateRange alone): daily rows (v2
 * `date.day`, no date dimension, and v1 whatever its body says) are cut anywhere, `date.week`
 * rows only before a Monday, `date.month` rows only before a first of the month, judged by luxon
 * (a calendar the project did not write). Then the limits themselves: a range ending on its
 * latest day is one range for every cut, and a request at exactly 25 profiles or metrics is not
 * split, so none of the refusals of a split (duplicates, avg metrics) applies to it.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dayNumber, formatDayNumber, maxRangeEnd } from '../../src/calendar/days.js';
import { planMetricsSplit, SplitRefusedError, splitDateRange, type RequestLike, type SplitPlan } from '../../src/client/index.js';

const ids = (n: number, p = 'p') => Array.from({ length: n }, (_, i) => `${p}${i}`);
const v2 = (body: Record<string, unknown>): RequestLike => ({ method: 'POST', path: '/2/facebook/metrics', body: { date_start: '2025-01-15', date_end: '2025-06-10', profiles: ['a'], metrics: ['fans_change'], ...body } });
const v1 = (body: Record<string, unknown>): RequestLike => ({ method: 'POST', path: '/1/facebook/metrics', body: { date_start: '2025-01-15', date_end: '2025-06-10', profiles: ['a'], metrics: ['comments'], ...body } });
const ranges = (r: RequestLike) => planMetricsSplit(r).parts.map((p) => `${p.chunk.dateStart}..${p.chunk.dateEnd}`);

function reason(r: RequestLike): string {
  try {
    planMetricsSplit(r);
  } catch (error) {
    if (error instanceof SplitRefusedError) return error.reason;
    throw error;
  }
  throw new Error('not refused');
}

describe('the date cut of each request', () => {
  it('cuts daily rows at the 3-month limit, week rows before its Monday, month rows before its first', () => {
    const daily = ['2025-01-15..2025-04-14', '2025-04-15..2025-06-10'];
    expect(ranges(v2({ dimensions: [{ type: 'date.day' }] }))).toEqual(daily);
    expect(ranges(v2({ dimensions: [{ type: 'profile' }, { type: 'date.day' }] }))).toEqual(daily);
    expect(ranges(v2({}))).toEqual(daily); // no date dimension: sum metrics add up, cut anywhere
    expect(ranges(v2({ dimensions: [{ type: 'date.week' }] }))).toEqual(['2025-01-15..2025-04-13', '2025-04-14..2025-06-10']);
    expect(ranges(v2({ dimensions: [{ type: 'date.month' }] }))).toEqual(['2025-01-15..2025-03-31', '2025-04-01..2025-06-10']);
  });

  it('cuts version 1 requests daily (its records are days), whatever dimensions its body holds', () => {
    const daily = ['2025-01-15..2025-04-14', '2025-04-15..2025-06-10'];
    expect(ranges(v1({}))).toEqual(daily);
    for (const type of ['date.week', 'date.month']) expect(ranges(v1({ dimensions: [{ type }] })), type).toEqual(daily);
  });

  it('cuts random ranges of week and month rows only where a row begins (luxon as the calendar)', () => {
    const day = fc.integer({ min: dayNumber('2000-01-01')!, max: dayNumber('2040-12-31')! });
    fc.assert(
      fc.property(day, fc.integer({ min: 92, max: 800 }), fc.constantFrom('date.week', 'date.month'), (start, span, type) => {
        const body = { date_start: formatDayNumber(start), date_end: formatDayNumber(start + span), dimensions: [{ type }] };
        const parts = planMetricsSplit(v2(body)).parts.map((p) => [DateTime.fromISO(p.chunk.dateStart, { zone: 'utc' }), DateTime.fromISO(p.chunk.dateEnd, { zone: 'utc' })]);
        expect(parts[0][0].toISODate()).toBe(body.date_start);
        expect(parts.at(-1)![1].toISODate()).toBe(body.date_end);
        for (let i = 1; i < parts.length; i++) {
          expect(parts[i][0].toISODate()).toBe(parts[i - 1][1].plus({ days: 1 }).toISODate());
          if (type === 'date.week') expect(parts[i][0].weekday, parts[i][0].toISODate()!).toBe(1);
          else expect(parts[i][0].day, parts[i][0].toISODate()!).toBe(1);
          // Within the limit: no part ends after the latest end of 3 months from its start.
          expect(parts[i - 1][1] <= parts[i - 1][0].plus({ months: 3 })).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a range that ends on its latest day whole, for every cut', () => {
    fc.assert(
      fc.property(fc.integer({ min: dayNumber('1999-01-01')!, max: dayNumber('2050-12-31')! }), fc.integer({ min: 1, max: 12 }), fc.constantFrom('day', 'week', 'month', 'none'), (start, months, cut) => {
        const end = maxRangeEnd(start, months);
        expect(splitDateRange(start, end, cut, months)).toEqual([[start, end]]);
        expect(splitDateRange(start, end + 1, cut, months).length).toBeGreaterThan(1);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a request at exactly a limit is not split', () => {
  it('sends 25 profiles or 25 metrics whole, even naming one twice', () => {
    const one = (r: RequestLike) => (planMetricsSplit(r) as SplitPlan).parts.length;
    expect(one(v1({ date_end: '2025-01-31', profiles: [...ids(24), 'p3'] }))).toBe(1);
    expect(one(v1({ date_end: '2025-01-31', metrics: [...ids(24, 'm'), 'm3'] }))).toBe(1);
    expect(reason(v1({ date_end: '2025-01-31', profiles: [...ids(25), 'p3'] }))).toMatch(/"p3" twice/);
    expect(reason(v1({ date_end: '2025-01-31', metrics: [...ids(25, 'm'), 'm3'] }))).toMatch(/"m3" twice/);
  });

  it('sends 25 profiles of an avg metric without the profile dimension whole, and refuses 26', () => {
    const plan = planMetricsSplit(v2({ date_end: '2025-01-31', profiles: ids(25), metrics: ['fans_lifetime'] }));
    expect([plan.parts.length, plan.adds]).toEqual([1, false]);
    expect(reason(v2({ date_end: '2025-01-31', profiles: ids(26), metrics: ['fans_lifetime', 'insights_engaged_users'] }))).toBe(
      'no "profile" dimension: each answer aggregates its profiles, and the avg metrics "fans_lifetime", "insights_engaged_users" cannot be combined across groups of profiles (add the "profile" dimension or request at most 25 profiles)',
    );
  });

  it('refuses a dimension that is no object, even one carrying a type', () => {
    const typed = Object.assign(() => undefined, { type: 'date.day' });
    expect(reason(v2({ dimensions: [typed] }))).toBe('parameter "dimensions" must be an array of {type} objects');
  });
});
