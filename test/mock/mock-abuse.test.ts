/**
 * A mock that cannot be knocked over: abusive requests each get an answer (a clear failure, or
 * the data) while the server stays up. Waits are bounded generously; nothing asserts speed.
 */
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../src/catalog/catalogs.js';
import { longestMonthsInDays } from '../../src/calendar/days.js';
import { authorizationHeader } from '../../src/client/auth.js';
import { checkAnswerSize, checkDailyValues, jsonDepth, MAX_ANSWER_VALUES, MAX_REQUEST_DEPTH } from '../../src/mock/bounds.js';
import { buildAccount } from '../../src/mock/account.js';
import { validateResponse } from '../../src/validators/index.js';
import { EXTRA_DIMENSION_KEYS } from '../../src/mock/values.js';
import { mock, SECRET, TOKEN } from '../client/support/server.js';

const auth = authorizationHeader(TOKEN, SECRET);
const WAIT_MS = 30_000;

async function call(url: string, path: string, body: string | undefined, method = 'POST') {
  const res = await fetch(url + path, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(WAIT_MS) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

const insightsProfiles = (server: Awaited<ReturnType<typeof mock>>, n: number) =>
  server.account.profiles.facebook.filter((p) => p.insights_enabled).slice(0, n).map((p) => p.id);

describe('mock server under abuse', () => {
  it('refuses a body over 1 MiB (20 MB sent) with HTTP 400 and stays up', async () => {
    const server = await mock();
    const huge = JSON.stringify({ profiles: ['x'.repeat(20 * 1024 * 1024)] });
    const res = await call(server.url, '/2/facebook/metrics', huge);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].errors[1]).toBe('The request body is larger than 1048576 bytes.');
    expect((await call(server.url, '/2/post/labels', '{}')).status).toBe(200);
  });

  it('refuses 100,000-deep JSON before parsing it, with HTTP 400', async () => {
    const server = await mock();
    const deep = `{"profiles":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const res = await call(server.url, '/2/facebook/metrics', deep);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].errors[1]).toBe(`The request body nests deeper than ${MAX_REQUEST_DEPTH} levels.`);
  });

  it('refuses repeated dimensions (code 3) and a matrix past the answer bound (code 4) without building it', async () => {
    const server = await mock();
    const base = { date_start: '2025-07-01', date_end: '2025-09-30', profiles: insightsProfiles(server, 25), metrics: catalogs.v2.metrics.facebook.slice(0, 25).map((m) => m.name) };
    const repeated = await call(server.url, '/2/facebook/metrics', JSON.stringify({ ...base, dimensions: Array.from({ length: 6 }, () => ({ type: 'date.day' })) }));
    expect(repeated.body.errors[0].code).toBe(3);
    const every = ['profile', 'profile_label', 'date.day', 'date.week', 'date.month'].map((type) => ({ type }));
    const many = await call(server.url, '/2/facebook/metrics', JSON.stringify({ ...base, dimensions: every }));
    expect(many.body.errors[0].code).toBe(4);
    expect(many.body.errors[0].errors[1]).toMatch(/^The answer would hold \d+ values; the mock server answers at most \d+ per request/);
  });

  it('serves the largest legal request of the issue: 25 profiles x 92 days x [profile, date.day, extra] x its metrics', async () => {
    const server = await mock();
    const byExtra = new Map<string, string[]>();
    for (const m of catalogs.v2.metrics.facebook) for (const e of m.extraDimensions) byExtra.set(e, [...(byExtra.get(e) ?? []), m.name]);
    const [extra, metrics] = [...byExtra].sort((a, b) => b[1].length - a[1].length)[0];
    const res = await call(
      server.url,
      '/2/facebook/metrics',
      JSON.stringify({ date_start: '2025-07-01', date_end: '2025-09-30', profiles: insightsProfiles(server, 25), metrics: metrics.slice(0, 25), dimensions: [{ type: 'profile' }, { type: 'date.day' }, { type: extra }] }),
    );
    expect(res.body.success).toBe(true);
    expect(res.body.header.map((h: any) => h.rows.length)).toEqual([25, 92, EXTRA_DIMENSION_KEYS[extra].length, Math.min(25, metrics.length)]);
  });

  it('answers 200 concurrent requests, every one', async () => {
    const server = await mock();
    const body = JSON.stringify({ date_start: '2025-01-01', date_end: '2025-01-31', profiles: insightsProfiles(server, 3), metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] });
    const answers = await Promise.all(Array.from({ length: 200 }, () => call(server.url, '/2/facebook/metrics', body)));
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
  });

  it('answers posts of every facebook profile over decades with limit 1, to 2040, 2200 and 9999-12-31, and stays up', async () => {
    const server = await mock();
    const profiles = server.account.profiles.facebook.map((p) => p.id);
    for (const date_end of ['2040-12-31', '2200-12-31', '9999-12-31']) {
      const request = { profiles, date_start: '2015-01-01', date_end, fields: ['id', 'created_time'], limit: 1 };
      const res = await call(server.url, '/2/facebook/page/posts', JSON.stringify(request));
      expect(res.body.data.posts, date_end).toHaveLength(1);
      const created: string = res.body.data.posts[0].created_time;
      expect(created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      // The newest post: on the last local day, up to 14 hours later in UTC, never past 9999.
      expect([date_end.slice(0, 4), String(Number(date_end.slice(0, 4)) + 1)], date_end).toContain(created.slice(0, 4));
      expect(res.body.data.remaining, date_end).toBeGreaterThan(profiles.length * (Number(date_end.slice(0, 4)) - 2015) * 365 * 2);
      expect(validateResponse({ method: 'POST', path: '/2/facebook/page/posts', body: res.body, request, strict: true }).errors, date_end).toEqual([]);
    }
    expect((await call(server.url, '/2/post/labels', '{}')).status).toBe(200);
  });

  it('answers metrics over the last days of the calendar: 9999-12-01..9999-12-31 and six days of October 9999', async () => {
    const server = await mock();
    for (const [date_start, date_end, days] of [['9999-12-01', '9999-12-31', 31], ['9999-10-26', '9999-10-31', 6]] as const) {
      const request = { profiles: insightsProfiles(server, 2), metrics: ['fans_change'], date_start, date_end, dimensions: [{ type: 'date.week' }, { type: 'date.day' }] };
      const res = await call(server.url, '/2/facebook/metrics', JSON.stringify(request));
      expect(res.status).toBe(200);
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      expect(res.body.header[1].rows).toHaveLength(days);
      expect(validateResponse({ method: 'POST', path: '/2/facebook/metrics', body: res.body, request, strict: true }).errors).toEqual([]);
      const v1 = { profiles: insightsProfiles(server, 2), metrics: ['fans_lifetime'], date_start, date_end };
      const old = await call(server.url, '/1/facebook/metrics', JSON.stringify(v1));
      expect(old.body.profiles[0].data.at(-1).date).toBe(`${date_end} 00:00:00`);
    }
  });

  it('refuses with code 4 a v2 metrics request that would aggregate more daily values than its bound (limits off, 2015 to 9999)', async () => {
    const server = await mock({ limits: false });
    const res = await call(server.url, '/2/facebook/metrics', JSON.stringify({ date_start: '2015-01-01', date_end: '9999-12-31', profiles: insightsProfiles(server, 25), metrics: ['fans_change'] }));
    expect(res.body.errors[0].code).toBe(4);
    expect(res.body.errors[0].errors[1]).toMatch(/^The answer would aggregate \d+ daily values; the mock server computes at most \d+ per request/);
    const year = await call(server.url, '/2/facebook/metrics', JSON.stringify({ date_start: '2015-01-01', date_end: '2015-12-31', profiles: insightsProfiles(server, 25), metrics: ['fans_change'] }));
    expect(year.body.success).toBe(true);
  });

  it('a 405 carries Allow (RFC 9110)', async () => {
    const server = await mock();
    const res = await call(server.url, '/2/facebook/metrics', undefined, 'GET');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('answer bound', () => {
  it('is the largest answer within the documented limits: 25 profiles x 92 days x the most extra keys x 25 metrics', () => {
    const mostKeys = Math.max(...Object.values(EXTRA_DIMENSION_KEYS).map((k) => k.length));
    expect(MAX_ANSWER_VALUES).toBe(catalogs.limits.profilesPerMetricsRequest.value * longestMonthsInDays(3) * mostKeys * catalogs.limits.metricsPerMetricsRequest.value);
    expect(() => checkAnswerSize(MAX_ANSWER_VALUES)).not.toThrow();
    expect(() => checkAnswerSize(MAX_ANSWER_VALUES + 1)).toThrow('mock failure 4');
  });

  it('holds every v2 metrics request within the documented limits: profiles x days x extra keys x metrics x labels of a profile', () => {
    const { profilesPerMetricsRequest: profiles, metricsPerMetricsRequest: metrics } = catalogs.limits;
    const account = buildAccount();
    const mostLabels = Math.max(...Object.values(account.profiles).flat().map((p) => p.profile_labels.length));
    for (const [network, catalog] of Object.entries(catalogs.v2.metrics)) {
      const byExtra = new Map<string, number>();
      for (const m of catalog) for (const e of m.extraDimensions) byExtra.set(e, (byExtra.get(e) ?? 0) + 1);
      const widest = Math.max(metrics.value, ...[...byExtra].map(([e, n]) => EXTRA_DIMENSION_KEYS[e].length * Math.min(n, metrics.value)));
      const most = profiles.value * longestMonthsInDays(3) * widest * mostLabels;
      expect(most, network).toBeLessThanOrEqual(MAX_ANSWER_VALUES);
      expect(() => checkDailyValues(most)).not.toThrow();
    }
    expect(() => checkDailyValues(MAX_ANSWER_VALUES + 1)).toThrow('mock failure 4');
  });

  it('jsonDepth counts nesting outside strings and stops past the limit', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[["}]}')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    expect(jsonDepth('['.repeat(1000), 10)).toBe(11);
  });
});
