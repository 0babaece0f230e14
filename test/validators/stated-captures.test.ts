/**
 * The integration bugs the documents' sentences rule out, one capture each, with the verdict
 * expected by default and in strict mode, with the request and (where the body alone can show
 * the break) without it; and the answers the documents allow, which pass in both modes.
 */
import { describe, expect, it } from 'vitest';
import { RULES, type RuleId } from '../../generated/rules.js';
import { validateResponse, type ValidateResponseInput } from '../../src/validators/index.js';
import { REACTION_TYPES } from '../../src/validators/rules/posts.js';

/** The rules broken, by severity, by default and in strict mode. */
function verdict(input: ValidateResponseInput) {
  const rules = (list: readonly { rule: string }[]) => [...new Set(list.map((p) => p.rule))].sort();
  const lax = validateResponse(input, { maxProblems: 1000 });
  const strict = validateResponse({ ...input, strict: true }, { maxProblems: 1000 });
  return { errors: rules(lax.errors), warnings: rules(lax.warnings), strict: rules(strict.errors) };
}

/** A stated rule broken: an error in both modes. */
const stated = (rule: RuleId) => ({ errors: [rule], warnings: [], strict: [rule] });
const fine = { errors: [], warnings: [], strict: [] };
/** An inferred rule broken: a warning by default, an error in strict mode. */
const inferredOnly = (rule: RuleId) => ({ errors: [], warnings: [rule], strict: [rule] });

const v2Request = { date_start: '2026-01-01', date_end: '2026-01-03', profiles: ['p1'], metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] };
const v2Body = (days: string[]) => ({ success: true, header: [{ type: 'date.day', rows: days }, { type: 'metric', rows: ['fans_change'] }], data: days.map((_, i) => [i]) });
const v2 = (body: unknown, request?: unknown): ValidateResponseInput => ({ method: 'POST', path: '/2/facebook/metrics', body, request });

const v1Request = { date_start: '2026-01-01', date_end: '2026-01-03', profiles: ['p1'], metrics: ['comments'] };
const v1Body = (days: string[]) => ({ success: true, profiles: [{ id: 'p1', data: days.map((d, i) => ({ date: `${d} 00:00:00`, comments: i })) }] });
const v1 = (body: unknown, request?: unknown): ValidateResponseInput => ({ method: 'POST', path: '/1/facebook/metrics', body, request });

const postsRequest = (extra: Record<string, unknown> = {}) => ({ profiles: ['p1'], date_start: '2026-01-01', date_end: '2026-01-31', fields: ['id', 'created_time', 'reactions_by_type'], ...extra });
const post = (i: number, extra: Record<string, unknown> = {}) => ({ id: `p${i}`, created_time: '2026-01-20T10:00:00+00:00', reactions_by_type: { like: 1 }, ...extra });
const posts = (list: unknown[], request?: unknown): ValidateResponseInput => ({ method: 'POST', path: '/2/facebook/page/posts', body: { success: true, data: { posts: list } }, request });

const profiles = (network: string, list: unknown[]): ValidateResponseInput => ({ method: 'GET', path: `/2/${network}/profiles`, body: { success: true, profiles: list } });
const profileLabels = (platforms: string[]): ValidateResponseInput => ({ method: 'POST', path: '/2/profile/labels', body: { success: true, data: [{ id: 'l1', name: 'Brand', profiles: platforms.map((platform) => ({ name: 'A', platform })) }] } });
const failure = (errors: unknown[], status = 200): ValidateResponseInput => ({ method: 'POST', path: '/2/facebook/metrics', status, body: { success: false, errors } });

describe('last requested day', () => {
  it('v2: date.day rows without date_end fail with the request; the body alone cannot tell', () => {
    expect(verdict(v2(v2Body(['2026-01-01', '2026-01-02']), v2Request))).toEqual(stated('v2.metrics.last-day'));
    expect(verdict(v2(v2Body(['2026-01-01', '2026-01-02'])))).toEqual(fine);
    expect(verdict(v2(v2Body(['2026-01-01', '2026-01-02', '2026-01-03']), v2Request))).toEqual(fine);
  });

  it('v1: a profile without a record of date_end fails with the request', () => {
    expect(verdict(v1(v1Body(['2026-01-01', '2026-01-02']), v1Request))).toEqual(stated('v1.metrics.last-day'));
    expect(verdict(v1(v1Body(['2026-01-01', '2026-01-02'])))).toEqual(fine);
    expect(verdict(v1(v1Body(['2026-01-01', '2026-01-02', '2026-01-03']), v1Request))).toEqual(fine);
  });

  it('a profile or a header with no days at all ("return no data") is not judged', () => {
    expect(verdict(v1(v1Body([]), v1Request))).toEqual(fine);
    expect(verdict(v2({ success: true, header: [{ type: 'date.day', rows: [] }, { type: 'metric', rows: ['fans_change'] }], data: [] }, v2Request))).toEqual(fine);
  });
});

describe('one v1 record per day', () => {
  it('two records of the same day fail, with or without the request, wherever they stand', () => {
    const twice = v1Body(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-02']);
    expect(verdict(v1(twice, v1Request))).toEqual(stated('v1.metrics.one-record-per-day'));
    expect(verdict(v1(twice))).toEqual(stated('v1.metrics.one-record-per-day'));
    const result = validateResponse(v1(twice));
    expect(result.errors).toEqual([{ pointer: '/profiles/0/data/3/date', message: 'a second record for 2026-01-02 (the first is /profiles/0/data/1)', rule: 'v1.metrics.one-record-per-day', severity: 'error' }]);
    expect(verdict(v1(v1Body(['2026-01-03', '2026-01-01', '2026-01-02'])))).toEqual(fine);
  });
});

describe('page size', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => post(i));

  it('a page of 501 posts fails without the request and with a request of limit 500', () => {
    expect(verdict(posts(many(501)))).toEqual(stated('shared.posts.page-size-maximum'));
    expect(verdict(posts(many(501), postsRequest({ limit: 500 })))).toEqual({ errors: ['shared.posts.page-size', 'shared.posts.page-size-maximum'], warnings: [], strict: ['shared.posts.page-size', 'shared.posts.page-size-maximum'] });
    expect(verdict(posts(many(500), postsRequest({ limit: 500 })))).toEqual(fine);
  });

  it('with a request, more posts than its limit fail', () => {
    expect(verdict(posts(many(21), postsRequest({ limit: 20 })))).toEqual(stated('shared.posts.page-size'));
    expect(verdict(posts(many(21)))).toEqual(fine);
  });
});

describe('post created_time inside the requested days, in any profile timezone', () => {
  const at = (created_time: string, request: unknown = postsRequest()) => verdict(posts([post(1, { created_time })], request));
  const bodyOnly = (created_time: string) => verdict(posts([post(1, { created_time })]));

  it('months outside fails with the request; the body alone cannot tell', () => {
    expect(at('2025-06-01T10:00:00+00:00')).toEqual(stated('shared.posts.created-in-range'));
    expect(bodyOnly('2025-06-01T10:00:00+00:00')).toEqual(fine);
  });

  it('allows 14 hours before the UTC days (UTC+14) and 12 after (UTC-12), and not more', () => {
    expect(at('2025-12-31T10:00:00+00:00')).toEqual(fine);
    expect(at('2025-12-31T09:59:59+00:00')).toEqual(stated('shared.posts.created-in-range'));
    expect(at('2026-02-01T11:59:59+00:00')).toEqual(fine);
    expect(at('2026-02-01T12:00:00+00:00')).toEqual(stated('shared.posts.created-in-range'));
    expect(at('2026-02-01T11:59:59.5Z')).toEqual(inferredOnly('shared.posts.datetime-shape'));
    expect(at('2025-12-31T09:59:59.5Z')).toEqual({ errors: ['shared.posts.created-in-range'], warnings: ['shared.posts.datetime-shape'], strict: ['shared.posts.created-in-range', 'shared.posts.datetime-shape'] });
  });

  it('a range at the ends of the calendar has no bound beyond it (and never throws)', () => {
    const edges = postsRequest({ date_start: '0000-01-01', date_end: '9999-12-31' });
    expect(at('0000-01-01T00:00:00+00:00', edges)).toEqual(fine);
    expect(at('9999-12-31T23:59:59+00:00', edges)).toEqual(fine);
  });
});

describe('reactions_by_type keys', () => {
  it('a key outside the listed six is inferred ("keys like, love, ..." may be an open list), with or without the request', () => {
    const odd = [post(1, { reactions_by_type: { like: 1, care: 2 } })];
    expect(verdict(posts(odd, postsRequest()))).toEqual(inferredOnly('shared.posts.reaction-types'));
    expect(verdict(posts(odd))).toEqual(inferredOnly('shared.posts.reaction-types'));
    expect(verdict(posts([post(1, { reactions_by_type: { like: 1, love: 2, wow: 3, haha: 4, sorry: 5, anger: 6 } })]))).toEqual(fine);
  });

  it('the six keys are those the rule reads', () => {
    const reason = RULES['shared.posts.reaction-types'].inferred;
    expect(/keys (.*?)\\?" reads/.exec(reason)?.[1].split(', ')).toEqual([...REACTION_TYPES]);
  });
});

describe('post date-times of the shown shape', () => {
  it('Z or a fraction of a second is inferred (ISO 8601 with offset writes both)', () => {
    for (const created_time of ['2026-01-20T10:00:00Z', '2026-01-20T10:00:00.250+00:00']) {
      expect(verdict(posts([post(1, { created_time })]))).toEqual(inferredOnly('shared.posts.datetime-shape'));
      expect(verdict(posts([post(1, { created_time })], postsRequest()))).toEqual(inferredOnly('shared.posts.datetime-shape'));
    }
  });
});

describe('profile list', () => {
  it('insights_enabled true on a profile of a network without insights fails; false there is inferred ("only for netA and netB" may speak of insights)', () => {
    expect(verdict(profiles('twitter', [{ id: '1', name: 'A', insights_enabled: true }]))).toEqual(stated('shared.profiles.insights-networks'));
    expect(verdict(profiles('twitter', [{ id: '1', name: 'A', insights_enabled: false }]))).toEqual({ errors: [], warnings: ['shared.profiles.insights-member-networks'], strict: ['shared.profiles.insights-member-networks'] });
    expect(verdict(profiles('instagram', [{ id: '1', name: 'A', insights_enabled: true }]))).toEqual(fine);
    expect(verdict({ ...profiles('facebook', [{ id: '1', insights_enabled: false }]), path: '/1/facebook/profiles' })).toEqual(fine);
  });

  it('a timezone not of IANA name shape fails', () => {
    expect(verdict(profiles('facebook', [{ id: '1', name: 'A', timezone: 'not a timezone' }]))).toEqual(stated('shared.profiles.timezone-shape'));
    for (const timezone of ['Europe/Prague', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5']) expect(verdict(profiles('facebook', [{ id: '1', name: 'A', timezone }]))).toEqual(fine);
  });

  it('a profile without id or name passes in both modes ("A field may be absent from an element")', () => {
    expect(verdict(profiles('facebook', [{ id: '1' }, { name: 'B' }, {}]))).toEqual(fine);
  });
});

describe('profile labels', () => {
  it('a platform that is not a network name fails', () => {
    expect(verdict(profileLabels(['facebook', 'myspace']))).toEqual(stated('v2.labels.profile-label-platform'));
    expect(verdict(profileLabels(['facebook', 'LinkedIn', 'pinterest']))).toEqual(fine);
    expect(verdict(profileLabels([]))).toEqual(fine);
  });
});

describe('failure bodies', () => {
  it('an error object without any message fails ("first a general description, then detail")', () => {
    expect(verdict(failure([{ code: 3, errors: [] }]))).toEqual(stated('shared.failure.general-description'));
    expect(verdict(failure([{ code: 3, errors: ['Input validation error.'] }]))).toEqual(fine);
  });

  it('several error objects pass in both modes ("Several error objects may appear in one response")', () => {
    expect(verdict(failure([{ code: 3, errors: ['Input validation error.', 'fans'] }, { code: 5, errors: ['Profiles not allowed.', 'p9'] }, { code: 4, errors: ['Limit exceeded.'] }]))).toEqual(fine);
  });

  it('a code outside 3-99 and outside the table is a warning by default, an error in strict mode', () => {
    for (const code of [2, 402]) {
      expect(verdict(failure([{ code, errors: ['x'] }], 200))).toEqual({ errors: [], warnings: ['shared.failure.code-range'], strict: ['shared.failure.code-range'] });
    }
  });
});
