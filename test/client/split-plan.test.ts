import { describe, expect, it } from 'vitest';
import { formatDayNumber, maxRangeEnd, monthStart, dayNumber, weekStart } from '../../src/calendar/days.js';
import { chunkEvenly, gridCover, planMetricsSplit, splitDateRange, SplitRefusedError, type DateCut } from '../../src/client/index.js';
import { unionRows } from '../../src/client/merge-v2.js';

const ids = (n: number, p = 'p') => Array.from({ length: n }, (_, i) => `${p}${i}`);
const v2 = (body: Record<string, unknown>) => ({ method: 'POST' as const, path: '/2/facebook/metrics', operation: 'POST /2/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-01-31', profiles: ['a'], metrics: ['fans_change'], ...body } });

/** Fewest ranges by dynamic programming over every allowed cut: the reference for the greedy cut. */
function minimalRanges(start: number, end: number, cut: DateCut): number {
  const allowed = (day: number) => cut === 'day' || (cut === 'week' ? weekStart(day) === day : monthStart(day) === day);
  const best = new Map<number, number>([[end + 1, 0]]);
  for (let s = end; s >= start; s--) {
    if (s !== start && !allowed(s)) continue;
    let b = Infinity;
    for (let e = s; e <= Math.min(end, maxRangeEnd(s, 3)); e++) if (e === end || allowed(e + 1)) b = Math.min(b, 1 + (best.get(e + 1) ?? Infinity));
    best.set(s, b);
  }
  return best.get(start)!;
}

describe('splitting plan', () => {
  it('chunks lists into the fewest, even groups', () => {
    expect(chunkEvenly(ids(60), 25).map((g) => g.length)).toEqual([20, 20, 20]);
    expect(chunkEvenly(ids(40), 25).map((g) => g.length)).toEqual([20, 20]);
    expect(chunkEvenly(ids(25), 25)).toHaveLength(1);
    expect(chunkEvenly(ids(51), 25).flat()).toEqual(ids(51));
  });

  it('cuts date ranges minimally and only where allowed (days, Mondays, month starts)', () => {
    for (const [from, to] of [['2025-01-01', '2025-12-31'], ['2024-11-30', '2026-02-03'], ['2025-03-17', '2025-09-02'], ['2023-01-31', '2024-01-30']]) {
      const s = dayNumber(from)!;
      const e = dayNumber(to)!;
      for (const cut of ['day', 'week', 'month'] as const) {
        const ranges = splitDateRange(s, e, cut, 3);
        expect(ranges[0][0]).toBe(s);
        expect(ranges.at(-1)![1]).toBe(e);
        ranges.forEach(([a, b], i) => {
          expect(b).toBeLessThanOrEqual(maxRangeEnd(a, 3));
          if (i > 0) expect(a).toBe(ranges[i - 1][1] + 1);
          if (i > 0 && cut === 'week') expect(weekStart(a)).toBe(a);
          if (i > 0 && cut === 'month') expect(formatDayNumber(a).endsWith('-01')).toBe(true);
        });
        expect(ranges.length, `${from}..${to} ${cut}`).toBe(minimalRanges(s, e, cut));
      }
    }
    expect(splitDateRange(dayNumber('2025-01-01')!, dayNumber('2025-12-31')!, 'month', 3).map(([a, b]) => `${formatDayNumber(a)}..${formatDayNumber(b)}`)).toEqual(['2025-01-01..2025-03-31', '2025-04-01..2025-06-30', '2025-07-01..2025-09-30', '2025-10-01..2025-12-31']);
  });

  it('covers every profile x metric pair exactly once, within the limits, with the grid', () => {
    for (let p = 1; p <= 80; p += 3) {
      for (let m = 1; m <= 80; m += 3) {
        const cover = gridCover(ids(p), ids(m, 'm'), 25, 25);
        const seen = new Map<string, number>();
        for (const rect of cover) {
          expect(rect.profiles.length).toBeLessThanOrEqual(25);
          expect(rect.metrics.length).toBeLessThanOrEqual(25);
          for (const a of rect.profiles) for (const b of rect.metrics) seen.set(`${a}/${b}`, (seen.get(`${a}/${b}`) ?? 0) + 1);
        }
        expect(seen.size, `${p} x ${m}`).toBe(p * m);
        expect([...seen.values()].every((n) => n === 1)).toBe(true);
        expect(cover).toHaveLength(Math.ceil(p / 25) * Math.ceil(m / 25));
      }
    }
    expect(gridCover(ids(60), ids(40, 'm'), 25, 25).map((r) => [r.profiles.length, r.metrics.length])).toEqual([[20, 20], [20, 20], [20, 20], [20, 20], [20, 20], [20, 20]]);
    expect(gridCover(ids(3), ids(30, 'm'), 25, 10)).toHaveLength(3);
  });

  it('no cover asking each pair once beats the grid (exhaustive search, limits 2 and 3, small sizes)', () => {
    for (const [limit, maxP, maxM] of [[2, 4, 5], [3, 4, 4]]) {
      for (let p = 1; p <= maxP; p++) {
        for (let m = p; m <= maxM; m++) {
          const grid = gridCover(ids(p), ids(m, 'm'), limit, limit);
          // Below the grid's count: none found. With one more allowed, the search finds a cover of the grid's count.
          expect(fewestExactCover(p, m, limit, grid.length), `${p} x ${m}, limit ${limit}`).toBe(grid.length);
          expect(fewestExactCover(p, m, limit, grid.length + 1)).toBe(grid.length);
        }
      }
    }
  });

  it('plans 60 profiles x 40 metrics x 1 year as a grid of 3 x 2 x 4 = 24 requests asking each cell once', () => {
    const plan = planMetricsSplit({ method: 'POST', path: '/1/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-12-31', profiles: ids(60), metrics: ids(40, 'm') } });
    expect(plan.parts).toHaveLength(3 * 2 * 4);
    const cells = new Set<string>();
    let asked = 0;
    for (const { request, chunk } of plan.parts) {
      const b = request.body as any;
      expect(chunk).toEqual({ profiles: b.profiles, metrics: b.metrics, dateStart: b.date_start, dateEnd: b.date_end });
      expect(b.profiles.length).toBeLessThanOrEqual(25);
      expect(b.metrics.length).toBeLessThanOrEqual(25);
      expect(dayNumber(b.date_end)!).toBeLessThanOrEqual(maxRangeEnd(dayNumber(b.date_start)!, 3));
      for (const p of b.profiles) for (const m of b.metrics) for (let d = dayNumber(b.date_start)!; d <= dayNumber(b.date_end)!; d++) cells.add(`${p}/${m}/${d}`);
      asked += b.profiles.length * b.metrics.length * (dayNumber(b.date_end)! - dayNumber(b.date_start)! + 1);
    }
    expect(cells.size).toBe(60 * 40 * 365);
    expect(asked).toBe(cells.size);
    expect(planMetricsSplit(v2({})).parts).toHaveLength(1);
  });

  it('uses the grid partition where answers are added up (no value counted twice)', () => {
    const plan = planMetricsSplit(v2({ profiles: ids(60), metrics: ['fans_change', 'insights_fan_adds'], dimensions: [{ type: 'date.day' }] }));
    expect(plan.adds).toBe(true);
    expect(plan.parts).toHaveLength(3);
    expect(plan.parts.flatMap((p) => (p.request.body as any).profiles)).toEqual(ids(60));
  });

  it('refuses with the reason where a merge would be inexact', () => {
    const refused = (body: Record<string, unknown>) => {
      try {
        planMetricsSplit(v2(body));
      } catch (error) {
        expect(error).toBeInstanceOf(SplitRefusedError);
        return (error as SplitRefusedError).reason;
      }
      return 'accepted';
    };
    const year = { date_end: '2025-12-31' };
    expect(refused({ ...year, metrics: ['fans_lifetime'], dimensions: [{ type: 'profile' }] })).toMatch(/no date dimension.*avg metric "fans_lifetime"/);
    expect(refused({ ...year, metrics: ['fans_change'], dimensions: [{ type: 'profile' }] })).toBe('accepted');
    expect(refused({ profiles: ids(30), metrics: ['fans_lifetime', 'fans_change'], dimensions: [{ type: 'date.day' }] })).toMatch(/no "profile" dimension.*"fans_lifetime"/);
    expect(refused({ profiles: ids(30), metrics: ['fans_change'], dimensions: [{ type: 'profile_label' }] })).toBe('accepted');
    expect(refused({ profiles: ids(30), dimensions: [{ type: 'profile' }, { type: 'profile_label' }] })).toMatch(/"profile" and "profile_label"/);
    expect(refused({ ...year, metrics: ['fans_lifetime'], dimensions: [{ type: 'date.week' }, { type: 'profile' }] })).toBe('accepted');
    expect(refused({ ...year, dimensions: [{ type: 'date.week' }, { type: 'date.month' }] })).toMatch(/more than one date dimension/);
    expect(refused({ ...year, metrics: ['no_such_metric'] })).toMatch(/unknown metric "no_such_metric"/);
    expect(refused({ ...year, profiles: ['a', 'a'] })).toMatch(/"profiles" holds "a" twice/);
    expect(refused({ profiles: ['a', 'a'] })).toBe('accepted'); // within the limits: sent unchanged
    expect(refused({ date_start: '2025-02-30' })).toMatch(/date_start/);
    expect(() => planMetricsSplit({ method: 'POST', path: '/2/facebook/page/posts', body: {} })).toThrow(/not a metrics operation/);
  });

  it('orders the union of rows consistently with every part', () => {
    expect(unionRows([['b'], ['a', 'b', 'c'], ['c', 'd']])).toEqual(['a', 'b', 'c', 'd']);
    expect(unionRows([['x', 'y'], ['z']])).toEqual(['x', 'y', 'z']);
  });
});

/**
 * The fewest requests (rectangles of at most `limit` profiles x `limit` metrics, any subsets)
 * asking each of the p x m pairs exactly once, by exhaustive search below `bound`.
 */
function fewestExactCover(p: number, m: number, limit: number, bound: number): number {
  const subsets = (n: number) => {
    const out: number[][] = [];
    for (let mask = 1; mask < 1 << n; mask++) {
      const set = Array.from({ length: n }, (_, i) => i).filter((i) => mask & (1 << i));
      if (set.length <= limit) out.push(set);
    }
    return out;
  };
  const rows = subsets(p);
  const cols = subsets(m);
  const covered = Array.from({ length: p }, () => new Array<boolean>(m).fill(false));
  let best = bound;
  const search = (used: number) => {
    if (used >= best) return;
    let cell: [number, number] | undefined;
    for (let a = 0; a < p && !cell; a++) for (let b = 0; b < m && !cell; b++) if (!covered[a][b]) cell = [a, b];
    if (!cell) {
      best = used;
      return;
    }
    const [a0, b0] = cell;
    for (const r of rows) {
      if (!r.includes(a0)) continue;
      for (const c of cols) {
        if (!c.includes(b0) || r.some((a) => c.some((b) => covered[a][b]))) continue;
        for (const a of r) for (const b of c) covered[a][b] = true;
        search(used + 1);
        for (const a of r) for (const b of c) covered[a][b] = false;
      }
    }
  };
  search(0);
  return best;
}
