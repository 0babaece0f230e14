/** Request-aware checks of metrics bodies, versions 2 and 1. */
import { describe, expect, it } from 'vitest';
import { validateResponse, type ValidationResult } from '../../src/validators/index.js';
import { problem, problems } from './problems.js';

/** The result with `all`: its errors, then its warnings. */
const withAll = (result: ValidationResult) => ({ ...result, all: problems(result) });

const v2Request = (dimensions: string[], metrics = ['fans_change', 'fans_lifetime']) => ({
  date_start: '2026-01-01',
  date_end: '2026-01-03',
  profiles: ['p1', 'p2'],
  metrics,
  dimensions: dimensions.map((type) => ({ type })),
});

const days = ['2026-01-01', '2026-01-02', '2026-01-03'];

/** A valid [profile, date.day] body: data[profile][day][metric]. */
function profileDayBody(): any {
  return {
    success: true,
    header: [
      { type: 'profile', rows: ['p1', 'p2'] },
      { type: 'date.day', rows: [...days] },
      { type: 'metric', rows: ['fans_change', 'fans_lifetime'] },
    ],
    data: [0, 1].map((p) => days.map((_, d) => [p + d, 0.5 * d])),
  };
}

const v2 = (body: unknown, request: unknown = v2Request(['profile', 'date.day'])) =>
  withAll(validateResponse({ method: 'POST', path: '/2/facebook/metrics', body, request }));

describe('v2 metrics, request-aware', () => {
  it('accepts a body that matches the request', () => {
    expect(v2(profileDayBody()).all).toEqual([]);
    const byDay = { success: true, header: [{ type: 'date.day', rows: days }, { type: 'metric', rows: ['fans_change'] }], data: [[1], [2], [3.5]] };
    expect(v2(byDay, v2Request(['date.day'], ['fans_change'])).all).toEqual([]);
  });

  it('accepts a built request { method, path, body, operation } as the request', () => {
    const built = { method: 'POST', path: '/2/facebook/metrics', operation: 'POST /2/facebook/metrics', body: v2Request(['profile', 'date.day']) };
    expect(v2(profileDayBody(), built).all).toEqual([]);
    const swapped = { ...built, body: v2Request(['date.day', 'profile']) };
    expect(v2(profileDayBody(), swapped).valid).toBe(false);
  });

  it('wants the header to be the requested dimensions in order, then metric', () => {
    const result = v2(profileDayBody(), v2Request(['date.day', 'profile']));
    expect(result.all).toEqual(
      expect.arrayContaining([
        problem('v2.metrics.header-order', '/header/0/type', 'expected "date.day" (requested dimension 1), got "profile"'),
        problem('v2.metrics.header-order', '/header/1/type', 'expected "profile" (requested dimension 2), got "date.day"'),
      ]),
    );
    const missing = v2(profileDayBody(), v2Request(['profile']));
    expect(missing.all).toContainEqual(problem('v2.metrics.header-order', '/header', 'expected 2 elements ("profile", "metric": the requested dimensions, then metric), got 3'));
  });

  it('wants the metric rows to be the requested metrics in order', () => {
    const body = profileDayBody();
    body.header[2].rows = ['fans_lifetime', 'fans_change'];
    expect(v2(body).all).toEqual([
      problem('v2.metrics.metric-order', '/header/2/rows/0', 'expected "fans_change" (requested metric 1), got "fans_lifetime"'),
      problem('v2.metrics.metric-order', '/header/2/rows/1', 'expected "fans_lifetime" (requested metric 2), got "fans_change"'),
    ]);
    const fewer = profileDayBody();
    fewer.header[2].rows = ['fans_change'];
    expect(v2(fewer).all).toContainEqual(problem('v2.metrics.requested-metrics', '/header/2/rows', 'expected the 2 requested metrics ("fans_change", "fans_lifetime"), got 1 row'));
  });

  it('wants date.day rows inside the requested range', () => {
    const body = profileDayBody();
    body.header[1].rows[2] = '2026-01-04';
    expect(v2(body).all).toEqual([
      problem('v2.metrics.last-day', '/header/1/rows', 'no row for the last requested day "2026-01-03"'),
      problem('v2.metrics.date-range', '/header/1/rows/2', '2026-01-04 is outside the requested range 2026-01-01..2026-01-03'),
    ]);
    body.header[1].rows[2] = '2026-02-30';
    expect(v2(body).all).toEqual([
      problem('v2.metrics.date-rows', '/header/1/rows/2', 'expected a date YYYY-MM-DD, got "2026-02-30"'),
      problem('v2.metrics.last-day', '/header/1/rows', 'no row for the last requested day "2026-01-03"'),
    ]);
  });

  it('wants profile rows among the requested profiles', () => {
    const body = profileDayBody();
    body.header[0].rows[1] = 'p9';
    expect(v2(body).all).toEqual([problem('v2.metrics.requested-profiles', '/header/0/rows/1', '"p9" is not a requested profile')]);
  });

  it('wants one nesting level per header element, each as long as its rows', () => {
    const shortLevel = profileDayBody();
    shortLevel.data[1].pop();
    expect(v2(shortLevel).all).toEqual([problem('v2.metrics.data-nesting', '/data/1', 'expected 3 items (one per row of header element 1), got 2')]);

    const shortOuter = profileDayBody();
    shortOuter.data.pop();
    expect(v2(shortOuter).all).toEqual([problem('v2.metrics.data-nesting', '/data', 'expected 2 items (one per row of header element 0), got 1')]);

    const missingLevel = profileDayBody();
    missingLevel.data[0] = [1, 2, 3];
    expect(v2(missingLevel).all).toEqual([
      problem('v2.metrics.data-nesting', '/data/0/0', 'expected array (level 3 of 3, one per header element), got 1'),
      problem('v2.metrics.data-nesting', '/data/0/1', 'expected array (level 3 of 3, one per header element), got 2'),
      problem('v2.metrics.data-nesting', '/data/0/2', 'expected array (level 3 of 3, one per header element), got 3'),
    ]);

    const extraLevel = profileDayBody();
    extraLevel.data[0][0] = [[1], [2]];
    expect(v2(extraLevel).all).toEqual([
      problem('v2.metrics.data-numbers', '/data/0/0/0', 'expected number (a metric value), got array (1 item)'),
      problem('v2.metrics.data-numbers', '/data/0/0/1', 'expected number (a metric value), got array (1 item)'),
    ]);
  });

  it('wants numbers as values', () => {
    const body = profileDayBody();
    body.data[1][2][0] = '7';
    body.data[0][0][1] = null;
    // fans_lifetime "returns no data" for some pages: its null is the inferred no-data rule, a warning.
    expect(v2(body).all).toEqual([
      problem('v2.metrics.data-numbers', '/data/1/2/0', 'expected number (a metric value), got "7"'),
      problem('shared.metrics.no-data-value', '/data/0/0/1', 'null for metric "fans_lifetime", which returns no data for some pages: the documents name no null among the values and do not say how no data is written'),
    ]);
    // Another metric's null is a stated error.
    body.header[2].rows = ['fans_change', 'insights_activity'];
    expect(v2(body, v2Request(['profile', 'date.day'], ['fans_change', 'insights_activity'])).all.map((p) => [p.rule, p.pointer])).toEqual([
      ['v2.metrics.data-numbers', '/data/0/0/1'],
      ['v2.metrics.data-numbers', '/data/1/2/0'],
    ]);
  });

  it('wants finite numbers (a body built in code can hold NaN or Infinity)', () => {
    const body = profileDayBody();
    body.data[0][1][0] = Number.POSITIVE_INFINITY;
    body.data[1][0][1] = Number.NaN;
    expect(v2(body).all).toEqual([
      problem('v2.metrics.data-numbers', '/data/0/1/0', 'expected number (a metric value), got Infinity'),
      problem('v2.metrics.data-numbers', '/data/1/0/1', 'expected number (a metric value), got NaN'),
    ]);
  });

  it('walks 10,000 levels of nesting without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const body = profileDayBody();
    body.data[0][0] = deep;
    const result = v2(body);
    expect(result.valid).toBe(false);
    expect(result.errors[0].pointer).toBe('/data/0/0');
  });

  it('is skipped for failure bodies and says so for a request that is not an object', () => {
    expect(v2({ success: false, errors: [{ code: 4, errors: ['limit'] }] }).all).toEqual([]);
    expect(v2(profileDayBody(), 'nope').all).toEqual([problem('shared.response.request-readable', '', 'request-aware checks skipped: the request is not a JSON object (got "nope")')]);
  });
});

const v1Request = { date_start: '2026-01-01', date_end: '2026-01-02', profiles: ['p1', 'p2'], metrics: ['comments', 'engagement_rate', 'comments_by_type'] };

function v1Body(): any {
  const day = (date: string) => ({ date: `${date} 00:00:00`, comments: 3, engagement_rate: 0.25, comments_by_type: { photo: 1 } });
  return { success: true, profiles: ['p1', 'p2'].map((id) => ({ id, data: [day('2026-01-01'), day('2026-01-02')] })) };
}

const v1 = (body: unknown, request: unknown = v1Request) => withAll(validateResponse({ method: 'POST', path: '/1/facebook/metrics', body, request }));

describe('v1 metrics, request-aware', () => {
  it('accepts a body that matches the request', () => {
    expect(v1(v1Body()).all).toEqual([]);
  });

  it('wants one element per requested profile', () => {
    const body = v1Body();
    body.profiles[1].id = 'p1';
    expect(v1(body).all).toEqual([
      problem('v1.metrics.profiles', '/profiles/1/id', 'profile "p1" appears more than once'),
      problem('v1.metrics.profiles', '/profiles', 'no element for requested profile "p2"'),
    ]);
    const fewer = v1Body();
    fewer.profiles.pop();
    expect(v1(fewer).all).toContainEqual(problem('v1.metrics.profiles', '/profiles', 'expected one element per requested profile (2), got 1'));
    const stranger = v1Body();
    stranger.profiles[0].id = 'p7';
    expect(v1(stranger).all).toContainEqual(problem('v1.metrics.profiles', '/profiles/0/id', '"p7" is not a requested profile'));
  });

  it('compares the profile elements with the request of each call, a profile requested twice being one profile', () => {
    // The same body against requests whose lists differ in order, in length and by a repeat:
    // the elements are compared with the request given, not with the one before.
    expect(v1(v1Body(), { ...v1Request, profiles: ['p2', 'p1'] }).all).toEqual([]);
    expect(v1(v1Body(), { ...v1Request, profiles: ['p1'] }).all).toEqual([
      problem('v1.metrics.profiles', '/profiles', 'expected one element per requested profile (1), got 2'),
      problem('v1.metrics.profiles', '/profiles/1/id', '"p2" is not a requested profile'),
    ]);
    const twice = v1Body();
    twice.profiles[1].id = 'p1';
    expect(v1(twice, { ...v1Request, profiles: ['p1', 'p1'] }).all).toEqual([
      problem('v1.metrics.profiles', '/profiles', 'expected one element per requested profile (1), got 2'),
      problem('v1.metrics.profiles', '/profiles/1/id', 'profile "p1" appears more than once'),
    ]);
    expect(v1(v1Body()).all).toEqual([]);
    // Past 32 requested profiles, repeats are looked for with a set: the same verdicts.
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
    const many = (list: string[]) => ({ success: true, profiles: list.map((id) => ({ id, data: v1Body().profiles[0].data })) });
    // (Over 25 profiles the request itself is refused: that problem is left out here.)
    const overLimit = (p: { rule: string }) => p.rule !== 'shared.response.limit-refused';
    expect(v1(many(ids(40)), { ...v1Request, profiles: ids(40) }).all.filter(overLimit)).toEqual([]);
    const repeated = [...ids(39), 'p7'];
    expect(v1(many(repeated), { ...v1Request, profiles: repeated }).all.filter(overLimit)).toEqual([
      problem('v1.metrics.profiles', '/profiles', 'expected one element per requested profile (39), got 40'),
      problem('v1.metrics.profiles', '/profiles/39/id', 'profile "p7" appears more than once'),
    ]);
    // A list that is not all strings is not a list of profiles: no profile check.
    expect(v1(v1Body(), { ...v1Request, profiles: ['p1', 2] }).all.filter((p) => p.rule === 'v1.metrics.profiles')).toEqual([]);
  });

  it('wants exactly the requested metrics in each day record', () => {
    const body = v1Body();
    delete body.profiles[0].data[1].engagement_rate;
    body.profiles[1].data[0].shares = 4;
    expect(v1(body).all).toEqual([
      problem('v1.metrics.record-members', '/profiles/0/data/1', 'missing requested metric "engagement_rate"'),
      problem('v1.metrics.record-members', '/profiles/1/data/0', 'unexpected property "shares": not a requested metric'),
    ]);
  });

  it('judges every record on its own members after records that passed (names compared in order)', () => {
    const body = v1Body();
    const last = body.profiles[1].data[1];
    body.profiles[1].data[1] = { date: last.date, comments: 3, shares: 2, engagement_rate: 0.25, comments_by_type: {} };
    expect(v1(body).all).toEqual([problem('v1.metrics.record-members', '/profiles/1/data/1', 'unexpected property "shares": not a requested metric')]);
    const reordered = v1Body();
    const first = reordered.profiles[1].data[0];
    reordered.profiles[1].data[0] = { comments_by_type: first.comments_by_type, engagement_rate: 0.5, date: first.date, comments: 1 };
    expect(v1(reordered).all).toEqual([]);
    // The same names, judged against another request: a passed record says nothing about it.
    expect(v1(v1Body(), { ...v1Request, metrics: ['comments', 'engagement_rate'] }).all).toContainEqual(
      problem('v1.metrics.record-members', '/profiles/0/data/0', 'unexpected property "comments_by_type": not a requested metric'),
    );
  });

  it('wants each metric with its catalog type', () => {
    const body = v1Body();
    body.profiles[0].data[0].comments = 2.5;
    body.profiles[0].data[1].comments_by_type = [1];
    body.profiles[1].data[0].engagement_rate = '0.3';
    expect(v1(body).all).toEqual([
      problem('v1.metrics.metric-types', '/profiles/0/data/0/comments', 'expected integer, got 2.5'),
      problem('v1.metrics.metric-types', '/profiles/0/data/1/comments_by_type', 'expected object, got array (1 item)'),
      problem('v1.metrics.metric-types', '/profiles/1/data/0/engagement_rate', 'expected number, got "0.3"'),
    ]);
  });

  it('wants days inside the requested range', () => {
    const body = v1Body();
    body.profiles[1].data[1].date = '2026-01-03 00:00:00';
    expect(v1(body).all).toEqual([
      problem('v1.metrics.last-day', '/profiles/1/data', 'no record for the last requested day "2026-01-02"'),
      problem('v1.metrics.date-range', '/profiles/1/data/1/date', '2026-01-03 is outside the requested range 2026-01-01..2026-01-02'),
    ]);
  });

  it('judges dates again for another requested range, and without a request, after they passed', () => {
    expect(v1(v1Body()).all).toEqual([]);
    const later = { ...v1Request, date_start: '2026-01-02', date_end: '2026-01-02' };
    expect(v1(v1Body(), later).all).toEqual([
      problem('v1.metrics.date-range', '/profiles/0/data/0/date', '2026-01-01 is outside the requested range 2026-01-02..2026-01-02'),
      problem('v1.metrics.date-range', '/profiles/1/data/0/date', '2026-01-01 is outside the requested range 2026-01-02..2026-01-02'),
    ]);
    const noon = v1Body();
    noon.profiles[0].data[1].date = '2026-01-02 12:00:00';
    expect(withAll(validateResponse({ method: 'POST', path: '/1/facebook/metrics', body: noon })).all).toEqual([
      problem('v1.metrics.date-midnight', '/profiles/0/data/1/date', 'expected midnight (00:00:00), got "12:00:00"'),
    ]);
  });
});

describe('v1 metrics: a date already checked at the same position of an earlier profile', () => {
  // Later profiles' dates equal to the earlier profile's at the same position are not checked
  // again; every other date still is, and a date that failed is reported for every record.
  const threeProfiles = () => {
    const body = v1Body();
    body.profiles.push(structuredClone(body.profiles[0]));
    body.profiles[2].id = 'p3';
    return body;
  };
  const request = { ...v1Request, profiles: ['p1', 'p2', 'p3'] };

  it('still checks a later profile whose date differs at that position', () => {
    const body = threeProfiles();
    body.profiles[1].data[0].date = '2026-02-30 00:00:00';
    body.profiles[2].data[1].date = '2026-01-02 12:00:00';
    expect(v1(body, request).all).toEqual([
      problem('v1.metrics.date', '/profiles/1/data/0/date', '"2026-02-30 00:00:00" is not a real calendar day'),
      problem('v1.metrics.date-range', '/profiles/1/data/0/date', '2026-02-30 is outside the requested range 2026-01-01..2026-01-02'),
      problem('v1.metrics.date-midnight', '/profiles/2/data/1/date', 'expected midnight (00:00:00), got "12:00:00"'),
    ]);
  });

  it('reports the same failing date in every profile that holds it', () => {
    const body = threeProfiles();
    for (const profile of body.profiles) profile.data[1].date = '2026-01-05 00:00:00';
    expect(v1(body, request).all.filter((p) => p.rule === 'v1.metrics.date-range')).toEqual([0, 1, 2].map((i) => problem('v1.metrics.date-range', `/profiles/${i}/data/1/date`, '2026-01-05 is outside the requested range 2026-01-01..2026-01-02')));
    const shapes = threeProfiles();
    for (const profile of shapes.profiles) profile.data[0].date = '2026-1-01 00:00:00';
    expect(v1(shapes, request).all.filter((p) => p.rule === 'v1.metrics.date').map((p) => p.pointer)).toEqual([0, 1, 2].map((i) => `/profiles/${i}/data/0/date`));
  });

  it('checks the range of the request of each call (the range of an earlier call is not kept)', () => {
    const body = threeProfiles();
    expect(v1(body, request).all).toEqual([]);
    const later = { ...request, date_start: '2026-01-02' };
    expect(v1(body, later).all.map((p) => p.pointer)).toEqual([0, 1, 2].map((i) => `/profiles/${i}/data/0/date`));
    expect(v1(body, request).all).toEqual([]);
  });
});

describe('v2 metrics: the requested range of each call', () => {
  it('reads the days of a changed request again', () => {
    const request = v2Request(['profile', 'date.day']);
    expect(v2(profileDayBody(), request).all).toEqual([]);
    const shorter = { ...request, date_end: '2026-01-02' };
    expect(v2(profileDayBody(), shorter).all).toEqual([problem('v2.metrics.date-range', '/header/1/rows/2', '2026-01-03 is outside the requested range 2026-01-01..2026-01-02')]);
    // A date_end that is no day: no range to compare with (the request itself may be refused).
    const unreadable = { ...request, date_end: '2026-02-30' };
    expect(v2(profileDayBody(), unreadable).all.map((p) => p.rule)).toEqual(['shared.response.invalid-request-answered']);
    expect(v2(profileDayBody(), shorter).valid).toBe(false);
  });
});

describe('v2 metrics without dimensions in the request', () => {
  it('does not invent the header (not shown in the documents) but still checks metric rows', () => {
    const request = { date_start: '2026-01-01', date_end: '2026-01-03', profiles: ['p1'], metrics: ['fans_change'] };
    const body = { success: true, header: [{ type: 'date.day', rows: ['2026-01-03'] }, { type: 'metric', rows: ['fans_lifetime'] }], data: [[1]] };
    expect(v2(body, request).all).toEqual([
      problem('v2.metrics.requested-metrics', '/header/1/rows/0', '"fans_lifetime" is not a requested metric'),
      problem('v2.metrics.requested-metrics', '/header/1/rows', 'no row for requested metric "fans_change"'),
    ]);
  });
});
