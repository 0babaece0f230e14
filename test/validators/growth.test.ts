/**
 * The response checks cost work linear in the answer: twice the posts, records or profiles, broken
 * in any mix of ways, cost at most about twice the work, counted through the built-ins
 * (../request-checks/work-meter.ts), never timed; and the problems past the caps are counted
 * exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateResponse } from '../../src/validators/index.js';
import { MAX_PROBLEMS_PER_RULE } from '../../src/core/problems/problem-list.js';
import { countWork } from '../request-checks/work-meter.js';

/** Broken posts, the `i`-th of each kind. */
const POSTS = {
  typed: (i: number) => ({ id: `p${i}`, created_time: '2026-01-20T10:00:00+00:00', comments: `x${i}` }),
  extra: (i: number) => ({ id: `p${i}`, created_time: '2026-01-20T10:00:00+00:00', [`bogus_${i}`]: 1 }),
  time: (i: number) => ({ id: `p${i}`, created_time: `2026-01-20 10:00:${String(i % 60).padStart(2, '0')}` }),
  reactions: (i: number) => ({ id: `p${i}`, created_time: '2026-01-20T10:00:00+00:00', reactions_by_type: { [`meh_${i}`]: 1 } }),
  notObject: (i: number) => i,
  missing: () => ({}),
} as const;

type Kind = keyof typeof POSTS;

const request = { profiles: ['p1'], date_start: '2026-01-01', date_end: '2026-01-31', fields: ['id', 'created_time', 'comments', 'reactions_by_type'] };

function postsAnswer(kinds: readonly Kind[], n: number) {
  const posts = Array.from({ length: n }, (_, i) => POSTS[kinds[i % kinds.length]](i));
  return { method: 'POST', path: '/2/facebook/page/posts', body: { success: true, data: { posts } }, request };
}

function doubling(check: (n: number) => unknown, n: number): number {
  check(4);
  return countWork(() => check(2 * n)).work / countWork(() => check(n)).work;
}

describe('response checks: work linear in the answer', () => {
  it('property: doubling a posts page of any mix of broken posts at most about doubles the work', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(Object.keys(POSTS) as Kind[], { minLength: 1 }), (mix) => {
        expect(doubling((n) => validateResponse(postsAnswer(mix, n)), 300)).toBeLessThan(2.3);
      }),
      { numRuns: 15 },
    );
  });

  it('v2 metrics: rows and data broken everywhere', () => {
    const answer = (n: number) => ({
      method: 'POST',
      path: '/2/facebook/metrics',
      body: { success: true, header: [{ type: 'date.day', rows: Array.from({ length: n }, (_, i) => `2026-13-${i}`) }, { type: 'metric', rows: ['fans_change', 'nope'] }], data: Array.from({ length: n }, (_, i) => [i, 'x']) },
      request: { profiles: ['p1'], date_start: '2026-01-01', date_end: '2026-01-03', metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] },
    });
    expect(doubling((n) => validateResponse(answer(n)), 300)).toBeLessThan(2.3);
  });

  it('counts what the caps leave out exactly: every schema error of a large answer, not the first 2,000', () => {
    const result = validateResponse(postsAnswer(['typed'], 5000));
    const typed = result.errors.filter((p) => p.rule === 'shared.posts.field-types');
    expect(typed).toHaveLength(MAX_PROBLEMS_PER_RULE + 1);
    expect(typed.at(-1)?.message).toBe(`and ${5000 - MAX_PROBLEMS_PER_RULE} more problems of rule shared.posts.field-types not listed (only the first ${MAX_PROBLEMS_PER_RULE} of a rule are shown)`);
  });
});
