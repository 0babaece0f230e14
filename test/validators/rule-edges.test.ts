/**
 * The edges of the response rules' tables (src/validators/rules/): each limit on both sides and
 * at itself, each range at both ends, each network, with the whole list of problems expected, so
 * that a comparison moved by one or a branch taken the other way changes a verdict here.
 */
import { describe, expect, it } from 'vitest';
import { validateResponse, type ValidateResponseInput } from '../../src/validators/index.js';
import { problem, problems } from './problems.js';

const found = (input: ValidateResponseInput, strict = false) => problems(validateResponse(input, { strict, maxProblems: 500 }));

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
