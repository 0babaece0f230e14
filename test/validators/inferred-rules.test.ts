/**
 * Two levels: for each inferred response rule, a capture that breaks only that rule passes by
 * default (the problem is a warning) and fails in strict mode (the same problem as an error).
 * Every inferred rule of the register's response section needs a capture here.
 */
import { describe, expect, it } from 'vitest';
import { RULES, type RuleId } from '../../generated/rules.js';
import { validateResponse, type ValidateResponseInput } from '../../src/validators/index.js';
import { responseRuleIds } from './register-section.js';

const metricsRequest = { date_start: '2026-01-01', date_end: '2026-01-02', profiles: ['p1', 'p2'], metrics: ['fans_change', 'fans_lifetime'], dimensions: [{ type: 'profile' }, { type: 'date.day' }] };
const days = ['2026-01-01', '2026-01-02'];
const metricsBody = (metricRows: string[], profiles = ['p1', 'p2']) => ({
  success: true,
  header: [{ type: 'profile', rows: profiles }, { type: 'date.day', rows: days }, { type: 'metric', rows: metricRows }],
  data: profiles.map(() => days.map(() => metricRows.map((_, m) => m + 1))),
});
const metrics = (body: unknown, request: unknown = metricsRequest): ValidateResponseInput => ({ method: 'POST', path: '/2/facebook/metrics', body, request });

const postsRequest = { profiles: ['p1'], date_start: '2026-01-01', date_end: '2026-01-31', fields: ['id', 'comments'] };
const posts = (data: unknown, request: unknown = postsRequest): ValidateResponseInput => ({ method: 'POST', path: '/2/facebook/page/posts', body: { success: true, data }, request });
const failure = (errors: unknown[]): ValidateResponseInput => ({ method: 'POST', path: '/2/facebook/metrics', body: { success: false, errors } });

/** One capture per inferred rule, breaking that rule only. */
const captures: Record<string, ValidateResponseInput> = {
  'shared.response.request-readable': metrics(metricsBody(['fans_change', 'fans_lifetime']), '{"metrics": ['),
  'shared.response.no-extra-members': metrics({ ...metricsBody(['fans_change', 'fans_lifetime']), took_ms: 12 }),
  'shared.failure.errors-not-empty': failure([]),
  'shared.failure.code-listed': failure([{ code: 12, errors: ['Something new.'] }]),
  'shared.failure.code-range': failure([{ code: 402, errors: ['Payment required.'] }]),
  'shared.labels.members-present': { method: 'POST', path: '/2/post/labels', body: { success: true, data: [{ id: 'l1' }] } },
  'v2.metrics.metric-rows-unique': metrics(metricsBody(['fans_change', 'fans_change']), null),
  'v2.metrics.requested-metrics': metrics(metricsBody(['fans_change'])),
  'v2.metrics.metric-order': metrics(metricsBody(['fans_lifetime', 'fans_change'])),
  'v2.metrics.requested-profiles': metrics(metricsBody(['fans_change', 'fans_lifetime'], ['p1', 'p9'])),
  'shared.posts.member-types': posts({ posts: [{ id: 'a', comments: 1, reactions_by_type: { like: '3' } }] }, { ...postsRequest, fields: ['id', 'comments', 'reactions_by_type'] }),
  'shared.response.success-status': { method: 'GET', path: '/2/twitter/profiles', status: 201, body: { success: true, profiles: [] } },
  'shared.posts.next-with-remaining': posts({ posts: [], next: 'c' }),
  'shared.response.limit-refused-calendar': metrics({ success: true, header: [{ type: 'metric', rows: ['fans_change'] }], data: [1] }, { date_start: '2024-12-01', date_end: '2025-03-01', profiles: ['p1'], metrics: ['fans_change'] }),
  'shared.response.invalid-request-answered': posts({ posts: [{ id: 'a', comments: 1 }] }, { ...postsRequest, limit: 501 }),
  'shared.posts.filter-match': posts({ posts: [{ id: 'a', comments: 1, type: 'status' }] }, { ...postsRequest, fields: ['id', 'comments', 'type'], filter: [{ field: 'type', value: 'video' }] }),
  'shared.posts.requested-fields-present': posts({ posts: [{ id: 'a' }] }),
  'shared.posts.reaction-types': posts({ posts: [{ id: 'a', comments: 1, reactions_by_type: { care: 1 } }] }, { ...postsRequest, fields: ['id', 'comments', 'reactions_by_type'] }),
  'shared.posts.datetime-shape': posts({ posts: [{ id: 'a', comments: 1, created_time: '2026-01-20T10:00:00Z' }] }, { ...postsRequest, fields: ['id', 'comments', 'created_time'] }),
  'v1.metrics.every-day': {
    method: 'POST',
    path: '/1/facebook/metrics',
    body: { success: true, profiles: [{ id: 'p1', data: ['2026-01-01', '2026-01-03'].map((d) => ({ date: `${d} 00:00:00`, comments: 1 })) }] },
    request: { date_start: '2026-01-01', date_end: '2026-01-03', profiles: ['p1'], metrics: ['comments'] },
  },
  'shared.metrics.no-data-value': metrics({ success: true, header: [{ type: 'metric', rows: ['fans_change'] }], data: [null] }, { date_start: '2026-01-01', date_end: '2026-01-01', profiles: ['p1'], metrics: ['fans_change'] }),
  'v2.metrics.dimension-types': metrics({ success: true, header: [{ type: 'weekday', rows: ['1'] }, { type: 'metric', rows: ['fans_change'] }], data: [[1]] }, null),
  'v2.metrics.header-extra-dimension': metrics({ success: true, header: [{ type: 'activity_type', rows: ['like'] }, { type: 'date.day', rows: ['2026-01-01'] }, { type: 'metric', rows: ['insights_activity'] }], data: [[[1]]] }, null),
  'v2.metrics.extra-dimension-support': metrics({ success: true, header: [{ type: 'activity_type', rows: ['like'] }, { type: 'metric', rows: ['fans_change'] }], data: [[1]] }, null),
  'shared.profiles.insights-member-networks': { method: 'GET', path: '/2/twitter/profiles', body: { success: true, profiles: [{ id: '1', insights_enabled: false }] } },
  'shared.posts.list-not-shown': { method: 'POST', path: '/2/twitter/profile/posts', body: { success: true, data: { posts: [] } } },
  'v1.labels.profile-label-list-unknown': { method: 'POST', path: '/1/profile/labels', body: { success: true, data: [] } },
  'shared.posts.post-fields-of-network': posts({ posts: [{ id: 'a', likes: 1 }] }, null),
  'shared.response.status': { method: 'POST', path: '/2/facebook/metrics', status: 503, body: { success: false, errors: [{ code: 503, errors: ['Service unavailable.'] }] } },
  'shared.posts.sort-order': posts({ posts: [{ id: 'a', comments: 1 }, { id: 'b', comments: 5 }] }, { ...postsRequest, sort: [{ field: 'comments', order: 'desc' }] }),
};

const inferred = (responseRuleIds() as RuleId[]).filter((id) => RULES[id].level === 'inferred');

/**
 * The other inferred rules a capture cannot help breaking. Every failure at a status not listed
 * breaks a rule of its code: 3 to 99 and the listed HTTP codes keep their stated status, any other
 * code is the inferred shared.failure.code-range, and an empty list shared.failure.errors-not-empty.
 */
const alsoBroken: Partial<Record<string, readonly RuleId[]>> = { 'shared.response.status': ['shared.failure.code-range'] };

describe('inferred response rules', () => {
  it('each has a capture here', () => {
    expect(inferred.length).toBeGreaterThan(10);
    expect(inferred.filter((id) => !(id in captures))).toEqual([]);
  });

  for (const [rule, input] of Object.entries(captures)) {
    it(`${rule}: a warning by default, an error in strict mode`, () => {
      expect(RULES[rule as RuleId].level).toBe('inferred');
      const lax = validateResponse(input);
      expect(lax.errors).toEqual([]);
      expect(lax.valid).toBe(true);
      expect(lax.warnings.length).toBeGreaterThan(0);
      const also = alsoBroken[rule] ?? [];
      expect(lax.warnings.some((w) => w.rule === rule)).toBe(true);
      expect(lax.warnings.every((w) => (w.rule === rule || also.includes(w.rule)) && w.severity === 'warning')).toBe(true);
      const strict = validateResponse({ ...input, strict: true });
      expect(strict.valid).toBe(false);
      expect(strict.warnings).toEqual([]);
      expect(strict.errors).toEqual(lax.warnings.map((w) => ({ ...w, severity: 'error', inferred: true })));
    });
  }
});
