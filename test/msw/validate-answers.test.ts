/**
 * msw in Node (`setupServer`) with the package's handlers and the client, and `validateAnswers`
 * failing a test whose app received an answer the API cannot give: from a hand-written handler
 * that drifted from the API (a value of the wrong type, a body that is not JSON), whether it was
 * there from the start or added with `server.use`.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { createHandlers, validateAnswers, type AnswerValidation } from '../../src/msw/index.js';
import { v2 } from '../../src/v2.js';

const BASE = 'https://api.example.test';
const handlers = createHandlers({ baseUrl: BASE, token: 't', secret: 's', seed: 3 });
const server = setupServer(...handlers);
/** The hook validateAnswers registered (a test runner's afterEach, called here by the tests). */
const hooks: (() => Promise<void>)[] = [];
let validation: AnswerValidation;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  validation = validateAnswers(server, { baseUrl: BASE, strict: true, afterEach: (hook) => hooks.push(hook) });
});
afterAll(() => {
  validation.dispose();
  server.close();
});

const client = createClient({ token: 't', secret: 's', baseUrl: BASE, retry: { retries: 0 } });
const facebook = () => handlers.account.profiles.facebook.slice(0, 2).map((p) => p.id);

describe('createHandlers in msw/node', () => {
  it('answers the client as the mock server does, and validateAnswers finds nothing to say', async () => {
    expect(hooks).toHaveLength(1);
    const answer = await client.send(v2.facebook.metrics({ date_start: '2025-01-01', date_end: '2025-01-03', profiles: facebook(), metrics: ['fans_lifetime'], dimensions: [{ type: 'date.day' }] }));
    expect(answer.success).toBe(true);
    const profiles = await client.send(v2.twitter.profiles());
    expect(profiles.profiles.length).toBeGreaterThan(0);
    const refused = await fetch(`${BASE}/2/facebook/metrics`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(401);
    await expect(hooks[0]()).resolves.toBeUndefined();
  });

  it('fails the test after an answer of a drifting hand-written handler, naming the request, the place and the rule', async () => {
    server.use(http.post(`${BASE}/2/post/labels`, () => HttpResponse.json({ success: true, data: [{ id: 7, name: 'Campaign' }] })));
    const response = await fetch(`${BASE}/2/post/labels`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    // The app got the drifting answer unchanged.
    expect(await response.json()).toEqual({ success: true, data: [{ id: 7, name: 'Campaign' }] });
    const failure = hooks[0]();
    await expect(failure).rejects.toThrow(/validateAnswers: 1 answer the API cannot give:\nPOST \/2\/post\/labels \(HTTP 200\):\n {2}\/data\/0\/id: .*\[[a-z0-9.-]+\]/);
    // check() forgets what it reported: the next test starts clean.
    expect(validation.invalid).toEqual([]);
    server.resetHandlers();
  });

  it('reports a body that is not JSON under shared.response.json, and leaves other hosts alone', async () => {
    server.use(
      http.get(`${BASE}/2/twitter/profiles`, () => new HttpResponse('<html>oops</html>', { headers: { 'content-type': 'text/html' } })),
      http.get('https://elsewhere.test/x', () => HttpResponse.json({ anything: true })),
    );
    await (await fetch(`${BASE}/2/twitter/profiles`)).text();
    await (await fetch('https://elsewhere.test/x')).json();
    await expect(validation.check()).rejects.toThrow(/GET \/2\/twitter\/profiles \(HTTP 200\):\n {2}\(body\): the response body is not JSON: "<html>oops<\/html>" \[shared\.response\.json\]$/);
    server.resetHandlers();
  });

  it('checks a metrics answer against the request that asked for it', async () => {
    // A well-formed answer with a metric the request never asked for.
    server.use(http.post(`${BASE}/2/facebook/metrics`, () => HttpResponse.json({ success: true, header: [{ type: 'metric', items: ['page_posts'] }], data: [[3]] })));
    await fetch(`${BASE}/2/facebook/metrics`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ date_start: '2025-01-01', date_end: '2025-01-02', profiles: facebook(), metrics: ['fans_lifetime'] }) });
    await expect(validation.check()).rejects.toThrow(/POST \/2\/facebook\/metrics \(HTTP 200\)/);
    server.resetHandlers();
  });
});
