/** The catalog page generator, compared with its whole expected output on small catalogs. */
import { describe, expect, it } from 'vitest';
import { CATALOG_SEARCH, catalogPageInput, renderCatalogPage, SCRIPT, type CatalogPageInput } from '../../scripts/generators/site/catalog-page.js';
import { tinyModel } from '../pipeline/tiny-model.js';
import { field, metric, network, posts } from './fixtures.js';
import { bodyOf } from './page-body.js';

const body = (input: CatalogPageInput, otherVersionHasNetwork: boolean) =>
  bodyOf(renderCatalogPage(input, otherVersionHasNetwork), {
    generator: SCRIPT,
    title: `${input.network.title} catalog, version ${input.version}`,
    search: CATALOG_SEARCH,
  });

describe('renderCatalogPage on the tiny model', () => {
  const model = tinyModel();

  it('v2 alpha: metrics with the networks that have them, their dimensions and the v1 name of a rename; post fields', () => {
    expect(body(catalogPageInput(model, 2, 'alpha', model.renames), true)).toMatchInlineSnapshot(`
      "<p>The <code>alpha</code> network. Path segment <code>alpha</code>. Metrics and fields marked “insights only” work only for profiles whose <code>insights_enabled</code> is true in the profile list. Every metric supports the base dimensions; an extra dimension must be the last dimension of a request, and only one may be used.</p>
      <p><a href="index.html">All docs</a> · <a href="v2.html">Version 2 reference</a> · <a href="v1-alpha.html">Alpha in version 1</a> · <a href="migration.html#alpha">Migration v1 to v2</a></p>
      <h2 id="metrics">Metrics <output id="metrics-table-count"></output></h2>
      <div class="table-scroll" role="region" aria-label="Metrics" tabindex="0">
      <table id="metrics-table" class="stack filterable">
      <thead><tr><th scope="col">Metric</th><th scope="col">Type</th><th scope="col">Aggregation</th><th scope="col">Extra dimensions</th><th scope="col">Insights only</th><th scope="col">Deprecated</th><th scope="col">Unit</th><th scope="col">Description</th></tr></thead>
      <tbody>
      <tr id="metric-fans"><td data-label="Metric"><a href="#metric-fans"><code>fans</code></a></td><td data-label="Type">number</td><td data-label="Aggregation">sum</td><td data-label="Extra dimensions"><code>country</code></td><td data-label="Insights only"></td><td data-label="Deprecated"></td><td data-label="Unit"></td><td data-label="Description" class="long">Fans.<br>Version 1 name: <a href="v1-alpha.html#metric-likes"><code>likes</code></a><span class="facts">Networks: alpha, <a href="v2-beta.html#metric-fans">beta</a> · Dimensions: <code>date.day</code>, <code>profile</code>, <code>country</code> (the extra one last, one per request)</span></td></tr>
      <tr id="metric-insights_reach"><td data-label="Metric"><a href="#metric-insights_reach"><code>insights_reach</code></a></td><td data-label="Type">number</td><td data-label="Aggregation">avg</td><td data-label="Extra dimensions"></td><td data-label="Insights only">yes</td><td data-label="Deprecated"></td><td data-label="Unit">seconds</td><td data-label="Description" class="long"><span class="facts">Networks: alpha · Dimensions: <code>date.day</code>, <code>profile</code> · Only for profiles with <code>insights_enabled</code></span></td></tr>
      </tbody>
      </table>
      </div>
      <h2 id="post-fields">Post fields <output id="fields-table-count"></output></h2>
      <p>Fields a posts request may ask for. The request offers <code>sort</code> on the sortable fields. Every post of an answer holds each requested field, and no other field.</p>
      <div class="table-scroll" role="region" aria-label="Post fields" tabindex="0">
      <table id="fields-table" class="stack filterable">
      <thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Sortable</th><th scope="col">Filterable</th><th scope="col">Insights only</th><th scope="col">Deprecated</th><th scope="col">Unit</th><th scope="col">Description</th></tr></thead>
      <tbody>
      <tr id="field-created_time"><td data-label="Field"><a href="#field-created_time"><code>created_time</code></a></td><td data-label="Type">datetime</td><td data-label="Sortable">yes</td><td data-label="Filterable"></td><td data-label="Insights only"></td><td data-label="Deprecated"></td><td data-label="Unit"></td><td data-label="Description">Created.</td></tr>
      <tr id="field-post_labels"><td data-label="Field"><a href="#field-post_labels"><code>post_labels</code></a></td><td data-label="Type">array</td><td data-label="Sortable"></td><td data-label="Filterable">yes, also advanced (match_any)</td><td data-label="Insights only"></td><td data-label="Deprecated"></td><td data-label="Unit"></td><td data-label="Description"></td></tr>
      </tbody>
      </table>
      </div>"
    `);
  });

  it('v1 alpha: no aggregation, no dimensions, post fields not shown, the v2 name of a rename', () => {
    expect(body(catalogPageInput(model, 1, 'alpha', model.renames), true)).toMatchInlineSnapshot(`
      "<p>The <code>alpha</code> network. Path segment <code>alpha</code>. Metrics and fields marked “insights only” work only for profiles whose <code>insights_enabled</code> is true in the profile list. Version 1 has no dimensions: a metrics request returns one record per profile and day.</p>
      <p><a href="index.html">All docs</a> · <a href="v1.html">Version 1 reference</a> · <a href="v2-alpha.html">Alpha in version 2</a> · <a href="migration.html#alpha">Migration v1 to v2</a></p>
      <h2 id="metrics">Metrics <output id="metrics-table-count"></output></h2>
      <div class="table-scroll" role="region" aria-label="Metrics" tabindex="0">
      <table id="metrics-table" class="stack filterable">
      <thead><tr><th scope="col">Metric</th><th scope="col">Type</th><th scope="col">Aggregation</th><th scope="col">Extra dimensions</th><th scope="col">Insights only</th><th scope="col">Deprecated</th><th scope="col">Unit</th><th scope="col">Description</th></tr></thead>
      <tbody>
      <tr id="metric-likes"><td data-label="Metric"><a href="#metric-likes"><code>likes</code></a></td><td data-label="Type">integer</td><td data-label="Aggregation"><span class="note na">n/a in v1</span></td><td data-label="Extra dimensions"></td><td data-label="Insights only"></td><td data-label="Deprecated"></td><td data-label="Unit"></td><td data-label="Description" class="long">Likes.<br>Version 2 name: <a href="v2-alpha.html#metric-fans"><code>fans</code></a><span class="facts">Networks: alpha</span></td></tr>
      </tbody>
      </table>
      </div>
      <h2 id="post-fields">Post fields</h2>
      <p class="none">Post fields of Alpha in version 1: not shown in the source documents.</p>"
    `);
  });

  it('v2 beta: a network only in version 2 links no other version', () => {
    expect(body(catalogPageInput(model, 2, 'beta', model.renames), false)).toMatchInlineSnapshot(`
      "<p>The beta network. Path segment <code>beta</code>. Every metric supports the base dimensions; an extra dimension must be the last dimension of a request, and only one may be used.</p>
      <p><a href="index.html">All docs</a> · <a href="v2.html">Version 2 reference</a> · <a href="migration.html#beta">Migration v1 to v2</a></p>
      <h2 id="metrics">Metrics <output id="metrics-table-count"></output></h2>
      <div class="table-scroll" role="region" aria-label="Metrics" tabindex="0">
      <table id="metrics-table" class="stack filterable">
      <thead><tr><th scope="col">Metric</th><th scope="col">Type</th><th scope="col">Aggregation</th><th scope="col">Extra dimensions</th><th scope="col">Insights only</th><th scope="col">Deprecated</th><th scope="col">Unit</th><th scope="col">Description</th></tr></thead>
      <tbody>
      <tr id="metric-fans"><td data-label="Metric"><a href="#metric-fans"><code>fans</code></a></td><td data-label="Type">number</td><td data-label="Aggregation">sum</td><td data-label="Extra dimensions"></td><td data-label="Insights only"></td><td data-label="Deprecated"></td><td data-label="Unit"></td><td data-label="Description" class="long"><span class="facts">Networks: <a href="v2-alpha.html#metric-fans">alpha</a>, beta · Dimensions: <code>date.day</code>, <code>profile</code></span></td></tr>
      </tbody>
      </table>
      </div>
      <h2 id="post-fields">Post fields</h2>
      <p class="none">Post fields of Beta in version 2: not shown in the source documents.</p>"
    `);
  });
});

describe('renderCatalogPage cells', () => {
  it('escapes descriptions, shows notes, units, deprecation, sort keys, enums, the advanced filter and response members', () => {
    const input: CatalogPageInput = {
      version: 2,
      network: network('facebook', [1, 2], { insights: true }),
      metrics: [metric('insights_reach', { aggregation: 'avg', description: 'Reach of <fans> & more.', note: 'A `note`.', deprecated: true, unit: 'seconds' })],
      posts: posts(
        [
          field('reactions_by_type', { type: 'object', sortKeys: ['like', 'wow'] }),
          field('ppd_status', { type: 'string', filterable: true, advancedFilter: true, enum: ['organic', 'paid'] }),
        ],
        true,
        [{ name: 'profile_id', type: 'string', description: 'Profile of the post.' }],
      ),
    };
    expect(body(input, true)).toMatchInlineSnapshot(`
      "<p>Facebook network. Path segment <code>facebook</code>. Metrics and fields marked “insights only” work only for profiles whose <code>insights_enabled</code> is true in the profile list. Every metric supports the base dimensions; an extra dimension must be the last dimension of a request, and only one may be used.</p>
      <p><a href="index.html">All docs</a> · <a href="v2.html">Version 2 reference</a> · <a href="v1-facebook.html">Facebook in version 1</a> · <a href="migration.html#facebook">Migration v1 to v2</a></p>
      <h2 id="metrics">Metrics <output id="metrics-table-count"></output></h2>
      <div class="table-scroll" role="region" aria-label="Metrics" tabindex="0">
      <table id="metrics-table" class="stack filterable">
      <thead><tr><th scope="col">Metric</th><th scope="col">Type</th><th scope="col">Aggregation</th><th scope="col">Extra dimensions</th><th scope="col">Insights only</th><th scope="col">Deprecated</th><th scope="col">Unit</th><th scope="col">Description</th></tr></thead>
      <tbody>
      <tr id="metric-insights_reach"><td data-label="Metric"><a href="#metric-insights_reach"><code>insights_reach</code></a> <span class="badge">deprecated</span></td><td data-label="Type">number</td><td data-label="Aggregation">avg</td><td data-label="Extra dimensions"></td><td data-label="Insights only">yes</td><td data-label="Deprecated">yes</td><td data-label="Unit">seconds</td><td data-label="Description" class="long">Reach of &lt;fans&gt; &amp; more.<br><span class="note">A <code>note</code>.</span><span class="facts">Only for profiles with <code>insights_enabled</code></span></td></tr>
      </tbody>
      </table>
      </div>
      <h2 id="post-fields">Post fields <output id="fields-table-count"></output></h2>
      <p>Fields a posts request may ask for. The request offers <code>sort</code> on the sortable fields. Every post of an answer holds each requested field, and no other field.</p>
      <div class="table-scroll" role="region" aria-label="Post fields" tabindex="0">
      <table id="fields-table" class="stack filterable">
      <thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Sortable</th><th scope="col">Filterable</th><th scope="col">Insights only</th><th scope="col">Deprecated</th><th scope="col">Unit</th><th scope="col">Description</th></tr></thead>
      <tbody>
      <tr id="field-reactions_by_type"><td data-label="Field"><a href="#field-reactions_by_type"><code>reactions_by_type</code></a></td><td data-label="Type">object</td><td data-label="Sortable" class="long">by <code>reactions_by_type.like</code>, <code>reactions_by_type.wow</code></td><td data-label="Filterable"></td><td data-label="Insights only"></td><td data-label="Deprecated"></td><td data-label="Unit"></td><td data-label="Description"></td></tr>
      <tr id="field-ppd_status"><td data-label="Field"><a href="#field-ppd_status"><code>ppd_status</code></a></td><td data-label="Type">string<br><span class="note"><code>organic</code>, <code>paid</code></span></td><td data-label="Sortable"></td><td data-label="Filterable">yes, also advanced (match_any)</td><td data-label="Insights only"></td><td data-label="Deprecated"></td><td data-label="Unit"></td><td data-label="Description"></td></tr>
      </tbody>
      </table>
      </div>
      <p>Posts in responses also carry <code>profile_id</code> (string: Profile of the post.); these cannot be requested.</p>"
    `);
  });

  it('fields of videos only carry their note, and the page says which requested fields a post may lack', () => {
    const input: CatalogPageInput = {
      version: 2,
      network: network('facebook', [2]),
      metrics: [],
      posts: posts([field('id', { type: 'string' }), field('video_id', { type: 'string', description: 'Video only.', videoOnly: true })], false),
    };
    const html = body(input, false);
    expect(html).toContain('Every post of an answer holds each requested field, except that a post that is not a video lacks the fields of videos only, and no other field.');
    expect(html).toContain('<td data-label="Description" class="long">Video only.<br><span class="note">Absent from a post that is not a video.</span></td>');
    expect(html).toContain(
      '<tr id="field-id"><td data-label="Field"><a href="#field-id"><code>id</code></a></td><td data-label="Type">string</td><td data-label="Sortable"></td><td data-label="Filterable"></td><td data-label="Insights only"></td><td data-label="Deprecated"></td><td data-label="Unit"></td><td data-label="Description"></td></tr>',
    );
  });

  it('a network without sort leaves the sortable column empty and says so', () => {
    const input: CatalogPageInput = {
      version: 2,
      network: network('twitter', [2]),
      metrics: [metric('ff_ratio', { aggregation: 'avg' })],
      posts: posts([field('id', { type: 'string', sortable: true })], false),
    };
    expect(body(input, false)).toMatchInlineSnapshot(`
      "<p>Twitter network. Path segment <code>twitter</code>. Every metric supports the base dimensions; an extra dimension must be the last dimension of a request, and only one may be used.</p>
      <p><a href="index.html">All docs</a> · <a href="v2.html">Version 2 reference</a> · <a href="migration.html#twitter">Migration v1 to v2</a></p>
      <h2 id="metrics">Metrics <output id="metrics-table-count"></output></h2>
      <div class="table-scroll" role="region" aria-label="Metrics" tabindex="0">
      <table id="metrics-table" class="stack filterable">
      <thead><tr><th scope="col">Metric</th><th scope="col">Type</th><th scope="col">Aggregation</th><th scope="col">Extra dimensions</th><th scope="col">Insights only</th><th scope="col">Deprecated</th><th scope="col">Unit</th><th scope="col">Description</th></tr></thead>
      <tbody>
      <tr id="metric-ff_ratio"><td data-label="Metric"><a href="#metric-ff_ratio"><code>ff_ratio</code></a></td><td data-label="Type">number</td><td data-label="Aggregation">avg</td><td data-label="Extra dimensions"></td><td data-label="Insights only"></td><td data-label="Deprecated"></td><td data-label="Unit"></td><td data-label="Description"></td></tr>
      </tbody>
      </table>
      </div>
      <h2 id="post-fields">Post fields <output id="fields-table-count"></output></h2>
      <p>Fields a posts request may ask for. This network offers no <code>sort</code> parameter. Every post of an answer holds each requested field, and no other field.</p>
      <div class="table-scroll" role="region" aria-label="Post fields" tabindex="0">
      <table id="fields-table" class="stack filterable">
      <thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Sortable</th><th scope="col">Filterable</th><th scope="col">Insights only</th><th scope="col">Deprecated</th><th scope="col">Unit</th><th scope="col">Description</th></tr></thead>
      <tbody>
      <tr id="field-id"><td data-label="Field"><a href="#field-id"><code>id</code></a></td><td data-label="Type">string</td><td data-label="Sortable"></td><td data-label="Filterable"></td><td data-label="Insights only"></td><td data-label="Deprecated"></td><td data-label="Unit"></td><td data-label="Description"></td></tr>
      </tbody>
      </table>
      </div>"
    `);
  });
});
