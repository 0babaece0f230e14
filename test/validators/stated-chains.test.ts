/**
 * Stated sentences that together decide a body without its request: a v1 body with elements for
 * 26 profiles ("one element per requested profile" and "at most 25 ... (code 4)"), a v1 record
 * with 26 metric members ("one member per requested metric" and the same limit), and v2 date.day
 * rows or v1 record days running past date_start plus three calendar months (rows lie in the
 * requested range, and the range is limited). Each is an error in both modes at its limit + 1
 * and nothing at its limit; with the request given, the request itself is judged instead.
 */
import { describe, expect, it } from 'vitest';
import { RULES, type RuleId } from '../../generated/rules.js';
import { addDays } from '../../src/calendar/days.js';
import { validateResponse } from '../../src/validators/index.js';
import { catalogs } from '../../src/catalog/catalogs.js';

const rulesOf = (path: string, body: unknown, strict: boolean, request?: unknown) => validateResponse({ method: 'POST', path, body, strict, request }).errors.map((p) => p.rule);

/** Errors of `rule` (stated) in both modes, and no other error. */
function onlyError(path: string, body: unknown, rule: RuleId) {
  expect(RULES[rule].level).toBe('stated');
  for (const strict of [false, true]) expect(rulesOf(path, body, strict), String(strict)).toEqual([rule]);
}

const passes = (path: string, body: unknown) => {
  for (const strict of [false, true]) expect(rulesOf(path, body, strict)).toEqual([]);
};

const v1Body = (ids: string[], record: Record<string, unknown> = { fans_change: 1 }, days = ['2025-01-01']) => ({
  success: true,
  profiles: ids.map((id) => ({ id, data: days.map((day) => ({ date: `${day} 00:00:00`, ...record })) })),
});
const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

describe('v1: elements for more than 25 profiles', () => {
  it('26 distinct profiles fail body-only; 25, or 26 elements naming 25 profiles, do not fail on this chain', () => {
    onlyError('/1/facebook/metrics', v1Body(ids(26)), 'v1.metrics.profiles-within-limit');
    passes('/1/facebook/metrics', v1Body(ids(25)));
    expect(rulesOf('/1/facebook/metrics', v1Body([...ids(25), 'p1']), true)).not.toContain('v1.metrics.profiles-within-limit');
  });
  it('with the request, the request is judged (shared.response.limit-refused), not the chain', () => {
    const request = { date_start: '2025-01-01', date_end: '2025-01-01', profiles: ids(26), metrics: ['fans_change'] };
    expect(rulesOf('/1/facebook/metrics', v1Body(ids(26)), false, request)).toEqual(['shared.response.limit-refused']);
  });
});

describe('v1: a record with more than 25 metric members', () => {
  const metrics = catalogs.v1.metrics.facebook.filter((m) => m.type === 'integer').map((m) => m.name);
  const record = (n: number) => Object.fromEntries(metrics.slice(0, n).map((m) => [m, 1]));
  it('26 members fail body-only at the record; 25 pass', () => {
    expect(metrics.length).toBeGreaterThan(26);
    onlyError('/1/facebook/metrics', v1Body(['p1'], record(26)), 'v1.metrics.record-metrics-within-limit');
    expect(validateResponse({ method: 'POST', path: '/1/facebook/metrics', body: v1Body(['p1'], record(26)) }).errors[0].pointer).toBe('/profiles/0/data/0');
    passes('/1/facebook/metrics', v1Body(['p1'], record(25)));
  });
});

describe('days running past date_start plus three calendar months', () => {
  const v2Body = (days: string[]) => ({ success: true, header: [{ type: 'date.day', rows: days }, { type: 'metric', rows: ['fans_change'] }], data: days.map(() => [1]) });
  const run = (from: string, count: number) => Array.from({ length: count }, (_, i) => addDays(from, i));
  it('v2: 100 distinct date.day rows fail body-only; rows within three calendar months pass', () => {
    onlyError('/2/facebook/metrics', v2Body(run('2025-01-01', 100)), 'v2.metrics.date-rows-within-limit');
    // 2024-07-01..2024-10-01: 93 days, date_start plus three months, allowed by the stated reading.
    passes('/2/facebook/metrics', v2Body(run('2024-07-01', 93)));
    // 2024-12-01..2025-03-02: 92 days, one past March 1.
    onlyError('/2/facebook/metrics', v2Body(run('2024-12-01', 92)), 'v2.metrics.date-rows-within-limit');
    passes('/2/facebook/metrics', v2Body(run('2024-12-01', 91)));
    // Two rows a year apart say as much as every day between.
    onlyError('/2/facebook/metrics', v2Body(['2024-01-01', '2024-12-31']), 'v2.metrics.date-rows-within-limit');
  });
  it('v1: record days of all profiles, across profiles too', () => {
    onlyError('/1/facebook/metrics', v1Body(['p1'], { fans_change: 1 }, run('2024-12-01', 92)), 'v1.metrics.record-days-within-limit');
    passes('/1/facebook/metrics', v1Body(['p1'], { fans_change: 1 }, run('2024-12-01', 91)));
    const split = { success: true, profiles: [{ id: 'p1', data: [{ date: '2024-12-01 00:00:00', fans_change: 1 }] }, { id: 'p2', data: [{ date: '2025-03-02 00:00:00', fans_change: 1 }] }] };
    onlyError('/1/facebook/metrics', split, 'v1.metrics.record-days-within-limit');
  });
});
