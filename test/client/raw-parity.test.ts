/**
 * `client.raw.v1` / `client.raw.v2` call the same policy wrapper as `send()`: the same
 * credentials, ApiError on `success: false`, retries, budget, validation and network errors,
 * checked for each of the three ways in (send, raw.v1, raw.v2) against the mock server.
 */
import type { Client } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { authorizationHeader } from '../../src/client/auth.js';
import { ApiError, createClient, ResponseValidationError, type ClientOptions, type SocialAnalyticsClient } from '../../src/client/index.js';
import { validateResponse } from '../../src/validators/index.js';
import { profileIds } from './support/requests.js';
import { clientFor, mock, SECRET, TOKEN } from './support/server.js';

type Way = 'send' | 'raw.v1' | 'raw.v2';
const WAYS: Way[] = ['send', 'raw.v1', 'raw.v2'];

/** The version a way sends to: send and raw.v2 use version 2 paths, raw.v1 version 1 paths. */
const versionOf = (way: Way) => (way === 'raw.v1' ? 1 : 2);

/** Sends `method path body` the given way; raw calls use the typed GET / POST of openapi-fetch. */
async function call(client: SocialAnalyticsClient, way: Way, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  if (way === 'send') return client.send({ method, path, body });
  const raw = (way === 'raw.v1' ? client.raw.v1 : client.raw.v2) as Client<any>;
  const { data } = method === 'GET' ? await raw.GET(path, {}) : await raw.POST(path, { body });
  return data;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
}

/** A client whose fetch answers from `script` (one body per request) and records the requests. */
function scripted(answers: unknown[], options: Partial<ClientOptions> = {}) {
  const seen: { method: string; path: string; authorization: string | null; body: string }[] = [];
  const sleeps: number[] = [];
  const client = createClient({
    token: TOKEN,
    secret: SECRET,
    baseUrl: 'https://api.example.com',
    clock: { now: () => 0, sleep: async (ms) => void sleeps.push(ms) },
    fetch: async (request) => {
      seen.push({ method: request.method, path: new URL(request.url).pathname, authorization: request.headers.get('authorization'), body: await request.text() });
      const answer = answers[Math.min(seen.length, answers.length) - 1];
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    },
    ...options,
  });
  return { client, seen, sleeps };
}

const labels = (way: Way) => `/${versionOf(way)}/post/labels`;

describe('raw.v1 / raw.v2 behave like send()', () => {
  it.each(WAYS)('%s: sends the Basic authorization header', async (way) => {
    const { client, seen } = scripted([{ success: true, labels: [] }]);
    await call(client, way, 'POST', labels(way), {});
    expect(seen).toEqual([{ method: 'POST', path: labels(way), authorization: authorizationHeader(TOKEN, SECRET), body: '{}' }]);
  });

  it.each(WAYS)('%s: success: false (HTTP 200) throws ApiError with the code', async (way) => {
    const server = await mock();
    const { client } = clientFor(server);
    const body = { date_start: '2025-01-01', date_end: '2025-01-31', profiles: profileIds(server.account, 'facebook').slice(0, 2), metrics: ['fans_change', 'no_such_metric'] };
    const error = (await failure(call(client, way, 'POST', `/${versionOf(way)}/facebook/metrics`, body))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.kind, error.code, error.httpStatus, error.operation]).toEqual(['api', 3, 200, `POST /${versionOf(way)}/facebook/metrics`]);
    expect(error.messages.join(' ')).toContain('no_such_metric');
    expect(server.log).toHaveLength(1);
  });

  it.each(WAYS)('%s: retries code 10 with backoff and onRetry, then returns the success', async (way) => {
    const retries: unknown[] = [];
    const limited = { success: false, errors: [{ code: 10, errors: ['Hourly request limit reached.'] }] };
    const { client, seen, sleeps } = scripted([limited, { success: true, labels: ['ok'] }], {
      retry: { retries: 3, baseDelayMs: 100, jitter: 0 },
      onRetry: ({ operation, retry, delayMs, error }) => retries.push({ operation, retry, delayMs, code: error.code }),
    });
    expect(await call(client, way, 'POST', labels(way), { x: 1 })).toEqual({ success: true, labels: ['ok'] });
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]); // resent unchanged: same header and body
    expect(seen[1].body).toBe('{"x":1}');
    expect(sleeps).toEqual([100]);
    expect(retries).toEqual([{ operation: `POST ${labels(way)}`, retry: 1, delayMs: 100, code: 10 }]);
  });

  it.each(WAYS)('%s: keeps to the requests-per-hour budget', async (way) => {
    const server = await mock();
    const { client, sleeps } = clientFor(server, { budget: 2 });
    for (let i = 0; i < 3; i++) await call(client, way, 'POST', labels(way), {});
    expect(server.log).toHaveLength(3);
    expect(sleeps).toEqual([3_600_000]);
  });

  it('shares one budget between send, raw.v1 and raw.v2', async () => {
    const server = await mock();
    const { client, sleeps } = clientFor(server, { budget: 2 });
    for (const way of WAYS) await call(client, way, 'POST', labels(way), {});
    expect(sleeps).toEqual([3_600_000]);
  });

  it.each(WAYS)('%s: a body that does not match the description throws ResponseValidationError', async (way) => {
    const bad = { success: true, profiles: [{ id: 5, name: 'x' }] };
    const { client } = scripted([bad], { validate: validateResponse });
    const error = (await failure(call(client, way, 'GET', `/${versionOf(way)}/facebook/profiles`))) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.operation).toBe(`GET /${versionOf(way)}/facebook/profiles`);
    expect(error.errors.some((e) => e.pointer === '/profiles/0/id')).toBe(true);
  });

  it.each(['send', 'raw.v2'] as const)('%s: validation is request-aware (it sees the request body)', async (way) => {
    const answer = { success: true, header: [{ type: 'date.day', rows: ['2025-01-05'] }, { type: 'metric', rows: ['ff_ratio'] }], data: [[1.5]] };
    const { client } = scripted([answer], { validate: validateResponse });
    const body = { date_start: '2025-01-01', date_end: '2025-01-02', profiles: ['1'], metrics: ['ff_ratio'], dimensions: [{ type: 'date.day' }] };
    expect(await failure(call(client, way, 'POST', '/2/twitter/metrics', body))).toBeInstanceOf(ResponseValidationError);
    expect(await call(client, way, 'POST', '/2/twitter/metrics', { ...body, date_end: '2025-01-05' })).toEqual(answer);
  });

  it.each(WAYS)('%s: no answer throws ApiError of kind network after the bounded retries', async (way) => {
    const server = await mock();
    const baseUrl = server.url;
    await server.close();
    const sleeps: number[] = [];
    const client = createClient({ token: TOKEN, secret: SECRET, baseUrl, retry: { retries: 2, baseDelayMs: 5 }, clock: { sleep: async (ms) => void sleeps.push(ms) } });
    const error = (await failure(call(client, way, 'POST', labels(way), {}))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(error.cause).toBeInstanceOf(Error);
    expect(sleeps).toHaveLength(2);
  });

  it.each(WAYS)('%s: a network failure followed by a success returns the success', async (way) => {
    const { client, calls } = failingOnce('{"success":true,"labels":[]}');
    expect(await call(client, way, 'POST', labels(way), {})).toEqual({ success: true, labels: [] });
    expect(calls()).toBe(2);
  });

  it('user onResponse middleware on a raw client reads the answer a retry after a network failure recovered', async () => {
    const { client } = failingOnce('{"success":true,"labels":["a"]}');
    const read: unknown[] = [];
    client.raw.v2.use({ onResponse: async ({ response }) => void read.push(await response.clone().json()) });
    const { data } = await client.raw.v2.POST('/2/post/labels', { body: {} });
    expect(data).toEqual({ success: true, labels: ['a'] });
    expect(read).toEqual([{ success: true, labels: ['a'] }]);
  });
});

/** A client whose fetch fails once (connection reset), then answers `text`; one retry allowed. */
function failingOnce(text: string) {
  let calls = 0;
  const client = createClient({
    token: TOKEN,
    secret: SECRET,
    baseUrl: 'https://api.example.com',
    retry: { retries: 1, baseDelayMs: 1 },
    clock: { sleep: async () => undefined },
    fetch: async () => {
      if (++calls === 1) throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
      return new Response(text);
    },
  });
  return { client, calls: () => calls };
}

describe('raw call options', () => {
  it('an abort signal given to a raw call stops it, without retries', async () => {
    const server = await mock();
    const { client, sleeps } = clientFor(server);
    const controller = new AbortController();
    controller.abort();
    const error = (await failure(client.raw.v2.GET('/2/facebook/profiles', { signal: controller.signal }))) as ApiError;
    expect([error.name, error.kind]).toEqual(['ApiError', 'network']);
    expect((error.cause as Error).name).toBe('AbortError');
    expect(sleeps).toEqual([]);
    expect(server.log).toHaveLength(0);
  });
});

describe('user middleware on the raw clients', () => {
  it('sees standard Requests with the Authorization header, from raw calls only', async () => {
    const server = await mock();
    const { client } = clientFor(server);
    const seen: string[] = [];
    client.raw.v2.use({
      onRequest: ({ request }) => void seen.push(`${request instanceof Request} ${request.method} ${new URL(request.url).pathname} ${request.headers.get('authorization') === authorizationHeader(TOKEN, SECRET)}`),
    });
    await client.raw.v2.GET('/2/twitter/profiles');
    await client.send({ method: 'GET', path: '/2/twitter/profiles', body: undefined });
    expect(seen).toEqual(['true GET /2/twitter/profiles true']);
    expect(server.log).toHaveLength(2);
  });

  it('a Response from a user onRequest (a cache) answers raw calls; send() does not go through raw middleware', async () => {
    const { client, seen } = scripted([{ success: true, labels: ['from the server'] }]);
    client.raw.v2.use({ onRequest: () => new Response('{"success":true,"labels":["cached"]}') });
    expect((await client.raw.v2.POST('/2/post/labels', { body: {} })).data).toEqual({ success: true, labels: ['cached'] });
    expect(seen).toEqual([]);
    expect(await client.send({ method: 'POST', path: '/2/post/labels', body: {} })).toEqual({ success: true, labels: ['from the server'] });
    expect(seen).toHaveLength(1);
  });
});
