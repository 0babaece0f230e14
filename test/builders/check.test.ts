/** checkRequest: every problem, with its parameter and API error code, read from the catalogs. */
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../src/catalog/catalogs.js';
import { operations } from '../../generated/operations.js';
import { checkRequest, checkV1Request, checkV2Request, requestCheckOf } from '../../src/request-checks/check.js';
import { MAX_PROBLEMS_PER_RULE } from '../../src/core/problems/problem-list.js';
import { isQuietDateRange, isQuietDimensions } from '../../src/request-checks/cross-field.js';

const range = { date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['p1'] };
const params = (key: string, body: unknown) => checkRequest(key, body).map((p) => p.parameter);

describe('checkRequest: valid requests', () => {
  it('finds no problem in valid requests of every metrics operation (first catalog metric)', () => {
    for (const op of operations.filter((o) => o.kind === 'metrics')) {
      const metric = catalogs[`v${op.version}`].metrics[op.network as 'facebook'][0].name;
      expect(checkRequest(op.key, { ...range, metrics: [metric] }), op.key).toEqual([]);
    }
  });
  it('finds no problem in valid posts requests of every posts operation', () => {
    for (const op of operations.filter((o) => o.kind === 'posts')) {
      expect(checkRequest(op.key, { ...range, fields: ['id'], limit: 500, after: 'c1' }), op.key).toEqual([]);
    }
  });
  it('accepts GET without a body and label lists with any body', () => {
    expect(checkRequest('GET /2/facebook/profiles', undefined)).toEqual([]);
    expect(checkRequest('POST /2/post/labels', {})).toEqual([]);
    expect(checkRequest('POST /2/profile/labels', undefined)).toEqual([]);
  });
});

describe('checkRequest: limits give code 4', () => {
  const { limits } = catalogs;
  it('more than 25 profiles or metrics', () => {
    const metrics = catalogs.v2.metrics.facebook.slice(0, limits.metricsPerMetricsRequest.value + 1).map((m) => m.name);
    const profiles = Array.from({ length: limits.profilesPerMetricsRequest.value + 1 }, (_, i) => `p${i}`);
    const problems = checkRequest('POST /2/facebook/metrics', { ...range, profiles, metrics });
    expect(problems.map((p) => [p.parameter, p.code])).toEqual([
      ['profiles', 4],
      ['metrics', 4],
    ]);
    expect(problems[0].message).toContain('26');
    const atLimit = checkRequest('POST /2/facebook/metrics', { ...range, profiles: profiles.slice(1), metrics: metrics.slice(1) });
    expect(atLimit).toEqual([]);
  });
  it('a date range over 3 calendar months (the package reading, inferred), with the latest allowed date_end in the message', () => {
    const ok = checkRequest('POST /1/twitter/metrics', { ...range, date_end: '2024-03-31', metrics: ['likes'] });
    expect(ok).toEqual([]);
    const [problem] = checkRequest('POST /1/twitter/metrics', { ...range, date_end: '2024-04-01', metrics: ['likes'] });
    expect(problem).toMatchObject({ parameter: 'date_end', code: 4, rule: 'shared.metrics.date-range-calendar', severity: 'warning' });
    expect(problem.message).toContain('2024-03-31');
    const [strict] = checkRequest('POST /1/twitter/metrics', { ...range, date_end: '2024-04-01', metrics: ['likes'] }, { strict: true });
    expect(strict).toMatchObject({ rule: 'shared.metrics.date-range-calendar', severity: 'error' });
  });
  it('a date_end later than date_start plus 3 calendar months breaks the stated limit', () => {
    expect(params('POST /2/facebook/metrics', { date_start: '2024-07-01', date_end: '2024-09-30', profiles: ['p'], metrics: ['fans_change'] })).toEqual([]);
    // date_end three calendar months after date_start, which "3 months" may mean; only the
    // narrower reading (both ends counted) refuses it, as an inferred rule.
    const [calendar] = checkRequest('POST /2/facebook/metrics', { date_start: '2024-07-01', date_end: '2024-10-01', profiles: ['p'], metrics: ['fans_change'] });
    expect(calendar).toMatchObject({ parameter: 'date_end', code: 4, rule: 'shared.metrics.date-range-calendar', severity: 'warning' });
    const [problem] = checkRequest('POST /2/facebook/metrics', { date_start: '2024-07-01', date_end: '2024-10-02', profiles: ['p'], metrics: ['fans_change'] });
    expect(problem).toMatchObject({ parameter: 'date_end', code: 4, rule: 'shared.metrics.date-range', severity: 'error' });
    expect(problem.message).toBe('the date range 2024-07-01..2024-10-02 is longer than 3 months under every reading: date_end is later than date_start plus 3 calendar months (2024-10-01)');
    // 93 days from December 1: past March 1, so stated, whatever the count of days.
    const [december] = checkRequest('POST /2/facebook/metrics', { date_start: '2024-12-01', date_end: '2025-03-02', profiles: ['p'], metrics: ['fans_change'] });
    expect(december).toMatchObject({ code: 4, rule: 'shared.metrics.date-range', severity: 'error' });
  });
  it('posts requests have no date range limit (not shown in the documents)', () => {
    expect(checkRequest('POST /2/facebook/page/posts', { ...range, date_end: '2025-01-31', fields: ['id'] })).toEqual([]);
  });
});

describe('checkRequest: validation problems give code 3', () => {
  it('dates: shape, real days, order', () => {
    expect(params('POST /2/facebook/metrics', { ...range, date_start: '2024-1-1', date_end: '2024-02-30', metrics: ['fans_change'] })).toEqual(['date_start', 'date_end']);
    const [problem] = checkRequest('POST /2/facebook/metrics', { ...range, date_start: '2024-02-01', metrics: ['fans_change'] });
    expect(problem).toMatchObject({ parameter: 'date_end', code: 3 });
    expect(problem.message).toMatch(/before date_start/);
  });
  it('missing and unknown members, non-object bodies', () => {
    expect(params('POST /2/facebook/metrics', { date_start: '2024-01-01', extra: 1 })).toEqual(['date_end', 'profiles', 'metrics', 'extra']);
    expect(params('POST /1/facebook/metrics', { ...range, metrics: ['comments'], dimensions: [] })).toEqual(['dimensions']);
    expect(params('POST /2/facebook/metrics', [])).toEqual(['body']);
    expect(params('POST /2/twitter/metrics', { ...range, metrics: [] })).toEqual(['metrics']);
  });
  it('unknown metric names, each with its index, of another network or version', () => {
    const problems = checkRequest('POST /2/youtube/metrics', { ...range, metrics: ['views_change', 'fans_change', 'subscribers_count_lifetime', 7] });
    expect(problems.map((p) => p.parameter)).toEqual(['metrics[1]', 'metrics[2]', 'metrics[3]']);
    expect(problems.every((p) => p.code === 3)).toBe(true);
    expect(problems[0].message).toBe('"fans_change" is not a youtube metric');
  });
  it('v2 dimensions: unknown, extra not last, two extras, extra not allowed by a metric', () => {
    expect(params('POST /2/facebook/metrics', { ...range, metrics: ['fans_change'], dimensions: [{ type: 'date.year' }, 'profile'] })).toEqual([
      'dimensions[0].type',
      'dimensions[1]',
    ]);
    const notLast = checkRequest('POST /2/facebook/metrics', { ...range, metrics: ['insights_activity'], dimensions: [{ type: 'activity_type' }, { type: 'date.day' }] });
    expect(notLast.map((p) => p.parameter)).toEqual(['dimensions[0].type']);
    expect(notLast[0].message).toMatch(/must be the last/);
    const two = checkRequest('POST /2/facebook/metrics', { ...range, metrics: ['insights_impressions'], dimensions: [{ type: 'activity_type' }, { type: 'post_attribution' }] });
    expect(two.map((p) => p.parameter)).toEqual(['dimensions', 'dimensions[0].type']);
    const refused = checkRequest('POST /2/facebook/metrics', { ...range, metrics: ['fans_change', 'insights_activity', 'fans_lifetime'], dimensions: [{ type: 'activity_type' }] });
    expect(refused).toHaveLength(1);
    expect(refused[0].message).toContain('fans_change, fans_lifetime');
    expect(checkRequest('POST /2/facebook/metrics', { ...range, metrics: ['insights_activity', 'insights_impressions'], dimensions: [{ type: 'profile' }, { type: 'activity_type' }] })).toEqual([]);
  });
  it('posts: fields, limit, after, sort, filter', () => {
    const problems = checkRequest('POST /2/facebook/page/posts', {
      ...range,
      fields: ['id', 'likes'],
      limit: 501,
      after: '',
      sort: [{ field: 'message', order: 'desc' }, { field: 'comments' }],
      filter: [
        { field: 'ppd_status', value: 'boosted' },
        { field: 'ppd_status', value: 3 },
        { field: 'message', value: 'x' },
        { match_any: [{ field: 'type', value: ['video'] }] },
        { match_any: [{ field: 'post_labels', value: [] }] },
        { field: 'type', value: 'video' },
      ],
    });
    expect(problems.map((p) => p.parameter)).toEqual([
      'fields[1]',
      'limit',
      'after',
      'sort[0].field',
      'sort[1].order',
      'filter[0].value',
      'filter[1].value',
      'filter[2].field',
      'filter[3].match_any[0].field',
      'filter[4].match_any[0].value',
    ]);
    expect(problems[5].message).toContain('organic, paid, unknown');
    expect(problems.map((p) => p.rule)).toEqual([
      'shared.posts.field-names',
      'shared.posts.limit',
      'shared.request.non-empty',
      'shared.posts.sort-fields',
      'shared.posts.sort-shape',
      'shared.posts.filter-value-enum',
      'shared.posts.filter-value',
      'shared.posts.filter-fields',
      'shared.posts.match-any',
      // An empty list of label ids: "string or array of strings" allows it; only inferred.
      'shared.request.non-empty',
    ]);
  });
  it('filter values: a string or an array of strings ("value: string or array of strings")', () => {
    const ok = checkRequest('POST /2/facebook/page/posts', {
      ...range,
      fields: ['id'],
      filter: [
        { field: 'ppd_status', value: ['organic', 'paid'] },
        { field: 'type', value: ['video', 'photo'] },
        { field: 'post_labels', value: 'l1' },
        { field: 'post_labels', value: ['l1', 'l2'] },
      ],
    });
    expect(ok).toEqual([]);
    const bad = checkRequest('POST /2/facebook/page/posts', {
      ...range,
      fields: ['id'],
      filter: [{ field: 'ppd_status', value: ['paid', 'boosted'] }, { field: 'type', value: [] }, { field: 'type', value: ['video', 1] }],
    });
    expect(bad.map((p) => [p.parameter, p.rule, p.severity])).toEqual([
      ['filter[0].value[1]', 'shared.posts.filter-value-enum', 'warning'],
      ['filter[1].value', 'shared.request.non-empty', 'warning'],
      ['filter[2].value', 'shared.posts.filter-value', 'error'],
    ]);
  });
  it('limit must be an integer from 1 to the catalog page size maximum', () => {
    for (const limit of [0, 1.5, '10', catalogs.limits.pageSize.max + 1]) {
      expect(params('POST /2/instagram/profile/posts', { ...range, fields: ['id'], limit }), String(limit)).toEqual(['limit']);
    }
    expect(params('POST /2/instagram/profile/posts', { ...range, fields: ['id'], limit: 1 })).toEqual([]);
  });
  it('sort is not a member where the catalog offers none', () => {
    // No twitter posts operation exists; the v1 facebook catalog offers sort, so it is accepted there.
    expect(params('POST /1/facebook/page/posts', { ...range, fields: ['id'], sort: [{ field: 'insights_engagement_rate', order: 'desc' }] })).toEqual([]);
    expect(params('POST /2/facebook/page/posts', { ...range, fields: ['id'], sort: [{ field: 'insights_engagement_rate', order: 'desc' }] })).toEqual(['sort[0].field']);
  });
  it('repeated dimensions (inferred: the mock refuses them) and dimensions in version 1 (stated)', () => {
    const repeated = checkRequest('POST /2/facebook/metrics', { ...range, metrics: ['fans_change'], dimensions: [{ type: 'date.day' }, { type: 'date.day' }] });
    expect(repeated).toMatchObject([{ parameter: 'dimensions[1].type', rule: 'v2.metrics.dimensions-distinct', severity: 'warning', code: 3 }]);
    expect(repeated[0].message).toBe('dimension "date.day" is already requested as dimensions[0]');
    expect(checkRequest('POST /1/facebook/metrics', { ...range, metrics: ['comments'], dimensions: [] })).toMatchObject([
      { parameter: 'dimensions', rule: 'v1.metrics.no-dimensions', severity: 'error' },
    ]);
  });
  it('every problem names its register rule; stated rules are errors, inferred ones warnings unless strict', () => {
    const body = { date_start: '2024-01-01', extra: 1, profiles: [], metrics: ['fans_change', ''] };
    expect(checkRequest('POST /2/facebook/metrics', body).map((p) => [p.parameter, p.rule, p.severity])).toEqual([
      ['date_end', 'v2.metrics.required-members', 'error'],
      ['extra', 'shared.request.unknown-members', 'warning'],
      ['profiles', 'shared.request.non-empty', 'warning'],
      // An empty string breaks the inferred non-empty rule and the stated name list: the stated one is reported.
      ['metrics[1]', 'v2.metrics.metric-names', 'error'],
    ]);
    expect(checkRequest('POST /2/facebook/metrics', body, { strict: true }).map((p) => p.severity)).toEqual(['error', 'error', 'error', 'error']);
    expect(checkRequest('POST /2/facebook/page/posts', { ...range, fields: ['id', ''] })).toEqual([
      { parameter: 'fields[1]', message: '"" is not a facebook post field', code: 3, rule: 'shared.posts.field-names', severity: 'error' },
    ]);
  });
  it('an unknown operation and a body for a GET', () => {
    expect(params('POST /2/twitter/posts', {})).toEqual(['operation']);
    expect(params('GET /2/facebook/profiles', { limit: 1 })).toEqual(['body']);
  });
});

describe('checkRequest of the /v1 and /v2 entry points: the operations of their version', () => {
  const metrics = (version: 1 | 2) => ({ ...range, metrics: [catalogs[`v${version}`].metrics.facebook[0].name] });
  it('checks the operations of its version as the root does', () => {
    const bad = { ...range, metrics: ['nope'] };
    expect(checkV2Request('POST /2/facebook/metrics', bad)).toEqual(checkRequest('POST /2/facebook/metrics', bad));
    expect(checkV1Request('POST /1/facebook/metrics', bad)).toEqual(checkRequest('POST /1/facebook/metrics', bad));
    expect(checkV2Request('POST /2/facebook/metrics', metrics(2))).toEqual([]);
  });
  it("names an operation of the other version as unknown to it, which the root's check knows", () => {
    const [problem] = checkV2Request('POST /1/facebook/metrics', metrics(1));
    expect(problem).toMatchObject({ parameter: 'operation', rule: 'shared.request.known-operation', message: 'unknown version 2 operation "POST /1/facebook/metrics"' });
    expect(checkV1Request('GET /2/linkedin/profiles', undefined)[0].message).toBe('unknown version 1 operation "GET /2/linkedin/profiles"');
    expect(checkRequest('POST /1/facebook/metrics', metrics(1))).toEqual([]);
  });
});

describe('checkRequest: the problem list shared with the response validators', () => {
  it('lists at most 20 problems of one rule, then one entry with the exact count of the others', () => {
    const metrics = Array.from({ length: 130 }, (_, i) => `no_such_metric_${i}`);
    const found = checkRequest('POST /2/facebook/metrics', { ...range, metrics });
    expect(found).toHaveLength(1 + MAX_PROBLEMS_PER_RULE + 1);
    expect(found[0]).toMatchObject({ parameter: 'metrics', rule: 'shared.metrics.metrics-limit', code: 4 });
    expect(found.slice(1, 21).map((p) => p.parameter)).toEqual(metrics.slice(0, 20).map((_, i) => `metrics[${i}]`));
    expect(found[21]).toEqual({ parameter: 'body', message: 'and 110 more problems of rule v2.metrics.metric-names not listed (only the first 20 of a rule are shown)', severity: 'error', code: 3, rule: 'v2.metrics.metric-names' });
  });

  it('describes values as the response validators do, never as raw JSON', () => {
    const [problem] = checkRequest('GET /2/facebook/profiles', { profiles: ['a', 'b'] });
    expect(problem).toMatchObject({ parameter: 'body', rule: 'shared.profiles.no-body', message: 'GET /2/facebook/profiles takes no request body, got object' });
    expect(checkRequest('POST /2/facebook/metrics', { ...range, metrics: 'clicks' })[0].message).toBe('must be an array, got "clicks"');
  });
});

describe('checkRequest: a request of no operation', () => {
  const unknown = (problems: ReturnType<typeof checkRequest>) => problems.map((p) => [p.rule, p.parameter, p.code, p.message]);
  it('has code 405 when an operation of the versions checked has its path with another method, else 404', () => {
    for (const [key, code] of [
      ['POST /2/facebook/profiles', 405],
      ['GET /2/facebook/metrics', 405],
      ['GET /2/facebook/metrics?from=link#top', 405],
      ['GET https://api.example.com/1/facebook/metrics', 405],
      // The same method in another letter case is no other method.
      ['post /2/facebook/metrics', 404],
      ['POST /2/nowhere/metrics', 404],
      ['POST', 404],
      ['', 404],
    ] as const) {
      expect(unknown(checkRequest(key, {})), key).toEqual([['shared.request.known-operation', 'operation', code, `unknown operation ${JSON.stringify(key)}`]]);
    }
  });
  it("reads only the operations of the version checked: another version's path is unknown, 404", () => {
    expect(unknown(checkV1Request('GET /2/facebook/metrics', {}))).toEqual([['shared.request.known-operation', 'operation', 404, 'unknown version 1 operation "GET /2/facebook/metrics"']]);
    expect(unknown(checkV2Request('GET /2/facebook/metrics', {}))).toEqual([['shared.request.known-operation', 'operation', 405, 'unknown version 2 operation "GET /2/facebook/metrics"']]);
    expect(unknown(checkV2Request('GET /1/facebook/metrics', {}))[0][2]).toBe(404);
  });
});

describe('checkRequest: edges of a body', () => {
  it('a profile list takes no body: none, null and an empty object are none; anything else is one', () => {
    for (const body of [undefined, null, {}]) expect(checkRequest('GET /2/facebook/profiles', body), String(body)).toEqual([]);
    for (const body of [{ a: 1 }, 0, '', [], false]) expect(checkRequest('GET /2/facebook/profiles', body).map((p) => p.rule), JSON.stringify(body)).toEqual(['shared.profiles.no-body']);
  });
  it('dimension items that are no object or have no string type break their schema only: never "already requested", never a throw', () => {
    for (const dimensions of [[null, null], [1, 1], ['date.day', 'date.day'], [{ type: 1 }, { type: 1 }], [{}, {}], [[], []]]) {
      const problems = checkRequest('POST /2/facebook/metrics', { ...range, metrics: ['fans_change'], dimensions });
      expect(problems.length, JSON.stringify(dimensions)).toBeGreaterThan(0);
      const across = problems.filter((p) => p.rule === 'v2.metrics.dimensions-distinct' || p.rule.startsWith('v2.metrics.extra-dimension'));
      expect(across.map((p) => p.rule), JSON.stringify(dimensions)).toEqual([]);
    }
  });
  it('an extra dimension with a metrics member that is no list: no metric refuses it (the schema problem is the only one)', () => {
    for (const metrics of ['insights_activity', {}, 7]) {
      const problems = checkRequest('POST /2/facebook/metrics', { ...range, metrics, dimensions: [{ type: 'activity_type' }] });
      expect(problems.map((p) => p.parameter), JSON.stringify(metrics)).toEqual(['metrics']);
    }
  });
  it("an operation's check names its network, or none ('') for an operation of every network", () => {
    const metrics = requestCheckOf('POST /2/facebook/metrics')!;
    expect([metrics.version, metrics.kind, metrics.network]).toEqual([2, 'metrics', 'facebook']);
    for (const key of ['POST /2/post/labels', 'POST /2/profile/labels']) expect(requestCheckOf(key)?.network, key).toBe('');
    expect(requestCheckOf('POST /2/nowhere')).toBeUndefined();
  });
});

describe('the predicates of a request that surely breaks no rule across members', () => {
  it('a quiet date range: two calendar days, in order, within the limit, each judged as checkRequest judges it', () => {
    for (const [start, end] of [['2024-01-01', '2024-01-31'], ['2024-01-01', 'x'], ['x', '2024-01-31'], ['2024-02-30', '2024-03-01'], ['2024-01-01', '2024-02-30'], ['2024-01-31', '2024-01-01'], ['2024-01-01', '2024-12-31'], [20240101, '2024-01-31']]) {
      const body = { ...range, metrics: ['fans_change'], date_start: start, date_end: end };
      const quiet = isQuietDateRange(body);
      expect(quiet, `${start}..${end}`).toBe(checkRequest('POST /2/facebook/metrics', body, { strict: true }).length === 0);
      expect(quiet, `${start}..${end}`).toBe(start === '2024-01-01' && end === '2024-01-31');
    }
  });
  it('quiet dimensions: a list of distinct {type} items of base dimensions', () => {
    const base = catalogs.dimensions[0].name;
    const other = catalogs.dimensions[1].name;
    const extra = catalogs.extraDimensions[0].name;
    expect(isQuietDimensions([])).toBe(true);
    expect(isQuietDimensions([{ type: base }, { type: other }])).toBe(true);
    for (const dimensions of [undefined, {}, [{ type: base }, { type: base }], [{ type: extra }], [{ type: base, x: 1 }], [base], [null], [{ type: 1 }], [{ type: 'nope' }]]) {
      expect(isQuietDimensions(dimensions), JSON.stringify(dimensions)).toBe(false);
    }
  });
});
