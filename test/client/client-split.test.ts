import { describe, expect, it } from 'vitest';
import { catalogs } from '../../src/catalog/catalogs.js';
import { createClient, MergeError, planMetricsSplit, SplitRefusedError } from '../../src/client/index.js';
import { profileIds } from './support/requests.js';
import { clientFor, mock, SECRET, TOKEN } from './support/server.js';

/** Deep equality through JSON text (same values, same order): fast for answers of a million values. */
function sameJson(a: unknown, b: unknown): void {
  const [x, y] = [JSON.stringify(a), JSON.stringify(b)];
  if (x !== y) expect(a).toEqual(b); // shows the difference
  expect(x.length).toBe(y.length);
}

/** The mock's own answer to the unsplit request (a server without limits, same seed). */
async function unsplitAnswer(request: { method: 'POST'; path: string; body: unknown }) {
  const unlimited = await mock({ limits: false });
  return createClient({ token: TOKEN, secret: SECRET, baseUrl: unlimited.url }).send(request);
}

// Answers of a million values merged: seconds on an idle machine, a minute and more on a loaded one;
// the bound is a hang guard only.
describe('client.metrics splitting against the mock', { timeout: 240_000 }, () => {
  it('v1: 60 profiles x 40 metrics x 1 year in a grid of 3 x 2 x 4 = 24 requests, equal to the unsplit answer', async () => {
    const server = await mock();
    const { client } = clientFor(server, { concurrency: 6 });
    const profiles = profileIds(server.account, 'facebook', true).slice(0, 60);
    // 36 scalar metrics and 4 breakdown maps (objects) keep the answer at a few MB.
    const all = catalogs.v1.metrics.facebook;
    const metrics = [...all.filter((m) => m.type !== 'object').slice(0, 36), ...all.filter((m) => m.type === 'object').slice(0, 4)].map((m) => m.name);
    expect(profiles).toHaveLength(60);
    const request = { method: 'POST' as const, path: '/1/facebook/metrics', operation: 'POST /1/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-12-31', profiles, metrics } };
    const merged = (await client.metrics(request)) as { profiles: { id: string; data: unknown[] }[] };
    expect(server.log).toHaveLength(3 * 2 * 4);
    expect(server.log.every((e) => e.status === 200 && e.code === undefined)).toBe(true);
    expect(merged.profiles.map((p) => p.id)).toEqual(profiles);
    expect(merged.profiles[59].data).toHaveLength(365);
    sameJson(merged, await unsplitAnswer(request));
  });

  it('v2 [profile, date.month]: 60 profiles x 30 metrics x 1 year in a grid of 3 x 2 x 4 = 24 requests, equal to the unsplit matrix (sum and avg)', async () => {
    const server = await mock();
    const { client } = clientFor(server);
    const profiles = profileIds(server.account, 'facebook', true).slice(0, 60);
    const metrics = catalogs.v2.metrics.facebook.map((m) => m.name);
    const request = { method: 'POST' as const, path: '/2/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-12-31', profiles, metrics, dimensions: [{ type: 'profile' }, { type: 'date.month' }] } };
    const merged = (await client.metrics(request)) as { header: { rows: string[] }[] };
    expect(server.log).toHaveLength(3 * 2 * 4);
    expect(merged.header[1].rows).toHaveLength(12);
    sameJson(merged, await unsplitAnswer(request));
  });

  it('v2 [date.week, profile] with avg metrics: cut on Mondays, equal to the unsplit matrix', async () => {
    const server = await mock();
    const { client } = clientFor(server);
    const profiles = profileIds(server.account, 'instagram').slice(0, 5);
    const request = { method: 'POST' as const, path: '/2/instagram/metrics', body: { date_start: '2025-01-01', date_end: '2025-12-31', profiles, metrics: ['followers_change', 'followers_lifetime'], dimensions: [{ type: 'date.week' }, { type: 'profile' }] } };
    const merged = await client.metrics(request);
    expect(server.log).toHaveLength(5);
    sameJson(merged, await unsplitAnswer(request));
  });

  it('v2 sums across profile groups and date ranges (no profile or date dimension) equal the unsplit answer', async () => {
    const server = await mock();
    const { client } = clientFor(server);
    const profiles = profileIds(server.account, 'facebook').slice(0, 50);
    const sums = catalogs.v2.metrics.facebook.filter((m) => m.aggregation === 'sum' && !m.insightsOnly).map((m) => m.name);
    for (const dimensions of [[{ type: 'date.day' }], [{ type: 'profile_label' }], []]) {
      const request = { method: 'POST' as const, path: '/2/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-06-30', profiles, metrics: sums, dimensions } };
      expect(await client.metrics(request)).toEqual(await unsplitAnswer(request));
    }
  });

  it('refuses an avg metric over a split range without a date dimension, before sending anything', async () => {
    const server = await mock();
    const { client } = clientFor(server);
    const request = { method: 'POST' as const, path: '/2/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-12-31', profiles: profileIds(server.account, 'facebook').slice(0, 2), metrics: ['fans_lifetime'], dimensions: [{ type: 'profile' }] } };
    await expect(client.metrics(request)).rejects.toThrow(SplitRefusedError);
    await expect(client.metrics(request)).rejects.toThrow(/avg metric "fans_lifetime"/);
    expect(server.log).toHaveLength(0);
  });

  it('a refusal is thrown before the first request: a fetch spy sees no call', async () => {
    const server = await mock();
    let calls = 0;
    const client = createClient({ token: TOKEN, secret: SECRET, baseUrl: server.url, fetch: async (input) => (calls++, fetch(input)) });
    const profiles = profileIds(server.account, 'facebook').slice(0, 30);
    const refused = [
      { date_start: '2025-01-01', date_end: '2025-12-31', profiles, metrics: ['fans_lifetime'], dimensions: [{ type: 'profile' }] },
      { date_start: '2025-01-01', date_end: '2025-01-31', profiles, metrics: ['fans_change', 'fans_lifetime'], dimensions: [{ type: 'date.day' }] },
      { date_start: '2025-01-01', date_end: '2025-01-31', profiles, metrics: ['fans_change'], dimensions: [{ type: 'profile' }, { type: 'profile_label' }] },
    ];
    for (const body of refused) await expect(client.metrics({ method: 'POST', path: '/2/facebook/metrics', body })).rejects.toThrow(SplitRefusedError);
    expect(calls).toBe(0);
    await client.metrics({ method: 'POST', path: '/2/facebook/metrics', body: { ...refused[0], metrics: ['fans_change'] } });
    expect(calls).toBe(2 * 4); // the spy does see the requests of an accepted split
  });

  it('keeps at most `concurrency` split requests in flight', async () => {
    const server = await mock({ faults: { latencyMs: 5 } });
    let inFlight = 0;
    let most = 0;
    const client = createClient({
      token: TOKEN,
      secret: SECRET,
      baseUrl: server.url,
      concurrency: 3,
      fetch: async (input) => {
        most = Math.max(most, ++inFlight);
        try {
          return await fetch(input as Request);
        } finally {
          inFlight--;
        }
      },
    });
    const request = { method: 'POST' as const, path: '/2/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-12-31', profiles: profileIds(server.account, 'facebook').slice(0, 30), metrics: ['fans_change'], dimensions: [{ type: 'profile' }, { type: 'date.day' }] } };
    await client.metrics(request);
    expect(server.log).toHaveLength(2 * 4);
    expect(most).toBe(3);
  });

  it('sends a request within the limits once, unchanged', async () => {
    const server = await mock();
    const { client } = clientFor(server);
    const request = { method: 'POST' as const, path: '/2/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-03-31', profiles: profileIds(server.account, 'facebook').slice(0, 25), metrics: ['fans_lifetime'] } };
    expect(await client.metrics(request)).toEqual(await client.send(request));
    expect(server.log).toHaveLength(2);
  });
});

/**
 * A client of `server` whose fetch rewrites the answer to the part asking for `dateStart` and
 * the first profile `firstProfile` (a server answering other rows than asked).
 */
function tampering(server: Awaited<ReturnType<typeof mock>>, target: { dateStart: string; firstProfile: string }, change: (answer: any) => void) {
  return createClient({
    token: TOKEN,
    secret: SECRET,
    baseUrl: server.url,
    retry: false,
    fetch: async (input) => {
      const sent = JSON.parse(await input.clone().text());
      const response = await fetch(input);
      if (sent.date_start !== target.dateStart || sent.profiles[0] !== target.firstProfile) return response;
      const answer = await response.json();
      change(answer);
      return new Response(JSON.stringify(answer), { status: response.status, headers: { 'content-type': 'application/json' } });
    },
  });
}

describe('client.metrics: an answer that cannot be merged throws MergeError naming its part', () => {
  it('v1: a profile the part did not ask for', async () => {
    const server = await mock();
    const profiles = profileIds(server.account, 'facebook').slice(0, 40);
    const request = { method: 'POST' as const, path: '/1/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-06-30', profiles, metrics: ['comments', 'shares'] } };
    const part = planMetricsSplit(request).parts.find((p) => p.chunk.dateStart === '2025-04-01' && p.chunk.profiles[0] === profiles[20])!;
    const client = tampering(server, { dateStart: '2025-04-01', firstProfile: profiles[20] }, (answer) => (answer.profiles[0].id = profiles[0]));
    const error = (await client.metrics(request).catch((e: unknown) => e)) as MergeError;
    expect(error).toBeInstanceOf(MergeError);
    expect(error.chunk).toEqual({ profiles: profiles.slice(20), metrics: ['comments', 'shares'], dateStart: '2025-04-01', dateEnd: '2025-06-30' });
    expect(error.chunk).toEqual(part.chunk);
    expect(error.reason).toBe(`it answers profile "${profiles[0]}", which the part did not ask for`);
    expect(error.message).toContain(`profiles ${profiles.slice(20, 25).join(', ')} and 15 more; metrics comments, shares; dates 2025-04-01..2025-06-30`);
  });

  it('v2: a cell no part answers names the part that should have', async () => {
    const server = await mock();
    const profiles = profileIds(server.account, 'facebook').slice(0, 30);
    const request = { method: 'POST' as const, path: '/2/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-04-30', profiles, metrics: ['fans_change'], dimensions: [{ type: 'date.month' }, { type: 'profile' }] } };
    // The part for April and the first 15 profiles drops its last profile's column.
    const client = tampering(server, { dateStart: '2025-04-01', firstProfile: profiles[0] }, (answer) => {
      answer.header[1].rows.pop();
      for (const month of answer.data) month.pop();
    });
    const error = (await client.metrics(request).catch((e: unknown) => e)) as MergeError;
    expect(error).toBeInstanceOf(MergeError);
    expect(error.chunk).toEqual({ profiles: profiles.slice(0, 15), metrics: ['fans_change'], dateStart: '2025-04-01', dateEnd: '2025-04-30' });
    expect(error.reason).toMatch(new RegExp(`no answer holds the cell "2025-04 / ${profiles[14]} / fans_change"`));
  });

  it('v2: other header types than planned, and a cell answered twice', async () => {
    const server = await mock();
    const profiles = profileIds(server.account, 'facebook').slice(0, 30);
    const request = { method: 'POST' as const, path: '/2/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-01-31', profiles, metrics: ['fans_change'], dimensions: [{ type: 'profile' }] } };
    const swapped = tampering(server, { dateStart: '2025-01-01', firstProfile: profiles[15] }, (answer) => (answer.header[0].type = 'profile_label'));
    const e1 = (await swapped.metrics(request).catch((e: unknown) => e)) as MergeError;
    expect(e1).toBeInstanceOf(MergeError);
    expect(e1.chunk.profiles).toEqual(profiles.slice(15));
    expect(e1.reason).toBe('its header is not profile, metric with rows (got "profile_label, metric")');
    const twice = tampering(server, { dateStart: '2025-01-01', firstProfile: profiles[15] }, (answer) => {
      answer.header[0].rows[0] = profiles[16];
    });
    const e2 = (await twice.metrics(request).catch((e: unknown) => e)) as MergeError;
    expect(e2).toBeInstanceOf(MergeError);
    expect(e2.reason).toBe(`it answers the cell "${profiles[16]} / fans_change", which another part answers too`);
  });

  it('quotes what the server answered with the credentials redacted', async () => {
    const server = await mock();
    const profiles = profileIds(server.account, 'facebook').slice(0, 30);
    const request = { method: 'POST' as const, path: '/1/facebook/metrics', body: { date_start: '2025-01-01', date_end: '2025-01-31', profiles, metrics: ['comments'] } };
    const echoing = tampering(server, { dateStart: '2025-01-01', firstProfile: profiles[15] }, (answer) => (answer.profiles[0].id = `${TOKEN}:${SECRET}`));
    const error = (await echoing.metrics(request).catch((e: unknown) => e)) as MergeError;
    expect(error).toBeInstanceOf(MergeError);
    expect(error.reason).toBe('it answers profile "[redacted]", which the part did not ask for');
    expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.toContain(SECRET);
  });
});

describe('client.paginate against the mock', () => {
  it('iterates thousands of posts, each page fetched once, nothing lost or repeated', async () => {
    const server = await mock();
    const { client } = clientFor(server);
    const profiles = profileIds(server.account, 'instagram').slice(0, 3);
    const body = { profiles, date_start: '2025-01-01', date_end: '2025-12-31', fields: ['id', 'created_time', 'likes'], limit: 250, sort: [{ field: 'likes', order: 'desc' }] };
    const request = { method: 'POST' as const, path: '/2/instagram/profile/posts', operation: 'POST /2/instagram/profile/posts', body };
    const first = (await client.send(request)) as { data: { posts: unknown[]; remaining: number } };
    const ids: string[] = [];
    let previous = Infinity;
    let ordered = true;
    for await (const post of client.paginate(request)) {
      const p = post as { id: string; likes: number };
      ids.push(p.id);
      if (p.likes > previous) ordered = false;
      previous = p.likes;
    }
    expect(ids.length).toBeGreaterThan(2000);
    expect(ids.length).toBe(first.data.remaining + first.data.posts.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ordered).toBe(true);
    const pages = Math.ceil(ids.length / 250);
    expect(server.log).toHaveLength(1 + pages);
  });

  it('resends every parameter unchanged plus after', async () => {
    const seen: unknown[] = [];
    const pages = [{ posts: [1, 2], next: 'c1', remaining: 1 }, { posts: [3] }];
    const client = createClient({
      token: TOKEN,
      secret: SECRET,
      baseUrl: 'https://api.example.com',
      fetch: async (input) => {
        seen.push(JSON.parse(await (input as Request).text()));
        return new Response(JSON.stringify({ success: true, data: pages[seen.length - 1] }), { headers: { 'content-type': 'application/json' } });
      },
    });
    const body = { profiles: ['a'], date_start: '2025-01-01', date_end: '2025-01-02', fields: ['id'], limit: 2 };
    const posts: unknown[] = [];
    for await (const p of client.paginate({ method: 'POST', path: '/2/facebook/page/posts', body })) posts.push(p);
    expect(posts).toEqual([1, 2, 3]);
    expect(seen).toEqual([body, { ...body, after: 'c1' }]);
  });
});
