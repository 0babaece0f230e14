/**
 * The v1-to-v2 migration page (`migration.html`): the endpoint differences (dimensions, the
 * header/data matrix, profile labels, networks), then per network which metrics keep their
 * name, which were renamed (as the documents say), which exist in one version only, and how
 * the post fields and endpoints compare.
 */
import { anchorId, code, escapeHtml, inline, list, page, table } from './html.js';
import type { MigrationData, NameComparison, NetworkMigration } from './migration.js';
import { catalogPage, INDEX_PAGE, referencePage } from './pages.js';

export const SCRIPT = 'scripts/generators/site/migration-page.ts';

type Kind = 'metric' | 'field';

/** A name linked to its row on a catalog page. */
const link = (version: 1 | 2, network: string, kind: Kind, name: string) =>
  `<a href="${catalogPage(version, network)}#${anchorId(kind, name)}">${code(name)}</a>`;

const names = (items: readonly string[], render: (n: string) => string) =>
  items.length ? items.map(render).join(', ') : '<span class="none">none</span>';

function comparisonSection(m: NetworkMigration, kind: Kind, c: NameComparison, title: string): string {
  const net = m.network.name;
  const parts = [
    `<h3>${escapeHtml(title)}</h3>`,
    table(
      ['', 'Count', 'Names'],
      [
        ['Same name in v1 and v2', String(c.same.length), names(c.same, (n) => `${link(1, net, kind, n)}`)],
        ['Only in v1', String(c.onlyV1.length), names(c.onlyV1, (n) => link(1, net, kind, n))],
        ['Only in v2', String(c.onlyV2.length), names(c.onlyV2, (n) => link(2, net, kind, n))],
      ],
      { className: `comparison ${kind}s`, label: `${m.network.title}: ${title}` },
    ),
  ];
  if (c.renamed.length) {
    parts.push(
      table(
        ['v1 name', 'v2 name', 'Source', 'Note'],
        c.renamed.map((r) => [link(1, net, kind, r.v1), link(2, net, kind, r.v2), inline(r.evidence), inline(r.note ?? '')]),
        { className: 'renames', caption: 'Renamed (as the source documents say)', label: `${m.network.title}: ${title} renamed` },
      ),
    );
  }
  return parts.join('\n');
}

function endpointTable(rows: MigrationData['sharedEndpoints'], label: string): string {
  const cell = (path?: string) => (path ? code(path) : '<span class="none">not in this version</span>');
  return table(['Operation', 'Method', 'Version 1', 'Version 2'], rows.map((r) => [escapeHtml(r.kind), escapeHtml(r.method), cell(r.v1), cell(r.v2)]), { label });
}

function networkSection(m: NetworkMigration): string {
  const { network } = m;
  const title = `<h2 id="${escapeHtml(network.name)}">${escapeHtml(network.title)}</h2>`;
  const pages = [m.inV1 && `<a href="${catalogPage(1, network.name)}">v1 catalog</a>`, m.inV2 && `<a href="${catalogPage(2, network.name)}">v2 catalog</a>`].filter(Boolean).join(' · ');
  if (!m.inV1 || !m.inV2) {
    const only = m.inV1 ? 1 : 2;
    return [title, `<p>${escapeHtml(network.title)} exists only in version ${only}. ${pages}</p>`, endpointTable(m.endpoints, `${network.title}: endpoints`)].join('\n');
  }
  const parts = [title, `<p>${pages}</p>`, comparisonSection(m, 'metric', m.metrics, 'Metrics')];
  if (m.postFields) {
    const p = m.postFields;
    if (p.v1 && p.v2) {
      parts.push(comparisonSection(m, 'field', p, 'Post fields'));
      if (p.sortableOnlyV1.length || p.sortableOnlyV2.length) {
        parts.push(`<p>Sort keys only in v1: ${names(p.sortableOnlyV1, code)}. Sort keys only in v2: ${names(p.sortableOnlyV2, code)}.</p>`);
      }
    } else {
      parts.push(`<h3>Post fields</h3>\n<p>Post fields are documented only for version ${p.v1 ? 1 : 2}.</p>`);
    }
  }
  parts.push('<h3>Endpoints</h3>', endpointTable(m.endpoints, `${network.title}: endpoints`));
  return parts.join('\n');
}

function differencesSection(data: MigrationData): string {
  const both = (a: string[], b: string[]) => ({ added: b.filter((n) => !a.includes(n)), removed: a.filter((n) => !b.includes(n)) });
  const request = both(data.metricsRequest.v1, data.metricsRequest.v2);
  const response = both(data.metricsResponse.v1, data.metricsResponse.v2);
  const v2Only = data.networks.filter((n) => n.inV2 && !n.inV1).map((n) => `<a href="#${n.network.name}">${escapeHtml(n.network.title)}</a>`);
  const v1Only = data.networks.filter((n) => n.inV1 && !n.inV2).map((n) => `<a href="#${n.network.name}">${escapeHtml(n.network.title)}</a>`);
  return [
    '<h2 id="endpoint-differences">Endpoint differences</h2>',
    list([
      `<strong>Dimensions.</strong> Version 2 metrics requests take ${names(request.added, code)} (members not in version 1); version 1 requests take ${names(data.metricsRequest.v1, code)}. See the dimensions of each metric on the version 2 catalog pages.`,
      `<strong>Header/data matrix.</strong> The version 1 metrics response has ${names(data.metricsResponse.v1, code)}: one record per profile and day. Version 2 has ${names(data.metricsResponse.v2, code)}: a header per requested dimension plus the metric names, and data nested in header order. Members only in v1: ${names(response.removed, code)}; only in v2: ${names(response.added, code)}.`,
      `<strong>Profile labels.</strong> Operations outside one network only in version 2: ${names(data.sharedEndpoints.filter((e) => !e.v1).map((e) => `${e.method} ${e.v2}`), code)}; only in version 1: ${names(data.sharedEndpoints.filter((e) => !e.v2).map((e) => `${e.method} ${e.v1}`), code)}. The table below lists them all.`,
      `<strong>Networks.</strong> Only in version 2: ${v2Only.join(', ') || 'none'}. Only in version 1: ${v1Only.join(', ') || 'none'}.`,
    ]),
    endpointTable(data.sharedEndpoints, 'Operations outside one network'),
    `<p>The full reference of each version: <a href="${referencePage(1)}">version 1</a>, <a href="${referencePage(2)}">version 2</a>.</p>`,
  ].join('\n');
}

/** The HTML of the migration page. */
export function renderMigrationPage(data: MigrationData): string {
  const toc = data.networks.map((n) => `<a href="#${escapeHtml(n.network.name)}">${escapeHtml(n.network.title)}</a>`);
  const body = [
    `<p>What changes when moving from version 1 (<code>/1/</code>) to version 2 (<code>/2/</code>), computed from the catalogs. Metrics are matched by name; a rename is listed only where the source documents say so. <a href="${INDEX_PAGE}">All docs</a>.</p>`,
    `<nav class="toc"><p>Networks: ${toc.join(' · ')} · <a href="#endpoint-differences">Endpoint differences</a></p></nav>`,
    differencesSection(data),
    ...data.networks.map(networkSection),
  ].join('\n');
  return page({ generator: SCRIPT, title: 'Migrating from version 1 to version 2', body });
}
