/**
 * The builders report what they do not refuse: a body that breaks only inferred rules (a
 * `date_start` after its `date_end`, a request past three calendar months but within 92 days) is
 * built, and the problems are the request's `warnings`, not enumerable, so the request's members
 * and the body sent are those of a request without warnings. Messages name a network with its
 * article ("an instagram metric").
 */
import { describe, expect, it } from 'vitest';
import { v1 } from '../../src/v1.js';
import { checkRequest, RequestValidationError, v2 } from '../../src/v2.js';

const body = { date_start: '2024-01-31', date_end: '2024-01-01', profiles: ['p1'], metrics: ['fans_change'] } as const;

describe('builder warnings', () => {
  it('a date_start after date_end builds, with the inferred rule as a warning', () => {
    const request = v2.facebook.metrics({ ...body });
    expect(request.warnings).toEqual([
      expect.objectContaining({ parameter: expect.stringMatching(/date/), rule: 'shared.request.date-order', severity: 'warning', code: 3 }),
    ]);
    expect(request.warnings![0].message).toMatch(/2024-01-01/);
    // The same problems as the request check gives, only the warnings (no error).
    expect(request.warnings).toEqual(checkRequest('POST /2/facebook/metrics', body));
  });

  it('the same body in strict mode is an error of the check, so the builders never refuse on a guess', () => {
    expect(checkRequest('POST /2/facebook/metrics', body, { strict: true }).map((p) => p.severity)).toEqual(['error']);
  });

  it('the warnings are not enumerable and frozen: the request and its JSON are unchanged', () => {
    const request = v2.facebook.metrics({ ...body });
    expect(Object.keys(request)).toEqual(['method', 'path', 'body', 'operation']);
    expect(JSON.parse(JSON.stringify(request))).toEqual({ method: 'POST', path: '/2/facebook/metrics', operation: 'POST /2/facebook/metrics', body });
    expect({ ...request }).not.toHaveProperty('warnings');
    expect(Object.isFrozen(request.warnings)).toBe(true);
    expect(() => (request.warnings as unknown[]).push(1)).toThrow(TypeError);
  });

  it('a clean request has an empty list, and every kind of builder sets it', () => {
    expect(v2.facebook.metrics({ date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['p1'], metrics: ['fans_change'] }).warnings).toEqual([]);
    expect(v2.facebook.profiles().warnings).toEqual([]);
    expect(v2.postLabels().warnings).toEqual([]);
    expect(v1.facebook.metrics({ date_start: '2024-01-31', date_end: '2024-01-01', profiles: ['p1'], metrics: ['fans_change'] } as never).warnings?.map((w) => w.rule)).toEqual(['shared.request.date-order']);
    const posts = v2.instagram.posts({ date_start: '2024-02-01', date_end: '2024-01-01', profiles: ['p1'], fields: ['id'] });
    expect(posts.warnings?.map((w) => w.rule)).toEqual(['shared.request.date-order']);
  });

  it('a request with an error still throws, listing the warnings beside the errors', () => {
    const bad = { ...body, metrics: ['followers_change'] } as never;
    const error = (() => {
      try {
        v2.facebook.metrics(bad);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).problems.map((p) => p.severity).sort()).toEqual(['error', 'warning']);
  });
});

describe('messages name a network with its article', () => {
  it('an instagram metric, a facebook metric', () => {
    expect(checkRequest('POST /2/instagram/metrics', { date_start: '2024-01-01', date_end: '2024-01-02', profiles: ['p'], metrics: ['fans_change'] })[0].message).toBe(
      '"fans_change" is not an instagram metric',
    );
    expect(checkRequest('POST /2/facebook/metrics', { date_start: '2024-01-01', date_end: '2024-01-02', profiles: ['p'], metrics: ['followers_change'] })[0].message).toBe(
      '"followers_change" is not a facebook metric',
    );
    expect(checkRequest('POST /2/instagram/profile/posts', { date_start: '2024-01-01', date_end: '2024-01-02', profiles: ['p'], fields: ['message', 'nope'] })[0].message).toMatch(
      /is not an instagram post field$/,
    );
  });
});
