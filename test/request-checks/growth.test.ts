/**
 * The request checks cost work linear in the request: a request twice as long costs at most
 * about twice the work, whatever it holds (bad filter items, unknown names, extra dimensions,
 * unknown members), counted through the built-ins it calls (./work-meter.ts), never timed. Run
 * through every door a request comes in by: checkRequest, a builder, the validators' refusal
 * check and the mock's check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRequest } from '../../src/request-checks/check.js';
import { v2 } from '../../src/builders/v2.js';
import { validateResponse } from '../../src/validators/index.js';
import { checkRules, type CheckContext } from '../../src/mock/checks.js';
import { countWork } from './work-meter.js';

const POSTS = 'POST /2/facebook/page/posts';
const METRICS = 'POST /2/facebook/metrics';

/** Hostile items of one list of a request, the `i`-th of its kind. */
const KINDS = {
  filterString: (i: number) => ({ filter: `bad${i}` }),
  filterNumber: (i: number) => ({ filter: i }),
  filterEmpty: () => ({ filter: {} }),
  filterUnknownField: (i: number) => ({ filter: { field: `nope_${i}`, value: 'x' } }),
  filterBadValue: (i: number) => ({ filter: { field: 'ppd_status', value: `sponsored_${i}` } }),
  filterBadArray: (i: number) => ({ filter: { field: 'post_labels', value: [i, ''] } }),
  filterBadMatchAny: (i: number) => ({ filter: { match_any: [{ field: `nope_${i}`, value: [''] }, {}] } }),
  filterBoth: (i: number) => ({ filter: { field: 'ppd_status', value: 'paid', match_any: [i] } }),
  field: (i: number) => ({ fields: `no_field_${i}` }),
  emptyField: () => ({ fields: '' }),
  sort: (i: number) => ({ sort: { field: `nope_${i}`, order: 'up' } }),
  member: (i: number) => ({ member: `unknown_${i}` }),
} as const;

type Kind = keyof typeof KINDS;

/** A posts request with `n` items of each list, the kinds taken in turn. */
function postsRequest(kinds: readonly Kind[], n: number): Record<string, unknown> {
  const body: Record<string, unknown> = { profiles: ['p1'], date_start: '2024-01-01', date_end: '2024-01-31', fields: ['id'] };
  const lists: Record<string, unknown[]> = {};
  for (let i = 0; i < n; i++) {
    const item = KINDS[kinds[i % kinds.length]](i);
    for (const [list, value] of Object.entries(item)) {
      if (list === 'member') body[value as string] = i;
      else (lists[list] ??= []).push(value);
    }
  }
  return { ...body, ...lists };
}

/** A v2 metrics request with `n` bad or repeated metric names and `n` extra dimensions of several kinds. */
function metricsRequest(n: number): Record<string, unknown> {
  const metrics = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? `no_metric_${i}` : i % 3 === 1 ? 'insights_activity_unique' : 'insights_fans_lifetime'));
  const dimensions = Array.from({ length: n }, (_, i) => ({ type: ['gender_age', 'city', 'activity_type', 'nope', 'profile'][i % 5] }));
  return { profiles: Array.from({ length: n }, (_, i) => (i % 2 ? `p${i}` : i)), date_start: '2024-01-01', date_end: '2024-03-31', metrics, dimensions };
}

/** The work of `check` on the request of size `n` and of size `2n`, after one call that loads what it needs. */
function doubling(check: (n: number) => unknown, n: number): { once: number; twice: number } {
  check(4);
  return { once: countWork(() => check(n)).work, twice: countWork(() => check(2 * n)).work };
}

/** Twice the input, at most about twice the work (a pairwise step makes it about four times). */
function expectLinear({ once, twice }: { once: number; twice: number }): void {
  expect(once).toBeGreaterThan(0);
  expect(twice / once).toBeLessThan(2.3);
}

const mockContext = { account: { profileById: {} }, network: 'facebook', version: 2, limits: true, historyStart: 0 } as unknown as CheckContext;

describe('request checks: work linear in the request', () => {
  it('property: doubling a posts request of any mix of bad items at most about doubles the work', () => {
    const kinds = Object.keys(KINDS) as Kind[];
    fc.assert(
      fc.property(fc.shuffledSubarray(kinds, { minLength: 1 }), (mix) => {
        expectLinear(doubling((n) => checkRequest(POSTS, postsRequest(mix, n), { strict: true }), 300));
      }),
      { numRuns: 25 },
    );
  });

  it('metrics: bad and repeated names with many extra dimensions (their product is not walked)', () => {
    expectLinear(doubling((n) => checkRequest(METRICS, metricsRequest(n)), 300));
  });

  it('a builder, the refusal check of the validators and the mock do the same linear work', () => {
    const mix = Object.keys(KINDS) as Kind[];
    const build = (n: number) => {
      try {
        return v2.facebook.posts(postsRequest(mix, n) as never);
      } catch (error) {
        return error;
      }
    };
    expectLinear(doubling(build, 300));
    const answer = { success: true, data: { posts: [] } };
    expectLinear(doubling((n) => validateResponse({ method: 'POST', path: '/2/facebook/page/posts', body: answer, request: postsRequest(mix, n) }), 300));
    const mock = (n: number) => {
      try {
        checkRules(POSTS, postsRequest(mix, n), mockContext);
      } catch (failure) {
        return failure;
      }
    };
    expectLinear(doubling(mock, 300));
  });

  it('an unknown member whose name holds thousands of slashes is looked up once, not walked', () => {
    const body = (n: number) => ({ profiles: ['p1'], date_start: '2024-01-01', date_end: '2024-01-31', fields: ['id'], ['a/'.repeat(n)]: 1 });
    expectLinear(doubling((n) => checkRequest(POSTS, body(n)), 2000));
  });
});
