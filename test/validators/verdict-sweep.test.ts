/**
 * The verdicts the sentences decide (docs/decisions/verdict-sweep.md): for each capture kind whose
 * verdict the sweep changed, the capture, its verdict by default and in strict mode, and the rule
 * that decides it. A capture the documents allow passes; one they refuse fails in both modes.
 */
import { describe, expect, it } from 'vitest';
import { RULES, type RuleId } from '../../generated/rules.js';
import { checkRequest } from '../../src/v2.js';
import { validateResponse, type ValidateResponseInput } from '../../src/validators/index.js';

const failure = (code: number) => ({ success: false, errors: [{ code, errors: ['General description.'] }] });
const posts = (data: Record<string, unknown>, path = '/2/facebook/page/posts'): ValidateResponseInput => ({ method: 'POST', path, body: { success: true, data } });
const onePost = (post: Record<string, unknown>, path?: string) => posts({ posts: [post] }, path);

/** The rules a verdict names, by severity, in both modes. */
function verdicts(input: ValidateResponseInput) {
  const mode = (strict: boolean) => {
    const r = validateResponse({ ...input, strict });
    return { valid: r.valid, errors: r.errors.map((p) => p.rule), warnings: r.warnings.map((p) => p.rule) };
  };
  return { lax: mode(false), strict: mode(true) };
}

/** Passes by default with a warning of `rule` (inferred), fails in strict mode with it. */
function inferredOnly(input: ValidateResponseInput, rule: RuleId) {
  expect(RULES[rule].level).toBe('inferred');
  const { lax, strict } = verdicts(input);
  expect(lax.valid).toBe(true);
  expect(lax.errors).toEqual([]);
  expect(new Set(lax.warnings)).toEqual(new Set([rule]));
  expect(strict.valid).toBe(false);
  expect(new Set(strict.errors)).toEqual(new Set([rule]));
}

/** Fails in both modes with an error of the stated `rule`. */
function statedError(input: ValidateResponseInput, rule: RuleId) {
  expect(RULES[rule].level).toBe('stated');
  const { lax, strict } = verdicts(input);
  expect(lax.valid).toBe(false);
  expect(new Set(lax.errors)).toEqual(new Set([rule]));
  expect(strict.errors).toContain(rule);
}

/** Passes in both modes without a problem. */
function passes(input: ValidateResponseInput) {
  const { lax, strict } = verdicts(input);
  expect(lax).toEqual({ valid: true, errors: [], warnings: [] });
  expect(strict).toEqual({ valid: true, errors: [], warnings: [] });
}

describe('member types the documents do not state are inferred (shared.posts.member-types)', () => {
  it('facebook attachments: "objects with title, description, url, image_url", no type', () => {
    inferredOnly(onePost({ attachments: [{ url: 5, title: null }] }), 'shared.posts.member-types');
    passes(onePost({ attachments: [{ url: 'https://example.test/a', title: 't' }] }));
  });
  it('instagram attachments and their images: "whose items have url", no type', () => {
    inferredOnly(onePost({ attachments: [{ url: 1, images: [{ url: 2 }] }] }, '/2/instagram/profile/posts'), 'shared.posts.member-types');
  });
  it('reactions_by_type: "counts with keys like, love, ...", no type', () => {
    inferredOnly(onePost({ reactions_by_type: { like: 1.5 } }), 'shared.posts.member-types');
  });
  it('the types the tables state stay stated: attachments is an array of objects, comments an integer', () => {
    statedError(onePost({ attachments: ['a'] }), 'shared.posts.field-types');
    statedError(onePost({ comments: 1.5 }), 'shared.posts.field-types');
  });
});

describe('a failure of the error table for all endpoints, whatever the method and path', () => {
  it('405 and 401 on a documented path asked with another method pass', () => {
    passes({ method: 'GET', path: '/2/facebook/metrics', status: 405, body: failure(405) });
    passes({ method: 'GET', path: '/2/facebook/metrics', status: 401, body: failure(401) });
    passes({ method: 'POST', path: '/1/twitter/profiles', status: 405, body: failure(405) });
  });
  it('404 on an unknown path passes', () => {
    passes({ method: 'POST', path: '/2/facebook/nothing', status: 404, body: failure(404) });
    passes({ method: 'POST', path: '/3/facebook/metrics', status: 404, body: failure(404) });
  });
  it('such a failure still follows the failure rules, and a success body still needs an operation', () => {
    statedError({ method: 'GET', path: '/2/facebook/metrics', status: 200, body: failure(405) }, 'shared.failure.code-http-status');
    statedError({ method: 'GET', path: '/2/facebook/metrics', status: 418, body: failure(405) }, 'shared.failure.code-http-status');
    statedError({ method: 'GET', path: '/2/facebook/metrics', status: 405, body: { success: false, errors: [{ code: '405' }] } }, 'shared.failure.shape');
    statedError({ method: 'GET', path: '/2/facebook/metrics', body: { success: true, header: [], data: [] } }, 'shared.response.operation');
  });
});

describe('ISO 8601 forms the documented shape YYYY-MM-DDTHH:MM:SS+00:00 allows', () => {
  it('a leap second and the end of a day pass', () => {
    passes(onePost({ created_time: '2016-12-31T23:59:60+00:00' }));
    passes(onePost({ created_time: '2026-01-20T24:00:00+00:00' }));
  });
  it('times no reading allows are still refused', () => {
    statedError(onePost({ created_time: '2026-01-20T10:00:60+00:00' }), 'shared.posts.datetime-utc');
    statedError(onePost({ created_time: '2026-01-20T24:00:01+00:00' }), 'shared.posts.datetime-utc');
  });
});

describe('presence stated in a Meaning column is stated', () => {
  const labels = (profiles: unknown[]): ValidateResponseInput => ({ method: 'POST', path: '/2/profile/labels', body: { success: true, data: [{ id: 'l', name: 'L', profiles }] } });
  it('a profile label\'s profile without name or platform fails ("each item has `name` (string) and `platform`")', () => {
    statedError(labels([{ platform: 'facebook' }]), 'v2.labels.profile-label-fields');
    statedError(labels([{ name: 'Page' }]), 'v2.labels.profile-label-fields');
    passes(labels([{ name: 'Page', platform: 'facebook' }]));
  });
  it('a label\'s own members stay inferred', () => {
    inferredOnly({ method: 'POST', path: '/2/profile/labels', body: { success: true, data: [{ id: 'l', name: 'L' }] } }, 'shared.labels.members-present');
  });
});

describe('two pagination sentences bound remaining together (shared.posts.remaining-with-next)', () => {
  it('next with remaining 0 or less fails', () => {
    statedError(posts({ posts: [], next: 'c', remaining: 0 }), 'shared.posts.remaining-with-next');
    statedError(posts({ posts: [], next: 'c', remaining: -1 }), 'shared.posts.remaining-with-next');
    passes(posts({ posts: [], next: 'c', remaining: 1 }));
    passes(posts({ posts: [] }));
  });
});

describe('the status of a success answer is inferred (shared.response.success-status)', () => {
  it('a success body with a status other than 200 is a warning, and judged as a success body', () => {
    inferredOnly({ method: 'GET', path: '/2/facebook/profiles', status: 201, body: { success: true, profiles: [] } }, 'shared.response.success-status');
    inferredOnly({ method: 'GET', path: '/2/facebook/profiles', status: 404, body: { success: true, profiles: [] } }, 'shared.response.success-status');
  });
  it('a failure body whose listed code comes with another status is still refused', () => {
    statedError({ method: 'GET', path: '/2/facebook/profiles', status: 201, body: failure(3) }, 'shared.failure.code-status');
  });
});

describe('the date range: past date_start plus 3 calendar months is stated, the narrower reading inferred', () => {
  const metrics = (date_end: string, date_start = '2024-07-01') => ({ date_start, date_end, profiles: ['p'], metrics: ['fans_change'] });
  const body = { success: true, header: [{ type: 'metric', rows: ['fans_change'] }], data: [1] };
  it('date_end three calendar months after date_start is a warning, a day later an error', () => {
    expect(checkRequest('POST /2/facebook/metrics', metrics('2024-10-01')).map((p) => [p.rule, p.severity])).toEqual([['shared.metrics.date-range-calendar', 'warning']]);
    expect(checkRequest('POST /2/facebook/metrics', metrics('2024-10-02')).map((p) => [p.rule, p.severity])).toEqual([['shared.metrics.date-range', 'error']]);
  });
  it('a success answer past the narrower reading is inferred (an error in strict mode); past the stated one it fails', () => {
    inferredOnly({ method: 'POST', path: '/2/facebook/metrics', body, request: metrics('2024-10-01') }, 'shared.response.limit-refused-calendar');
    statedError({ method: 'POST', path: '/2/facebook/metrics', body, request: metrics('2024-10-02') }, 'shared.response.limit-refused');
  });
  it('no count of days decides: 93 days from December 1, January 1 or the leap day are past three calendar months', () => {
    for (const [start, end] of [['2024-12-01', '2025-03-03'], ['2025-01-01', '2025-04-03'], ['2024-02-29', '2024-05-31']]) {
      statedError({ method: 'POST', path: '/2/facebook/metrics', body, request: metrics(end, start) }, 'shared.response.limit-refused');
      const v1Body = { success: true, profiles: [{ id: 'p', data: [{ date: `${end} 00:00:00`, fans_change: 1 }] }] };
      statedError({ method: 'POST', path: '/1/facebook/metrics', body: v1Body, request: metrics(end, start) }, 'shared.response.limit-refused');
    }
  });
});
