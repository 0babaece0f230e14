/** Messages for people, pointers, folding of alternatives, and the error cap. */
import { describe, expect, it } from 'vitest';
import { formatError, formatErrors, validateResponse } from '../../src/validators/index.js';
import { MAX_PROBLEMS as MAX_ERRORS, MAX_PROBLEMS_PER_RULE as MAX_PER_RULE } from '../../src/core/problems/problem-list.js';
import { problem, problems } from './problems.js';

const posts = (list: unknown[], extra: Record<string, unknown> = {}) => ({ success: true, data: { posts: list, ...extra } });
const check = (body: unknown, path = '/2/facebook/page/posts') => validateResponse({ method: 'POST', path, body });

describe('messages', () => {
  it('writes type errors as "expected <type>, got <value>"', () => {
    const result = check(posts([{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd', comments: '12' }]));
    expect(result.errors).toEqual([problem('shared.posts.field-types', '/data/posts/3/comments', 'expected integer, got "12"')]);
    expect(formatError(result.errors[0])).toBe('/data/posts/3/comments: expected integer, got "12"');
  });

  it('names enum values, required and unexpected properties', () => {
    const result = check(posts([{ ppd_status: 'sponsored', bogus: 1 }], { next: 'x' }));
    expect(problems(result)).toEqual(
      expect.arrayContaining([
        problem('shared.posts.field-types', '/data/posts/0/ppd_status', 'expected one of "organic", "paid", "unknown", got "sponsored"'),
        problem('shared.posts.post-fields-of-network', '/data/posts/0', 'unexpected property "bogus"'),
        problem('shared.posts.next-with-remaining', '/data', '"next" is present, so "remaining" must be too'),
      ]),
    );
    expect(check({ success: true }).errors).toEqual([problem('shared.posts.envelope', '', 'missing required property "data"')]);
  });

  it('names date and date-time shapes', () => {
    const bad = check(posts([{ created_time: '2026-01-20 17:04:11' }]));
    expect(bad.errors).toContainEqual(problem('shared.posts.datetime-utc', '/data/posts/0/created_time', 'expected a UTC date-time YYYY-MM-DDTHH:MM:SS+00:00, got "2026-01-20 17:04:11"'));
    const v2 = validateResponse({ method: 'POST', path: '/2/facebook/metrics', body: { success: true, header: [{ type: 'metrics', rows: [] }], data: [] } });
    expect(v2.warnings[0]).toMatchObject({ pointer: '/header/0/type', message: expect.stringMatching(/^expected one of "date\.day", "date\.week", .* and \d+ more, got "metrics"$/) });
  });

  it('folds the alternatives of anyOf into one message', () => {
    const result = validateResponse({ method: 'POST', path: '/2/facebook/metrics', body: { success: true, header: [{ type: 'metric', rows: ['fans_change'] }], data: ['x'] } });
    expect(result.errors).toEqual([problem('v2.metrics.data-nesting', '/data/0', 'expected number or array or null, got "x"')]);
    const instagram = validateResponse({ method: 'POST', path: '/2/instagram/metrics', body: { success: true, header: [{ type: 'metric', rows: ['followers_change'] }], data: ['x'] } });
    expect(instagram.errors).toEqual([problem('v2.metrics.data-nesting', '/data/0', 'expected number or array, got "x"')]);
  });

  it('shortens long strings and describes containers shallowly', () => {
    const long = 'x'.repeat(500);
    const [error] = check(posts([{ comments: long }])).errors;
    expect(error.message).toBe(`expected integer, got "${'x'.repeat(60)}…"`);
    expect(check(posts([{ comments: [1, 2] }])).errors[0].message).toBe('expected integer, got array (2 items)');
    expect(check(posts([{ comments: { a: 1 } }])).errors[0].message).toBe('expected integer, got object');
  });

  it('escapes pointer tokens', () => {
    const result = check(posts([{ 'a/b~c': 1 }]));
    expect(result.warnings).toContainEqual(problem('shared.posts.post-fields-of-network', '/data/posts/0', 'unexpected property "a/b~c"'));
  });

  it(`lists at most ${MAX_PER_RULE} problems of a rule, ${MAX_ERRORS} when asked, and says exactly how many more exist`, () => {
    const many = Array.from({ length: 500 }, () => ({ comments: 'x' }));
    const result = check(posts(many));
    expect(result.errors).toHaveLength(MAX_PER_RULE + 1);
    expect(result.errors.at(-1)).toEqual({ pointer: '', message: `and 480 more problems of rule shared.posts.field-types not listed (only the first ${MAX_PER_RULE} of a rule are shown)`, rule: 'shared.posts.field-types', severity: 'error' });
    expect(result.errors[4]).toMatchObject(problem('shared.posts.field-types', '/data/posts/4/comments', 'expected integer, got "x"'));
    // Asked for more, the list holds them all up to the cap given.
    expect(validateResponse({ method: 'POST', path: '/2/facebook/page/posts', body: posts(many) }, { maxProblems: MAX_ERRORS }).errors.at(-1)).toEqual(problem('shared.posts.field-types', '', `and 400 more problems not listed (only the first ${MAX_ERRORS} are shown)`));
  });

  it(`caps errors and warnings separately: ${MAX_ERRORS} warnings never push an error out`, () => {
    const profiles = Array.from({ length: 150 }, (_, i) => ({ id: String(i), name: 'n', extra: 1 }));
    profiles.push({ id: 7 as unknown as string, name: 'n', extra: 1 });
    const body = { success: true, profiles };
    const result = validateResponse({ method: 'GET', path: '/2/facebook/profiles', body });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([problem('shared.profiles.fields', '/profiles/150/id', 'expected string, got 7')]);
    expect(result.warnings).toHaveLength(MAX_PER_RULE + 1);
    expect(result.warnings.at(-1)).toEqual(problem('shared.response.no-extra-members', '', `and 131 more problems of rule shared.response.no-extra-members not listed (only the first ${MAX_PER_RULE} of a rule are shown)`));
    const asked = validateResponse({ method: 'GET', path: '/2/facebook/profiles', body }, { maxProblems: MAX_ERRORS });
    expect(asked.errors).toEqual(result.errors);
    expect(asked.warnings).toHaveLength(MAX_ERRORS + 1);
    expect(asked.warnings.at(-1)).toEqual(problem('shared.response.no-extra-members', '', `and 51 more problems not listed (only the first ${MAX_ERRORS} are shown)`));
  });

  it('formats the whole body as (body) and indents lists', () => {
    expect(formatErrors([{ pointer: '', message: 'a', rule: 'shared.response.json', severity: 'error' }, { pointer: '/x', message: 'b', rule: 'shared.response.json', severity: 'error' }], '  ')).toBe('  (body): a\n  /x: b');
  });
});
