import { describe, expect, it } from 'vitest';
import { catalogs } from '../../src/catalog/catalogs.js';
import { authorizationHeader } from '../../src/client/auth.js';
import { allOperations, profileIds, validRequest } from '../client/support/requests.js';
import { mock, SECRET, TOKEN } from '../client/support/server.js';

const auth = authorizationHeader(TOKEN, SECRET);

async function post(url: string, path: string, body: unknown, headers: Record<string, string> = { authorization: auth }, method = 'POST') {
  const res = await fetch(url + path, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

describe('mock server: account data', () => {
  it('serves several profiles per network with different IANA timezones, insights on some', async () => {
    const server = await mock();
    for (const net of catalogs.networks) {
      const { status, body } = await post(server.url, `/2/${net.name}/profiles`, undefined, { authorization: auth }, 'GET');
      expect(status).toBe(200);
      expect(body.profiles.length).toBeGreaterThanOrEqual(3);
      const zones = new Set(body.profiles.map((p: any) => p.timezone));
      expect(zones.size).toBeGreaterThan(1);
      for (const zone of zones) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone as string })).not.toThrow();
      const insights = body.profiles.map((p: any) => p.insights_enabled);
      if (net.insights) expect(new Set(insights)).toEqual(new Set([true, false]));
      else expect(insights.every((v: unknown) => v === undefined)).toBe(true);
    }
  });

  it('lists content labels and profile labels with their profiles (one label unused)', async () => {
    const server = await mock();
    const content = await post(server.url, '/2/post/labels', {});
    expect(content.body.data.length).toBeGreaterThan(3);
    const labels = await post(server.url, '/2/profile/labels', {});
    expect(labels.body.data.some((l: any) => l.profiles.length > 0)).toBe(true);
    expect(labels.body.data.some((l: any) => l.profiles.length === 0)).toBe(true);
  });

  it('is deterministic by seed', async () => {
    const [a, b, c] = await Promise.all([mock({ seed: 5 }), mock({ seed: 5 }), mock({ seed: 6 })]);
    const op = allOperations.find((o) => o.key === 'POST /2/facebook/metrics')!;
    const req = validRequest(op, a.account, 3);
    const [ra, rb, rc] = await Promise.all([a, b, c].map((s) => post(s.url, req.path, req.body)));
    expect(ra.body).toEqual(rb.body);
    expect(ra.body.success).toBe(true);
    expect(rc.body).not.toEqual(ra.body);
  });
});

describe('mock server: HTTP-level failures', () => {
  it('answers 401 with a failure body without or with wrong credentials', async () => {
    const server = await mock();
    for (const headers of [{}, { authorization: authorizationHeader(TOKEN, 'wrong') }, { authorization: 'Bearer x' }] as Record<string, string>[]) {
      const res = await post(server.url, '/2/post/labels', {}, headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, errors: [{ code: 401, errors: [expect.any(String)] }] });
    }
  });

  it('answers 404 for an unknown path, 405 for a wrong method, 400 for a non-JSON body', async () => {
    const server = await mock();
    expect((await post(server.url, '/2/facebook/nothing', {})).status).toBe(404);
    expect((await post(server.url, '/3/facebook/metrics', {})).body.errors[0].code).toBe(404);
    const wrong = await post(server.url, '/2/facebook/profiles', {});
    expect(wrong.status).toBe(405);
    expect(wrong.body.errors[0].code).toBe(405);
    const bad = await post(server.url, '/2/facebook/metrics', '{not json');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe(400);
  });
});

describe('mock server: documented error codes', () => {
  const fb = (server: Awaited<ReturnType<typeof mock>>) => profileIds(server.account, 'facebook');
  const metrics = (server: Awaited<ReturnType<typeof mock>>, body: Record<string, unknown>, path = '/2/facebook/metrics') =>
    post(server.url, path, { date_start: '2025-01-01', date_end: '2025-01-31', profiles: fb(server).slice(0, 2), metrics: ['fans_change'], ...body });

  it('code 3 names each unknown metric, field and dimension', async () => {
    const server = await mock();
    const res = await metrics(server, { metrics: ['fans_change', 'nope_a', 'nope_b'] });
    expect(res.status).toBe(200);
    expect(res.body.errors[0].code).toBe(3);
    expect(res.body.errors[0].errors.join(' ')).toMatch(/nope_a.*nope_b/);
    const posts = await post(server.url, '/2/facebook/page/posts', { profiles: fb(server).slice(0, 1), date_start: '2025-01-01', date_end: '2025-01-02', fields: ['id', 'bogus'] });
    expect(posts.body.errors[0]).toEqual({ code: 3, errors: [expect.any(String), expect.stringContaining('bogus')] });
    const dims = await metrics(server, { dimensions: [{ type: 'gender_age' }, { type: 'profile' }] });
    expect(dims.body.errors[0].code).toBe(3);
  });

  it('code 4 over 25 profiles, 25 metrics or 3 months; accepted with limits: false', async () => {
    const server = await mock();
    const names = catalogs.v2.metrics.facebook.filter((m) => !m.insightsOnly).map((m) => m.name);
    expect((await metrics(server, { profiles: fb(server).slice(0, 26) })).body.errors[0].code).toBe(4);
    expect((await metrics(server, { date_end: '2025-04-01' })).body.errors[0].code).toBe(4);
    expect((await metrics(server, { date_end: '2025-03-31' })).body.success).toBe(true);
    const v1 = catalogs.v1.metrics.facebook.filter((m) => !m.insightsOnly).map((m) => m.name);
    expect((await metrics(server, { metrics: v1.slice(0, 26) }, '/1/facebook/metrics')).body.errors[0].code).toBe(4);
    const unlimited = await mock({ limits: false });
    expect((await metrics(unlimited, { profiles: fb(unlimited).slice(0, 26), date_end: '2025-12-31', metrics: names })).body.success).toBe(true);
  });

  it('code 5 lists profiles of another account; code 6 before the history limit', async () => {
    const server = await mock({ historyStart: '2020-01-01' });
    const res = await metrics(server, { profiles: [fb(server)[0], 'someone-else-1', 'someone-else-2'] });
    expect(res.body.errors[0]).toEqual({ code: 5, errors: [expect.any(String), 'someone-else-1', 'someone-else-2'] });
    expect((await metrics(server, { date_start: '2019-12-31', date_end: '2020-01-10' })).body.errors[0].code).toBe(6);
  });

  it('code 7 for insights on a profile without insights where the catalog lists it, else code 3', async () => {
    const server = await mock();
    const without = server.account.profiles.facebook.find((p) => p.insights_enabled === false)!.id;
    const v1 = await metrics(server, { profiles: [without], metrics: ['insights_impressions'] }, '/1/facebook/metrics');
    expect(v1.body.errors[0]).toEqual({ code: 7, errors: [expect.any(String), without] });
    const posts = await post(server.url, '/2/facebook/page/posts', { profiles: [without], date_start: '2025-01-01', date_end: '2025-01-02', fields: ['id', 'insights_reach'] });
    expect(posts.body.errors[0].code).toBe(7);
    const v2 = await metrics(server, { profiles: [without], metrics: ['insights_impressions'] });
    expect(v2.body.errors[0].code).toBe(3);
  });

  it('code 3 for a repeated dimension (inferred rule v2.metrics.dimensions-distinct), which would multiply the answer', async () => {
    const server = await mock();
    const res = await post(server.url, '/2/facebook/metrics', {
      profiles: fb(server).slice(0, 3),
      date_start: '2025-01-01',
      date_end: '2025-01-20',
      metrics: ['fans_change'],
      dimensions: Array.from({ length: 6 }, () => ({ type: 'date.day' })),
    });
    expect(res.status).toBe(200);
    expect(res.body.errors[0].code).toBe(3);
    expect(res.body.errors[0].errors).toContain('dimensions[1].type: dimension "date.day" is already requested as dimensions[0]');
  });

  it('code 8 for unknown labels in a filter', async () => {
    const server = await mock();
    const res = await post(server.url, '/2/facebook/page/posts', { profiles: fb(server).slice(0, 1), date_start: '2025-01-01', date_end: '2025-01-02', fields: ['id'], filter: [{ field: 'post_labels', value: ['no-such-label'] }] });
    expect(res.body.errors[0]).toEqual({ code: 8, errors: [expect.any(String), 'no-such-label'] });
  });

  it('codes 11 and 10 after the hourly budgets, counted on the injected clock', async () => {
    let now = 0;
    const server = await mock({ budgets: { perUser: 3, perAccount: 5 }, users: [{ token: 'second', secret: 'user' }], now: () => now });
    const second = { authorization: authorizationHeader('second', 'user') };
    const codes = async (headers?: Record<string, string>) => (await post(server.url, '/2/post/labels', {}, headers)).body.errors?.[0].code ?? 'ok';
    expect([await codes(), await codes(), await codes(), await codes()]).toEqual(['ok', 'ok', 'ok', 11]);
    expect([await codes(second), await codes(second), await codes(second)]).toEqual(['ok', 'ok', 10]);
    now += 3_600_000;
    expect(await codes()).toBe('ok');
  });
});
