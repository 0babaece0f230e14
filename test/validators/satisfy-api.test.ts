/** The vitest matcher `toSatisfyApi` from `social-analytics-api/vitest`: answers as they come. */
import { describe, expect, it } from 'vitest';
import '../../src/vitest.js';
import { authorizationHeader } from '../../src/client/auth.js';
import { mock, SECRET, TOKEN } from '../client/support/server.js';

const request = { method: 'POST', path: '/2/facebook/metrics', body: { date_start: '2026-01-01', date_end: '2026-01-02', profiles: ['p1'], metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] } };
const body = { success: true, header: [{ type: 'date.day', rows: ['2026-01-01', '2026-01-02'] }, { type: 'metric', rows: ['fans_change'] }], data: [[1], [2]] };
/** The same answer missing the last requested day: only the request-aware check sees it. */
const missingDay = { ...body, header: [{ type: 'date.day', rows: ['2026-01-01'] }, body.header[1]], data: [[1]] };

describe('toSatisfyApi on a plain { status, body }', () => {
  it('passes for a valid answer and fails, naming the rule, for one the request rules out', () => {
    expect({ status: 200, body }).toSatisfyApi(request);
    expect({ status: 200, body: missingDay }).toSatisfyApi({ method: 'POST', path: '/2/facebook/metrics' });
    expect(() => expect({ status: 200, body: missingDay }).toSatisfyApi(request)).toThrowError(/^expected the answer \(HTTP 200\) to satisfy POST \/2\/facebook\/metrics for the given request; 1 error:\n.*\(rule v2\.metrics\.[a-z-]+\)/);
    expect({ status: 200, body: missingDay }).not.toSatisfyApi(request);
  });

  it('takes the operation from the answer URL when no request is given, and says what is missing', () => {
    expect({ status: 200, body, url: 'http://127.0.0.1:4010/2/facebook/metrics' }).toSatisfyApi();
    expect(() => expect({ status: 200, body }).toSatisfyApi()).toThrowError('toSatisfyApi: no operation to check against');
    expect(() => expect({ status: 200, body }).toSatisfyApi({ method: 'GET', path: '/nowhere' })).toThrowError('toSatisfyApi: GET /nowhere is no operation of the API');
    expect(() => expect('text').toSatisfyApi(request)).toThrowError('toSatisfyApi: expected a fetch Response or { status, body }, got string');
    expect(() => expect({ status: 200, body }).not.toSatisfyApi(42 as never)).toThrowError('toSatisfyApi: expected the request as sent, { method, path, body? } (a built request is one) or a fetch Request, got number');
  });
});

describe('toSatisfyApi on a fetch Response', () => {
  it('reads the body from a clone (the test can still read it) and checks it against the request', async () => {
    const server = await mock();
    const sent = { method: 'POST', path: '/2/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-01-03', profiles: [server.account.profiles.facebook[0].id], metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] } };
    const res = await fetch(server.url + sent.path, { method: 'POST', headers: { authorization: authorizationHeader(TOKEN, SECRET), 'content-type': 'application/json' }, body: JSON.stringify(sent.body) });
    await expect(res).toSatisfyApi(sent);
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
    // The operation from the response URL alone.
    const again = await fetch(server.url + sent.path, { method: 'POST', headers: { authorization: authorizationHeader(TOKEN, SECRET), 'content-type': 'application/json' }, body: JSON.stringify(sent.body) });
    await expect(again).toSatisfyApi();
    // A fetch Request as the request.
    const fetchRequest = new Request(server.url + sent.path, { method: 'POST', body: JSON.stringify(sent.body) });
    await expect(new Response(JSON.stringify(missingDay), { status: 200 })).not.toSatisfyApi(fetchRequest);
  });

  it('fails with the reason for a body that is not JSON', async () => {
    await expect(expect(new Response('<html>', { status: 502 })).toSatisfyApi(request)).rejects.toThrowError('expected an answer of POST /2/facebook/metrics for the given request; its body is not JSON: "<html>"');
    await expect(expect(new Response(JSON.stringify(missingDay))).toSatisfyApi(request)).rejects.toThrowError(/rule v2\.metrics\./);
  });
});
