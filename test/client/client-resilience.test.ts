import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { authorizationHeader } from '../../src/client/auth.js';
import { ApiError, createClient, ResponseValidationError, SplitRefusedError } from '../../src/client/index.js';
import { validateResponse } from '../../src/validators/index.js';
import { profileIds } from './support/requests.js';
import { clientFor, mock, SECRET, TOKEN } from './support/server.js';

const labels = { method: 'POST' as const, path: '/2/post/labels', operation: 'POST /2/post/labels', body: {} };

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
}

/** Every text an error exposes: message, stack, causes, JSON, inspection. */
function exposedText(error: unknown): string {
  const parts: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e !== undefined && depth < 10; depth++) {
    if (e instanceof Error) parts.push(e.message, e.stack ?? '', String(e));
    parts.push(JSON.stringify(e) ?? '', inspect(e, { depth: 10, showHidden: true }));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join('\n');
}

describe('retries under fault injection', () => {
  it('recovers from HTTP 500s and dropped connections, never beyond the retry bound', async () => {
    const server = await mock({ faults: { serverErrorRate: 0.3, dropRate: 0.2, seed: 3 } });
    const retries = 2;
    const { client } = clientFor(server, { retry: { retries, baseDelayMs: 10 } });
    let ok = 0;
    let failed = 0;
    for (let i = 0; i < 60; i++) {
      const before = server.log.length;
      try {
        await client.send(labels);
        ok++;
      } catch (error) {
        expect(error).toBeInstanceOf(ApiError);
        expect(['network', 'api']).toContain((error as ApiError).kind);
        failed++;
      }
      const attempts = server.log.slice(before);
      expect(attempts.length).toBeLessThanOrEqual(retries + 1);
      // Stops at the first success; every earlier attempt was a fault.
      expect(attempts.slice(0, -1).every((a) => a.fault === 'drop' || a.fault === 'server-error')).toBe(true);
    }
    expect(ok).toBeGreaterThan(40);
    expect(ok + failed).toBe(60);
    expect(server.log.filter((e) => e.fault).length).toBeGreaterThan(10);
  });

  it('does not retry malformed bodies; reports them as ApiError with the cause', async () => {
    const server = await mock({ faults: { malformedRate: 1 } });
    const { client } = clientFor(server);
    const error = (await caught(client.send(labels))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('invalid-body');
    expect(error.httpStatus).toBe(200);
    expect(error.cause).toBeInstanceOf(Error);
    expect(server.log).toHaveLength(1);
  });

  it('turns a refused connection into a network ApiError with the cause, after the bounded retries', async () => {
    const server = await mock();
    const url = server.url;
    await server.close();
    const sleeps: number[] = [];
    const client = createClient({ token: TOKEN, secret: SECRET, baseUrl: url, retry: { retries: 2, baseDelayMs: 5 }, clock: { sleep: async (ms) => void sleeps.push(ms) } });
    const error = (await caught(client.send(labels))) as ApiError;
    expect(error.kind).toBe('network');
    expect(error.code).toBeUndefined();
    expect(error.cause).toBeInstanceOf(Error);
    expect(sleeps).toHaveLength(2);
  });

  it('keeps to a requests-per-hour budget by waiting on its clock', async () => {
    const server = await mock();
    const { client, sleeps } = clientFor(server, { budget: 4 });
    for (let i = 0; i < 6; i++) await client.send(labels);
    expect(server.log).toHaveLength(6);
    expect(sleeps).toEqual([3_600_000]);
  });
});

describe('credentials never leak', () => {
  it('no thrown error holds the secret, the header or the encoded credentials', async () => {
    const header = authorizationHeader(TOKEN, SECRET);
    const encoded = header.slice('Basic '.length);
    const server = await mock({ budgets: { perUser: 1 } });
    const { client } = clientFor(server, { retry: { retries: 1, baseDelayMs: 1 } });
    const errors: unknown[] = [];
    errors.push(await caught(client.send({ method: 'POST', path: '/2/facebook/metrics', body: { profiles: ['x'] } }))); // code 3
    errors.push(await caught(client.send(labels))); // code 11 after retry
    errors.push(await caught((async () => createClient({ token: TOKEN, secret: SECRET, baseUrl: 'http://example.com' }).send(labels))()));
    errors.push(await caught(client.metrics({ method: 'POST', path: '/2/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-12-31', profiles: ['a'], metrics: ['fans_lifetime'] } })));
    server.setFaults({ malformedRate: 1 });
    errors.push(await caught(client.send(labels)));
    server.setFaults({ dropRate: 1 });
    errors.push(await caught(client.send(labels)));
    await server.close();
    errors.push(await caught(client.send(labels)));
    const throwing = createClient({
      token: TOKEN,
      secret: SECRET,
      baseUrl: 'https://api.example.com',
      retry: false,
      fetch: async (input) => {
        const auth = (input as Request).headers.get('authorization');
        throw new Error(`boom with ${auth}`, { cause: new Error(`inner ${SECRET} ${encoded}`) });
      },
    });
    errors.push(await caught(throwing.send(labels)));
    const invalid = createClient({ token: TOKEN, secret: SECRET, baseUrl: 'https://api.example.com', validate: validateResponse, fetch: async () => new Response(JSON.stringify({ success: true, profiles: [{ id: 5 }] })) });
    errors.push(await caught(invalid.send({ method: 'GET', path: '/2/facebook/profiles', body: undefined })));
    expect(errors.map((e) => (e as Error).name)).toEqual(['ApiError', 'ApiError', 'ClientConfigError', 'SplitRefusedError', 'ApiError', 'ApiError', 'ApiError', 'ApiError', 'ResponseValidationError']);
    for (const error of errors) {
      const text = exposedText(error);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(encoded);
      expect(text).not.toContain(header);
    }
    expect(exposedText(errors[7])).toContain('[redacted]');
    const client2 = clientFor(await mock()).client;
    expect(JSON.stringify(client2)).not.toContain(encoded);
    expect(inspect(client2, { depth: 6 })).not.toContain(SECRET);
  });
});

describe('response validation', () => {
  it('validate: validateResponse checks responses with the package validators and throws ResponseValidationError', async () => {
    const bad = { success: true, profiles: [{ id: 5, name: 'x' }] };
    const client = createClient({ token: TOKEN, secret: SECRET, baseUrl: 'https://api.example.com', validate: validateResponse, fetch: async () => new Response(JSON.stringify(bad)) });
    const error = (await caught(client.send({ method: 'GET', path: '/2/facebook/profiles', body: undefined }))) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.errors.some((e) => e.pointer === '/profiles/0/id')).toBe(true);
    expect(error.message).toContain('/profiles/0/id');
    expect(error.body).toEqual(bad);
  });

  it('is request-aware: a metrics answer for days outside the requested range fails', async () => {
    const server = await mock();
    const profiles = profileIds(server.account, 'twitter').slice(0, 1);
    const answer = { success: true, header: [{ type: 'date.day', rows: ['2025-01-05'] }, { type: 'metric', rows: ['ff_ratio'] }], data: [[1.5]] };
    const client = createClient({ token: TOKEN, secret: SECRET, baseUrl: 'https://api.example.com', validate: validateResponse, fetch: async () => new Response(JSON.stringify(answer)) });
    const body = { date_start: '2025-01-01', date_end: '2025-01-02', profiles, metrics: ['ff_ratio'], dimensions: [{ type: 'date.day' }] };
    const request = { method: 'POST' as const, path: '/2/twitter/metrics', body };
    await expect(client.send(request)).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(client.send({ ...request, body: { ...body, date_end: '2025-01-05' } })).resolves.toEqual(answer);
    // Other metrics than requested break an inferred rule only (a warning): the answer is returned.
    await expect(client.send({ ...request, body: { ...body, date_end: '2025-01-05', metrics: ['followers_change'] } })).resolves.toEqual(answer);
  });

  it('refused split errors say why and are SplitRefusedError', async () => {
    const server = await mock();
    const { client } = clientFor(server);
    const error = (await caught(client.metrics({ method: 'POST', path: '/2/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-01-31', profiles: profileIds(server.account, 'facebook').slice(0, 30), metrics: ['fans_lifetime'], dimensions: [{ type: 'date.day' }] } }))) as SplitRefusedError;
    expect(error).toBeInstanceOf(SplitRefusedError);
    expect(error.reason).toMatch(/"profile" dimension/);
  });
});
