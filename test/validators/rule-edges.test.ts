/**
 * The edges of the response rules' tables (src/validators/rules/): each limit on both sides and
 * at itself, each range at both ends, each network, with the whole list of problems expected, so
 * that a comparison moved by one or a branch taken the other way changes a verdict here.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { validateResponse, type ValidateResponseInput } from '../../src/validators/index.js';
import { metricsOf } from '../../src/validators/catalog-facts.js';
import { problem, problems } from './problems.js';

const found = (input: ValidateResponseInput, strict = false) => problems(validateResponse({ ...input, strict }, { maxProblems: 500 }));

describe('failure bodies: the code at each end of 3 to 99 and of the HTTP codes', () => {
  const failure = (code: number, status: number): ValidateResponseInput => ({ method: 'POST', path: '/2/facebook/metrics', status, body: { success: false, errors: [{ code, errors: ['Invalid request'] }] } });
  const notDocumented = (code: number) => problem('shared.failure.code-range', '/errors/0/code', `${code} is not a documented error code (3 to 99, or one of 400, 401, 403, 404, 405, 500)`);

  it('3 and 99 are API codes: with status 200 they pass, with another status code-status says so', () => {
    for (const code of [3, 99]) {
      expect(found(failure(code, 200))).toEqual([]);
      expect(found(failure(code, 400))).toEqual([problem('shared.failure.code-status', '/errors/0/code', `error ${code} comes with HTTP status 200, not 400`)]);
      expect(found(failure(code, 500))).toEqual([problem('shared.failure.code-status', '/errors/0/code', `error ${code} comes with HTTP status 200, not 500`)]);
    }
  });

  it('2 and 100 (just outside 3 to 99) and 0 are undocumented codes, whatever the status, and no API code of the wrong status', () => {
    for (const code of [0, 2, 100]) for (const status of [200, 400]) expect(found(failure(code, status))).toEqual([notDocumented(code)]);
  });

  it('a code inside 3 to 99 the table does not list is reported as unlisted, not as undocumented', () => {
    for (const code of [9, 12, 98]) {
      expect(found(failure(code, 200))).toEqual([problem('shared.failure.code-listed', '/errors/0/code', `${code} is not an error code of the table (listed: 3, 4, 5, 6, 7, 8, 10, 11, 13, 99, 400, 401, 403, 404, 405, 500)`)]);
    }
    // With a status other than 200, both: the code is unlisted and an API code comes with 200.
    expect(found(failure(12, 404))).toEqual([
      problem('shared.failure.code-status', '/errors/0/code', 'error 12 comes with HTTP status 200, not 404'),
      problem('shared.failure.code-listed', '/errors/0/code', '12 is not an error code of the table (listed: 3, 4, 5, 6, 7, 8, 10, 11, 13, 99, 400, 401, 403, 404, 405, 500)'),
    ]);
  });

  it('each HTTP code passes with its equal status and fails with 200 or another documented status', () => {
    for (const code of [400, 401, 403, 404, 405, 500]) {
      expect(found(failure(code, code))).toEqual([]);
      for (const status of [200, code === 400 ? 401 : 400]) {
        expect(found(failure(code, status))).toEqual([problem('shared.failure.code-http-status', '/errors/0/code', `error ${code} comes with HTTP status ${code}, not ${status}`)]);
      }
    }
    for (const code of [399, 402, 501]) expect(found(failure(code, 400))).toEqual([notDocumented(code)]);
  });

  it("a code that is no whole number is the schema's alone", () => {
    const rules = (code: unknown, status: number) => found({ ...failure(0, status), body: { success: false, errors: [{ code, errors: ['x'] }] } }).map((p) => p.rule);
    expect(rules(3.5, 400)).toEqual(['shared.failure.shape']);
    expect(rules('3', 400)).toEqual(['shared.failure.shape']);
  });

  it('an empty errors list lacks the general description; one description is enough', () => {
    const body = (errors: string[]) => ({ ...failure(3, 200), body: { success: false, errors: [{ code: 3, errors: ['Invalid request'] }, { code: 4, errors }] } });
    expect(found(body([]))).toEqual([problem('shared.failure.general-description', '/errors/1/errors', 'expected at least a general description, got an empty list')]);
    expect(found(body(['Limit exceeded']))).toEqual([]);
  });
});

describe('profile lists: insights_enabled by network, timezone shape', () => {
  const list = (network: string, profile: Record<string, unknown>): ValidateResponseInput => ({ method: 'GET', path: `/2/${network}/profiles`, body: { success: true, profiles: [{ id: '1', name: 'A' }, { id: '2', name: 'B', ...profile }] } });

  it('insights_enabled true or false passes on facebook and instagram; on the other networks true is stated, any other value inferred', () => {
    for (const network of ['facebook', 'instagram']) for (const value of [true, false]) expect(found(list(network, { insights_enabled: value }))).toEqual([]);
    for (const network of ['twitter', 'youtube', 'linkedin', 'pinterest']) {
      expect(found(list(network, {}))).toEqual([]);
      expect(found(list(network, { insights_enabled: true }))).toEqual([
        problem('shared.profiles.insights-networks', '/profiles/1/insights_enabled', `insights_enabled true (insights metrics available) on a ${network} profile: the documents give it only for facebook and instagram`),
      ]);
      expect(found(list(network, { insights_enabled: false }))).toEqual([
        problem('shared.profiles.insights-member-networks', '/profiles/1/insights_enabled', `insights_enabled on a ${network} profile: the documents give it "only for netA and netB" (facebook and instagram)`),
      ]);
    }
  });

  it('timezone: IANA names pass; a name with a space, an empty part, a leading digit or sign, or a slash at an end fails', () => {
    for (const timezone of ['UTC', 'Z', 'Europe/Prague', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'Etc/GMT-14', 'America/Port-au-Prince', 'Europe/1x']) {
      expect(found(list('facebook', { timezone }))).toEqual([]);
    }
    for (const timezone of [' UTC', 'UTC ', 'Europe Prague', '1UTC', '+UTC', '_UTC', '/UTC', 'Europe/', 'Europe//Prague', 'Europe/Prague/', '', 'Europe/Prä']) {
      expect(found(list('facebook', { timezone }))).toEqual([
        problem('shared.profiles.timezone-shape', '/profiles/1/timezone', `expected the shape of an IANA time zone name (UTC, Europe/Prague, Etc/GMT+5: parts of letters, digits, _, + and - joined by /), got ${JSON.stringify(timezone)}`),
      ]);
    }
  });
});

describe('profile labels: platform is a network of version 2, in any case', () => {
  const labels = (platforms: string[]): ValidateResponseInput => ({ method: 'POST', path: '/2/profile/labels', body: { success: true, data: [{ id: 'l0', name: 'Other', profiles: [] }, { id: 'l1', name: 'Brand', profiles: platforms.map((platform) => ({ name: 'A', platform })) }] } });

  it('each network, in lower, upper and mixed case, passes', () => {
    const networks = ['facebook', 'instagram', 'twitter', 'youtube', 'linkedin', 'pinterest'];
    expect(found(labels([...networks, ...networks.map((n) => n.toUpperCase()), 'LinkedIn', 'YouTube']))).toEqual([]);
  });

  it('a name that is no network, or a network name with more around it, fails at its place', () => {
    const message = (platform: string) => `expected a network name (facebook, instagram, twitter, youtube, linkedin, pinterest), got "${platform}"`;
    expect(found(labels(['facebook', 'netA', 'facebookx', ' twitter', 'tiktok']))).toEqual([
      problem('v2.labels.profile-label-platform', '/data/1/profiles/1/platform', message('netA')),
      problem('v2.labels.profile-label-platform', '/data/1/profiles/2/platform', message('facebookx')),
      problem('v2.labels.profile-label-platform', '/data/1/profiles/3/platform', message(' twitter')),
      problem('v2.labels.profile-label-platform', '/data/1/profiles/4/platform', message('tiktok')),
    ]);
  });
});

describe('posts pages: remaining beside next, the page size at its limits', () => {
  const request = { profiles: ['1'], date_start: '2026-01-01', date_end: '2026-01-31', fields: ['id'] };
  const page = (count: number, extra: Record<string, unknown> = {}, req?: Record<string, unknown>): ValidateResponseInput => ({
    method: 'POST',
    path: '/2/facebook/page/posts',
    body: { success: true, data: { posts: Array.from({ length: count }, (_, i) => ({ id: `p${i}` })), ...extra } },
    ...(req ? { request: req } : {}),
  });

  it('remaining beside next: 1 and more pass, 0 and below fail', () => {
    for (const remaining of [1, 2, 4000]) expect(found(page(1, { next: 'c', remaining }))).toEqual([]);
    for (const remaining of [0, -1]) {
      expect(found(page(1, { next: 'c', remaining }))).toEqual([problem('shared.posts.remaining-with-next', '/data/remaining', `expected at least 1 with next (more data exists), got ${remaining}`)]);
    }
  });

  it('at most 500 posts on any page: 499 and 500 pass, 501 fails', () => {
    expect(found(page(499))).toEqual([]);
    expect(found(page(500))).toEqual([]);
    expect(found(page(501))).toEqual([problem('shared.posts.page-size-maximum', '/data/posts', 'expected at most 500 posts (the maximum page size), got 501')]);
  });

  it('with the request: the requested limit, or 10 without one, and no more', () => {
    for (const limit of [1, 7, 500]) {
      expect(found(page(limit, {}, { ...request, limit }))).toEqual([]);
      if (limit > 1) expect(found(page(limit - 1, {}, { ...request, limit }))).toEqual([]);
      if (limit < 500) expect(found(page(limit + 1, {}, { ...request, limit }))).toEqual([problem('shared.posts.page-size', '/data/posts', `expected at most ${limit} posts (the requested limit), got ${limit + 1}`)]);
    }
    expect(found(page(10, {}, request))).toEqual([]);
    expect(found(page(11, {}, request))).toEqual([problem('shared.posts.page-size', '/data/posts', 'expected at most 10 posts (the default page size), got 11')]);
    // Without the request, only the maximum: 11 posts pass.
    expect(found(page(11))).toEqual([]);
  });
});

describe('v1 metrics: profiles, days and limits at their edges', () => {
  const day = (d: number) => `2026-01-${String(d).padStart(2, '0')}`;
  const records = (days: number[], names = ['comments']) => days.map((d) => ({ date: `${day(d)} 00:00:00`, ...Object.fromEntries(names.map((n) => [n, 1])) }));
  const request = (start: number, end: number, profiles = ['a']) => ({ date_start: day(start), date_end: day(end), profiles, metrics: ['comments'] });
  const v1 = (profiles: unknown[], req?: unknown): ValidateResponseInput => ({ method: 'POST', path: '/1/facebook/metrics', body: { success: true, profiles }, ...(req ? { request: req } : {}) });
  const tenDays = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const missing = (message: string) => problem('v1.metrics.every-day', '/profiles/0/data', message);

  it('every requested day but the last: one missing day named, five named, a sixth counted', () => {
    expect(found(v1([{ id: 'a', data: records(tenDays) }], request(1, 10)))).toEqual([]);
    expect(found(v1([{ id: 'a', data: records(tenDays.filter((d) => d !== 1)) }], request(1, 10)))).toEqual([missing('no record for the requested day 2026-01-01')]);
    expect(found(v1([{ id: 'a', data: records(tenDays.filter((d) => d !== 9)) }], request(1, 10)))).toEqual([missing('no record for the requested day 2026-01-09')]);
    expect(found(v1([{ id: 'a', data: records([1, 2, 3, 4, 10]) }], request(1, 10)))).toEqual([missing('no record for the requested days 2026-01-05, 2026-01-06, 2026-01-07, 2026-01-08, 2026-01-09')]);
    expect(found(v1([{ id: 'a', data: records([1, 2, 3, 10]) }], request(1, 10)))).toEqual([missing('no record for the requested days 2026-01-04, 2026-01-05, 2026-01-06, 2026-01-07, 2026-01-08 and 1 more')]);
    // An empty data list says nothing of days (the metrics may return no data).
    expect(found(v1([{ id: 'a', data: [] }], request(1, 10)))).toEqual([]);
    // The last day missing is last-day's, not every-day's; days outside the range are date-range's.
    expect(found(v1([{ id: 'a', data: records(tenDays.slice(0, 9)) }], request(1, 10)))).toEqual([problem('v1.metrics.last-day', '/profiles/0/data', 'no record for the last requested day "2026-01-10"')]);
    expect(found(v1([{ id: 'a', data: records([...tenDays, 11]) }], request(1, 10)))).toEqual([problem('v1.metrics.date-range', '/profiles/0/data/10/date', '2026-01-11 is outside the requested range 2026-01-01..2026-01-10')]);
    expect(found(v1([{ id: 'a', data: [...records(tenDays), { date: '2025-12-31 00:00:00', comments: 1 }] }], request(1, 10)))).toEqual([
      problem('v1.metrics.date-range', '/profiles/0/data/10/date', '2025-12-31 is outside the requested range 2026-01-01..2026-01-10'),
    ]);
  });

  it('one element per requested profile, in any order; a missing, an extra and a repeated one each said', () => {
    const one = records([1]);
    expect(found(v1([{ id: 'b', data: one }, { id: 'a', data: one }], request(1, 1, ['a', 'b'])))).toEqual([]);
    expect(found(v1([{ id: 'a', data: one }], request(1, 1, ['a', 'b'])))).toEqual([
      problem('v1.metrics.profiles', '/profiles', 'expected one element per requested profile (2), got 1'),
      problem('v1.metrics.profiles', '/profiles', 'no element for requested profile "b"'),
    ]);
    expect(found(v1([{ id: 'a', data: one }, { id: 'c', data: one }], request(1, 1, ['a'])))).toEqual([
      problem('v1.metrics.profiles', '/profiles', 'expected one element per requested profile (1), got 2'),
      problem('v1.metrics.profiles', '/profiles/1/id', '"c" is not a requested profile'),
    ]);
    expect(found(v1([{ id: 'a', data: one }, { id: 'a', data: one }], request(1, 1, ['a', 'b'])))).toEqual([
      problem('v1.metrics.profiles', '/profiles/1/id', 'profile "a" appears more than once'),
      problem('v1.metrics.profiles', '/profiles', 'no element for requested profile "b"'),
    ]);
    // No element at all: the count only (each missing profile is not named again).
    expect(found(v1([], request(1, 1, ['a', 'b'])))).toEqual([problem('v1.metrics.profiles', '/profiles', 'expected one element per requested profile (2), got 0')]);
  });

  it('body only: 25 distinct profiles pass, 26 fail; 26 elements of 25 profiles are not over the limit', () => {
    const elements = (count: number, distinct: number) => Array.from({ length: count }, (_, i) => ({ id: `p${i % distinct}`, data: records([1]) }));
    expect(found(v1(elements(25, 25)))).toEqual([]);
    expect(found(v1(elements(26, 25)))).toEqual([]);
    expect(found(v1(elements(26, 26)))).toEqual([
      problem('v1.metrics.profiles-within-limit', '/profiles', 'holds elements for more than 25 distinct profiles; one element per requested profile means more than 25 were requested, which the documents refuse with code 4'),
    ]);
  });

  it('body only: a record of 25 metrics passes, one of 26 fails at its place', () => {
    const names = ['comments', 'interactions', 'page_posts', 'reactions', 'shares', 'user_posts', 'user_posts_average_response_time', 'user_posts_responded', 'user_questions'];
    const catalog = [...metricsOf(1, 'facebook').values()].filter((m) => m.type === 'integer' && !m.mayReturnNoData).map((m) => m.name);
    for (const name of names) expect(catalog).toContain(name);
    const record = (count: number) => records([2], catalog.slice(0, count))[0];
    expect(found(v1([{ id: 'a', data: [records([1])[0], record(25)] }]))).toEqual([]);
    expect(found(v1([{ id: 'a', data: [records([1])[0], record(26)] }]))).toEqual([
      problem('v1.metrics.record-metrics-within-limit', '/profiles/0/data/1', 'holds 26 metric members; one member per requested metric means 26 metrics were requested, more than 25, which the documents refuse with code 4'),
    ]);
  });
});

describe('v2 metrics: date.day rows at the ends of the requested range', () => {
  const request = (start: string, end: string) => ({ date_start: start, date_end: end, profiles: ['p1'], metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] });
  const v2 = (rows: string[], req?: unknown): ValidateResponseInput => ({
    method: 'POST',
    path: '/2/facebook/metrics',
    body: { success: true, header: [{ type: 'date.day', rows }, { type: 'metric', rows: ['fans_change'] }], data: rows.map(() => [1]) },
    ...(req ? { request: req } : {}),
  });

  it('the first and the last requested day pass, the days just outside fail, the last day may come anywhere', () => {
    const req = request('2026-01-01', '2026-01-02');
    expect(found(v2(['2026-01-01', '2026-01-02'], req))).toEqual([]);
    expect(found(v2(['2026-01-02', '2026-01-01'], req))).toEqual([]);
    expect(found(v2(['2025-12-31', '2026-01-02'], req))).toEqual([problem('v2.metrics.date-range', '/header/0/rows/0', '2025-12-31 is outside the requested range 2026-01-01..2026-01-02')]);
    expect(found(v2(['2026-01-01', '2026-01-03', '2026-01-02'], req))).toEqual([problem('v2.metrics.date-range', '/header/0/rows/1', '2026-01-03 is outside the requested range 2026-01-01..2026-01-02')]);
    expect(found(v2(['2026-01-01'], req))).toEqual([problem('v2.metrics.last-day', '/header/0/rows', 'no row for the last requested day "2026-01-02"')]);
    // No rows: no data, which the metrics may return.
    expect(found(v2([], req))).toEqual([]);
  });
});

describe('the 3-month limit read from a body alone, against a date library', () => {
  // The stated reading: date_end at most date_start plus 3 calendar months (luxon's month
  // arithmetic, which keeps the day or takes the month's last day).
  const days = fc.integer({ min: 0, max: 365 * 40 }).map((n) => DateTime.fromISO('2000-01-01', { zone: 'utc' }).plus({ days: n }));
  const iso = (d: DateTime) => d.toISODate()!;
  // The days in both orders: the earliest and the latest are found wherever they stand.
  const v1 = (first: string, last: string, days = [last, first]): ValidateResponseInput => ({
    method: 'POST',
    path: '/1/facebook/metrics',
    body: { success: true, profiles: [{ id: 'a', data: days.map((date) => ({ date: `${date} 00:00:00`, comments: 1 })) }] },
  });
  const v2 = (first: string, last: string, days = [last, first]): ValidateResponseInput => ({
    method: 'POST',
    path: '/2/facebook/metrics',
    body: { success: true, header: [{ type: 'date.day', rows: days }, { type: 'metric', rows: ['fans_change'] }], data: [[1], [1]] },
  });

  it('records and rows up to date_start plus 3 months pass; one day later fails, naming that latest day', () => {
    fc.assert(
      fc.property(days, (start) => {
        const latest = start.plus({ months: 3 });
        const after = iso(latest.plus({ days: 1 }));
        expect(found(v1(iso(start), iso(latest)))).toEqual([]);
        expect(found(v2(iso(start), iso(latest)))).toEqual([]);
        const over = `; a request holding both days ends after ${iso(latest)} (date_start plus 3 calendar months at the latest), which the documents refuse with code 4`;
        expect(found(v1(iso(start), after))).toEqual([problem('v1.metrics.record-days-within-limit', '/profiles', `records run from ${iso(start)} to ${after}${over}`)]);
        expect(found(v1(iso(start), after, [iso(start), after]))).toEqual([problem('v1.metrics.record-days-within-limit', '/profiles', `records run from ${iso(start)} to ${after}${over}`)]);
        expect(found(v2(iso(start), after))).toEqual([problem('v2.metrics.date-rows-within-limit', '/header/0/rows', `rows run from ${iso(start)} to ${after}${over}`)]);
        expect(found(v2(iso(start), after, [iso(start), after]))).toEqual([problem('v2.metrics.date-rows-within-limit', '/header/0/rows', `rows run from ${iso(start)} to ${after}${over}`)]);
      }),
      { seed: 52, numRuns: 150 },
    );
  });
});

describe('posts: created_time at the first and the last day of the calendar', () => {
  const page = (created: string, start: string, end: string): ValidateResponseInput => ({
    method: 'POST',
    path: '/2/facebook/page/posts',
    body: { success: true, data: { posts: [{ id: 'a', created_time: created }] } },
    request: { profiles: ['p1'], date_start: start, date_end: end, fields: ['id', 'created_time'] },
  });
  const outside = (created: string, start: string, end: string) => problem('shared.posts.created-in-range', '/data/posts/0/created_time', `"${created}" is outside the requested days ${start}..${end} in every profile timezone`);

  it('the day before a start on the second day of year 0 bounds it at 10:00 UTC; a start on its first day has no earlier bound', () => {
    expect(found(page('0000-01-01T10:00:00+00:00', '0000-01-02', '0000-01-02'))).toEqual([]);
    expect(found(page('0000-01-01T09:59:59+00:00', '0000-01-02', '0000-01-02'))).toEqual([outside('0000-01-01T09:59:59+00:00', '0000-01-02', '0000-01-02')]);
    expect(found(page('0000-01-01T00:00:00+00:00', '0000-01-01', '0000-01-01'))).toEqual([]);
  });

  it('the day after an end on the last day but one of year 9999 bounds it at 12:00 UTC; an end on its last day has no later bound', () => {
    expect(found(page('9999-12-31T11:59:59+00:00', '9999-12-30', '9999-12-30'))).toEqual([]);
    expect(found(page('9999-12-31T12:00:00+00:00', '9999-12-30', '9999-12-30'))).toEqual([outside('9999-12-31T12:00:00+00:00', '9999-12-30', '9999-12-30')]);
    expect(found(page('9999-12-31T23:59:59+00:00', '9999-12-31', '9999-12-31'))).toEqual([]);
  });
});

describe('v2 metrics: the header, each rule on its own case', () => {
  const v2 = (header: unknown[], data: unknown, req?: unknown): ValidateResponseInput => ({ method: 'POST', path: '/2/facebook/metrics', body: { success: true, header, data }, ...(req ? { request: req } : {}) });
  const metric = (rows: string[]) => ({ type: 'metric', rows });
  const dim = (type: string, rows: string[]) => ({ type, rows });
  const request = { date_start: '2026-01-01', date_end: '2026-01-01', profiles: ['p1', 'p2'], metrics: ['insights_reach', 'insights_views'], dimensions: [{ type: 'profile' }] };
  const profiles = dim('profile', ['p1', 'p2']);

  it('the metric element last; one extra dimension, last; each metric row supporting it, a repeated row said once', () => {
    expect(found(v2([metric(['insights_reach']), dim('profile', ['p1'])], [[1]]))).toEqual([
      problem('v2.metrics.header-ends-with-metric', '/header/0/type', 'the metric element must be the last header element (1 of 2)'),
      problem('v2.metrics.header-ends-with-metric', '/header/1/type', 'expected "metric" (the last header element), got "profile"'),
    ]);
    expect(found(v2([dim('gender_age', ['F.18-24']), dim('country', ['CZ']), metric(['insights_activity_unique'])], [[[1]]]))).toEqual([
      problem('v2.metrics.header-extra-dimension', '/header/0/type', 'extra dimension "gender_age" is not the last dimension (the documents say it must be the last dimension of the request)'),
      problem('v2.metrics.header-extra-dimension', '/header/1/type', 'a second extra dimension "country" (the first is "gender_age" at /header/0): the documents allow only one per request'),
    ]);
    expect(found(v2([dim('gender_age', ['F.18-24']), dim('profile', ['p1']), metric(['insights_reach'])], [[[1]]]))).toEqual([
      problem('v2.metrics.header-extra-dimension', '/header/0/type', 'extra dimension "gender_age" is not the last dimension (the documents say it must be the last dimension of the request)'),
    ]);
    expect(found(v2([dim('profile', ['p1']), dim('gender_age', ['F.18-24']), metric(['insights_reach'])], [[[1]]]))).toEqual([]);
    expect(found(v2([dim('gender_age', ['F.18-24']), metric(['insights_activity', 'insights_activity'])], [[1, 1]]))).toEqual([
      problem('v2.metrics.metric-rows-unique', '/header/1/rows/1', 'metric "insights_activity" appears more than once'),
      problem('v2.metrics.extra-dimension-support', '/header/1/rows/0', 'metric "insights_activity" does not support the extra dimension "gender_age"'),
    ]);
  });

  it('every extra dimension after the first names the first; a header without its metric element still judges its extra dimension', () => {
    const second = (i: number, type: string) => problem('v2.metrics.header-extra-dimension', `/header/${i}/type`, `a second extra dimension "${type}" (the first is "gender_age" at /header/0): the documents allow only one per request`);
    const notLast = problem('v2.metrics.header-extra-dimension', '/header/0/type', 'extra dimension "gender_age" is not the last dimension (the documents say it must be the last dimension of the request)');
    expect(found(v2([dim('gender_age', ['F']), dim('country', ['CZ']), dim('city', ['Prague']), metric(['insights_activity_unique'])], [[[[1]]]]))).toEqual([notLast, second(1, 'country'), second(2, 'city')]);
    expect(found(v2([dim('gender_age', ['F']), dim('profile', ['p1'])], [[1]]))).toEqual([
      problem('v2.metrics.header-ends-with-metric', '/header/1/type', 'expected "metric" (the last header element), got "profile"'),
      notLast,
    ]);
  });

  it('requested dimensions that are not objects give no expected header; rows that are no day are date-rows’ alone', () => {
    const req = { date_start: '2026-01-01', date_end: '2026-01-01', profiles: ['p1'], metrics: ['insights_reach'], dimensions: ['date.day'] };
    expect(found(v2([dim('profile', ['p1']), metric(['insights_reach'])], [[1]], req)).filter((p) => p.rule !== 'shared.response.invalid-request-answered')).toEqual([]);
    for (const rows of [['2026-01-01', '2026-13-01'], ['2026-13-01', '2026-01-01']]) {
      expect(found(v2([dim('date.day', rows), metric(['insights_reach'])], [[1], [1]]))).toEqual([problem('v2.metrics.date-rows', `/header/0/rows/${rows.indexOf('2026-13-01')}`, 'expected a date YYYY-MM-DD, got "2026-13-01"')]);
    }
  });

  it('a repeated metric row among a few rows and among more than a few', () => {
    const names = ['insights_activity', 'insights_activity_unique', 'insights_engaged_users', 'insights_fan_adds', 'insights_fan_adds_unique', 'insights_fan_removes', 'insights_fan_removes_unique', 'insights_fans_lifetime', 'insights_fans_online'];
    for (const count of [2, 7, 8, 9]) {
      const rows = [...names.slice(0, count - 1), names[0]];
      expect(found(v2([metric(rows)], rows.map(() => 1)))).toEqual([problem('v2.metrics.metric-rows-unique', `/header/0/rows/${count - 1}`, 'metric "insights_activity" appears more than once')]);
      expect(found(v2([metric(names.slice(0, count))], names.slice(0, count).map(() => 1)))).toEqual([]);
    }
  });

  it('with the request: the requested dimensions then metric; the requested metrics, in order; requested profiles', () => {
    expect(found(v2([profiles, metric(['insights_reach', 'insights_views'])], [[1, 2], [3, 4]], request))).toEqual([]);
    expect(found(v2([profiles, dim('date.day', ['2026-01-01']), metric(['insights_reach', 'insights_views'])], [[[1, 2]], [[3, 4]]], request))).toEqual([
      problem('v2.metrics.header-order', '/header', 'expected 2 elements ("profile", "metric": the requested dimensions, then metric), got 3'),
      problem('v2.metrics.header-order', '/header/1/type', 'expected "metric" (the metric element), got "date.day"'),
    ]);
    expect(found(v2([metric(['insights_reach', 'insights_views'])], [1, 2], request))).toEqual([
      problem('v2.metrics.header-order', '/header', 'expected 2 elements ("profile", "metric": the requested dimensions, then metric), got 1'),
      problem('v2.metrics.header-order', '/header/0/type', 'expected "profile" (requested dimension 1), got "metric"'),
    ]);
    expect(found(v2([profiles, metric(['insights_views', 'insights_reach'])], [[1, 2], [3, 4]], request))).toEqual([
      problem('v2.metrics.metric-order', '/header/1/rows/0', 'expected "insights_reach" (requested metric 1), got "insights_views"'),
      problem('v2.metrics.metric-order', '/header/1/rows/1', 'expected "insights_views" (requested metric 2), got "insights_reach"'),
    ]);
    expect(found(v2([profiles, metric(['insights_views'])], [[1], [3]], request))).toEqual([
      problem('v2.metrics.requested-metrics', '/header/1/rows', 'expected the 2 requested metrics ("insights_reach", "insights_views"), got 1 row'),
    ]);
    expect(found(v2([profiles, metric(['insights_views', 'insights_impressions'])], [[1, 2], [3, 4]], request))).toEqual([
      problem('v2.metrics.requested-metrics', '/header/1/rows/1', '"insights_impressions" is not a requested metric'),
      problem('v2.metrics.requested-metrics', '/header/1/rows', 'no row for requested metric "insights_reach"'),
    ]);
    expect(found(v2([profiles, metric(['insights_views', 'insights_reach', 'insights_impressions'])], [[1, 2, 5], [3, 4, 5]], request))).toEqual([
      problem('v2.metrics.requested-metrics', '/header/1/rows', 'expected the 2 requested metrics ("insights_reach", "insights_views"), got 3 rows'),
      problem('v2.metrics.requested-metrics', '/header/1/rows/2', '"insights_impressions" is not a requested metric'),
    ]);
    expect(found(v2([dim('profile', ['p1', 'p3']), metric(['insights_reach', 'insights_views'])], [[1, 2], [3, 4]], request))).toEqual([
      problem('v2.metrics.requested-profiles', '/header/0/rows/1', '"p3" is not a requested profile'),
    ]);
    expect(found(v2([dim('profile', ['p2']), metric(['insights_reach', 'insights_views'])], [[1, 2]], request))).toEqual([]);
  });

  it('innermost values are finite numbers', () => {
    for (const value of [Infinity, -Infinity, Number.NaN]) {
      expect(found(v2([dim('profile', ['p1']), metric(['insights_reach'])], [[value]]))).toEqual([problem('v2.metrics.data-numbers', '/data/0/0', `expected number (a metric value), got ${value}`)]);
    }
  });
});

describe('posts: requested fields, sort order, filters and date-times on their own cases', () => {
  const page = (posts: unknown[], req?: Record<string, unknown>): ValidateResponseInput => ({ method: 'POST', path: '/2/facebook/page/posts', body: { success: true, data: { posts } }, ...(req ? { request: req } : {}) });
  const request = (fields: string[], extra: Record<string, unknown> = {}) => ({ profiles: ['p1'], date_start: '2026-01-01', date_end: '2026-01-31', fields, ...extra });
  const seven = ['id', 'comments', 'interactions', 'message', 'page_id', 'author_id', 'is_published'];
  const byComments = [{ field: 'comments', order: 'desc' }];

  it('missing requested fields: one named, five named, a sixth counted', () => {
    expect(found(page([{ id: 'a' }], request(['id', 'comments'])))).toEqual([problem('shared.posts.requested-fields-present', '/data/posts/0', 'missing requested field "comments"')]);
    expect(found(page([{ id: 'a', comments: 1 }], request(seven)))).toEqual([
      problem('shared.posts.requested-fields-present', '/data/posts/0', 'missing requested fields "interactions", "message", "page_id", "author_id", "is_published"'),
    ]);
    expect(found(page([{ id: 'a' }], request(seven)))).toEqual([
      problem('shared.posts.requested-fields-present', '/data/posts/0', 'missing requested fields "comments", "interactions", "message", "page_id", "author_id" and 1 more'),
    ]);
  });

  it('sort: a tie goes to the next key, equal posts pass, an order other than desc is not judged, an item that is no post is skipped', () => {
    const twoKeys = request(['id', 'comments', 'interactions'], { sort: [...byComments, { field: 'interactions', order: 'desc' }] });
    expect(found(page([{ id: 'a', comments: 2, interactions: 1 }, { id: 'b', comments: 2, interactions: 5 }], twoKeys))).toEqual([
      problem('shared.posts.sort-order', '/data/posts/1', 'breaks the requested sort interactions desc: 5 follows 1 of /data/posts/0'),
    ]);
    expect(found(page([{ id: 'a', comments: 2, interactions: 5 }, { id: 'b', comments: 2, interactions: 5 }], twoKeys))).toEqual([]);
    expect(found(page([{ id: 'a', comments: 3, interactions: 1 }, { id: 'b', comments: 2, interactions: 5 }], twoKeys))).toEqual([]);
    expect(found(page([{ id: 'a', comments: 1 }, { id: 'b', comments: 5 }], request(['id', 'comments'], { sort: [{ field: 'comments', order: 'asc' }] })))).toEqual([]);
    expect(found(page(['x', { id: 'b', comments: 5 }, { id: 'c', comments: 9 }], request(['id', 'comments'], { sort: byComments })))).toEqual([
      problem('shared.posts.field-types', '/data/posts/0', 'expected object, got "x"'),
      problem('shared.posts.sort-order', '/data/posts/2', 'breaks the requested sort comments desc: 9 follows 5 of /data/posts/1'),
    ]);
  });

  it('sort by created_time compares instants whatever their spelling', () => {
    const byTime = request(['id', 'created_time'], { sort: [{ field: 'created_time', order: 'desc' }] });
    expect(found(page([{ id: 'a', created_time: '2026-01-02T10:00:01+00:00' }, { id: 'b', created_time: '2026-01-02T10:00:00.000+00:00' }], byTime))).toEqual([
      problem('shared.posts.datetime-shape', '/data/posts/1/created_time', 'expected the documented shape YYYY-MM-DDTHH:MM:SS+00:00, got "2026-01-02T10:00:00.000+00:00"'),
    ]);
    expect(found(page([{ id: 'a', created_time: '2026-01-02T10:00:00Z' }, { id: 'b', created_time: '2026-01-02T10:00:01+00:00' }], byTime))).toEqual([
      problem('shared.posts.datetime-shape', '/data/posts/0/created_time', 'expected the documented shape YYYY-MM-DDTHH:MM:SS+00:00, got "2026-01-02T10:00:00Z"'),
      problem('shared.posts.sort-order', '/data/posts/1', 'breaks the requested sort created_time desc: "2026-01-02T10:00:01+00:00" follows "2026-01-02T10:00:00Z" of /data/posts/0'),
    ]);
  });

  it('filters: a post of another value fails, one of a listed value passes, one without the field is not judged; every element holds', () => {
    expect(found(page([{ id: 'a', type: 'status' }, { id: 'b', type: 'video' }, { id: 'c', type: 'photo' }], request(['id', 'type'], { filter: [{ field: 'type', value: ['video', 'photo'] }] })))).toEqual([
      problem('shared.posts.filter-match', '/data/posts/0/type', 'does not match the requested filter[0] (type "video" or "photo")'),
    ]);
    expect(found(page([{ id: 'a', type: 'video', ppd_status: 'paid' }], request(['id', 'type', 'ppd_status'], { filter: [{ field: 'type', value: 'video' }, { field: 'ppd_status', value: 'organic' }] })))).toEqual([
      problem('shared.posts.filter-match', '/data/posts/0/ppd_status', 'does not match the requested filter[1] (ppd_status "organic")'),
    ]);
    expect(found(page([{ id: 'a' }], request(['id'], { filter: [{ field: 'type', value: 'video' }] })))).toEqual([]);
  });

  it('reaction keys: the six pass, any other is named', () => {
    const reactions = { like: 1, love: 1, wow: 1, haha: 1, sorry: 1, anger: 1 };
    expect(found(page([{ id: 'a', reactions_by_type: reactions }]))).toEqual([]);
    expect(found(page([{ id: 'a', reactions_by_type: { ...reactions, care: 2 } }]))).toEqual([
      problem('shared.posts.reaction-types', '/data/posts/0/reactions_by_type', 'unexpected key "care": the keys are like, love, wow, haha, sorry, anger'),
    ]);
  });

  it('date-times: an impossible day fails; Z or a fraction is inferred only; without the schema types, a day-time shape fails too', () => {
    expect(found(page([{ id: 'a', created_time: '2026-02-30T10:00:00+00:00' }]))).toEqual([
      problem('shared.posts.datetime-utc', '/data/posts/0/created_time', 'expected a UTC date-time YYYY-MM-DDTHH:MM:SS+00:00, got "2026-02-30T10:00:00+00:00"'),
    ]);
    for (const created of ['2026-01-30T10:00:00Z', '2026-01-30T10:00:00.000+00:00']) {
      expect(found(page([{ id: 'a', created_time: created }]))).toEqual([problem('shared.posts.datetime-shape', '/data/posts/0/created_time', `expected the documented shape YYYY-MM-DDTHH:MM:SS+00:00, got "${created}"`)]);
    }
    expect(found(page([{ id: 'a', created_time: '2026-01-30 10:00:00', comments: 'x' }], request(['id', 'created_time', 'comments'])))).toEqual([
      problem('shared.posts.datetime-utc', '/data/posts/0/created_time', 'expected a UTC date-time YYYY-MM-DDTHH:MM:SS+00:00, got "2026-01-30 10:00:00"'),
      problem('shared.posts.field-types', '/data/posts/0/comments', 'expected integer, got "x"'),
    ]);
  });
});

describe('the rules read odd parts without a second or a wrong problem', () => {
  const page = (posts: unknown[], req?: Record<string, unknown>, extra: Record<string, unknown> = {}): ValidateResponseInput => ({ method: 'POST', path: '/2/facebook/page/posts', body: { success: true, data: { posts, ...extra } }, ...(req ? { request: req } : {}) });
  const request = (fields: string[], extra: Record<string, unknown> = {}) => ({ profiles: ['p1'], date_start: '2026-01-01', date_end: '2026-01-31', fields, ...extra });
  // The request checks' note on a request breaking a request rule aside (judged in their own tests).
  const answerProblems = (input: ValidateResponseInput) => found(input).filter((p) => p.rule !== 'shared.response.invalid-request-answered');

  it('created_time: a range at the first or the last calendar day still has its other bound', () => {
    const edge = (created: string, day: string) => page([{ id: 'a', created_time: created }], request(['id', 'created_time'], { date_start: day, date_end: day }));
    expect(found(edge('0000-01-02T11:59:59+00:00', '0000-01-01'))).toEqual([]);
    expect(found(edge('0000-01-02T12:00:00+00:00', '0000-01-01'))).toEqual([problem('shared.posts.created-in-range', '/data/posts/0/created_time', '"0000-01-02T12:00:00+00:00" is outside the requested days 0000-01-01..0000-01-01 in every profile timezone')]);
    expect(found(edge('9999-12-30T10:00:00+00:00', '9999-12-31'))).toEqual([]);
    expect(found(edge('9999-12-30T09:59:59+00:00', '9999-12-31'))).toEqual([problem('shared.posts.created-in-range', '/data/posts/0/created_time', '"9999-12-30T09:59:59+00:00" is outside the requested days 9999-12-31..9999-12-31 in every profile timezone')]);
  });

  it('filters: values that are not strings are not read as values; a match_any names each of its conditions', () => {
    expect(answerProblems(page([{ id: 'a', type: 'status' }], request(['id', 'type'], { filter: [{ field: 'type', value: 5 }] })))).toEqual([]);
    expect(answerProblems(page([{ id: 'a', type: 'status' }], request(['id', 'type'], { filter: [{ field: 'type', value: [1, 2] }] })))).toEqual([]);
    expect(answerProblems(page([{ id: 'a', type: 'status' }], request(['id', 'type'], { filter: [{ field: 'type', value: ['video', 1] }] })))).toEqual([
      problem('shared.posts.filter-match', '/data/posts/0/type', 'does not match the requested filter[0] (type "video")'),
    ]);
    const post = [{ id: 'a', type: 'status', ppd_status: 'paid' }];
    const fields = ['id', 'type', 'ppd_status'];
    expect(answerProblems(page(post, request(fields, { filter: [{ match_any: [{ field: 'type', value: 5 }, { field: 'ppd_status', value: 'organic' }] }] })))).toEqual([
      problem('shared.posts.filter-match', '/data/posts/0/ppd_status', 'does not match the requested filter[0].match_any (ppd_status "organic")'),
    ]);
    expect(answerProblems(page(post, request(fields, { filter: [{ match_any: [{ field: 'type', value: 'video' }, { field: 'ppd_status', value: 'organic' }] }] })))).toEqual([
      problem('shared.posts.filter-match', '/data/posts/0/type', 'does not match the requested filter[0].match_any (type "video"; or ppd_status "organic")'),
    ]);
  });

  it('filters: labels without an id, and items that are no post, are not judged', () => {
    const byLabel = (posts: unknown[]) => page(posts, request(['id', 'post_labels'], { filter: [{ field: 'post_labels', value: 'l1' }] }));
    expect(found(byLabel([{ id: 'a', post_labels: ['x'] }]))).toEqual([problem('shared.posts.field-types', '/data/posts/0/post_labels/0', 'expected object, got "x"')]);
    expect(found(byLabel([{ id: 'a', post_labels: [{ name: 'x' }] }]))).toEqual([problem('shared.posts.field-types', '/data/posts/0/post_labels/0', 'missing required property "id"')]);
    expect(found(page(['x', { id: 'b', type: 'video' }], request(['id', 'type'], { filter: [{ field: 'type', value: 'video' }] })))).toEqual([problem('shared.posts.field-types', '/data/posts/0', 'expected object, got "x"')]);
  });

  it('remaining without next, or not a number, is not the remaining-with-next rule’s', () => {
    expect(found(page([{ id: 'a' }], undefined, { remaining: 0 }))).toEqual([problem('shared.posts.next-with-remaining', '/data', '"remaining" is present, so "next" must be too')]);
    expect(found(page([{ id: 'a' }], undefined, { next: 'c', remaining: '0' }))).toEqual([problem('shared.posts.envelope', '/data/remaining', 'expected integer, got "0"')]);
  });

  it('a limit that is no positive whole number names no page size (the documents say nothing of it); the maximum still holds', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ id: `p${i}` }));
    const many = Array.from({ length: 501 }, (_, i) => ({ id: `p${i}` }));
    for (const limit of [0, -1, 10.5, '20', null]) {
      expect(answerProblems(page(eleven, request(['id'], { limit })))).toEqual([]);
      expect(found(page(eleven, request(['id'], { limit }))).filter((p) => p.rule.startsWith('shared.posts.'))).toEqual([]);
      expect(answerProblems(page(many, request(['id'], { limit }))).map((p) => p.rule)).toEqual(['shared.posts.page-size-maximum']);
    }
  });

  it('sort: values of two types are not compared', () => {
    expect(found(page([{ id: 'a', comments: 1 }, { id: 'b', comments: '5' }], request(['id', 'comments'], { sort: [{ field: 'comments', order: 'desc' }] })))).toEqual([
      problem('shared.posts.field-types', '/data/posts/1/comments', 'expected integer, got "5"'),
    ]);
  });

  it('date-times of another type: the type problem and the date-time problem, each once', () => {
    expect(found(page([{ id: 'a', created_time: 5, comments: 'x' }], request(['id', 'created_time', 'comments'])))).toEqual([
      problem('shared.posts.field-types', '/data/posts/0/created_time', 'expected string, got 5'),
      problem('shared.posts.datetime-utc', '/data/posts/0/created_time', 'expected a UTC date-time YYYY-MM-DDTHH:MM:SS+00:00, got 5'),
      problem('shared.posts.field-types', '/data/posts/0/comments', 'expected integer, got "x"'),
    ]);
    expect(found(page([{ id: 'a', created_time: '2026-01-30 10:00:00', comments: 'x' }]))).toEqual([
      problem('shared.posts.datetime-utc', '/data/posts/0/created_time', 'expected a UTC date-time YYYY-MM-DDTHH:MM:SS+00:00, got "2026-01-30 10:00:00"'),
      problem('shared.posts.field-types', '/data/posts/0/comments', 'expected integer, got "x"'),
    ]);
  });

  it('a date-time that is no real instant is datetime-utc’s alone: not judged for its spelling or against the requested days', () => {
    const utc = (created: string) => problem('shared.posts.datetime-utc', '/data/posts/0/created_time', `expected a UTC date-time YYYY-MM-DDTHH:MM:SS+00:00, got "${created}"`);
    expect(found(page([{ id: 'a', created_time: '2026-02-30T10:00:00Z' }]))).toEqual([utc('2026-02-30T10:00:00Z')]);
    for (const created of ['2026-02-30T10:00:00+00:00', '2025-06-01 10:00:00']) {
      expect(found(page([{ id: 'a', created_time: created }], request(['id', 'created_time'])))).toEqual([utc(created)]);
    }
  });

  it('reactions_by_type that is no object: the type problem only', () => {
    expect(found(page([{ id: 'a', reactions_by_type: [1] }]))).toEqual([problem('shared.posts.field-types', '/data/posts/0/reactions_by_type', 'expected object, got array (1 item)')]);
  });

  it('labels without profiles, a platform and a timezone that are no strings: the schema’s problem only', () => {
    const labels = (label: unknown): ValidateResponseInput => ({ method: 'POST', path: '/2/profile/labels', body: { success: true, data: [label] } });
    expect(found(labels({ id: 'l', name: 'L' }))).toEqual([problem('shared.labels.members-present', '/data/0', 'missing required property "profiles"')]);
    expect(found(labels({ id: 'l', name: 'L', profiles: [{ name: 'A', platform: 5 }] }))).toEqual([problem('v2.labels.profile-label-fields', '/data/0/profiles/0/platform', 'expected string, got 5')]);
    expect(found({ method: 'GET', path: '/2/facebook/profiles', body: { success: true, profiles: [{ id: '1', name: 'A', timezone: 5 }] } })).toEqual([
      problem('shared.profiles.fields', '/profiles/0/timezone', 'expected string, got 5'),
    ]);
  });
});
