/** The runtime of the builders: every operation has one, it returns the plain request or throws once with every problem. */
import { describe, expect, it } from 'vitest';
import { checkRequest } from '../../src/request-checks/check.js';
import { catalogs } from '../../src/catalog/catalogs.js';
import { operations } from '../../generated/operations.js';
import type { CatalogData } from '../../src/shared/catalog-types.js';
import { v1 } from '../../src/v1.js';
import { RequestValidationError, v2 } from '../../src/v2.js';
import * as v2Module from '../../src/v2.js';

const range = { date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['p1'] };

/** The builder function of an operation, found by the naming rule (network.kind, postLabels, profileLabels). */
function builderOf(key: string): ((body?: unknown) => { method: string; path: string; body: unknown; operation: string }) | undefined {
  const op = operations.find((o) => o.key === key)!;
  const root = (op.version === 1 ? v1 : v2) as unknown as Record<string, any>;
  if (op.kind === 'post-labels') return root.postLabels;
  if (op.kind === 'profile-labels') return root.profileLabels;
  return root[op.network!]?.[op.kind];
}

describe('every operation of the generated specs has a builder', () => {
  it.each(operations.map((o) => [o.key, o] as const))('%s', (key, op) => {
    const build = builderOf(key);
    expect(build, `no builder for ${key}`).toBeTypeOf('function');
    const body = op.kind === 'metrics' ? { ...range, metrics: [metricOf(op.version, op.network!)] } : op.kind === 'posts' ? { ...range, fields: ['id'] } : undefined;
    const request = build!(body);
    expect(request).toEqual({ method: op.method, path: op.path, operation: key, body: op.kind === 'profiles' ? undefined : (body ?? {}) });
    expect(JSON.parse(JSON.stringify(request))).toEqual(JSON.parse(JSON.stringify({ method: op.method, path: op.path, body: request.body, operation: key })));
  });
  it('there are no builders beyond the operations (twitter posts has no path)', () => {
    const count = (root: Record<string, any>) =>
      Object.values(root).reduce((n, value) => n + (typeof value === 'function' ? 1 : Object.keys(value).length), 0);
    expect(count(v1) + count(v2)).toBe(operations.length);
    expect((v2.twitter as unknown as Record<string, unknown>).posts).toBeUndefined();
  });
  it('the subpath exports each network builder at top level too', () => {
    expect(v2Module.facebook).toBe(v2.facebook);
    expect(v2Module.postLabels).toBe(v2.postLabels);
  });
});

function metricOf(version: number, network: string): string {
  const data: CatalogData = catalogs;
  return data[`v${version as 1 | 2}`].metrics[network][0].name;
}

describe('RequestValidationError', () => {
  it('is thrown once, listing every problem with its parameter', () => {
    const call = () =>
      v2.facebook.metrics({
        date_start: '2024-01-01',
        date_end: '2024-05-01',
        profiles: Array.from({ length: 26 }, (_, i) => `p${i}`),
        metrics: ['fans_change', 'nope' as 'fans_change'],
        dimensions: [{ type: 'date.day' }],
      });
    let error: unknown;
    try {
      call();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RequestValidationError);
    const e = error as RequestValidationError;
    expect(e.name).toBe('RequestValidationError');
    expect(e.operation).toBe('POST /2/facebook/metrics');
    expect(e.problems.map((p) => p.parameter)).toEqual(['date_end', 'profiles', 'metrics[1]']);
    expect(e.message).toContain('3 problems');
    for (const p of e.problems) expect(e.message).toContain(`${p.parameter}: ${p.message}`);
  });
  it('over the limits client.metrics() splits (profiles, metrics, 3 months), names it; the call it names works', async () => {
    const { startMockServer } = await import('../../src/mock/index.js');
    const { createClient, metricsRequest } = await import('../../src/client/index.js');
    const hint = 'client.metrics(metricsRequest(path, body)) splits a request over these limits';
    const mock = await startMockServer({ token: 't', secret: 's' });
    try {
      const profiles = mock.account.profiles.facebook.map((p) => p.id);
      const over = { date_start: '2024-01-01', date_end: '2024-01-31', profiles, metrics: ['fans_change'] as const, dimensions: [{ type: 'profile' }] as const };
      const overV1 = { date_start: '2024-01-01', date_end: '2024-05-01', profiles: ['p1'], metrics: ['fans_lifetime'] as const };
      expect(() => v2.facebook.metrics(over)).toThrow(`\n  - profiles: holds ${profiles.length} items; at most 25 are allowed per request [shared.metrics.profiles-limit]\n${hint}`);
      expect(() => v1.facebook.metrics(overV1)).toThrow(hint);
      expect(() => v2.instagram.metrics({ ...range, metrics: Array(26).fill('followers_change') })).toThrow(hint);
      // Other problems, and other operations, get no such line.
      expect(() => v2.facebook.metrics({ ...range, metrics: ['nope' as 'fans_change'] })).not.toThrow(/client\.metrics/);
      expect(() => v2.facebook.posts({ ...range, fields: ['id'], limit: 501 })).not.toThrow(/client\.metrics/);
      // What the line says to do answers the request, split over the profiles.
      const client = createClient({ token: 't', secret: 's', baseUrl: mock.url });
      const answer = await client.metrics(metricsRequest('/2/facebook/metrics', over));
      expect(answer.header[0].rows).toEqual(profiles);
    } finally {
      await mock.close();
    }
  });

  it('catches what a JavaScript caller or a dynamic value gets wrong', () => {
    const dynamic = JSON.parse('{"date_start":"2024-01-01","date_end":"2024-01-02","profiles":["p"],"fields":["id"],"limit":501}');
    expect(() => v1.facebook.posts(dynamic)).toThrow(RequestValidationError);
    expect(() => v1.facebook.posts(dynamic)).toThrow(/limit: must be at most 500, got 501 \[shared.posts.limit\]/);
    const untyped = v1.youtube as unknown as { metrics(body: unknown): unknown };
    expect(() => untyped.metrics({ ...range, metrics: ['views_change'], dimensions: [{ type: 'date.day' }] })).toThrow(/dimensions: is not a parameter/);
  });
  it('throws for stated rules only: a broken inferred rule (limit 0, an empty cursor) is left to checkRequest', () => {
    const body = { ...range, fields: ['id'] as const, limit: 0, after: '' };
    expect(() => v1.facebook.posts(body)).not.toThrow();
    expect(checkRequest('POST /1/facebook/page/posts', body).map((p) => [p.rule, p.severity])).toEqual([
      ['shared.posts.limit-positive', 'warning'],
      ['shared.request.non-empty', 'warning'],
    ]);
  });
  it('a valid request keeps the API names and the body as given', () => {
    const body = { ...range, fields: ['id', 'message'] as const, sort: [{ field: 'comments', order: 'desc' }] as const, filter: [{ field: 'ppd_status', value: 'paid' }] as const };
    const request = v2.facebook.posts(body);
    expect(request.body).toEqual(body);
    expect(Object.keys(request.body)).toEqual(['date_start', 'date_end', 'profiles', 'fields', 'sort', 'filter']);
  });
});
