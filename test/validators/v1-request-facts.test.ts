/**
 * The request-aware facts of a v1 metrics request (requested profiles and metrics with their
 * sets, the range) are kept for the next call while its request lists the same values. These
 * tests would fail if a kept answer were used for a request that differs: another item at the
 * same position, a list changed in place between calls, another range, another network.
 */
import { describe, expect, it } from 'vitest';
import { validateResponse } from '../../src/validators/index.js';
import { problem, problems } from './problems.js';

const day = (d: number) => `2026-01-${String(d + 1).padStart(2, '0')} 00:00:00`;

/** Profiles p1 and p2, 3 days each, records of `comments` and `shares`. */
function body(): any {
  return { success: true, profiles: ['p1', 'p2'].map((id) => ({ id, data: [0, 1, 2].map((d) => ({ date: day(d), comments: d, shares: 2 * d })) })) };
}

const request = () => ({ date_start: '2026-01-01', date_end: '2026-01-03', profiles: ['p1', 'p2'], metrics: ['comments', 'shares'] });

const v1 = (req: unknown, network = 'facebook', b: unknown = body()) => problems(validateResponse({ method: 'POST', path: `/1/${network}/metrics`, body: b, request: req }));

describe('v1 metrics: request facts kept between calls', () => {
  it('judges a request listing another metric or profile at the same position', () => {
    expect(v1(request())).toEqual([]);
    const otherMetric = { ...request(), metrics: ['comments', 'reactions'] };
    const found = v1(otherMetric);
    expect(found).toHaveLength(12);
    expect(found[0]).toEqual(problem('v1.metrics.record-members', '/profiles/0/data/0', 'missing requested metric "reactions"'));
    expect(v1(request())).toEqual([]);
    expect(v1({ ...request(), profiles: ['p1', 'p3'] })).toEqual([
      problem('v1.metrics.profiles', '/profiles/1/id', '"p2" is not a requested profile'),
      problem('v1.metrics.profiles', '/profiles', 'no element for requested profile "p3"'),
    ]);
    expect(v1(request())).toEqual([]);
  });

  it('judges a request whose lists were changed in place since the last call', () => {
    const req = request();
    expect(v1(req)).toEqual([]);
    req.metrics[1] = 'reactions';
    expect(v1(req)[0]).toEqual(problem('v1.metrics.record-members', '/profiles/0/data/0', 'missing requested metric "reactions"'));
    req.metrics[1] = 'shares';
    expect(v1(req)).toEqual([]);
    req.profiles.pop();
    expect(v1(req)).toEqual([
      problem('v1.metrics.profiles', '/profiles', 'expected one element per requested profile (1), got 2'),
      problem('v1.metrics.profiles', '/profiles/1/id', '"p2" is not a requested profile'),
    ]);
  });

  it('judges another range, and lists that are not lists of strings', () => {
    expect(v1(request())).toEqual([]);
    expect(v1({ ...request(), date_end: '2026-01-02' })).toEqual([
      problem('v1.metrics.date-range', '/profiles/0/data/2/date', '2026-01-03 is outside the requested range 2026-01-01..2026-01-02'),
      problem('v1.metrics.date-range', '/profiles/1/data/2/date', '2026-01-03 is outside the requested range 2026-01-01..2026-01-02'),
    ]);
    expect(v1(request())).toEqual([]);
    // Not lists of strings: the request-aware checks of that list are skipped, every call.
    // (The request itself may be refused: one problem per broken request rule, and nothing else.)
    const refusals = ['shared.response.invalid-request-answered', 'shared.response.invalid-request-answered'];
    for (let i = 0; i < 2; i++) expect(v1({ ...request(), metrics: ['comments', 1], profiles: 'p1' }).map((p) => p.rule)).toEqual(refusals);
    expect(v1({ ...request(), metrics: ['comments'] })).toHaveLength(6);
  });

  it('reads the catalog of the network asked for, not of the last call', () => {
    // interactions and engagement_rate are metrics of both networks; followers_change of twitter only.
    const shared = () => {
      const b = body();
      for (const p of b.profiles) for (const r of p.data) Object.assign(r, { interactions: 1, engagement_rate: 0.5, comments: undefined, shares: undefined });
      return JSON.parse(JSON.stringify(b));
    };
    const req = { ...request(), metrics: ['interactions', 'engagement_rate'] };
    expect(v1(req, 'facebook', shared())).toEqual([]);
    const extra = shared();
    extra.profiles[1].data[2].followers_change = 3;
    expect(v1(req, 'twitter', extra)).toEqual([problem('v1.metrics.record-members', '/profiles/1/data/2', 'unexpected property "followers_change": not a requested metric')]);
  });
});
