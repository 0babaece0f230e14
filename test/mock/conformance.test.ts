/**
 * The mock against the published OpenAPI documents: requests of every operation generated from
 * the documents' schemas (json-schema-faker, driven by fast-check with a fixed seed and a fixed
 * number of runs), sent to the mock. No answer is a 5xx or takes longer than the hang guard, and
 * every answer (success or failure) is valid for its request in strict mode: a success answer
 * only to a request the documents do not refuse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authorizationHeader } from '../../src/client/auth.js';
import { validateResponse } from '../../src/validators/index.js';
import { mock, SECRET, TOKEN } from '../client/support/server.js';
import { closerArbitrary, conformanceRequest, publishedOperations } from './support/conformance-requests.js';

const auth = authorizationHeader(TOKEN, SECRET);
/** A hang guard, generous for a loaded CI machine; not a benchmark (speed: `npm run bench -- mock`). */
const HANG_GUARD_MS = 30_000;
const RUNS_PER_OPERATION = 16;
const SEED = 27;

describe('the mock answers requests generated from the published OpenAPI documents', () => {
  const operations = publishedOperations();

  it('covers every operation of both documents', () => {
    expect(operations.length).toBeGreaterThanOrEqual(28);
    expect(new Set(operations.map((o) => o.operation.split(' ')[1].split('/')[1]))).toEqual(new Set(['1', '2']));
  });

  it('answers its failures at the edges as the documents allow: no credentials, an unknown path, a wrong method, an unreadable body', async () => {
    const server = await mock();
    // 401 and 404 ("resource not allowed") and 405 ("HTTP method not allowed") are failures of
    // "all" endpoints, in the failure shape "standardized for every endpoint".
    const edges: { method: string; path: string; headers?: Record<string, string>; body?: string; status: number }[] = [
      { method: 'GET', path: '/2/facebook/profiles', headers: {}, status: 401 },
      { method: 'POST', path: '/2/facebook/nothing', body: '{}', status: 404 },
      { method: 'POST', path: '/3/facebook/metrics', body: '{}', status: 404 },
      { method: 'POST', path: '/2/facebook/profiles', body: '{}', status: 405 },
      { method: 'GET', path: '/1/facebook/metrics', status: 405 },
      { method: 'POST', path: '/2/facebook/metrics', body: '{not json', status: 400 },
    ];
    for (const edge of edges) {
      const res = await fetch(server.url + edge.path, { method: edge.method, headers: { 'content-type': 'application/json', ...(edge.headers ?? { authorization: auth }) }, body: edge.body, signal: AbortSignal.timeout(HANG_GUARD_MS) });
      const body = await res.json();
      expect(res.status, `${edge.method} ${edge.path}`).toBe(edge.status);
      const verdict = validateResponse({ method: edge.method, path: edge.path, status: res.status, body, strict: true });
      expect(verdict, `${edge.method} ${edge.path}`).toMatchObject({ valid: true, errors: [], warnings: [] });
    }
  });

  it.each(operations.map((o) => [o.operation, o] as const))('%s: no 5xx, no hang, every answer valid in strict mode', async (_, op) => {
    const server = await mock({ budgets: { perUser: 1e9, perAccount: 1e9 } });
    const outcomes = { success: 0, failure: 0 };
    await fc.assert(
      fc.asyncProperty(closerArbitrary, async (closer) => {
        const request = await conformanceRequest(op, closer, server.account);
        const res = await fetch(server.url + request.path, {
          method: request.method,
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.timeout(HANG_GUARD_MS),
        });
        expect(res.status, JSON.stringify(request.body)).toBeLessThan(500);
        const body = (await res.json()) as { success?: boolean };
        if (body.success === true) outcomes.success++;
        else outcomes.failure++;
        // Every answer, failures included, is one the API can give for its request.
        const verdict = validateResponse({ method: request.method, path: request.path, status: res.status, body, request: request.body, strict: true });
        expect(verdict.errors, JSON.stringify(request.body)).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
    );
    expect(outcomes.success + outcomes.failure).toBe(RUNS_PER_OPERATION);
  });
});
