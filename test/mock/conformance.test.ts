/**
 * The mock against the published OpenAPI documents: requests of every operation generated from
 * the documents' schemas (json-schema-faker, driven by fast-check with a fixed seed and a fixed
 * number of runs), sent to the mock. No answer is a 5xx or takes longer than the hang guard, and
 * every success answer is valid for its request in strict mode.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authorizationHeader } from '../../src/client/auth.js';
import { validateResponse } from '../../src/validators/index.js';
import { mock, SECRET, TOKEN } from '../client/support/server.js';
import { closerArbitrary, conformanceRequest, publishedOperations, type ConformanceRequest } from './support/conformance-requests.js';

const auth = authorizationHeader(TOKEN, SECRET);
/** A hang guard, not a benchmark (speed: `npm run bench -- mock`). */
const HANG_GUARD_MS = 2_000;
const RUNS_PER_OPERATION = 16;
const SEED = 27;

/**
 * Requests whose success answers the strict validator rejects because the package's parts
 * disagree about the request, not because the mock answers wrongly. Each names its rule.
 */
const KNOWN_DISAGREEMENTS: { rule: string; applies: (r: ConformanceRequest) => boolean }[] = [
  {
    // A v1 metrics request naming a profile twice is accepted by checkRequest (strict) and
    // answered once per name; the validator wants one profile element per distinct id.
    rule: 'v1.metrics.profiles',
    applies: (r) => r.path.startsWith('/1/') && r.path.endsWith('/metrics') && hasRepeat(r.body?.profiles),
  },
  {
    // Repeated v2 metrics are accepted by checkRequest (strict); the strict validator refuses
    // the answer's repeated metric rows.
    rule: 'v2.metrics.metric-rows-unique',
    applies: (r) => r.path.startsWith('/2/') && r.path.endsWith('/metrics') && hasRepeat(r.body?.metrics),
  },
];

function hasRepeat(list: unknown): boolean {
  return Array.isArray(list) && new Set(list.map((v) => JSON.stringify(v))).size !== list.length;
}

describe('the mock answers requests generated from the published OpenAPI documents', () => {
  const operations = publishedOperations();

  it('covers every operation of both documents', () => {
    expect(operations.length).toBeGreaterThanOrEqual(28);
    expect(new Set(operations.map((o) => o.operation.split(' ')[1].split('/')[1]))).toEqual(new Set(['1', '2']));
  });

  it.each(operations.map((o) => [o.operation, o] as const))('%s: no 5xx, no hang, every success valid in strict mode', async (_, op) => {
    const server = await mock({ budgets: { perUser: 1e9, perAccount: 1e9 } });
    const outcomes = { success: 0, failure: 0, excluded: 0 };
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
        if (body.success !== true) {
          outcomes.failure++;
          return;
        }
        if (KNOWN_DISAGREEMENTS.some((d) => d.applies(request))) {
          outcomes.excluded++;
          return;
        }
        outcomes.success++;
        const verdict = validateResponse({ method: request.method, path: request.path, body, request: request.body, strict: true });
        expect(verdict.errors, JSON.stringify(request.body)).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
    );
    expect(outcomes.success + outcomes.failure + outcomes.excluded).toBe(RUNS_PER_OPERATION);
  });
});
