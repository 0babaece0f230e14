import { describe, expect, it } from 'vitest';
import { catalogs } from '../../src/catalog/catalogs.js';
import { ApiError, createClient } from '../../src/client/index.js';
import { validateResponse } from '../../src/validators/index.js';
import { allOperations, profileIds, validRequest } from './support/requests.js';
import { clientFor, mock, requestsTo, SECRET, TOKEN } from './support/server.js';

describe('client against the mock: every operation', () => {
  it('sends a valid request of every v1 and v2 operation and gets a validated success body', async () => {
    const server = await mock();
    const { client } = clientFor(server, { validate: validateResponse });
    for (const op of allOperations) {
      for (let i = 0; i < 3; i++) {
        const answer = (await client.send(validRequest(op, server.account, i * 77 + op.key.length))) as { success: boolean };
        expect(answer.success, op.key).toBe(true);
      }
    }
    expect(server.log).toHaveLength(allOperations.length * 3);
    expect(server.log.every((e) => e.status === 200)).toBe(true);
  });

  it('exposes the typed openapi-fetch clients with the credentials set', async () => {
    const server = await mock();
    const { client } = clientFor(server);
    const { data } = await client.raw.v2.GET('/2/linkedin/profiles');
    expect((data as { profiles: unknown[] }).profiles.length).toBeGreaterThan(0);
    const { data: v1 } = await client.raw.v1.POST('/1/post/labels', { body: {} });
    expect((v1 as { success: boolean }).success).toBe(true);
  });
});

describe('client against the mock: every error code', () => {
  const fb = (server: Awaited<ReturnType<typeof mock>>) => profileIds(server.account, 'facebook');
  const metrics = (server: Awaited<ReturnType<typeof mock>>, body: Record<string, unknown> = {}, path = '/2/facebook/metrics') => ({
    method: 'POST' as const,
    path,
    operation: `POST ${path}`,
    body: { date_start: '2025-01-01', date_end: '2025-01-31', profiles: fb(server).slice(0, 2), metrics: ['fans_change'], ...body },
  });
  const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };
  const meaning = (code: number) => catalogs.errors.find((e) => e.code === code)!.meaning;

  it('throws ApiError with code, catalog meaning, messages, HTTP status and operation, without retrying', async () => {
    const server = await mock({ historyStart: '2020-01-01', forbidden: ['POST /2/profile/labels'] });
    const { client, sleeps } = clientFor(server);
    const without = server.account.profiles.facebook.find((p) => p.insights_enabled === false)!.id;
    const cases: [number, number, () => Promise<unknown>][] = [
      [3, 200, () => client.send(metrics(server, { metrics: ['fans_change', 'unknown_metric'] }))],
      [4, 200, () => client.send(metrics(server, { profiles: fb(server).slice(0, 26) }))],
      [5, 200, () => client.send(metrics(server, { profiles: ['not-in-account'] }))],
      [6, 200, () => client.send(metrics(server, { date_start: '2019-12-01', date_end: '2019-12-31' }))],
      [7, 200, () => client.send(metrics(server, { profiles: [without], metrics: ['insights_impressions'] }, '/1/facebook/metrics'))],
      [8, 200, () => client.send({ method: 'POST', path: '/2/facebook/page/posts', operation: 'POST /2/facebook/page/posts', body: { profiles: fb(server).slice(0, 1), date_start: '2025-01-01', date_end: '2025-01-02', fields: ['id'], filter: [{ field: 'post_labels', value: ['nope'] }] } })],
      [403, 403, () => client.send({ method: 'POST', path: '/2/profile/labels', operation: 'POST /2/profile/labels', body: {} })],
      [404, 404, () => client.send({ method: 'GET', path: '/2/facebook/unknown', body: undefined })],
      [405, 405, () => client.send({ method: 'GET', path: '/2/facebook/metrics', body: undefined })],
    ];
    for (const [code, status, promise] of cases) {
      const error = await failure(promise());
      expect(error.code, `code ${code}`).toBe(code);
      expect(error.kind).toBe('api');
      expect(error.meaning).toBe(meaning(code));
      expect(error.httpStatus).toBe(status);
      expect(error.messages[0]).toBe(meaning(code));
      expect(error.message).toContain(`error ${code}`);
    }
    const three = await failure(client.send(metrics(server, { metrics: ['fans_change', 'bad_one', 'bad_two'] })));
    expect(three.operation).toBe('POST /2/facebook/metrics');
    expect(three.messages.join(' ')).toMatch(/bad_one.*bad_two/);
    expect(server.log).toHaveLength(cases.length + 1); // nothing retried
    expect(sleeps).toEqual([]);
  });

  it('401 for wrong credentials, 400 for a body that is not an object, 99 unknown error', async () => {
    const server = await mock({ faults: { unknownErrorRate: 1 } });
    const wrong = createClient({ token: TOKEN, secret: 'wrong-secret', baseUrl: server.url });
    const e401 = await failure(wrong.send(metrics(server)));
    expect([e401.code, e401.httpStatus]).toEqual([401, 401]);
    const { client } = clientFor(server);
    const e99 = await failure(client.send(metrics(server)));
    expect([e99.code, e99.httpStatus, e99.meaning]).toEqual([99, 200, meaning(99)]);
    server.setFaults(undefined);
    const e400 = await failure(client.send({ method: 'POST', path: '/2/facebook/metrics', body: ['not', 'an', 'object'] }));
    expect([e400.code, e400.httpStatus]).toEqual([400, 400]);
    expect(requestsTo(server, '/2/facebook/metrics')).toBe(3);
  });

  it('codes 10 and 11 and HTTP 500 are retried up to the bound, then thrown', async () => {
    const server = await mock({ budgets: { perUser: 2 } });
    const { client, sleeps } = clientFor(server, { retry: { retries: 3, baseDelayMs: 100, jitter: 0 } });
    await client.send(metrics(server));
    await client.send(metrics(server));
    const e11 = await failure(client.send(metrics(server)));
    expect(e11.code).toBe(11);
    expect(server.log).toHaveLength(2 + 4);
    expect(sleeps).toEqual([100, 200, 400]);
    server.setFaults({ serverErrorRate: 1 });
    const e500 = await failure(client.send(metrics(server)));
    expect([e500.code, e500.httpStatus]).toEqual([500, 500]);
    expect(server.log).toHaveLength(6 + 4);
  });

  it('code 10 (account budget) is retried and recovers once the hour has passed', async () => {
    let now = 0;
    const server = await mock({ budgets: { perAccount: 1 }, now: () => now });
    const { client, sleeps } = createRecordingClient(server.url, (ms) => (now += ms));
    await client.send(metrics(server));
    const answer = (await client.send(metrics(server))) as { success: boolean };
    expect(answer.success).toBe(true);
    expect(server.log.map((e) => e.code ?? 'ok')).toEqual(['ok', 10, 10, 'ok']);
    expect(sleeps).toHaveLength(2);
  });
});

/** A client whose sleeps advance the mock's clock (retry delays of 40 minutes). */
function createRecordingClient(baseUrl: string, advance: (ms: number) => void) {
  const sleeps: number[] = [];
  const client = createClient({
    token: TOKEN,
    secret: SECRET,
    baseUrl,
    retry: { retries: 5, baseDelayMs: 2_400_000, maxDelayMs: 3_600_000, jitter: 0 },
    clock: { now: () => 0, sleep: async (ms) => { sleeps.push(ms); advance(ms); } },
  });
  return { client, sleeps };
}

describe('client with the request builders', () => {
  it('sends built requests and iterates built posts requests', async () => {
    const { v2 } = await import('../../src/v2.js');
    const { v1 } = await import('../../src/v1.js');
    const server = await mock();
    const { client } = clientFor(server, { validate: validateResponse });
    const profiles = profileIds(server.account, 'facebook', true).slice(0, 3);
    const matrix = await client.send(v2.facebook.metrics({ date_start: '2025-01-01', date_end: '2025-01-31', profiles, metrics: ['fans_change', 'insights_reach'], dimensions: [{ type: 'profile' }, { type: 'date.week' }] }));
    expect(matrix.header.map((h) => h.type)).toEqual(['profile', 'date.week', 'metric']);
    const days = await client.send(v1.facebook.metrics({ date_start: '2025-01-01', date_end: '2025-01-03', profiles, metrics: ['comments'] }));
    expect(days.profiles[2].data).toHaveLength(3);
    let count = 0;
    for await (const post of client.paginate(v2.facebook.posts({ profiles, date_start: '2025-01-01', date_end: '2025-01-31', fields: ['id', 'comments'], limit: 50 }))) {
      expect(typeof post.comments).toBe('number');
      count++;
    }
    expect(count).toBeGreaterThan(100);
  });
});
