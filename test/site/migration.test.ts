/** The migration facts and page, on small inline catalogs; the page compared with its whole expected output. */
import { describe, expect, it } from 'vitest';
import { compareNames, migrationData, type MigrationInput, type OperationFact } from '../../scripts/generators/site/migration.js';
import { renderMigrationPage, SCRIPT } from '../../scripts/generators/site/migration-page.js';
import type { MetricRename } from '../../scripts/model/load-migration.js';
import { field, metric, network, posts } from './fixtures.js';
import { bodyOf } from './page-body.js';

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
  it('the endpoint differences, then per network the metrics and post fields compared, renames with their evidence, and the endpoints', () => {
    expect(bodyOf(renderMigrationPage(migrationData(input)), { generator: SCRIPT, title: 'Migrating from version 1 to version 2' })).toMatchInlineSnapshot(`
      "<p>What changes when moving from version 1 (<code>/1/</code>) to version 2 (<code>/2/</code>), computed from the catalogs. Metrics are matched by name; a rename is listed only where the source documents say so. <a href="index.html">All docs</a>.</p>
      <nav class="toc"><p>Networks: <a href="#youtube">Youtube</a> · <a href="#facebook">Facebook</a> · <a href="#linkedin">Linkedin</a> · <a href="#endpoint-differences">Endpoint differences</a></p></nav>
      <h2 id="endpoint-differences">Endpoint differences</h2>
      <ul>
      <li><strong>Dimensions.</strong> Version 2 metrics requests take <code>dimensions</code> (members not in version 1); version 1 requests take <code>date_start</code>, <code>metrics</code>. See the dimensions of each metric on the version 2 catalog pages.</li>
      <li><strong>Header/data matrix.</strong> The version 1 metrics response has <code>success</code>, <code>profiles</code>: one record per profile and day. Version 2 has <code>success</code>, <code>header</code>, <code>data</code>: a header per requested dimension plus the metric names, and data nested in header order. Members only in v1: <code>profiles</code>; only in v2: <code>header</code>, <code>data</code>.</li>
      <li><strong>Profile labels.</strong> Operations outside one network only in version 2: <code class="phrase">POST /2/profile/labels</code>; only in version 1: <span class="none">none</span>. The table below lists them all.</li>
      <li><strong>Networks.</strong> Only in version 2: <a href="#linkedin">Linkedin</a>. Only in version 1: none.</li>
      </ul>
      <div class="table-scroll" role="region" aria-label="Operations outside one network" tabindex="0">
      <table class="stack">
      <thead><tr><th scope="col">Operation</th><th scope="col">Method</th><th scope="col">Version 1</th><th scope="col">Version 2</th></tr></thead>
      <tbody>
      <tr><td data-label="Operation">post-labels</td><td data-label="Method">POST</td><td data-label="Version 1"><code>/1/post/labels</code></td><td data-label="Version 2"><code>/2/post/labels</code></td></tr>
      <tr><td data-label="Operation">profile-labels</td><td data-label="Method">POST</td><td data-label="Version 1"><span class="none">not in this version</span></td><td data-label="Version 2"><code>/2/profile/labels</code></td></tr>
      </tbody>
      </table>
      </div>
      <p>The full reference of each version: <a href="v1.html">version 1</a>, <a href="v2.html">version 2</a>.</p>
      <h2 id="youtube">Youtube</h2>
      <p><a href="v1-youtube.html">v1 catalog</a> · <a href="v2-youtube.html">v2 catalog</a></p>
      <h3>Metrics</h3>
      <div class="table-scroll" role="region" aria-label="Youtube: Metrics" tabindex="0">
      <table class="stack comparison metrics">
      <thead><tr><th scope="col"></th><th scope="col">Count</th><th scope="col">Names</th></tr></thead>
      <tbody>
      <tr><td data-label="">Same name in v1 and v2</td><td data-label="Count">1</td><td data-label="Names"><a href="v1-youtube.html#metric-views_change"><code>views_change</code></a></td></tr>
      <tr><td data-label="">Only in v1</td><td data-label="Count">1</td><td data-label="Names"><a href="v1-youtube.html#metric-dislikes_change"><code>dislikes_change</code></a></td></tr>
      <tr><td data-label="">Only in v2</td><td data-label="Count">1</td><td data-label="Names"><a href="v2-youtube.html#metric-interaction_change"><code>interaction_change</code></a></td></tr>
      </tbody>
      </table>
      </div>
      <div class="table-scroll" role="region" aria-label="Youtube: Metrics renamed" tabindex="0">
      <table class="stack renames">
      <caption>Renamed (as the source documents say)</caption>
      <thead><tr><th scope="col">v1 name</th><th scope="col">v2 name</th><th scope="col">Source</th><th scope="col">Note</th></tr></thead>
      <tbody>
      <tr><td data-label="v1 name"><a href="v1-youtube.html#metric-subscribers_count_lifetime"><code>subscribers_count_lifetime</code></a></td><td data-label="v2 name"><a href="v2-youtube.html#metric-subscribers_lifetime"><code>subscribers_lifetime</code></a></td><td data-label="Source" class="long">doc says subscribers_count_lifetime became subscribers_lifetime</td><td data-label="Note"></td></tr>
      </tbody>
      </table>
      </div>
      <h3>Endpoints</h3>
      <div class="table-scroll" role="region" aria-label="Youtube: endpoints" tabindex="0">
      <table class="stack">
      <thead><tr><th scope="col">Operation</th><th scope="col">Method</th><th scope="col">Version 1</th><th scope="col">Version 2</th></tr></thead>
      <tbody>
      <tr><td data-label="Operation">metrics</td><td data-label="Method">POST</td><td data-label="Version 1"><code>/1/youtube/metrics</code></td><td data-label="Version 2"><code>/2/youtube/metrics</code></td></tr>
      </tbody>
      </table>
      </div>
      <h2 id="facebook">Facebook</h2>
      <p><a href="v1-facebook.html">v1 catalog</a> · <a href="v2-facebook.html">v2 catalog</a></p>
      <h3>Metrics</h3>
      <div class="table-scroll" role="region" aria-label="Facebook: Metrics" tabindex="0">
      <table class="stack comparison metrics">
      <thead><tr><th scope="col"></th><th scope="col">Count</th><th scope="col">Names</th></tr></thead>
      <tbody>
      <tr><td data-label="">Same name in v1 and v2</td><td data-label="Count">1</td><td data-label="Names"><a href="v1-facebook.html#metric-fans_change"><code>fans_change</code></a></td></tr>
      <tr><td data-label="">Only in v1</td><td data-label="Count">0</td><td data-label="Names"><span class="none">none</span></td></tr>
      <tr><td data-label="">Only in v2</td><td data-label="Count">0</td><td data-label="Names"><span class="none">none</span></td></tr>
      </tbody>
      </table>
      </div>
      <h3>Post fields</h3>
      <div class="table-scroll" role="region" aria-label="Facebook: Post fields" tabindex="0">
      <table class="stack comparison fields">
      <thead><tr><th scope="col"></th><th scope="col">Count</th><th scope="col">Names</th></tr></thead>
      <tbody>
      <tr><td data-label="">Same name in v1 and v2</td><td data-label="Count">2</td><td data-label="Names"><a href="v1-facebook.html#field-comments"><code>comments</code></a>, <a href="v1-facebook.html#field-insights_engagement_rate"><code>insights_engagement_rate</code></a></td></tr>
      <tr><td data-label="">Only in v1</td><td data-label="Count">0</td><td data-label="Names"><span class="none">none</span></td></tr>
      <tr><td data-label="">Only in v2</td><td data-label="Count">1</td><td data-label="Names"><a href="v2-facebook.html#field-story"><code>story</code></a></td></tr>
      </tbody>
      </table>
      </div>
      <p>Sort keys only in v1: <code>insights_engagement_rate</code>. Sort keys only in v2: <span class="none">none</span>.</p>
      <h3>Endpoints</h3>
      <div class="table-scroll" role="region" aria-label="Facebook: endpoints" tabindex="0">
      <table class="stack">
      <thead><tr><th scope="col">Operation</th><th scope="col">Method</th><th scope="col">Version 1</th><th scope="col">Version 2</th></tr></thead>
      <tbody>
      <tr><td data-label="Operation">posts</td><td data-label="Method">POST</td><td data-label="Version 1"><code>/1/facebook/page/posts</code></td><td data-label="Version 2"><code>/2/facebook/page/posts</code></td></tr>
      </tbody>
      </table>
      </div>
      <h2 id="linkedin">Linkedin</h2>
      <p>Linkedin exists only in version 2. <a href="v2-linkedin.html">v2 catalog</a></p>
      <div class="table-scroll" role="region" aria-label="Linkedin: endpoints" tabindex="0">
      <table class="stack">
      <thead><tr><th scope="col">Operation</th><th scope="col">Method</th><th scope="col">Version 1</th><th scope="col">Version 2</th></tr></thead>
      <tbody>
      <tr><td data-label="Operation">metrics</td><td data-label="Method">POST</td><td data-label="Version 1"><span class="none">not in this version</span></td><td data-label="Version 2"><code>/2/linkedin/metrics</code></td></tr>
      </tbody>
      </table>
      </div>"
    `);
  });
});
