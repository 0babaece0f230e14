/**
 * Captures a careful reader could judge either way are inferred (a warning, an error with
 * `--strict`), never a default error; captures that break what the documents imply but do not
 * state get an inferred warning where they got nothing; messages say what the sentence says.
 * Each case is listed with its deciding quote in docs/decisions/verdict-sweep.md.
 */
import { describe, expect, it } from 'vitest';
import { RULES, type RuleId } from '../../generated/rules.js';
import { validateResponse, type ValidateResponseInput } from '../../src/validators/index.js';

function verdicts(input: ValidateResponseInput) {
  const mode = (strict: boolean) => {
    const r = validateResponse({ ...input, strict });
    return { valid: r.valid, errors: r.errors.map((p) => p.rule), warnings: r.warnings.map((p) => p.rule) };
  };
  return { lax: mode(false), strict: mode(true) };
}

/** Passes by default with warnings of `rule` only, fails in strict mode with it only. */
function inferredOnly(input: ValidateResponseInput, rule: RuleId) {
  expect(RULES[rule].level).toBe('inferred');
  const { lax, strict } = verdicts(input);
  expect(lax.errors).toEqual([]);
  expect(new Set(lax.warnings)).toEqual(new Set([rule]));
  expect(strict.valid).toBe(false);
  expect(new Set(strict.errors)).toEqual(new Set([rule]));
}

function passes(input: ValidateResponseInput) {
  const { lax, strict } = verdicts(input);
  expect(lax).toEqual({ valid: true, errors: [], warnings: [] });
  expect(strict).toEqual({ valid: true, errors: [], warnings: [] });
}

function statedError(input: ValidateResponseInput, rule: RuleId) {
  expect(RULES[rule].level).toBe('stated');
  const { lax } = verdicts(input);
  expect(new Set(lax.errors)).toEqual(new Set([rule]));
}

const postsRequest = (extra: Record<string, unknown> = {}) => ({ profiles: ['p1'], date_start: '2026-01-01', date_end: '2026-01-31', fields: ['id', 'type'], ...extra });
const page = (posts: unknown[], request: unknown = postsRequest(), path = '/2/facebook/page/posts'): ValidateResponseInput => ({ method: 'POST', path, body: { success: true, data: { posts } }, request });

describe('inferred: the documents allow a careful reading under which the capture passes', () => {
  it('a requested post field missing: "holding only the requested fields" says nothing of presence', () => {
    inferredOnly(page([{ id: 'a' }]), 'shared.posts.requested-fields-present');
  });
  it('an extra reactions_by_type key (care): "keys like, love, ..." may be an open list', () => {
    inferredOnly(page([{ id: 'a', reactions_by_type: { like: 1, care: 2 } }], null), 'shared.posts.reaction-types');
  });
  it('a success answer to limit 501 or to a v1 request with dimensions: no error is named', () => {
    inferredOnly(page([{ id: 'a', type: 'status' }], postsRequest({ limit: 501 })), 'shared.response.invalid-request-answered');
    const v1Request = { date_start: '2026-01-01', date_end: '2026-01-01', profiles: ['p1'], metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] };
    const v1Body = { success: true, profiles: [{ id: 'p1', data: [{ date: '2026-01-01 00:00:00', fans_change: 1 }] }] };
    inferredOnly({ method: 'POST', path: '/1/facebook/metrics', body: v1Body, request: v1Request }, 'shared.response.invalid-request-answered');
    // An extra dimension not last and a sort on a field that is not sortable: no code named either.
    const v2Request = { date_start: '2026-01-01', date_end: '2026-01-01', profiles: ['p1'], metrics: ['insights_activity'], dimensions: [{ type: 'activity_type' }, { type: 'date.day' }] };
    const message = validateResponse({ method: 'POST', path: '/2/facebook/metrics', body: { success: true, header: [{ type: 'activity_type', rows: [] }, { type: 'date.day', rows: [] }, { type: 'metric', rows: ['insights_activity'] }], data: [] }, request: v2Request }).warnings.find((w) => w.rule === 'shared.response.invalid-request-answered')?.message;
    expect(message).toContain('the documents name no error for it');
    expect(message).not.toContain('code 3');
  });
  it('an unknown metric name is still refused with code 3, as the error table names it', () => {
    const request = { date_start: '2026-01-01', date_end: '2026-01-01', profiles: ['p1'], metrics: ['not_a_metric'] };
    const body = { success: true, profiles: [{ id: 'p1', data: [] }] };
    const result = validateResponse({ method: 'POST', path: '/1/facebook/metrics', body, request });
    expect(result.errors.map((e) => e.rule)).toContain('shared.response.invalid-request-refused');
    expect(result.errors.find((e) => e.rule === 'shared.response.invalid-request-refused')!.message).toContain('an unknown metric, which the documents refuse with code 3');
  });
  it('an empty errors list: no minimum is stated', () => {
    inferredOnly({ method: 'POST', path: '/2/facebook/metrics', body: { success: false, errors: [] } }, 'shared.failure.errors-not-empty');
  });
  it('a success answer to the v1 profile label list: "not shown", so unknown, never a default error', () => {
    const labels = { success: true, data: [{ id: 'l1', name: 'Label', profiles: [] }] };
    inferredOnly({ method: 'POST', path: '/1/profile/labels', body: labels }, 'v1.labels.profile-label-list-unknown');
    // Its shape is not shown: any body, any method, under a base path too; the message quotes the sentence.
    inferredOnly({ method: 'GET', path: 'https://api.example.test/base/1/profile/labels?x=1', body: { anything: [1] } }, 'v1.labels.profile-label-list-unknown');
    expect(validateResponse({ method: 'POST', path: '/1/profile/labels', body: labels }).warnings[0].message).toContain('"Profile label list in version 1: not shown."');
    // A failure body there is judged by the failure rules; other unknown paths stay errors.
    passes({ method: 'POST', path: '/1/profile/labels', status: 404, body: { success: false, errors: [{ code: 404, errors: ['resource not allowed'] }] } });
    statedError({ method: 'POST', path: '/1/profile/label', body: labels }, 'shared.response.operation');
    statedError({ method: 'POST', path: '/1/netB/profile/posts', body: labels }, 'shared.response.operation');
  });
  it('a success answer at a post list whose path is not shown (twitter, youtube, linkedin, pinterest in v2; all but facebook in v1)', () => {
    const answer = { success: true, data: { posts: [{ id: 'a' }] } };
    for (const path of ['/2/twitter/profile/posts', '/2/twitter/posts', '/2/youtube/posts', '/2/linkedin/page/posts', '/2/pinterest/profile/posts', '/1/instagram/profile/posts', '/1/twitter/posts', 'https://api.example.test/base/2/twitter/page/posts?x=1']) {
      inferredOnly({ method: 'POST', path, body: answer }, 'shared.posts.list-not-shown');
    }
    expect(validateResponse({ method: 'POST', path: '/2/twitter/profile/posts', body: answer }).warnings[0].message).toContain('"Path and example of the short-message (netC) posts endpoint: not shown."');
    expect(validateResponse({ method: 'POST', path: '/2/youtube/posts', body: answer }).warnings[0].message).toContain('"Endpoints for posts of netD, netE and netF: not shown."');
    expect(validateResponse({ method: 'POST', path: '/1/pinterest/posts', body: answer }).warnings[0].message).toContain('"Post list endpoints other than netA in version 1: not shown."');
    // A network whose post list path is shown has no other; a network outside the version, and a path not ending in /posts, stay unknown.
    for (const path of ['/2/facebook/profile/posts', '/2/instagram/page/posts', '/1/facebook/posts', '/1/linkedin/posts', '/2/twitter/posts/extra', '/2/twitter/messages']) {
      statedError({ method: 'POST', path, body: answer }, 'shared.response.operation');
    }
    // A failure body there is judged by the failure rules.
    passes({ method: 'POST', path: '/2/twitter/posts', status: 404, body: { success: false, errors: [{ code: 404, errors: ['resource not allowed'] }] } });
  });
  it('a post member outside the field tables, body-only: it may answer a request that named it ("post field names of the network" is a request sentence)', () => {
    inferredOnly(page([{ id: 'a', likes: 3 }], null), 'shared.posts.post-fields-of-network');
    inferredOnly(page([{ id: 'a', profile_id: 'p1', plays: 3 }], null, '/2/instagram/profile/posts'), 'shared.posts.post-fields-of-network');
    inferredOnly({ method: 'POST', path: '/1/facebook/page/posts', body: { success: true, data: { posts: [{ id: 'a', likes: 3 }] } } }, 'shared.posts.post-fields-of-network');
    // A request that named it: the member is requested; the request itself is the inferred answered-request warning.
    const named = verdicts(page([{ id: 'a', type: 'status', likes: 3 }], postsRequest({ fields: ['id', 'type', 'likes'] })));
    expect(named.lax).toEqual({ valid: true, errors: [], warnings: ['shared.posts.post-fields-of-network', 'shared.response.invalid-request-answered'] });
    // The documented response member and the fields of the tables pass.
    passes(page([{ id: 'a', profile_id: 'p1', likes: 3 }], null, '/2/instagram/profile/posts'));
  });
  it('a member the request did not name stays the stated requested-fields error, whether a field of the network or not', () => {
    const request = postsRequest({ fields: ['id'] });
    for (const member of [{ message: 'hello' }, { likes: 3 }]) {
      const result = validateResponse(page([{ id: 'a', ...member }], request));
      const name = Object.keys(member)[0];
      expect(result.errors).toEqual([{ rule: 'shared.posts.requested-fields', severity: 'error', pointer: '/data/posts/0', message: `unexpected field "${name}": not requested` }]);
    }
  });
  it('a date-time with a fraction of a second or Z: ISO 8601 with offset writes both', () => {
    inferredOnly(page([{ id: 'a', created_time: '2026-01-20T17:04:11.5+00:00' }], null), 'shared.posts.datetime-shape');
    inferredOnly(page([{ id: 'a', created_time: '2026-01-20T17:04:11Z' }], null), 'shared.posts.datetime-shape');
  });
});

describe('inferred: a failure at an HTTP status the documents do not list (shared.response.status)', () => {
  const failure = (code: number) => ({ success: false, errors: [{ code, errors: ['General description.'] }] });
  it('418 with code 418, 503 with code 503: "with the equal HTTP status" allows a code the table may not name', () => {
    for (const [method, path] of [['POST', '/2/facebook/metrics'], ['GET', '/1/twitter/profiles'], ['POST', '/2/facebook/nothing']]) {
      for (const code of [418, 503]) {
        const { lax, strict } = verdicts({ method, path, status: code, body: failure(code) });
        expect(lax, `${path} ${code}`).toEqual({ valid: true, errors: [], warnings: ['shared.response.status', 'shared.failure.code-range'] });
        expect(strict.valid).toBe(false);
        expect(new Set(strict.errors)).toEqual(new Set(['shared.response.status', 'shared.failure.code-range']));
      }
    }
    expect(RULES['shared.response.status'].level).toBe('inferred');
  });
  it('what the documents do state stays stated: a listed code keeps its status, and the body is a failure body', () => {
    // "Codes 3 to 99 are returned with HTTP status 200."
    statedError({ method: 'POST', path: '/2/facebook/metrics', status: 418, body: failure(4) }, 'shared.failure.code-status');
    statedError({ method: 'GET', path: '/2/facebook/profiles', status: 201, body: failure(3) }, 'shared.failure.code-status');
    // "codes 400, 401, 403, 404, 405, 500 with the equal HTTP status"
    statedError({ method: 'POST', path: '/2/facebook/metrics', status: 418, body: failure(404) }, 'shared.failure.code-http-status');
    statedError({ method: 'POST', path: '/2/facebook/nothing', status: 503, body: failure(405) }, 'shared.failure.code-http-status');
    // The failure shape, "standardized for every endpoint", and "`success` = false".
    statedError({ method: 'POST', path: '/2/facebook/metrics', status: 418, body: { success: false, errors: [{ code: '418' }] } }, 'shared.failure.shape');
    const noFailure = validateResponse({ method: 'POST', path: '/1/facebook/metrics', status: 503, body: { nope: 1 } });
    expect(noFailure.valid).toBe(false);
    expect(noFailure.errors.map((e) => e.rule)).toContain('shared.failure.shape');
    expect(noFailure.warnings[0].rule).toBe('shared.response.status');
    expect(noFailure.warnings[0].message).toBe('HTTP status 503 is not a documented response of POST /1/facebook/metrics (documented: 200, 400, 401, 403, 404, 405, 500); judged as a failure body');
  });
});

describe('messages say what the sentence says', () => {
  it('23:59:60 is a real instant only on a day a leap second was inserted', () => {
    passes(page([{ id: 'a', created_time: '2016-12-31T23:59:60+00:00' }], null));
    passes(page([{ id: 'a', created_time: '2015-06-30T23:59:60+00:00' }], null));
    statedError(page([{ id: 'a', created_time: '2026-01-20T23:59:60+00:00' }], null), 'shared.posts.datetime-utc');
    statedError(page([{ id: 'a', created_time: '2017-12-31T23:59:60+00:00' }], null), 'shared.posts.datetime-utc');
  });
  it('created_time: 14 hours before the start of date_start (UTC+14), 12 hours after the end of date_end (UTC-12)', () => {
    const request = postsRequest({ fields: ['id', 'created_time'] });
    const at = (created: string) => page([{ id: 'a', created_time: created }], request);
    passes(at('2025-12-31T10:00:00+00:00'));
    statedError(at('2025-12-31T09:59:59+00:00'), 'shared.posts.created-in-range');
    passes(at('2026-02-01T11:59:59+00:00'));
    statedError(at('2026-02-01T12:00:00+00:00'), 'shared.posts.created-in-range');
    statedError(at('2026-02-01T13:59:59+00:00'), 'shared.posts.created-in-range');
  });
});

describe('inferred: posts that do not match the requested filter', () => {
  it('type video asked, a status post returned; [video, photo] and a link', () => {
    inferredOnly(page([{ id: 'a', type: 'status' }], postsRequest({ filter: [{ field: 'type', value: 'video' }] })), 'shared.posts.filter-match');
    inferredOnly(page([{ id: 'a', type: 'link' }], postsRequest({ filter: [{ field: 'type', value: ['video', 'photo'] }] })), 'shared.posts.filter-match');
    passes(page([{ id: 'a', type: 'photo' }], postsRequest({ filter: [{ field: 'type', value: ['video', 'photo'] }] })));
  });
  it('v1 ppd_status paid and an organic post; insights_paid_status', () => {
    const request = postsRequest({ fields: ['id', 'ppd_status', 'insights_paid_status'], filter: [{ field: 'ppd_status', value: 'paid' }] });
    inferredOnly(page([{ id: 'a', ppd_status: 'organic', insights_paid_status: 'x' }], request, '/1/facebook/page/posts'), 'shared.posts.filter-match');
    passes(page([{ id: 'a', ppd_status: 'paid', insights_paid_status: 'x' }], request, '/1/facebook/page/posts'));
    const paidStatus = postsRequest({ fields: ['id', 'insights_paid_status'], filter: [{ field: 'insights_paid_status', value: 'paid' }] });
    inferredOnly(page([{ id: 'a', insights_paid_status: 'non_paid' }], paidStatus), 'shared.posts.filter-match');
  });
  it('instagram image and a video', () => {
    inferredOnly(page([{ id: 'a', type: 'video' }], postsRequest({ filter: [{ field: 'type', value: 'image' }] }), '/2/instagram/profile/posts'), 'shared.posts.filter-match');
  });
  it('post_labels: a {field, value} filter and a match_any label l1, a post labelled only l7', () => {
    const fields = ['id', 'post_labels'];
    const l7 = [{ id: 'a', post_labels: [{ id: 'l7', name: 'Seven' }] }];
    inferredOnly(page(l7, postsRequest({ fields, filter: [{ match_any: [{ field: 'post_labels', value: ['l1'] }] }] })), 'shared.posts.filter-match');
    inferredOnly(page(l7, postsRequest({ fields, filter: [{ field: 'post_labels', value: ['l1', 'l2'] }] })), 'shared.posts.filter-match');
    passes(page(l7, postsRequest({ fields, filter: [{ match_any: [{ field: 'post_labels', value: ['l1'] }, { field: 'post_labels', value: ['l7'] }] }] })));
    inferredOnly(page([{ id: 'a', post_labels: [] }], postsRequest({ fields, filter: [{ field: 'post_labels', value: 'l1' }] }), '/2/instagram/profile/posts'), 'shared.posts.filter-match');
  });
  it('a post that does not show the filtered field is not judged on it', () => {
    passes(page([{ id: 'a' }], postsRequest({ fields: ['id'], filter: [{ field: 'type', value: 'video' }] })));
  });
});

describe('inferred: a v1 answer missing a requested day before the last', () => {
  const request = { date_start: '2026-01-01', date_end: '2026-01-03', profiles: ['p1'], metrics: ['fans_change'] };
  const body = (days: string[]) => ({ success: true, profiles: [{ id: 'p1', data: days.map((d) => ({ date: `${d} 00:00:00`, fans_change: 1 })) }] });
  it('the middle day missing is a warning naming the day; every day, or no data at all, passes', () => {
    const input = { method: 'POST', path: '/1/facebook/metrics', body: body(['2026-01-01', '2026-01-03']), request };
    inferredOnly(input, 'v1.metrics.every-day');
    expect(validateResponse(input).warnings[0]).toMatchObject({ pointer: '/profiles/0/data', message: 'no record for the requested day 2026-01-02' });
    passes({ method: 'POST', path: '/1/facebook/metrics', body: body(['2026-01-01', '2026-01-02', '2026-01-03']), request });
    passes({ method: 'POST', path: '/1/facebook/metrics', body: body([]), request });
  });
  it('a missing last day is the stated last-day rule only', () => {
    statedError({ method: 'POST', path: '/1/facebook/metrics', body: body(['2026-01-01', '2026-01-02']), request }, 'v1.metrics.last-day');
    expect(validateResponse({ method: 'POST', path: '/1/facebook/metrics', body: body(['2026-01-01', '2026-01-02']), request }).warnings).toEqual([]);
  });
});

describe('inferred: a null for a metric that "returns no data" (catalog mayReturnNoData)', () => {
  const v2Request = (metrics: string[], dimensions: unknown[] = [{ type: 'date.day' }]) => ({ date_start: '2026-01-01', date_end: '2026-01-02', profiles: ['p1'], metrics, dimensions });
  const v2Body = (metrics: string[], data: unknown[], days = ['2026-01-01', '2026-01-02']) => ({ success: true, header: [{ type: 'date.day', rows: days }, { type: 'metric', rows: metrics }], data });
  const v2 = (body: unknown, request: unknown, path = '/2/facebook/metrics'): ValidateResponseInput => ({ method: 'POST', path, body, request });
  const v1Request = (metrics: string[]) => ({ date_start: '2026-01-01', date_end: '2026-01-01', profiles: ['p1'], metrics });
  const v1 = (record: Record<string, unknown>, request: unknown = v1Request(Object.keys(record))): ValidateResponseInput => ({
    method: 'POST',
    path: '/1/facebook/metrics',
    body: { success: true, profiles: [{ id: 'p1', data: [{ date: '2026-01-01 00:00:00', ...record }] }] },
    request,
  });

  it('v2: fans_change or fans_lifetime null is a warning naming the metric, with the request or without', () => {
    const metrics = ['fans_change', 'fans_lifetime', 'insights_activity'];
    const body = v2Body(metrics, [[null, 2, 3], [1, null, 3]]);
    inferredOnly(v2(body, v2Request(metrics)), 'shared.metrics.no-data-value');
    inferredOnly(v2(body, null), 'shared.metrics.no-data-value');
    expect(validateResponse(v2(body, null)).warnings.map((w) => [w.pointer, w.message])).toEqual([
      ['/data/0/0', 'null for metric "fans_change", which returns no data for some pages: the documents name no null among the values and do not say how no data is written'],
      ['/data/1/1', 'null for metric "fans_lifetime", which returns no data for some pages: the documents name no null among the values and do not say how no data is written'],
    ]);
  });
  it('v2 without dimensions: a null at the top level of data, which the schema lets through for facebook', () => {
    const body = { success: true, header: [{ type: 'metric', rows: ['fans_change', 'insights_activity'] }], data: [null, 1] };
    inferredOnly(v2(body, v2Request(['fans_change', 'insights_activity'], [])), 'shared.metrics.no-data-value');
  });
  it('v2: a null for any other metric stays the stated v2.metrics.data-numbers error, once', () => {
    const nested = v2(v2Body(['fans_change', 'insights_activity'], [[1, null], [1, 2]]), null);
    statedError(nested, 'v2.metrics.data-numbers');
    expect(validateResponse(nested).errors.map((e) => [e.pointer, e.message])).toEqual([['/data/0/1', 'expected number (a metric value), got null']]);
    const top = v2({ success: true, header: [{ type: 'metric', rows: ['fans_change', 'insights_activity'] }], data: [1, null] }, null);
    statedError(top, 'v2.metrics.data-numbers');
    expect(validateResponse(top).errors).toHaveLength(1);
    // Another network's schema refuses null at the top level (no metric of it may return no data): one error.
    const instagram = v2({ success: true, header: [{ type: 'metric', rows: ['followers_change'] }], data: [null] }, null, '/2/instagram/metrics');
    expect(validateResponse(instagram).errors).toHaveLength(1);
  });
  it('v1: a null member of fans_change or fans_lifetime is a warning; of another metric the stated type error', () => {
    inferredOnly(v1({ fans_change: null, fans_lifetime: 3 }), 'shared.metrics.no-data-value');
    inferredOnly(v1({ fans_change: 2, fans_lifetime: null }, null), 'shared.metrics.no-data-value');
    expect(validateResponse(v1({ fans_change: null })).warnings[0]).toMatchObject({ pointer: '/profiles/0/data/0/fans_change' });
    statedError(v1({ fans_change: 1, comments: null }), 'v1.metrics.metric-types');
    // A string is no number for a metric that may return no data either.
    statedError(v1({ fans_change: 'none' }), 'v1.metrics.metric-types');
  });
  it('v1: no member for a requested fans_change is the same warning; for another requested metric the stated record-members error', () => {
    const input = v1({ comments: 1 }, v1Request(['comments', 'fans_change']));
    inferredOnly(input, 'shared.metrics.no-data-value');
    expect(validateResponse(input).warnings[0]).toMatchObject({ pointer: '/profiles/0/data/0', message: expect.stringContaining('no member for requested metric "fans_change"') });
    statedError(v1({ fans_change: 1 }, v1Request(['comments', 'fans_change'])), 'v1.metrics.record-members');
  });
  it('numbers for those metrics pass in both modes', () => {
    passes(v2(v2Body(['fans_change', 'fans_lifetime'], [[1, 2], [3, 4]]), v2Request(['fans_change', 'fans_lifetime'])));
    passes(v1({ fans_change: 1, fans_lifetime: 2 }));
  });
});

describe('inferred: a header answering a request whose dimensions the documents name no error for', () => {
  const header = (dims: [string, string[]][], metrics: string[]) => [...dims.map(([type, rows]) => ({ type, rows })), { type: 'metric', rows: metrics }];
  const answer = (dims: [string, string[]][], metrics: string[], data: unknown, request: unknown): ValidateResponseInput => ({ method: 'POST', path: '/2/facebook/metrics', body: { success: true, header: header(dims, metrics), data }, request });
  const request = (dims: string[], metrics: string[]) => ({ date_start: '2026-01-01', date_end: '2026-01-01', profiles: ['p1'], metrics, dimensions: dims.map((type) => ({ type })) });
  const warned = (input: ValidateResponseInput, rules: RuleId[]) => {
    const { lax, strict } = verdicts(input);
    expect(lax.errors).toEqual([]);
    expect(new Set(lax.warnings)).toEqual(new Set(rules));
    expect(new Set(strict.errors)).toEqual(new Set(rules));
  };
  it('an extra dimension not last, and two extra dimensions: the header shows what was asked', () => {
    const notLast: [string, string[]][] = [['activity_type', ['like']], ['date.day', ['2026-01-01']]];
    warned(answer(notLast, ['insights_activity'], [[[1]]], request(['activity_type', 'date.day'], ['insights_activity'])), ['shared.response.invalid-request-answered', 'v2.metrics.header-extra-dimension']);
    warned(answer(notLast, ['insights_activity'], [[[1]]], null), ['v2.metrics.header-extra-dimension']);
    const two: [string, string[]][] = [['activity_type', ['like']], ['gender_age', ['F.18-24']]];
    warned(answer(two, ['insights_activity_unique'], [[[1]]], null), ['v2.metrics.header-extra-dimension']);
  });
  it('a metric that does not support the extra dimension, and a type that is no dimension', () => {
    warned(answer([['activity_type', ['like']]], ['fans_change'], [[1]], request(['activity_type'], ['fans_change'])), ['shared.response.invalid-request-answered', 'v2.metrics.extra-dimension-support']);
    warned(answer([['weekday', ['1']]], ['fans_change'], [[1]], null), ['v2.metrics.dimension-types']);
  });
  it('the metric element still ends the header, as the response sentence says', () => {
    statedError({ method: 'POST', path: '/2/facebook/metrics', body: { success: true, header: [{ type: 'metric', rows: ['fans_change'] }, { type: 'date.day', rows: ['2026-01-01'] }], data: [[1]] } }, 'v2.metrics.header-ends-with-metric');
  });
});
