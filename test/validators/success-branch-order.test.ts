/**
 * A 200 body is checked against the branch its `success` selects. The success branch runs first
 * unless the last body of the operation was a failure body (then `success` is read first): these
 * tests validate success, failure and broken bodies of one operation in every order, and would
 * fail if either path gave another verdict or other problems than the other.
 */
import { describe, expect, it } from 'vitest';
import { validateResponse } from '../../src/validators/index.js';
import { problems } from './problems.js';

const v1 = (body: unknown) => problems(validateResponse({ method: 'POST', path: '/1/facebook/metrics', body }));

const ok = () => ({ success: true, profiles: [{ id: 'p1', data: [{ date: '2026-01-01 00:00:00', comments: 3 }] }] });
const failure = () => ({ success: false, errors: [{ code: 3, errors: ['General description.', 'detail'] }] });
const brokenSuccess = () => ({ success: true, profiles: [{ id: 'p1', data: [{ date: '2026-01-01 00:00:00', comments: 'three' }] }] });
const brokenFailure = () => ({ success: false, errors: [{ code: 'x', errors: [] }] });
const noFlag = () => ({ profiles: [] });

const bodies = { ok, failure, brokenSuccess, brokenFailure, noFlag };
type Kind = keyof typeof bodies;

describe('200 bodies: the success branch first, or the success flag first after a failure body', () => {
  // The problems of each kind validated first after a body of each kind, against the same after a fresh start.
  const kinds = Object.keys(bodies) as Kind[];
  const alone = Object.fromEntries(kinds.map((k) => [k, v1(bodies[k]())])) as Record<Kind, ReturnType<typeof v1>>;

  it('finds what each kind of body holds', () => {
    expect(alone.ok).toEqual([]);
    expect(alone.failure).toEqual([]);
    expect(alone.brokenSuccess.map((p) => p.pointer)).toEqual(['/profiles/0/data/0/comments']);
    expect(alone.brokenFailure.map((p) => p.pointer)).toContain('/errors/0/code');
    expect(alone.noFlag.map((p) => [p.rule, p.pointer])).toEqual([['shared.response.success-flag', '/success']]);
  });

  for (const before of kinds) {
    it(`gives the same problems after a ${before} body`, () => {
      for (const kind of kinds) {
        v1(bodies[before]());
        expect(v1(bodies[kind]()), `${kind} after ${before}`).toEqual(alone[kind]);
        v1(bodies[before]());
        v1(bodies[before]());
        expect(v1(bodies[kind]()), `${kind} after two ${before}`).toEqual(alone[kind]);
      }
    });
  }
});
