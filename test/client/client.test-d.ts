import { describe, expectTypeOf, it } from 'vitest';
import { createClient, metricsRequest } from '../../src/client/index.js';
import { v2 } from '../../src/v2.js';
import { validateResponse } from '../../src/validators/index.js';
import type * as V1 from '../../generated/types/v1.js';
import type * as V2 from '../../generated/types/v2.js';

const client = createClient({ token: 't', secret: 's', baseUrl: 'https://api.example.com' });

describe('client types', () => {
  it('send returns the success body of a built request', async () => {
    const profiles = await client.send(v2.facebook.profiles());
    expectTypeOf(profiles.profiles[0].id).toEqualTypeOf<string | undefined>();
    const page = await client.send(v2.facebook.posts({ profiles: ['1'], date_start: '2025-01-01', date_end: '2025-01-31', fields: ['id', 'comments'] }));
    expectTypeOf(page.data.posts[0]).toHaveProperty('comments');
    expectTypeOf(await client.send({ method: 'GET', path: '/2/facebook/profiles', body: undefined })).toEqualTypeOf<unknown>();
  });

  it('the fetch option takes a function of one standard Request', () => {
    const viaProxy = async (request: Request): Promise<Response> => fetch(request);
    createClient({ token: 't', secret: 's', baseUrl: 'https://api.example.com', fetch: viaProxy });
    createClient({ token: 't', secret: 's', baseUrl: 'https://api.example.com', fetch });
    // @ts-expect-error a fetch option receives a Request, not a URL string
    createClient({ token: 't', secret: 's', baseUrl: 'https://api.example.com', fetch: async (url: string) => new Response(url) });
  });

  it('paginate yields the posts of the request', async () => {
    for await (const post of client.paginate(v2.instagram.posts({ profiles: ['1'], date_start: '2025-01-01', date_end: '2025-01-31', fields: ['id', 'likes'] }))) {
      expectTypeOf(post).toHaveProperty('likes');
      expectTypeOf(post).not.toHaveProperty('comments');
    }
  });

  it('client.metrics() and metricsRequest() narrow the answer exactly as send() does for the same request', async () => {
    const body = {
      date_start: '2025-01-01',
      date_end: '2025-12-31',
      profiles: ['a', 'b'],
      metrics: ['fans_change', 'insights_activity'],
      dimensions: [{ type: 'profile' }, { type: 'date.month' }],
    } as const;
    const split = await client.metrics(metricsRequest('/2/facebook/metrics', body));
    const built = await client.send(v2.facebook.metrics({ ...body, date_end: '2025-03-31' }));
    const viaMetrics = await client.metrics(v2.facebook.metrics({ ...body, date_end: '2025-03-31' }));
    expectTypeOf(split).toEqualTypeOf(built);
    expectTypeOf(viaMetrics).toEqualTypeOf(built);
    expectTypeOf(split.header[0].type).toEqualTypeOf<'profile'>();
    expectTypeOf(split.header[1].type).toEqualTypeOf<'date.month'>();
    expectTypeOf(split.header[2]).toEqualTypeOf<{ type: 'metric'; rows: ('fans_change' | 'insights_activity')[] }>();
    expectTypeOf(split.data).toEqualTypeOf<number[][][]>();
    // @ts-expect-error the header holds three elements: two dimensions, then the metrics
    void split.header[3];
    // @ts-expect-error fans_change does not allow the extra dimension activity_type
    metricsRequest('/2/facebook/metrics', { ...body, dimensions: [{ type: 'activity_type' }] });
    const v1 = await client.metrics(metricsRequest('/1/facebook/metrics', { date_start: '2025-01-01', date_end: '2025-12-31', profiles: ['a'], metrics: ['comments', 'engagement_rate'] }));
    expectTypeOf(v1.profiles[0].data[0]).toEqualTypeOf<{ date: string } & { comments: number; engagement_rate: number }>();
  });

  it('metricsRequest types any-size bodies and the merged answer', async () => {
    const answer = await client.metrics(metricsRequest('/2/facebook/metrics', { date_start: '2025-01-01', date_end: '2025-12-31', profiles: ['a'], metrics: ['fans_change'] }));
    expectTypeOf(answer.header).toBeArray();
    const v1 = await client.metrics(metricsRequest('/1/twitter/metrics', { date_start: '2025-01-01', date_end: '2025-12-31', profiles: ['a'], metrics: ['ff_ratio'] }));
    expectTypeOf(v1.profiles[0].id).toEqualTypeOf<string>();
    // @ts-expect-error: not a twitter metric
    metricsRequest('/2/twitter/metrics', { date_start: '2025-01-01', date_end: '2025-12-31', profiles: ['a'], metrics: ['fans_change'] });
  });

  it('validation is injected: validate takes the validator function, not true', () => {
    createClient({ token: 't', secret: 's', baseUrl: 'https://api.example.com', validate: validateResponse });
    createClient({ token: 't', secret: 's', baseUrl: 'https://api.example.com', validate: async ({ body }) => ({ valid: body !== null, errors: [] }) });
    // @ts-expect-error validate takes a function such as validateResponse from social-analytics-api/validators; the client loads no validators itself
    createClient({ token: 't', secret: 's', baseUrl: 'https://api.example.com', validate: true });
  });

  it('timeout in ms, and an abort signal for each call', async () => {
    const timed = createClient({ token: 't', secret: 's', baseUrl: 'https://api.example.com', timeout: 5_000 });
    const { signal } = new AbortController();
    const profiles = await timed.send(v2.facebook.profiles(), { signal });
    expectTypeOf(profiles.profiles[0].id).toEqualTypeOf<string | undefined>();
    const posts = v2.instagram.posts({ profiles: ['1'], date_start: '2025-01-01', date_end: '2025-01-31', fields: ['id', 'likes'] });
    for await (const post of timed.paginate(posts, { signal })) expectTypeOf(post).toHaveProperty('likes');
    expectTypeOf(timed.paginate(posts, { signal })).toEqualTypeOf(timed.paginate(posts));
    const body = { date_start: '2025-01-01', date_end: '2025-12-31', profiles: ['a'], metrics: ['fans_change'] } as const;
    expectTypeOf(await timed.metrics(metricsRequest('/2/facebook/metrics', body), { signal })).toEqualTypeOf(await timed.metrics(metricsRequest('/2/facebook/metrics', body)));
    // @ts-expect-error the timeout is a number of milliseconds
    createClient({ token: 't', secret: 's', baseUrl: 'https://api.example.com', timeout: '5s' });
    // @ts-expect-error signal is an AbortSignal
    void timed.send(v2.facebook.profiles(), { signal: true });
  });

  it('a raw call\'s error is the failure body, at a listed status or any other (the documents\' default response)', async () => {
    const v2Answer = await client.raw.v2.POST('/2/facebook/metrics', { body: { date_start: '2025-01-01', date_end: '2025-01-31', profiles: ['1'], metrics: ['fans_change'] } });
    expectTypeOf(v2Answer.error).toEqualTypeOf<V2.components['schemas']['FailureBody'] | undefined>();
    const v1Answer = await client.raw.v1.GET('/1/facebook/profiles');
    expectTypeOf(v1Answer.error).toEqualTypeOf<V1.components['schemas']['FailureBody'] | undefined>();
    // Every operation's responses name the failure at a status not listed, with the same body.
    expectTypeOf<V2.operations['getFacebookMetrics']['responses']['default']['content']['application/json']>().toEqualTypeOf<V2.components['schemas']['FailureBody']>();
    expectTypeOf<V1.operations['listFacebookProfiles']['responses']['default']['content']['application/json']>().toEqualTypeOf<V1.components['schemas']['FailureBody']>();
    // @ts-expect-error the error is a failure body: its `success` is false, never true
    expectTypeOf(v2Answer.error).toEqualTypeOf<{ success: true } | undefined>();
  });

  it('exposes the typed openapi-fetch clients', () => {
    expectTypeOf(client.raw.v2.GET).toBeFunction();
    // @ts-expect-error: not a v1 path
    void client.raw.v1.GET('/2/facebook/profiles');
  });
});
