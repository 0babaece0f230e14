/** Valid and invalid bodies for every operation of both versions, success and failure. */
import { describe, expect, it } from 'vitest';
import { operations } from '../../generated/operations.js';
import { validateResponse } from '../../src/validators/index.js';
import { allOperations, successExample } from './spec-examples.js';

/** Breaks one value of a success body of each kind of operation; returns the expected error. */
function breakBody(kind: string, version: number, body: any): { pointer: string; message: string; rule: string; severity: 'error' } {
  switch (kind) {
    case 'profiles':
      body.profiles[0].id = 12;
      return { pointer: '/profiles/0/id', message: 'expected string, got 12', rule: 'shared.profiles.fields', severity: 'error' };
    case 'post-labels':
    case 'profile-labels':
      body.data[0].name = 5;
      return { pointer: '/data/0/name', message: 'expected string, got 5', rule: kind === 'post-labels' ? 'shared.labels.fields' : 'v2.labels.profile-label-fields', severity: 'error' };
    case 'metrics':
      if (version === 2) {
        body.header[0].rows = 'x';
        return { pointer: '/header/0/rows', message: 'expected array, got "x"', rule: 'v2.metrics.shape', severity: 'error' };
      }
      body.profiles[0].data[0].date = '2026-01-01';
      return { pointer: '/profiles/0/data/0/date', message: 'expected a date-time YYYY-MM-DD HH:MM:SS, got "2026-01-01"', rule: 'v1.metrics.date', severity: 'error' };
    case 'posts':
      body.data.posts[0].id = 1;
      return { pointer: '/data/posts/0/id', message: 'expected string, got 1', rule: 'shared.posts.field-types', severity: 'error' };
    default:
      throw new Error(`no mutation for ${kind}`);
  }
}

const failure = (code: number) => ({ success: false, errors: [{ code, errors: ['General description.', 'detail'] }] });

describe('every operation', () => {
  const examples = allOperations();

  it('covers every operation of generated/operations.ts', () => {
    expect(examples.map((e) => e.operation).sort()).toEqual(operations.map((o) => o.key).sort());
  });

  for (const ops of examples) {
    const info = operations.find((o) => o.key === ops.operation)!;
    describe(ops.operation, () => {
      it('accepts its success example, with and without the request', () => {
        const { body, request } = successExample(ops);
        expect(validateResponse({ method: ops.method, path: ops.path, body }).errors).toEqual([]);
        if (request) expect(validateResponse({ method: ops.method, path: ops.path, body, request }).errors).toEqual([]);
      });

      it('rejects a success body with a wrong value, naming pointer and problem', () => {
        const { body } = successExample(ops);
        const expected = breakBody(info.kind, info.version, body);
        const result = validateResponse({ method: ops.method, path: ops.path, body });
        expect(result.valid).toBe(false);
        expect(result.operation).toBe(ops.operation);
        expect(result.errors).toContainEqual(expected);
      });

      it('rejects a success body without its payload', () => {
        const result = validateResponse({ method: ops.method, path: ops.path, body: { success: true } });
        expect(result.valid).toBe(false);
        expect(result.errors[0].message).toMatch(/^missing required property "/);
      });

      for (const status of [200, 400, 401, 403, 404, 405, 500]) {
        it(`accepts a failure body with HTTP ${status} and rejects a malformed one`, () => {
          const code = status === 200 ? 3 : status;
          expect(validateResponse({ method: ops.method, path: ops.path, body: failure(code), status }).errors).toEqual([]);
          const empty = { method: ops.method, path: ops.path, body: { success: false, errors: [] }, status };
          const problem = { pointer: '/errors', message: 'expected at least 1 item, got array (0 items)', rule: 'shared.failure.errors-not-empty' };
          // An empty errors array breaks an inferred rule: a warning, an error in strict mode.
          expect(validateResponse(empty)).toMatchObject({ valid: true, errors: [], warnings: [{ ...problem, severity: 'warning' }] });
          expect(validateResponse({ ...empty, strict: true })).toMatchObject({ valid: false, errors: [{ ...problem, severity: 'error' }], warnings: [] });
          const bad = validateResponse({ ...empty, body: { success: false, errors: [{ code: 3 }] } });
          expect(bad.valid).toBe(false);
          expect(bad.errors).toContainEqual({ pointer: '/errors/0', message: 'missing required property "errors"', rule: 'shared.failure.shape', severity: 'error' });
        });
      }
    });
  }
});

describe('failure bodies', () => {
  const call = (body: unknown, status?: number) => validateResponse({ method: 'POST', path: '/2/facebook/metrics', body, status });

  it('reports a 200 failure body against the failure schema, not a oneOf dump', () => {
    const result = call({ success: false, errors: [{ code: '3', errors: ['x'] }] });
    expect(result.errors).toEqual([{ pointer: '/errors/0/code', message: 'expected integer, got "3"', rule: 'shared.failure.shape', severity: 'error' }]);
  });

  it('reports a 200 success body against the success schema', () => {
    const result = call({ success: true, header: [{ type: 'metric', rows: ['fans_change'] }], data: [1], extra: 1 });
    // An extra member breaks an inferred rule: listed as a warning, an error in strict mode.
    expect(result).toMatchObject({ valid: true, errors: [], warnings: [{ pointer: '', message: 'unexpected property "extra"', rule: 'shared.response.no-extra-members', severity: 'warning' }] });
    const strict = validateResponse({ method: 'POST', path: '/2/facebook/metrics', body: { success: true, header: [{ type: 'metric', rows: ['fans_change'] }], data: [1], extra: 1 }, strict: true });
    expect(strict).toMatchObject({ valid: false, errors: [{ pointer: '', rule: 'shared.response.no-extra-members', severity: 'error' }], warnings: [] });
  });

  it('rejects an error code that comes with another HTTP status', () => {
    expect(call(failure(400)).errors).toEqual([{ pointer: '/errors/0/code', message: 'error 400 comes with HTTP status 400, not 200', rule: 'shared.failure.code-http-status', severity: 'error' }]);
    expect(call(failure(3), 500).errors).toEqual([{ pointer: '/errors/0/code', message: 'error 3 comes with HTTP status 200, not 500', rule: 'shared.failure.code-status', severity: 'error' }]);
  });

  it('accepts an error code outside the documented ranges with a warning (the table does not close the list), an error in strict mode', () => {
    for (const code of [1, 2, 100, 402]) {
      const problem = { pointer: '/errors/0/code', message: expect.stringMatching(new RegExp(`^${code} is not a documented error code \\(3 to 99, or one of 400, 401, `)), rule: 'shared.failure.code-range' };
      expect(call(failure(code))).toMatchObject({ valid: true, errors: [], warnings: [{ ...problem, severity: 'warning' }] });
      expect(validateResponse({ method: 'POST', path: '/2/facebook/metrics', body: failure(code), strict: true })).toMatchObject({ valid: false, errors: [{ ...problem, severity: 'error' }], warnings: [] });
    }
  });

  it('accepts an unlisted code of 3 to 99 with HTTP 200, with a warning (an error in strict mode)', () => {
    const problem = { pointer: '/errors/0/code', message: expect.stringMatching(/^12 is not an error code of the table \(listed: 3, 4, /), rule: 'shared.failure.code-listed' };
    expect(call(failure(12))).toMatchObject({ valid: true, errors: [], warnings: [{ ...problem, severity: 'warning' }] });
    const strict = validateResponse({ method: 'POST', path: '/2/facebook/metrics', body: failure(12), strict: true });
    expect(strict).toMatchObject({ valid: false, errors: [{ ...problem, severity: 'error' }], warnings: [] });
  });

  it('warns of an undocumented HTTP status and judges the answer as a failure body', () => {
    const result = call(failure(3), 302);
    expect(result).toMatchObject({ valid: false, operation: 'POST /2/facebook/metrics', errors: [{ rule: 'shared.failure.code-status', severity: 'error' }], warnings: [{ rule: 'shared.response.status', severity: 'warning' }] });
    expect(result.warnings[0].message).toBe('HTTP status 302 is not a documented response of POST /2/facebook/metrics (documented: 200, 400, 401, 403, 404, 405, 500); judged as a failure body');
  });

  it('says what a 200 body must be when it is neither', () => {
    expect(call({ success: 'yes' }).errors).toEqual([{ pointer: '/success', message: 'expected true (success body) or false (failure body), got "yes"', rule: 'shared.response.success-flag', severity: 'error' }]);
    expect(call([1]).errors).toEqual([{ pointer: '', message: 'expected object (a success or failure body), got array (1 item)', rule: 'shared.response.success-flag', severity: 'error' }]);
    expect(call(undefined).errors).toEqual([{ pointer: '', message: 'expected object (a success or failure body), got nothing', rule: 'shared.response.success-flag', severity: 'error' }]);
  });
});
