import { describe, expect, it } from 'vitest';
import { authorizationHeader, checkBaseUrl, insecureHostsOf } from '../../src/client/auth.js';
import { RequestBudget } from '../../src/client/budget.js';
import { ApiError, ClientConfigError, createClient } from '../../src/client/index.js';
import { backoffDelay, isRetriable, resolveRetry, retryAfterMs, retryDelay } from '../../src/client/retry.js';
import { mock, SECRET, TOKEN } from './support/server.js';

const fakeClock = () => {
  let now = 0;
  const sleeps: number[] = [];
  return { sleeps, clock: { now: () => now, sleep: async (ms: number) => { sleeps.push(ms); now += ms; } }, at: () => now };
};

describe('auth and base address', () => {
  it('builds Basic base64(token:secret)', () => {
    expect(authorizationHeader('tok', 'sec')).toBe(`Basic ${Buffer.from('tok:sec').toString('base64')}`);
  });

  it('allows https anywhere and http only on loopback', () => {
    expect(checkBaseUrl('https://api.example.com/')).toBe('https://api.example.com');
    expect(checkBaseUrl('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
    expect(checkBaseUrl('http://localhost:4010')).toBe('http://localhost:4010');
    expect(checkBaseUrl('http://[::1]:4010')).toBe('http://[::1]:4010');
    expect(() => checkBaseUrl('http://api.example.com')).toThrow(/https/);
    expect(() => checkBaseUrl('http://127.0.0.1.evil.com')).toThrow(ClientConfigError);
    expect(() => checkBaseUrl('ftp://127.0.0.1')).toThrow(ClientConfigError);
    expect(() => checkBaseUrl('not a url')).toThrow(/baseUrl/);
    expect(() => createClient({ token: '', secret: 'x', baseUrl: 'https://a.b' })).toThrow(/token/);
    expect(() => createClient({ token: 't', secret: '', baseUrl: 'https://a.b' })).toThrow(/secret/);
  });

  it('validate: true (from JavaScript) is refused with what to pass instead', () => {
    const options = { token: 't', secret: 's', baseUrl: 'https://a.b', validate: true } as unknown as Parameters<typeof createClient>[0];
    expect(() => createClient(options)).toThrow(ClientConfigError);
    expect(() => createClient(options)).toThrow(/option "validate" takes a function: pass \{ validate: validateResponse \} from 'social-analytics-api\/validators'/);
    expect(() => createClient({ ...options, validate: undefined })).not.toThrow();
  });
});

describe('retry policy', () => {
  const api = (code: number, httpStatus = 200) => new ApiError({ kind: 'api', operation: 'op', httpStatus, errors: [{ code, meaning: '', messages: [] }] });

  it('retries only codes 10/11, HTTP 500 and network failures', () => {
    expect(isRetriable(api(10))).toBe(true);
    expect(isRetriable(api(11))).toBe(true);
    expect(isRetriable(api(500, 500))).toBe(true);
    expect(isRetriable(new ApiError({ kind: 'network', operation: 'op' }))).toBe(true);
    expect(isRetriable(new ApiError({ kind: 'http', operation: 'op', httpStatus: 500 }))).toBe(true);
    expect(isRetriable(new ApiError({ kind: 'invalid-body', operation: 'op', httpStatus: 500 }))).toBe(true);
    expect(isRetriable(new ApiError({ kind: 'timeout', operation: 'op' }))).toBe(true);
    expect(isRetriable(new ApiError({ kind: 'redirect', operation: 'op', httpStatus: 307 }))).toBe(false);
    for (const code of [3, 4, 5, 6, 7, 8, 13, 99]) expect(isRetriable(api(code)), `code ${code}`).toBe(false);
    for (const status of [400, 401, 403, 404, 405]) expect(isRetriable(api(status, status)), `HTTP ${status}`).toBe(false);
    expect(isRetriable(new ApiError({ kind: 'invalid-body', operation: 'op', httpStatus: 200 }))).toBe(false);
    expect(isRetriable(new Error('x'))).toBe(false);
  });

  it('backs off exponentially with bounded jitter', () => {
    const policy = resolveRetry({ baseDelayMs: 100, factor: 2, maxDelayMs: 1000, jitter: 0.5 });
    expect([0, 1, 2, 3, 4].map((r) => backoffDelay(policy, r, () => 1))).toEqual([100, 200, 400, 800, 1000]);
    expect([0, 1, 2].map((r) => backoffDelay(policy, r, () => 0))).toEqual([50, 100, 200]);
    expect(resolveRetry(false).retries).toBe(0);
    expect(() => resolveRetry({ retries: -1 })).toThrow(/retry.retries/);
  });

  it('reads Retry-After as seconds or an HTTP date, and caps it at maxDelayMs', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    for (const unreadable of [null, undefined, '', '-1', '1.5', 'soon']) expect(retryAfterMs(unreadable, now), String(unreadable)).toBeUndefined();
    const policy = resolveRetry({ baseDelayMs: 100, maxDelayMs: 1000, jitter: 0 });
    expect(retryDelay(policy, 0, () => 0.5, 3000)).toBe(1000);
    expect(retryDelay(policy, 0, () => 0.5, 300)).toBe(300);
    expect(retryDelay(policy, 1, () => 0.5, undefined)).toBe(200);
  });
});

describe('requests-per-hour budget', () => {
  it('window: bursts up to the budget, then waits until the oldest request is an hour old', async () => {
    const { clock, sleeps, at } = fakeClock();
    const budget = new RequestBudget({ requestsPerHour: 3 }, clock);
    for (let i = 0; i < 3; i++) await budget.acquire();
    expect(sleeps).toEqual([]);
    await budget.acquire();
    expect(sleeps).toEqual([3_600_000]);
    expect(at()).toBe(3_600_000);
  });

  it('even: spaces request starts by an hour / budget', async () => {
    const { clock, sleeps } = fakeClock();
    const budget = new RequestBudget({ requestsPerHour: 4, spacing: 'even' }, clock);
    await Promise.all([budget.acquire(), budget.acquire(), budget.acquire()]);
    expect(sleeps).toEqual([900_000, 900_000]);
  });
});

describe('allowInsecureHost', () => {
  it('allows plain http: to the named hosts only, and refuses it elsewhere as before', () => {
    expect(checkBaseUrl('http://mock:4010', insecureHostsOf('mock'))).toBe('http://mock:4010');
    expect(checkBaseUrl('http://MOCK:4010/', insecureHostsOf(['Mock', 'api-mock']))).toBe('http://MOCK:4010');
    expect(() => checkBaseUrl('http://mock:4010')).toThrow(/allowInsecureHost/);
    expect(() => checkBaseUrl('http://mock.evil.com:4010', insecureHostsOf('mock'))).toThrow(ClientConfigError);
    expect(() => createClient({ token: 't', secret: 's', baseUrl: 'http://other:4010', allowInsecureHost: 'mock' })).toThrow(ClientConfigError);
    expect(() => createClient({ token: 't', secret: 's', baseUrl: 'http://mock:4010', allowInsecureHost: 'mock' })).not.toThrow();
    expect(() => insecureHostsOf('http://mock:4010')).toThrow('option "allowInsecureHost" takes host names (such as "mock"), got "http://mock:4010"');
    expect(() => insecureHostsOf(4010)).toThrow(ClientConfigError);
  });

  it('sends to the named host over plain http:', async () => {
    const server = await mock();
    const seen: string[] = [];
    const client = createClient({
      token: TOKEN,
      secret: SECRET,
      baseUrl: 'http://mock:4010',
      allowInsecureHost: 'mock',
      // The name resolves to the loopback mock in this test (as a service name does in CI).
      fetch: (request) => {
        seen.push(request.url);
        return fetch(new Request(request.url.replace('http://mock:4010', server.url), request));
      },
    });
    expect(await client.send({ method: 'GET', path: '/2/facebook/profiles', body: undefined })).toMatchObject({ success: true });
    expect(seen).toEqual(['http://mock:4010/2/facebook/profiles']);
  });
});
