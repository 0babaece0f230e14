import { describe, expectTypeOf, it } from 'vitest';
import { createClient, metricsRequest } from '../../src/client/index.js';
import { v2 } from '../../src/v2.js';

const client = createClient({ token: 't', secret: 's', baseUrl: 'https://api.example.com' });

describe('client types', () => {
  it('send returns the success body of a built request', async () => {
    const profiles = await client.send(v2.facebook.profiles());
    expectTypeOf(profiles.profiles[0].id).toEqualTypeOf<string>();
    const page = await client.send(v2.facebook.posts({ profiles: ['1'], date_start: '2025-01-01', date_end: '2025-01-31', fields: ['id', 'comments'] }));
    expectTypeOf(page.data.posts[0]).toHaveProperty('comments');
    expectTypeOf(await client.send({ method: 'GET', path: '/2/facebook/profiles', body: undefined })).toEqualTypeOf<unknown>();
  });

  it('paginate yields the posts of the request', async () => {
    for await (const post of client.paginate(v2.instagram.posts({ profiles: ['1'], date_start: '2025-01-01', date_end: '2025-01-31', fields: ['id', 'likes'] }))) {
      expectTypeOf(post).toHaveProperty('likes');
      expectTypeOf(post).not.toHaveProperty('comments');
    }
  });

  it('metricsRequest types any-size bodies and the merged answer', async () => {
    const answer = await client.metrics(metricsRequest('/2/facebook/metrics', { date_start: '2025-01-01', date_end: '2025-12-31', profiles: ['a'], metrics: ['fans_change'] }));
    expectTypeOf(answer.header).toBeArray();
    const v1 = await client.metrics(metricsRequest('/1/twitter/metrics', { date_start: '2025-01-01', date_end: '2025-12-31', profiles: ['a'], metrics: ['ff_ratio'] }));
    expectTypeOf(v1.profiles[0].id).toEqualTypeOf<string>();
    // @ts-expect-error: not a twitter metric
    metricsRequest('/2/twitter/metrics', { date_start: '2025-01-01', date_end: '2025-12-31', profiles: ['a'], metrics: ['fans_change'] });
  });

  it('exposes the typed openapi-fetch clients', () => {
    expectTypeOf(client.raw.v2.GET).toBeFunction();
    // @ts-expect-error: not a v1 path
    void client.raw.v1.GET('/2/facebook/profiles');
  });
});
