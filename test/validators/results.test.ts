/** Every call answers for its own input: results of other calls, before or during it, change nothing. */
import { describe, expect, it } from 'vitest';
import { validateResponse } from '../../src/validators/index.js';
import { problems } from './problems.js';

const labels = (body: unknown) => validateResponse({ method: 'POST', path: '/2/post/labels', body, request: {} });
const profiles = (body: unknown) => validateResponse({ method: 'GET', path: '/2/twitter/profiles', body });

describe('validateResponse results', () => {
  it('answers every valid body of an operation with a result without problems, whose lists cannot be changed', () => {
    const first = labels({ success: true, data: [] });
    const second = labels({ success: true, data: [{ id: 'a', name: 'A' }] });
    expect(first).toEqual({ valid: true, operation: 'POST /2/post/labels', errors: [], warnings: [] });
    expect(second).toEqual(first);
    // @ts-expect-error the lists of a result are read-only
    expect(() => first.errors.push({ pointer: '', message: 'x', rule: 'shared.response.json', severity: 'error' })).toThrow(TypeError);
    expect(labels({ success: true, data: [] }).errors).toEqual([]);
  });

  it('keeps the valid results of operations apart', () => {
    const other = profiles({ success: true, profiles: [{ id: '1', name: 'Example' }] });
    expect(other).toEqual({ valid: true, operation: 'GET /2/twitter/profiles', errors: [], warnings: [] });
    expect(other).not.toBe(labels({ success: true, data: [] }));
  });

  it('returns lists of its own when there is a problem', () => {
    const bad = profiles({ success: true, profiles: [{ id: 1 }] });
    const again = profiles({ success: true, profiles: [{ id: 1 }] });
    expect(bad.valid).toBe(false);
    expect(bad).not.toBe(again);
    expect(bad.errors).not.toBe(again.errors);
    expect(bad.errors).toEqual(again.errors);
    expect(bad.errors.map((e) => e.pointer)).toContain('/profiles/0/id');
  });

  it('keeps the lists of a result with problems when later calls find none, or others', () => {
    const bad = profiles({ success: true, profiles: [{ id: 1 }] });
    const errors = [...bad.errors];
    expect(profiles({ success: true, profiles: [{ id: '1', name: 'Example' }] }).valid).toBe(true);
    const other = labels({ success: true, data: [{ id: 2 }] });
    expect(bad.errors).toEqual(errors);
    expect(other.errors).not.toBe(bad.errors);
    expect(other.errors.map((e) => e.pointer)).not.toContain('/profiles/0/id');
  });

  it('gives a call made while another runs its own problems (a getter of the input validating)', () => {
    let inner: ReturnType<typeof profiles> | undefined;
    const input = {
      method: 'GET',
      path: '/2/twitter/profiles',
      get body() {
        inner = labels({ success: true, data: [{ id: 3 }] });
        return { success: true, profiles: [{ id: 1 }] };
      },
    };
    const outer = validateResponse(input);
    expect(outer.operation).toBe('GET /2/twitter/profiles');
    expect(outer.errors.map((e) => e.pointer)).toEqual(['/profiles/0/id']);
    expect(inner?.operation).toBe('POST /2/post/labels');
    expect(inner?.errors.map((e) => e.pointer)).not.toContain('/profiles/0/id');
    expect(inner?.valid).toBe(false);
  });

  it('finds the operation of each call when calls alternate between operations, methods and paths', () => {
    for (let round = 0; round < 3; round++) {
      expect(labels({ success: true, data: [] }).operation).toBe('POST /2/post/labels');
      expect(profiles({ success: true, profiles: [] }).operation).toBe('GET /2/twitter/profiles');
      const wrongMethod = validateResponse({ method: 'GET', path: '/2/post/labels', body: { success: true, data: [] } });
      expect(wrongMethod.errors[0]).toMatchObject({ rule: 'shared.response.operation', message: 'GET /2/post/labels is not an operation: POST /2/post/labels is' });
      expect(validateResponse({ method: 'POST', path: 'https://api.example.test/2/post/labels?x=1', body: { success: true, data: [] } }).operation).toBe('POST /2/post/labels');
    }
  });

  it('checks a documented status other than 200 against the failure body, and refuses an undocumented one', () => {
    const failure = { success: false, errors: [{ code: 4, errors: ['invalid token'] }] };
    const at = (status: unknown) => validateResponse({ method: 'GET', path: '/2/twitter/profiles', body: failure, status: status as number });
    expect(at(200).valid).toBe(true);
    // The failure body's schema passed; its code belongs to another status (a failure-body check).
    expect(at(401).errors).toEqual([{ pointer: '/errors/0/code', message: 'error 4 comes with HTTP status 200, not 401', rule: 'shared.failure.code-status', severity: 'error' }]);
    expect(at(401).errors).toEqual(at(403).errors.map((e) => ({ ...e, message: e.message.replace('403', '401') })));
    // A success body at another status than 200: no sentence gives a success answer's status, so
    // an inferred warning, and the body is judged as the success body it says it is.
    const success = (body: unknown, strict = false) => validateResponse({ method: 'GET', path: '/2/twitter/profiles', body, status: 401, strict });
    const unstated = { pointer: '', message: 'a success body (success: true) with HTTP status 401; success answers come with 200', rule: 'shared.response.success-status' };
    expect(success({ success: true, profiles: [] })).toMatchObject({ valid: true, errors: [], warnings: [{ ...unstated, severity: 'warning' }] });
    expect(success({ success: true, profiles: [] }, true)).toMatchObject({ valid: false, errors: [{ ...unstated, severity: 'error' }], warnings: [] });
    expect(success({ success: true }).errors).toMatchObject([{ rule: 'shared.profiles.fields', pointer: '' }]);
    // A status the documents do not list: an inferred warning, and the failure rules still apply.
    expect(at(299)).toMatchObject({ valid: false, errors: [{ rule: 'shared.failure.code-status' }], warnings: [{ rule: 'shared.response.status' }] });
    expect(at('401')).toMatchObject({ valid: false, errors: [{ rule: 'shared.failure.code-status' }], warnings: [{ rule: 'shared.response.status' }] });
  });

  it('judges a 200 body by the branch its success flag selects', () => {
    const v1 = (body: unknown) => problems(validateResponse({ method: 'POST', path: '/1/facebook/metrics', body }));
    expect(v1({ success: true, profiles: [{ id: 'p1', data: [{ date: '2026-01-01 00:00:00', comments: 3 }] }] })).toEqual([]);
    expect(v1({ success: false, errors: [{ code: 3, errors: ['General description.', 'detail'] }] })).toEqual([]);
    expect(v1({ success: true, profiles: [{ id: 'p1', data: [{ date: '2026-01-01 00:00:00', comments: 'three' }] }] }).map((p) => p.pointer)).toEqual(['/profiles/0/data/0/comments']);
    expect(v1({ success: false, errors: [{ code: 'x', errors: [] }] }).map((p) => p.pointer)).toContain('/errors/0/code');
    expect(v1({ profiles: [] }).map((p) => [p.rule, p.pointer])).toEqual([['shared.response.success-flag', '/success']]);
  });
});
