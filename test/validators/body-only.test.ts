/**
 * Body-only checks always run: captures without a request (a proxy that records only
 * responses) are judged on everything the body and the catalogs imply. Requests as captured:
 * absent, null, {} or a JSON string all work.
 */
import { describe, expect, it } from 'vitest';
import { validateResponse, type ValidateResponseInput } from '../../src/validators/index.js';
import { problem, problems } from './problems.js';

const days = ['2026-01-01', '2026-01-02'];
/** A valid facebook [profile, date.day] body: data[profile][day][metric]. */
const v2Body = (): any => ({
  success: true,
  header: [{ type: 'profile', rows: ['p1', 'p2'] }, { type: 'date.day', rows: [...days] }, { type: 'metric', rows: ['fans_change', 'fans_lifetime'] }],
  data: [0, 1].map((p) => days.map((_, d) => [p + d, 10])),
});
const v2 = (body: unknown, path = '/2/facebook/metrics') => validateResponse({ method: 'POST', path, body });

const v1Body = (): any => ({ success: true, profiles: [{ id: 'p1', data: [{ date: '2026-01-01 00:00:00', comments: 3, comments_by_type: { photo: 1 } }] }] });
const v1 = (body: unknown) => validateResponse({ method: 'POST', path: '/1/facebook/metrics', body });

describe('v2 metrics without a request', () => {
  it('accepts a valid body, also in strict mode', () => {
    expect(v2(v2Body())).toMatchObject({ valid: true, errors: [], warnings: [] });
    expect(validateResponse({ method: 'POST', path: '/2/facebook/metrics', body: v2Body(), strict: true }).errors).toEqual([]);
  });

  it('wants the header to end with its one metric element', () => {
    const body = v2Body();
    body.header = [body.header[2], body.header[0], body.header[1]];
    expect(v2(body).errors).toEqual(
      expect.arrayContaining([
        problem('v2.metrics.header-ends-with-metric', '/header/0/type', 'the metric element must be the last header element (1 of 3)'),
        problem('v2.metrics.header-ends-with-metric', '/header/2/type', 'expected "metric" (the last header element), got "date.day"'),
      ]),
    );
  });

  it('wants dimension types known for the network', () => {
    const body = { success: true, header: [{ type: 'reaction_type', rows: ['like'] }, { type: 'metric', rows: ['followers_change'] }], data: [[1]] };
    expect(v2(body, '/2/twitter/metrics').warnings[0]).toMatchObject({ pointer: '/header/0/type', rule: 'v2.metrics.dimension-types', severity: 'warning' });
  });

  it('wants at most one extra dimension, and only last', () => {
    const twoExtras = { success: true, header: [{ type: 'gender_age', rows: ['F.18-24'] }, { type: 'country', rows: ['CZ'] }, { type: 'metric', rows: ['insights_reach'] }], data: [[[1]]] };
    expect(problems(v2(twoExtras))).toEqual([
      problem('v2.metrics.header-extra-dimension', '/header/0/type', 'extra dimension "gender_age" is not the last dimension (the documents say it must be the last dimension of the request)'),
      problem('v2.metrics.header-extra-dimension', '/header/1/type', 'a second extra dimension "country" (the first is "gender_age" at /header/0): the documents allow only one per request'),
    ]);
    const notLast = { success: true, header: [{ type: 'gender_age', rows: ['F.18-24'] }, { type: 'date.day', rows: ['2026-01-01'] }, { type: 'metric', rows: ['insights_reach'] }], data: [[[1]]] };
    expect(problems(v2(notLast))).toEqual([problem('v2.metrics.header-extra-dimension', '/header/0/type', 'extra dimension "gender_age" is not the last dimension (the documents say it must be the last dimension of the request)')]);
  });

  it('wants every metric row to support the extra dimension', () => {
    const body = { success: true, header: [{ type: 'gender_age', rows: ['F.18-24'] }, { type: 'metric', rows: ['insights_reach', 'fans_change'] }], data: [[1, 2]] };
    expect(problems(v2(body))).toEqual([problem('v2.metrics.extra-dimension-support', '/header/1/rows/1', 'metric "fans_change" does not support the extra dimension "gender_age"')]);
  });

  it('wants data as long as each header element\'s rows', () => {
    const body = v2Body();
    body.data[1] = [body.data[1][0]];
    expect(v2(body).errors).toEqual([problem('v2.metrics.data-nesting', '/data/1', 'expected 2 items (one per row of header element 1), got 1')]);
  });

  it('wants exactly one nesting level per header element', () => {
    const deeper = v2Body();
    deeper.data[0][0] = [[1], [2]];
    expect(v2(deeper).errors).toEqual([
      problem('v2.metrics.data-numbers', '/data/0/0/0', 'expected number (a metric value), got array (1 item)'),
      problem('v2.metrics.data-numbers', '/data/0/0/1', 'expected number (a metric value), got array (1 item)'),
    ]);
    const shallower = v2Body();
    shallower.data[1] = [1, 2];
    expect(v2(shallower).errors).toEqual([
      problem('v2.metrics.data-nesting', '/data/1/0', 'expected array (level 3 of 3, one per header element), got 1'),
      problem('v2.metrics.data-nesting', '/data/1/1', 'expected array (level 3 of 3, one per header element), got 2'),
    ]);
  });

  it('wants numbers innermost', () => {
    const body = v2Body();
    body.data[0][1][1] = '10';
    expect(v2(body).errors).toEqual([problem('v2.metrics.data-numbers', '/data/0/1/1', 'expected number (a metric value), got "10"')]);
  });

  it('wants metric rows that are metrics of the path\'s network', () => {
    const body = v2Body();
    body.header[2].rows = ['fans_change', 'followers_change'];
    expect(v2(body).errors).toEqual([problem('v2.metrics.metric-rows', '/header/2/rows/1', '"followers_change" is not a facebook metric')]);
  });

  it('wants each metric row once, however long the header, and forgets the rows of earlier calls', () => {
    const names = ['fans_change', 'fans_lifetime', 'insights_activity', 'insights_activity_unique', 'insights_engaged_users', 'insights_fan_adds'];
    const body = (rows: string[]) => ({ success: true, header: [{ type: 'metric', rows }], data: rows.map((_, m) => m) });
    expect(v2(body(names)).warnings).toEqual([]);
    expect(v2(body(names)).warnings).toEqual([]);
    const twice = [...names, ...names.slice(0, 2)];
    expect(v2(body(twice)).warnings).toEqual([
      problem('v2.metrics.metric-rows-unique', '/header/0/rows/6', 'metric "fans_change" appears more than once'),
      problem('v2.metrics.metric-rows-unique', '/header/0/rows/7', 'metric "fans_lifetime" appears more than once'),
    ]);
    expect(v2(body(names.slice(0, 1))).warnings).toEqual([]);
    // Few rows are compared with each other, many marked by catalog position: the same answers.
    const few = ['fans_change', 'fans_lifetime', 'fans_change'];
    expect(v2(body(few)).warnings).toEqual([problem('v2.metrics.metric-rows-unique', '/header/0/rows/2', 'metric "fans_change" appears more than once')]);
    const many = [...names, 'not_a_metric', ...names.slice(1), 'not_a_metric'];
    expect(v2(body(many)).warnings.filter((p) => p.rule === 'v2.metrics.metric-rows-unique')).toEqual(
      names.slice(1).map((name, k) => problem('v2.metrics.metric-rows-unique', `/header/0/rows/${7 + k}`, `metric "${name}" appears more than once`)),
    );
  });

  it('judges metric rows again for another network or extra dimension after they passed', () => {
    const rows = ['insights_reach', 'fans_change'];
    expect(v2({ success: true, header: [{ type: 'metric', rows: [...rows] }], data: [1, 2] }).errors).toEqual([]);
    const extra = { success: true, header: [{ type: 'gender_age', rows: ['F.18-24'] }, { type: 'metric', rows: [...rows] }], data: [[1, 2]] };
    expect(problems(v2(extra))).toEqual([problem('v2.metrics.extra-dimension-support', '/header/1/rows/1', 'metric "fans_change" does not support the extra dimension "gender_age"')]);
    expect(v2({ success: true, header: [{ type: 'metric', rows: [...rows] }], data: [1, 2] }, '/2/instagram/metrics').errors).toContainEqual(
      problem('v2.metrics.metric-rows', '/header/0/rows/1', '"fans_change" is not an instagram metric'),
    );
  });

  it('judges a header again when its types differ from the last header in place, and keeps its extra dimension for the same types', () => {
    const placed = { success: true, header: [{ type: 'date.day', rows: ['2026-01-01'] }, { type: 'gender_age', rows: ['F.18-24'] }, { type: 'metric', rows: ['insights_reach'] }], data: [[[1]]] };
    expect(v2(placed).errors).toEqual([]);
    // The same types, in place: the remembered extra dimension still judges the metric rows.
    const unsupported = { ...placed, header: [placed.header[0], placed.header[1], { type: 'metric', rows: ['fans_change'] }] };
    expect(problems(v2(unsupported))).toEqual([problem('v2.metrics.extra-dimension-support', '/header/2/rows/0', 'metric "fans_change" does not support the extra dimension "gender_age"')]);
    // Other types right after: the extra dimension out of place, then the metric element out of place.
    const swapped = { ...placed, header: [placed.header[1], placed.header[0], placed.header[2]] };
    expect(problems(v2(swapped))).toEqual([problem('v2.metrics.header-extra-dimension', '/header/0/type', 'extra dimension "gender_age" is not the last dimension (the documents say it must be the last dimension of the request)')]);
    expect(problems(v2(swapped))).toHaveLength(1); // a misplaced header is not remembered
    const metricFirst = { ...placed, header: [placed.header[2], placed.header[0], placed.header[1]] };
    expect(v2(metricFirst).errors).toContainEqual(problem('v2.metrics.header-ends-with-metric', '/header/0/type', 'the metric element must be the last header element (1 of 3)'));
    expect(v2(placed).errors).toEqual([]);
  });

  it('wants date rows that are real calendar days', () => {
    const body = v2Body();
    body.header[1].rows = ['2026-02-28', '2026-02-30'];
    expect(v2(body).errors).toEqual([problem('v2.metrics.date-rows', '/header/1/rows/1', 'expected a date YYYY-MM-DD, got "2026-02-30"')]);
  });
});

describe('v1 metrics without a request', () => {
  it('accepts a valid body', () => {
    expect(v1(v1Body())).toMatchObject({ valid: true, errors: [], warnings: [] });
  });

  it('wants metric members of the network with their catalog types', () => {
    const body = v1Body();
    Object.assign(body.profiles[0].data[0], { followers_change: 1, comments: 1.5 });
    // Members are checked in the order the record holds them.
    expect(v1(body).errors).toEqual([
      problem('v1.metrics.metric-types', '/profiles/0/data/0/comments', 'expected integer, got 1.5'),
      problem('v1.metrics.record-metric-names', '/profiles/0/data/0', 'unexpected property "followers_change"'),
    ]);
  });

  it('wants object-valued metrics to be objects and scalar ones scalars (one check per member present)', () => {
    const body = v1Body();
    Object.assign(body.profiles[0].data[0], { comments_by_type: 5, comments: { photo: 1 } });
    expect(v1(body).errors).toEqual([
      problem('v1.metrics.metric-types', '/profiles/0/data/0/comments', 'expected integer, got object'),
      problem('v1.metrics.metric-types', '/profiles/0/data/0/comments_by_type', 'expected object, got 5'),
    ]);
  });

  it('names unknown record members wherever they stand, odd names included', () => {
    const body = v1Body();
    body.profiles[0].data[0] = { 'a/b~c': 1, ...body.profiles[0].data[0], followers: 2 };
    expect(v1(body).errors).toEqual([
      problem('v1.metrics.record-metric-names', '/profiles/0/data/0', 'unexpected property "a/b~c"'),
      problem('v1.metrics.record-metric-names', '/profiles/0/data/0', 'unexpected property "followers"'),
    ]);
  });

  it('wants dates that are real days, at midnight', () => {
    const body = v1Body();
    body.profiles[0].data.push({ ...body.profiles[0].data[0], date: '2026-02-30 00:00:00' }, { ...body.profiles[0].data[0], date: '2026-01-02 12:00:00' });
    expect(v1(body).errors).toEqual([
      problem('v1.metrics.date', '/profiles/0/data/1/date', '"2026-02-30 00:00:00" is not a real calendar day'),
      problem('v1.metrics.date-midnight', '/profiles/0/data/2/date', 'expected midnight (00:00:00), got "12:00:00"'),
    ]);
  });
});

describe('posts without a request', () => {
  const page = (post: Record<string, unknown>) => ({ success: true, data: { posts: [post] } });

  it('wants fields of the network with their catalog types', () => {
    const result = validateResponse({ method: 'POST', path: '/2/facebook/page/posts', body: page({ id: 'a', likes: 3, comments: '2', created_time: '2026-01-20 10:00:00' }) });
    // A member outside the field tables is a warning (it may answer a request that named it).
    expect(problems(result)).toEqual(
      expect.arrayContaining([
        problem('shared.posts.post-fields-of-network', '/data/posts/0', 'unexpected property "likes"'),
        problem('shared.posts.field-types', '/data/posts/0/comments', 'expected integer, got "2"'),
        problem('shared.posts.datetime-utc', '/data/posts/0/created_time', 'expected a UTC date-time YYYY-MM-DDTHH:MM:SS+00:00, got "2026-01-20 10:00:00"'),
      ]),
    );
  });
});

describe('post date-times without a request', () => {
  const page = (created: string) => ({ success: true, data: { posts: [{ id: 'a', created_time: created }] } });
  const check = (created: string) => validateResponse({ method: 'POST', path: '/2/facebook/page/posts', body: page(created) });

  it('wants a real instant: the UTC shape is not enough', () => {
    for (const created of ['2026-02-30T10:00:00+00:00', '2026-01-20T24:00:01+00:00', '2026-01-20T25:00:00+00:00', '2026-01-20T10:60:00Z', '2026-01-20T10:00:60+00:00']) {
      expect(check(created).errors, created).toEqual([
        problem('shared.posts.datetime-utc', '/data/posts/0/created_time', `expected a UTC date-time YYYY-MM-DDTHH:MM:SS+00:00, got "${created}"`),
      ]);
    }
    expect(check('2024-02-29T23:59:59+00:00')).toMatchObject({ errors: [], warnings: [] });
  });

  it('accepts the times ISO 8601 writes in the documented shape: a leap second and the end of a day', () => {
    // "ISO 8601 with offset (shape YYYY-MM-DDTHH:MM:SS+00:00)": 23:59:60 and 24:00:00 have that shape.
    for (const created of ['2016-12-31T23:59:60+00:00', '2026-01-20T24:00:00+00:00']) {
      expect(check(created), created).toMatchObject({ errors: [], warnings: [] });
      expect(validateResponse({ method: 'POST', path: '/2/facebook/page/posts', body: page(created), strict: true }).errors, created).toEqual([]);
    }
  });

  it('reports each date-time once, with the request too', () => {
    const request = { profiles: ['1'], date_start: '2026-01-01', date_end: '2026-01-31', fields: ['id', 'created_time'] };
    const result = validateResponse({ method: 'POST', path: '/2/facebook/page/posts', body: page('2026-02-30T10:00:00+00:00'), request });
    expect(result.errors).toEqual([problem('shared.posts.datetime-utc', '/data/posts/0/created_time', 'expected a UTC date-time YYYY-MM-DDTHH:MM:SS+00:00, got "2026-02-30T10:00:00+00:00"')]);
  });
});

describe('requests as captured', () => {
  const profiles: ValidateResponseInput = { method: 'GET', path: '/2/facebook/profiles', body: { success: true, profiles: [{ id: '1', name: 'A' }] } };

  it('accepts a GET with the request absent, null, {} or any text (a profile list reads no request)', () => {
    for (const request of [undefined, null, {}, '', '{}', 'null', 'not json']) {
      expect(validateResponse({ ...profiles, request }), JSON.stringify(request)).toEqual({ valid: true, operation: 'GET /2/facebook/profiles', errors: [], warnings: [] });
      expect(validateResponse({ ...profiles, request, strict: true }).errors).toEqual([]);
    }
  });

  it('reads a request given as JSON text (HAR postData.text) and runs the request-aware checks', () => {
    const request = JSON.stringify({ date_start: '2026-01-01', date_end: '2026-01-01', profiles: ['p1', 'p2'], metrics: ['fans_change', 'fans_lifetime'], dimensions: [{ type: 'profile' }, { type: 'date.day' }] });
    const result = validateResponse({ method: 'POST', path: '/2/facebook/metrics', body: v2Body(), request });
    expect(result.errors).toEqual([problem('v2.metrics.date-range', '/header/1/rows/1', '2026-01-02 is outside the requested range 2026-01-01..2026-01-01')]);
  });

  it('warns when a given request cannot be read, and still runs the body-only checks', () => {
    const body = v2Body();
    body.header[1].rows[1] = '2026-02-30';
    const result = validateResponse({ method: 'POST', path: '/2/facebook/metrics', body, request: '{"metrics": [' });
    expect(result.errors).toEqual([problem('v2.metrics.date-rows', '/header/1/rows/1', 'expected a date YYYY-MM-DD, got "2026-02-30"')]);
    expect(result.warnings).toEqual([problem('shared.response.request-readable', '', 'request-aware checks skipped: the request is not a JSON object (got "{\\"metrics\\": [")')]);
  });
});
