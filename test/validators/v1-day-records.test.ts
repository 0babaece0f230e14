/**
 * v1 day records: each holds exactly the requested metrics. Bodies whose records all list the
 * same names (which the checks may judge by the first record) and bodies where one record in the
 * middle differs, judged for the request they answer.
 */
import { describe, expect, it } from 'vitest';
import { validateResponse, type ValidationResult } from '../../src/validators/index.js';
import { problem, problems } from './problems.js';

const all = (result: ValidationResult) => problems(result);

const metrics = ['comments', 'engagement_rate', 'shares'];
const request = (names = metrics, profiles = ['p1', 'p2', 'p3']) => ({ date_start: '2026-01-01', date_end: '2026-01-20', profiles, metrics: names });
const day = (d: number) => `2026-01-${String(d + 1).padStart(2, '0')} 00:00:00`;

/** 3 profiles x 20 days, every record with the same names in the same order. */
function uniformBody(names = metrics): any {
  const record = (d: number) => Object.fromEntries([['date', day(d)], ...names.map((n, i) => [n, n === 'engagement_rate' ? 0.5 + d : i + d])]);
  return { success: true, profiles: ['p1', 'p2', 'p3'].map((id) => ({ id, data: Array.from({ length: 20 }, (_, d) => record(d)) })) };
}

const v1 = (body: unknown, req: unknown = request(), path = '/1/facebook/metrics') => all(validateResponse({ method: 'POST', path, body, request: req }, { maxProblems: 500 }));

describe('v1 metrics: day records hold exactly the requested metrics', () => {
  it('judges a later body whose records all list other names of the same count', () => {
    expect(v1(uniformBody())).toEqual([]);
    expect(v1(uniformBody())).toEqual([]);
    // Every record holds fans_change instead of shares: the names of the body before, but one.
    const found = v1(uniformBody(['comments', 'engagement_rate', 'fans_change']));
    expect(found).toHaveLength(120);
    expect(found.slice(0, 2)).toEqual([
      problem('v1.metrics.record-members', '/profiles/0/data/0', 'missing requested metric "shares"'),
      problem('v1.metrics.record-members', '/profiles/0/data/0', 'unexpected property "fans_change": not a requested metric'),
    ]);
    // The names passed before pass again after it, and fail for a request of other metrics.
    expect(v1(uniformBody())).toEqual([]);
    expect(v1(uniformBody(), request(['comments', 'engagement_rate', 'fans_change']))).toHaveLength(120);
    expect(v1(uniformBody())).toEqual([]);
  });

  it('accepts a uniform body, and the same names in another order', () => {
    expect(v1(uniformBody())).toEqual([]);
    const reordered = uniformBody();
    const { date, comments, engagement_rate, shares } = reordered.profiles[1].data[7];
    reordered.profiles[1].data[7] = { shares, date, engagement_rate, comments };
    expect(v1(reordered)).toEqual([]);
  });

  it('finds a record in the middle with a missing, an extra or another requested metric', () => {
    expect(v1(uniformBody())).toEqual([]);
    const missing = uniformBody();
    delete missing.profiles[1].data[10].engagement_rate;
    expect(v1(missing)).toEqual([problem('v1.metrics.record-members', '/profiles/1/data/10', 'missing requested metric "engagement_rate"')]);
    const extra = uniformBody();
    extra.profiles[2].data[19].fans_change = 4;
    expect(v1(extra)).toEqual([problem('v1.metrics.record-members', '/profiles/2/data/19', 'unexpected property "fans_change": not a requested metric')]);
    // The same number of names, one of them another metric.
    const swapped = uniformBody();
    const { date, comments, engagement_rate } = swapped.profiles[0].data[5];
    swapped.profiles[0].data[5] = { date, comments, engagement_rate, fans_change: 1 };
    expect(v1(swapped)).toEqual([
      problem('v1.metrics.record-members', '/profiles/0/data/5', 'missing requested metric "shares"'),
      problem('v1.metrics.record-members', '/profiles/0/data/5', 'unexpected property "fans_change": not a requested metric'),
    ]);
  });

  it('finds a wrong-typed value and a bad date after many good records', () => {
    expect(v1(uniformBody())).toEqual([]);
    const typed = uniformBody();
    typed.profiles[2].data[12].comments = 1.5;
    expect(v1(typed)).toEqual([problem('v1.metrics.metric-types', '/profiles/2/data/12/comments', 'expected integer, got 1.5')]);
    const dated = uniformBody();
    dated.profiles[2].data[18].date = '2026-01-19 06:00:00';
    expect(v1(dated)).toEqual([problem('v1.metrics.date-midnight', '/profiles/2/data/18/date', 'expected midnight (00:00:00), got "06:00:00"')]);
  });

  it('judges a uniform body again for another request', () => {
    const body = uniformBody();
    expect(v1(body)).toEqual([]);
    // Every record misses the third metric, or holds one not requested: reported for every record.
    const pointers = (found: ReturnType<typeof v1>) => found.map((p) => p.pointer);
    const everyRecord = body.profiles.flatMap((_: unknown, i: number) => Array.from({ length: 20 }, (_, d) => `/profiles/${i}/data/${d}`));
    const wider = v1(body, request([...metrics, 'reactions']));
    expect(pointers(wider)).toEqual(everyRecord);
    expect(wider[0]).toEqual(problem('v1.metrics.record-members', '/profiles/0/data/0', 'missing requested metric "reactions"'));
    const narrower = v1(body, request(['comments', 'engagement_rate']));
    expect(pointers(narrower)).toEqual(everyRecord);
    expect(narrower[59]).toEqual(problem('v1.metrics.record-members', '/profiles/2/data/19', 'unexpected property "shares": not a requested metric'));
    expect(v1(body)).toEqual([]);
  });

  it('judges the same body object again after a change between calls', () => {
    const body = uniformBody();
    expect(v1(body)).toEqual([]);
    body.profiles[1].data[3].fans_change = 2;
    expect(v1(body)).toEqual([problem('v1.metrics.record-members', '/profiles/1/data/3', 'unexpected property "fans_change": not a requested metric')]);
    delete body.profiles[1].data[3].fans_change;
    expect(v1(body)).toEqual([]);
    body.profiles[0].data[9].fans_change = 2;
    expect(v1(body)).toEqual([problem('v1.metrics.record-members', '/profiles/0/data/9', 'unexpected property "fans_change": not a requested metric')]);
  });

  it('judges each record when the first fails, and when the first profile has no records', () => {
    const first = uniformBody();
    for (const profile of first.profiles) for (const record of profile.data) record.fans_change = 1;
    const found = v1(first);
    expect(found).toHaveLength(60);
    expect(found[59]).toEqual(problem('v1.metrics.record-members', '/profiles/2/data/19', 'unexpected property "fans_change": not a requested metric'));
    const empty = uniformBody();
    empty.profiles[0].data = [];
    empty.profiles[2].data[4].fans_change = 1;
    expect(v1(empty)).toEqual([problem('v1.metrics.record-members', '/profiles/2/data/4', 'unexpected property "fans_change": not a requested metric')]);
  });

  it('keeps the networks apart', () => {
    const twitter = (names: string[]) => {
      const body = uniformBody(names);
      return { body, req: request(names) };
    };
    const t = twitter(['likes', 'replies']);
    expect(v1(uniformBody())).toEqual([]);
    expect(v1(t.body, t.req, '/1/twitter/metrics')).toEqual([]);
    const extra = uniformBody();
    extra.profiles[1].data[1].fans_change = 3;
    expect(v1(t.body, t.req, '/1/twitter/metrics')).toEqual([]);
    expect(v1(extra)).toEqual([problem('v1.metrics.record-members', '/profiles/1/data/1', 'unexpected property "fans_change": not a requested metric')]);
  });
});

describe('v1 metrics: one record per day, judged in the pass over the members', () => {
  /** The problem of record `d` of profile `i`, whose day record `first` holds already. */
  const repeated = (i: number, d: number, first: number, date: string) => problem('v1.metrics.one-record-per-day', `/profiles/${i}/data/${d}/date`, `a second record for ${date.slice(0, 10)} (the first is /profiles/${i}/data/${first})`);
  /** Record `d` of profile `i` dated as the record before it. */
  const repeatDay = (body: any, i: number, d: number) => {
    const data = body.profiles[i].data;
    data[d].date = data[d - 1].date;
    return body;
  };

  it('finds a repeated day in a profile whose days before it are those of the profile before', () => {
    // Profile 0 lists days 1..20; profile 1 the same up to day 6, then day 6 again (and no day 7).
    expect(v1(repeatDay(uniformBody(), 1, 6))).toEqual([repeated(1, 6, 5, day(5))]);
  });

  it('finds the same repeated day in every profile, and a repeated day after profiles without one', () => {
    const body = uniformBody();
    for (const i of [0, 1, 2]) repeatDay(body, i, 10);
    expect(v1(body)).toEqual([repeated(0, 10, 9, day(9)), repeated(1, 10, 9, day(9)), repeated(2, 10, 9, day(9))]);
    expect(v1(repeatDay(uniformBody(), 2, 18))).toEqual([repeated(2, 18, 17, day(17))]);
  });

  it('finds a repeated day in a profile whose records are dated otherwise than the profile before', () => {
    const body = uniformBody();
    // Profile 1 lists days 2..20 and day 20 again; profile 2 repeats day 3.
    const shifted = body.profiles[1].data;
    for (let d = 0; d < 19; d++) shifted[d].date = day(d + 1);
    repeatDay(body, 2, 3);
    expect(v1(body)).toEqual([repeated(1, 19, 18, day(19)), repeated(2, 3, 2, day(2))]);
  });
});

describe('followsDay: a date after the one before it, of another day', () => {
  it('takes any full date after the first record (previous empty) and never reads past a shorter previous', async () => {
    const { followsDay } = await import('../../src/validators/facts/v1-days.js');
    expect(followsDay('2026-01-01 00:00:00', '')).toBe(true);
    expect(followsDay('2026-01-01 00:00:00', '2026-01')).toBe(true);
    expect(followsDay('2026-01-02 00:00:00', '2026-01-01 00:00:00')).toBe(true);
    expect(followsDay('2026-01-01 12:00:00', '2026-01-01 00:00:00')).toBe(false);
    expect(followsDay('2026-01-11 00:00:00', '2026-01-01 00:00:00')).toBe(true);
    expect(followsDay('2025-12-31 00:00:00', '2026-01-01 00:00:00')).toBe(false);
    expect(followsDay('2026-01', '')).toBe(false);
    expect(followsDay(20260101, '')).toBe(false);
  });
});
