/**
 * The package's parts agree on the requests where they used to disagree: what `checkRequest`
 * accepts in strict mode, the mock answers with a body `validateResponse` accepts in strict mode,
 * and a client validating its answers never throws against the package's own mock.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/index.js';
import { checkRequest } from '../../src/request-checks/check.js';
import { validateResponse } from '../../src/validators/index.js';
import type { ValidateResponseInput } from '../../src/validators/index.js';
import { profileIds } from '../client/support/requests.js';
import { authorizationHeader } from '../../src/client/auth.js';
import { clientFor, mock, SECRET, TOKEN } from '../client/support/server.js';
import { closerArbitrary, conformanceRequest, publishedOperations } from './support/conformance-requests.js';

const strictValidate = (input: ValidateResponseInput) => validateResponse({ ...input, strict: true });
const range = { date_start: '2025-03-01', date_end: '2025-03-03' };

describe('a profile named twice in a v1 metrics request ("one element per requested profile")', () => {
  it('is accepted by checkRequest, answered once by the mock, and that answer is valid in strict mode', async () => {
    const server = await mock();
    const [a, b] = profileIds(server.account, 'facebook');
    const body = { ...range, profiles: [a, b, a], metrics: ['fans_change'] };
    expect(checkRequest('POST /1/facebook/metrics', body, { strict: true })).toEqual([]);
    const { client } = clientFor(server, { validate: strictValidate });
    const answer = (await client.send({ method: 'POST', path: '/1/facebook/metrics', operation: 'POST /1/facebook/metrics', body })) as { profiles: { id: string }[] };
    expect(answer.profiles.map((p) => p.id)).toEqual([a, b]);
  });

  it('an answer with the profile twice is refused by the validator (one requested profile, one element)', () => {
    const record = { date: '2025-03-01 00:00:00', fans_change: 1 };
    const request = { ...range, date_end: '2025-03-01', profiles: ['a', 'a'], metrics: ['fans_change'] };
    const once = { success: true, profiles: [{ id: 'a', data: [record] }] };
    const twice = { success: true, profiles: [{ id: 'a', data: [record] }, { id: 'a', data: [record] }] };
    expect(validateResponse({ method: 'POST', path: '/1/facebook/metrics', body: once, request, strict: true }).errors).toEqual([]);
    expect(validateResponse({ method: 'POST', path: '/1/facebook/metrics', body: twice, request }).errors.map((e) => e.rule)).toContain('v1.metrics.profiles');
  });
});

describe('a metric named twice in a v2 metrics request', () => {
  it('is accepted by checkRequest, answered with one row by the mock, and that answer is valid in strict mode', async () => {
    const server = await mock();
    const [a] = profileIds(server.account, 'facebook');
    const body = { ...range, profiles: [a, a], metrics: ['fans_change', 'fans_lifetime', 'fans_change'], dimensions: [{ type: 'profile' }, { type: 'date.day' }] };
    expect(checkRequest('POST /2/facebook/metrics', body, { strict: true })).toEqual([]);
    const { client } = clientFor(server, { validate: strictValidate });
    const answer = (await client.send({ method: 'POST', path: '/2/facebook/metrics', operation: 'POST /2/facebook/metrics', body })) as { header: { type: string; rows: string[] }[] };
    expect(answer.header.map((h) => h.rows)).toEqual([[a], ['2025-03-01', '2025-03-02', '2025-03-03'], ['fans_change', 'fans_lifetime']]);
  });

  it('the validator wants each requested metric once, at its first place, in strict mode', () => {
    const request = { ...range, date_end: '2025-03-01', profiles: ['a'], metrics: ['fans_change', 'fans_lifetime', 'fans_change'], dimensions: [{ type: 'date.day' }] };
    const body = (rows: string[]) => ({ success: true, header: [{ type: 'date.day', rows: ['2025-03-01'] }, { type: 'metric', rows }], data: [rows.map(() => 1)] });
    const check = (rows: string[]) => validateResponse({ method: 'POST', path: '/2/facebook/metrics', body: body(rows), request, strict: true }).errors.map((e) => e.rule);
    expect(check(['fans_change', 'fans_lifetime'])).toEqual([]);
    expect(check(['fans_change', 'fans_lifetime', 'fans_change'])).toContain('v2.metrics.metric-rows-unique');
    expect(check(['fans_lifetime', 'fans_change'])).toEqual(['v2.metrics.metric-order', 'v2.metrics.metric-order']);
  });
});

describe('empty filter lists ("value: string or array of strings")', () => {
  const posts = { ...range, profiles: ['p'], fields: ['id'] };
  it('an empty filter value or match_any list breaks only the inferred non-empty rule', () => {
    for (const filter of [[{ field: 'type', value: [] }], [{ match_any: [] }], [{ match_any: [{ field: 'post_labels', value: [] }] }]]) {
      const problems = checkRequest('POST /2/facebook/page/posts', { ...posts, filter });
      expect(problems.map((p) => [p.rule, p.severity]), JSON.stringify(filter)).toEqual([['shared.request.non-empty', 'warning']]);
      expect(checkRequest('POST /2/facebook/page/posts', { ...posts, filter }, { strict: true })[0].severity).toBe('error');
    }
  });
  it('a value of another type is still a stated error, named in words', () => {
    const [problem] = checkRequest('POST /2/facebook/page/posts', { ...posts, filter: [{ field: 'type', value: 5 }] });
    expect(problem).toMatchObject({ parameter: 'filter[0].value', rule: 'shared.posts.filter-value', severity: 'error', message: 'must be a string or an array of strings, got 5' });
  });
});

describe('a client validating its answers against the package mock', () => {
  const metricsAndPosts = publishedOperations().filter((o) => o.method === 'POST' && /\/(metrics|posts)$/.test(o.path));

  it('never throws a validation error for a request checkRequest accepts, in either mode', async () => {
    const server = await mock({ budgets: { perUser: 1e9, perAccount: 1e9 } });
    const clients = [clientFor(server, { validate: validateResponse }).client, clientFor(server, { validate: strictValidate }).client];
    let answered = 0;
    for (const op of metricsAndPosts) {
      await fc.assert(
        fc.asyncProperty(closerArbitrary, async (closer) => {
          const request = await conformanceRequest(op, closer, server.account);
          if (checkRequest(op.operation, request.body).some((p) => p.severity === 'error')) return;
          for (const client of clients) {
            try {
              await client.send({ method: 'POST', path: request.path, operation: op.operation, body: request.body });
              answered++;
            } catch (err) {
              // The mock may refuse (an inferred rule, code 5 for foreign profiles...): an API error, never a validation error.
              expect(err, `${op.operation} ${JSON.stringify(request.body)}`).toBeInstanceOf(ApiError);
            }
          }
        }),
        { seed: 26, numRuns: 6, endOnFailure: true },
      );
    }
    expect(answered).toBeGreaterThan(metricsAndPosts.length);
  }, 120_000);
});

describe('a request of no operation', () => {
  it('checkRequest gives it the code the mock answers: 404 for an unknown path, 405 for a known path with another method', async () => {
    const server = await mock();
    const auth = authorizationHeader(TOKEN, SECRET);
    for (const [key, code] of [['POST /2/twitter/profile/posts', 404], ['POST /1/profile/labels', 404], ['POST /2/facebook/profiles', 405], ['GET /2/facebook/metrics', 405]] as const) {
      expect(checkRequest(key, {}).map((p) => [p.rule, p.code]), key).toEqual([['shared.request.known-operation', code]]);
      const [method, path] = key.split(' ');
      const res = await fetch(server.url + path, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
      const body = (await res.json()) as { errors: { code: number }[] };
      expect([res.status, body.errors[0].code], key).toEqual([code, code]);
    }
  });
});
