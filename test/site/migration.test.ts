/** The migration facts and page, on small inline catalogs. */
import { describe, expect, it } from 'vitest';
import { compareNames, migrationData, type MigrationInput, type OperationFact } from '../../scripts/generators/site/migration.js';
import { renderMigrationPage } from '../../scripts/generators/site/migration-page.js';
import type { MetricRename } from '../../scripts/model/load-migration.js';
import { field, metric, network, posts } from './fixtures.js';

const rename = (net: string, v1: string, v2: string): MetricRename => ({ network: net, v1, v2, evidence: `doc says ${v1} became ${v2}` });

describe('compareNames', () => {
  it.each([
    { name: 'all the same', v1: ['a', 'b'], v2: ['a', 'b'], renames: [], same: ['a', 'b'], onlyV1: [], onlyV2: [] },
    { name: 'disjoint', v1: ['a'], v2: ['b'], renames: [], same: [], onlyV1: ['a'], onlyV2: ['b'] },
    { name: 'a rename leaves the only-lists', v1: ['a', 'old'], v2: ['a', 'new'], renames: [rename('n', 'old', 'new')], same: ['a'], onlyV1: [], onlyV2: [] },
    { name: 'order follows each catalog', v1: ['z', 'y', 'x'], v2: ['x', 'w', 'z'], renames: [], same: ['z', 'x'], onlyV1: ['y'], onlyV2: ['w'] },
    { name: 'empty v1', v1: [], v2: ['a'], renames: [], same: [], onlyV1: [], onlyV2: ['a'] },
  ])('$name', ({ v1, v2, renames, same, onlyV1, onlyV2 }) => {
    const result = compareNames(v1, v2, renames);
    expect(result).toEqual({ same, renamed: renames, onlyV1, onlyV2 });
  });
});

const op = (version: 1 | 2, method: string, path: string, kind: string, net?: string, requestSchema?: string, successSchema = 'S'): OperationFact => ({
  version, method, path, kind, ...(net ? { network: net } : {}), ...(requestSchema ? { requestSchema } : {}), successSchema,
});

const input: MigrationInput = {
  networks: [network('youtube', [1, 2]), network('facebook', [1, 2]), network('linkedin', [2])],
  metrics: {
    1: {
      youtube: [metric('views_change'), metric('subscribers_count_lifetime'), metric('dislikes_change')],
      facebook: [metric('fans_change')],
    },
    2: {
      youtube: [metric('views_change'), metric('subscribers_lifetime'), metric('interaction_change')],
      facebook: [metric('fans_change')],
      linkedin: [metric('followers_change')],
    },
  },
  posts: {
    1: { facebook: posts([field('comments', { sortable: true }), field('insights_engagement_rate', { sortable: true, deprecated: true })]) },
    2: { facebook: posts([field('comments', { sortable: true }), field('insights_engagement_rate', { deprecated: true }), field('story', { type: 'string' })]) },
  },
  renames: [rename('youtube', 'subscribers_count_lifetime', 'subscribers_lifetime')],
  operations: [
    op(1, 'POST', '/1/post/labels', 'post-labels'),
    op(2, 'POST', '/2/post/labels', 'post-labels'),
    op(2, 'POST', '/2/profile/labels', 'profile-labels'),
    op(1, 'POST', '/1/youtube/metrics', 'metrics', 'youtube', 'V1Req', 'V1Res'),
    op(2, 'POST', '/2/youtube/metrics', 'metrics', 'youtube', 'V2Req', 'V2Res'),
    op(2, 'POST', '/2/linkedin/metrics', 'metrics', 'linkedin', 'V2Req', 'V2Res'),
    op(1, 'POST', '/1/facebook/page/posts', 'posts', 'facebook'),
    op(2, 'POST', '/2/facebook/page/posts', 'posts', 'facebook'),
  ],
  schemas: {
    1: { V1Req: { properties: { date_start: {}, metrics: {} } }, V1Res: { properties: { success: {}, profiles: {} } } },
    2: { V2Req: { properties: { date_start: {}, metrics: {}, dimensions: {} } }, V2Res: { properties: { success: {}, header: {}, data: {} } } },
  },
};

describe('migrationData', () => {
  const data = migrationData(input);
  const of = (name: string) => data.networks.find((n) => n.network.name === name)!;

  it('keeps the catalog order of networks', () => {
    expect(data.networks.map((n) => n.network.name)).toEqual(['youtube', 'facebook', 'linkedin']);
  });

  it.each([
    { net: 'youtube', same: ['views_change'], renamed: ['subscribers_count_lifetime>subscribers_lifetime'], onlyV1: ['dislikes_change'], onlyV2: ['interaction_change'] },
    { net: 'facebook', same: ['fans_change'], renamed: [], onlyV1: [], onlyV2: [] },
    { net: 'linkedin', same: [], renamed: [], onlyV1: [], onlyV2: ['followers_change'] },
  ])('$net metrics: same, renamed, only in one version', ({ net, same, renamed, onlyV1, onlyV2 }) => {
    const m = of(net).metrics;
    expect(m.same).toEqual(same);
    expect(m.renamed.map((r) => `${r.v1}>${r.v2}`)).toEqual(renamed);
    expect(m.onlyV1).toEqual(onlyV1);
    expect(m.onlyV2).toEqual(onlyV2);
  });

  it('compares post fields and sort keys where both versions have a post catalog', () => {
    const p = of('facebook').postFields!;
    expect(p).toMatchObject({ v1: true, v2: true, same: ['comments', 'insights_engagement_rate'], onlyV1: [], onlyV2: ['story'] });
    expect(p.sortableOnlyV1).toEqual(['insights_engagement_rate']);
    expect(p.sortableOnlyV2).toEqual([]);
    expect(of('youtube').postFields).toBeUndefined();
  });

  it('pairs the endpoints of each network and the shared ones by kind', () => {
    expect(of('youtube').endpoints).toEqual([{ kind: 'metrics', method: 'POST', v1: '/1/youtube/metrics', v2: '/2/youtube/metrics' }]);
    expect(of('linkedin').endpoints).toEqual([{ kind: 'metrics', method: 'POST', v2: '/2/linkedin/metrics' }]);
    expect(data.sharedEndpoints).toEqual([
      { kind: 'post-labels', method: 'POST', v1: '/1/post/labels', v2: '/2/post/labels' },
      { kind: 'profile-labels', method: 'POST', v2: '/2/profile/labels' },
    ]);
  });

  it('reads the members of the metrics request and response of each version from the schemas', () => {
    expect(data.metricsRequest).toEqual({ v1: ['date_start', 'metrics'], v2: ['date_start', 'metrics', 'dimensions'] });
    expect(data.metricsResponse).toEqual({ v1: ['success', 'profiles'], v2: ['success', 'header', 'data'] });
  });
});

describe('renderMigrationPage', () => {
  const html = renderMigrationPage(migrationData(input));

  it.each([
    ['a section per network', /<h2 id="youtube">Youtube<\/h2>[\s\S]*<h2 id="facebook">[\s\S]*<h2 id="linkedin">/],
    ['renames linked to both catalog rows', /<a href="v1-youtube.html#metric-subscribers_count_lifetime"><code>subscribers_count_lifetime<\/code><\/a><\/td><td><a href="v2-youtube.html#metric-subscribers_lifetime">/],
    ['the evidence of a rename', /doc says subscribers_count_lifetime became subscribers_lifetime/],
    ['v1-only metrics linked to the v1 page', /href="v1-youtube.html#metric-dislikes_change"/],
    ['v2-only metrics linked to the v2 page', /href="v2-youtube.html#metric-interaction_change"/],
    ['a v2-only network', /Linkedin exists only in version 2/],
    ['the new dimensions member', /Version 2 metrics requests take <code>dimensions<\/code>/],
    ['the header/data matrix', /Version 2 has <code>success<\/code>, <code>header<\/code>, <code>data<\/code>/],
    ['the profile labels operation only in v2', /only in version 2: <code>POST \/2\/profile\/labels<\/code>/],
    ['post fields compared', /href="v2-facebook.html#field-story"/],
    ['sort keys only in v1', /Sort keys only in v1: <code>insights_engagement_rate<\/code>/],
  ])('shows %s', (_, pattern) => {
    expect(html).toMatch(pattern);
  });

  it('claims no rename the catalog does not list', () => {
    expect([...html.matchAll(/<table class="renames">/g)]).toHaveLength(1);
    expect(html.split('\n')[0]).toContain('generated by scripts/generators/site/migration-page.ts');
  });
});
