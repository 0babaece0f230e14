/**
 * A success answer to a request the documents refuse is invalid in both modes: over a limit
 * ("excess gives code 4") or breaking another stated request rule (code 3, input validation
 * error). A request that breaks only an inferred request rule is not known to be refused.
 */
import { describe, expect, it } from 'vitest';
import { validateResponse } from '../../src/validators/index.js';
import { checkRequest } from '../../src/request-checks/check.js';
import { mock } from '../client/support/server.js';
import { profileIds } from '../client/support/requests.js';
import { authorizationHeader } from '../../src/client/auth.js';
import { SECRET, TOKEN } from '../client/support/server.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
const day = '2025-01-01';

/** A v1 facebook metrics success body answering `profiles`, one day each. */
const v1Answer = (profiles: string[]) => ({ success: true, profiles: profiles.map((id) => ({ id, data: [{ date: `${day} 00:00:00`, fans_change: 1 }] })) });
/** A v2 facebook metrics success body without dimensions (one number per metric). */
const v2Answer = (metrics: string[]) => ({ success: true, header: [{ type: 'metric', rows: metrics }], data: metrics.map(() => 1) });

function rulesOf(path: string, body: unknown, request: unknown, strict: boolean): string[] {
  const result = validateResponse({ method: 'POST', path, body, request, strict });
  return result.errors.map((e) => e.rule);
}

describe('a success answer to a request over a limit ("excess gives code 4")', () => {
  it('26 profiles: invalid in both modes, the message naming the limit and the request parameter', () => {
    const request = { date_start: day, date_end: day, profiles: ids(26), metrics: ['fans_change'] };
    for (const strict of [false, true]) expect(rulesOf('/1/facebook/metrics', v1Answer(ids(26)), request, strict)).toEqual(['shared.response.limit-refused']);
    const [error] = validateResponse({ method: 'POST', path: '/1/facebook/metrics', body: v1Answer(ids(26)), request }).errors;
    expect(error.message).toContain('code 4');
    expect(error.message).toContain('request profiles: holds 26 items; at most 25');
    // At the limit: nothing to say.
    const at = { ...request, profiles: ids(25) };
    expect(rulesOf('/1/facebook/metrics', v1Answer(ids(25)), at, true)).toEqual([]);
  });

  it('six months of metrics: invalid in both modes (more days than any 3 months hold)', () => {
    const request = { date_start: '2025-01-01', date_end: '2025-06-30', profiles: ['p1'], metrics: ['fans_change'], dimensions: [] };
    for (const strict of [false, true]) expect(rulesOf('/2/facebook/metrics', v2Answer(['fans_change']), request, strict)).toEqual(['shared.response.limit-refused']);
  });

  it('26 metrics: invalid', () => {
    const request = { date_start: day, date_end: day, profiles: ['p1'], metrics: Array.from({ length: 26 }, () => 'fans_change'), dimensions: [] };
    expect(rulesOf('/2/facebook/metrics', v2Answer(['fans_change']), request, false)).toContain('shared.response.limit-refused');
  });

  it('the body alone says it through its own sentences ("one element per requested profile"); a failure body to it is valid', () => {
    expect(rulesOf('/1/facebook/metrics', v1Answer(ids(26)), undefined, true)).toEqual(['v1.metrics.profiles-within-limit']);
    const request = { date_start: day, date_end: day, profiles: ids(26), metrics: ['fans_change'] };
    const failure = { success: false, errors: [{ code: 4, errors: ['profiles, metrics or date range limit exceeded', 'profiles: 26 of at most 25'] }] };
    expect(rulesOf('/1/facebook/metrics', failure, request, true)).toEqual([]);
  });
});

describe('a success answer to a request breaking another stated rule (code 3)', () => {
  it('an unknown metric name: invalid in both modes', () => {
    const request = { date_start: day, date_end: day, profiles: ['p1'], metrics: ['fans_change', 'not_a_metric'] };
    for (const strict of [false, true]) expect(rulesOf('/1/facebook/metrics', v1Answer(['p1']), request, strict)).toContain('shared.response.invalid-request-refused');
  });

  it('a request breaking only an inferred rule (date_end before date_start) is not known to be refused', () => {
    const request = { date_start: '2025-01-02', date_end: day, profiles: ['p1'], metrics: ['fans_change'] };
    expect(checkRequest('POST /1/facebook/metrics', request).map((p) => p.severity)).toEqual(['warning']);
    for (const strict of [false, true]) expect(rulesOf('/1/facebook/metrics', v1Answer(['p1']), request, strict)).not.toContain('shared.response.invalid-request-refused');
  });
});

describe('the mock refuses what the validator says it must', () => {
  it('26 profiles of the account get code 4, a failure body valid for its request', async () => {
    const server = await mock();
    const profiles = profileIds(server.account, 'facebook').slice(0, 26);
    expect(profiles).toHaveLength(26);
    const request = { date_start: day, date_end: day, profiles, metrics: ['fans_change'] };
    const res = await fetch(`${server.url}/1/facebook/metrics`, { method: 'POST', headers: { authorization: authorizationHeader(TOKEN, SECRET), 'content-type': 'application/json' }, body: JSON.stringify(request) });
    const body = (await res.json()) as { success: boolean; errors: { code: number }[] };
    expect(body.errors.map((e) => e.code)).toEqual([4]);
    expect(validateResponse({ method: 'POST', path: '/1/facebook/metrics', body, request, strict: true }).errors).toEqual([]);
  });
});
