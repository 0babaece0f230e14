import { describe, expect, it } from 'vitest';
import { catalogs } from '../../src/catalog/catalogs.js';
import { authorizationHeader } from '../../src/client/auth.js';
import { validateResponse } from '../../src/validators/index.js';
import { EXTRA_DIMENSION_KEYS } from '../../src/mock/index.js';
import { allOperations, profileIds, validRequest } from '../client/support/requests.js';
import { mock, SECRET, TOKEN } from '../client/support/server.js';

const auth = authorizationHeader(TOKEN, SECRET);
async function call(url: string, path: string, body: unknown, method = 'POST') {
  const res = await fetch(url + path, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('mock v2 metrics matrix', () => {
  it('nests one level per header element and aggregates weeks and months by sum or avg', async () => {
    const server = await mock();
    const profiles = profileIds(server.account, 'facebook').slice(0, 3);
    const base = { date_start: '2025-01-01', date_end: '2025-03-31', profiles, metrics: ['fans_change', 'fans_lifetime'] };
    const daily = (await call(server.url, '/2/facebook/metrics', { ...base, dimensions: [{ type: 'profile' }, { type: 'date.day' }] })).body;
    expect(daily.header.map((h: any) => h.type)).toEqual(['profile', 'date.day', 'metric']);
    expect(daily.header[1].rows).toHaveLength(90);
    expect(daily.data).toHaveLength(3);
    expect(daily.data[0]).toHaveLength(90);
    expect(daily.data[0][0]).toHaveLength(2);
    const days: string[] = daily.header[1].rows;

    const monthly = (await call(server.url, '/2/facebook/metrics', { ...base, dimensions: [{ type: 'date.month' }] })).body;
    expect(monthly.header[0].rows).toEqual(['2025-01', '2025-02', '2025-03']);
    monthly.header[0].rows.forEach((month: string, mi: number) => {
      const cells = (metric: number) => profiles.flatMap((_, p) => days.map((d, di) => (d.startsWith(month) ? daily.data[p][di][metric] : undefined)).filter((v): v is number => v !== undefined));
      expect(monthly.data[mi][0]).toBe(sum(cells(0))); // fans_change: sum
      expect(monthly.data[mi][1]).toBeCloseTo(mean(cells(1)), 9); // fans_lifetime: avg
    });

    const weekly = (await call(server.url, '/2/facebook/metrics', { ...base, dimensions: [{ type: 'profile' }, { type: 'date.week' }] })).body;
    expect(weekly.header[1].rows[0]).toBe('2024-12-30'); // the Monday of the week holding 2025-01-01
    const firstWeek = days.slice(0, 5); // Wed 1 .. Sun 5 January
    expect(weekly.data[1][0][0]).toBe(sum(firstWeek.map((_, i) => daily.data[1][i][0])));
    expect(weekly.data[1][0][1]).toBeCloseTo(mean(firstWeek.map((_, i) => daily.data[1][i][1])), 9);
  });

  it('gives breakdown rows for an extra dimension (last) and profile label rows', async () => {
    const server = await mock();
    const profiles = profileIds(server.account, 'facebook', true).slice(0, 4);
    const res = (await call(server.url, '/2/facebook/metrics', { date_start: '2025-01-01', date_end: '2025-01-07', profiles, metrics: ['insights_reach'], dimensions: [{ type: 'profile' }, { type: 'gender_age' }] })).body;
    expect(res.header[1]).toEqual({ type: 'gender_age', rows: EXTRA_DIMENSION_KEYS.gender_age });
    expect(res.data[3]).toHaveLength(EXTRA_DIMENSION_KEYS.gender_age.length);
    const labels = (await call(server.url, '/2/facebook/metrics', { date_start: '2025-01-01', date_end: '2025-01-07', profiles, metrics: ['fans_change'], dimensions: [{ type: 'profile_label' }] })).body;
    const carried = new Set(server.account.profiles.facebook.filter((p) => profiles.includes(p.id)).flatMap((p) => p.profile_labels));
    expect(new Set(labels.header[0].rows)).toEqual(carried);
  });
});

describe('mock posts', () => {
  const body = (server: Awaited<ReturnType<typeof mock>>, extra: Record<string, unknown> = {}) => ({ profiles: profileIds(server.account, 'facebook').slice(0, 2), date_start: '2025-01-01', date_end: '2025-03-31', fields: ['id', 'created_time', 'type', 'comments', 'post_labels'], ...extra });

  it('resumes cursors exactly, whatever the page size', async () => {
    const server = await mock();
    const collect = async (limit: number) => {
      const ids: string[] = [];
      let after: string | undefined;
      let first: any;
      do {
        const res = (await call(server.url, '/2/facebook/page/posts', body(server, { limit, ...(after ? { after } : {}) }))).body;
        first ??= res.data;
        ids.push(...res.data.posts.map((p: any) => p.id));
        after = res.data.next;
      } while (after);
      return { ids, first };
    };
    const a = await collect(500);
    const b = await collect(37);
    expect(b.ids).toEqual(a.ids);
    expect(new Set(a.ids).size).toBe(a.ids.length);
    expect(b.ids.length).toBe(b.first.remaining + b.first.posts.length);
    expect(a.first.remaining).toBeUndefined();
    expect(a.ids.length).toBeGreaterThan(300);
  });

  it('rejects a cursor used with changed parameters (code 3)', async () => {
    const server = await mock();
    const first = (await call(server.url, '/2/facebook/page/posts', body(server, { limit: 5 }))).body;
    const changed = (await call(server.url, '/2/facebook/page/posts', body(server, { limit: 5, date_end: '2025-02-28', after: first.data.next }))).body;
    expect(changed.errors[0].code).toBe(3);
  });

  it('filters by field and by match_any labels, sorts asc and desc', async () => {
    const server = await mock();
    const videos = (await call(server.url, '/2/facebook/page/posts', body(server, { limit: 100, filter: [{ field: 'type', value: 'video' }] }))).body;
    expect(videos.data.posts.length).toBeGreaterThan(0);
    expect(videos.data.posts.every((p: any) => p.type === 'video')).toBe(true);
    const label = server.account.contentLabels[0].id;
    const labelled = (await call(server.url, '/2/facebook/page/posts', body(server, { limit: 100, filter: [{ match_any: [{ field: 'post_labels', value: [label] }] }] }))).body;
    expect(labelled.data.posts.length).toBeGreaterThan(0);
    expect(labelled.data.posts.every((p: any) => p.post_labels.some((l: any) => l.id === label))).toBe(true);
    for (const order of ['asc', 'desc']) {
      const sorted = (await call(server.url, '/2/facebook/page/posts', body(server, { limit: 200, sort: [{ field: 'comments', order }] }))).body;
      const comments = sorted.data.posts.map((p: any) => p.comments);
      expect(comments).toEqual([...comments].sort((x: number, y: number) => (order === 'asc' ? x - y : y - x)));
    }
  });

  it('filters by an array of values, keeping posts that match any of them ("value: string or array of strings")', async () => {
    const server = await mock();
    const page = async (filter: unknown[]) => (await call(server.url, '/2/facebook/page/posts', body(server, { limit: 500, fields: ['id', 'type', 'ppd_status', 'post_labels'], filter }))).body;
    const all = await page([]);
    const types = [...new Set(all.data.posts.map((p: any) => p.type))] as string[];
    expect(types.length).toBeGreaterThan(2);
    const two = types.slice(0, 2);
    const either = await page([{ field: 'type', value: two }]);
    const expected = all.data.posts.filter((p: any) => two.includes(p.type)).map((p: any) => p.id);
    expect(either.data.posts.map((p: any) => p.id)).toEqual(expected);
    expect(new Set(either.data.posts.map((p: any) => p.type))).toEqual(new Set(two));
    const oneInArray = await page([{ field: 'type', value: [two[0]] }]);
    const oneAsString = await page([{ field: 'type', value: two[0] }]);
    expect(oneInArray.data.posts).toEqual(oneAsString.data.posts);
    const label = server.account.contentLabels[0].id;
    const labelled = await page([{ field: 'post_labels', value: label }]);
    expect(labelled.data.posts.length).toBeGreaterThan(0);
    expect(labelled.data.posts.every((p: any) => p.post_labels.some((l: any) => l.id === label))).toBe(true);
  });

  it('types every catalog field correctly, created_time as YYYY-MM-DDTHH:MM:SS+00:00', async () => {
    const server = await mock();
    for (const [version, network, path] of [[2, 'facebook', '/2/facebook/page/posts'], [2, 'instagram', '/2/instagram/profile/posts'], [1, 'facebook', '/1/facebook/page/posts']] as const) {
      const catalog = (catalogs[`v${version}`].posts as any)[network];
      const request = { profiles: profileIds(server.account, network, true).slice(0, 2), date_start: '2025-05-01', date_end: '2025-05-31', fields: catalog.fields.map((f: any) => f.name), limit: 200 };
      const res = await call(server.url, path, request);
      expect(res.body.success).toBe(true);
      expect(res.body.data.posts.length).toBeGreaterThan(50);
      expect(validateResponse({ method: 'POST', path, body: res.body, request })).toMatchObject({ valid: true, errors: [] });
      for (const post of res.body.data.posts) expect(post.created_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    }
  });
});

describe('mock metrics that may return no data (catalog mayReturnNoData)', () => {
  it('answers numbers for fans_change and fans_lifetime, v1 and v2, which pass in strict mode (no null, no warning)', async () => {
    const server = await mock();
    const request = { date_start: '2025-01-01', date_end: '2025-01-07', profiles: profileIds(server.account, 'facebook').slice(0, 2), metrics: ['fans_change', 'fans_lifetime'] };
    for (const [path, body] of [
      ['/2/facebook/metrics', { ...request, dimensions: [{ type: 'profile' }, { type: 'date.day' }] }],
      ['/2/facebook/metrics', request],
      ['/1/facebook/metrics', request],
    ] as const) {
      const res = await call(server.url, path, body);
      expect(res.body.success, path).toBe(true);
      expect(JSON.stringify(res.body), path).not.toContain('null');
      expect(validateResponse({ method: 'POST', path, body: res.body, request: body, status: res.status, strict: true }), path).toMatchObject({ valid: true, errors: [], warnings: [] });
    }
  });
});

describe('every mock response passes the validators', () => {
  it('over a large sample of requests of every operation, successes and failures', async () => {
    const server = await mock();
    let checked = 0;
    let failures = 0;
    const rounds = 30;
    for (let round = 0; round < rounds; round++) {
      await Promise.all(
        allOperations.map(async (op, i) => {
          const req = validRequest(op, server.account, round * 1000 + i);
          // Some rounds break the request on purpose to sample failure bodies (codes 5 and 3).
          let body = req.body;
          if (round % 5 === 3 && body) body = { ...body, profiles: ['not-ours'] };
          if (round % 5 === 4 && body?.metrics) body = { ...body, metrics: [...body.metrics, 'no_such_metric'] };
          if (round % 5 === 4 && body?.fields) body = { ...body, fields: [...body.fields, 'no_such_field'] };
          const res = await call(server.url, req.path, body, req.method);
          const result = validateResponse({ method: req.method, path: req.path, body: res.body, request: body, status: res.status });
          expect(result.errors, `${op.key} ${JSON.stringify(body)}`).toEqual([]);
          if (!res.body.success) failures++;
          checked++;
        }),
      );
    }
    expect(checked).toBe(rounds * allOperations.length);
    expect(failures).toBeGreaterThan(100);
  });
});
