/**
 * One catalog page per version and network (`v2-facebook.html`): the metric table and, when
 * the network has a post list in that version, the post field table. Every row has an anchor
 * (`#metric-<name>`, `#field-<name>`) and the header's filter box narrows both tables as you type.
 */
import type { Metric, Model, NetworkInfo, PostCatalog, PostField, Version } from '../../model/types.js';
import { versionModel } from '../../model/types.js';
import { anchorId, code, escapeHtml, inline, page, table, yesNo } from './html.js';
import { catalogPage, INDEX_PAGE, MIGRATION_PAGE, referencePage } from './pages.js';
import type { SearchBoxText } from './search-box.js';
import type { MetricRename } from '../../model/load-migration.js';

export const SCRIPT = 'scripts/generators/site/catalog-page.ts';

/** What one catalog page shows. */
export interface CatalogPageInput {
  version: Version;
  network: NetworkInfo;
  metrics: readonly Metric[];
  /** The post catalog, when the network has a post list in this version. */
  posts?: PostCatalog;
  /** Documented renames: metric name on this page -> its name in the other version. */
  renamed?: Readonly<Record<string, string>>;
  /** Per metric name, the networks of this version whose catalog has a metric of that name. */
  metricNetworks?: Readonly<Record<string, readonly string[]>>;
  /** The base dimensions every v2 metric supports (`date.day`, ..., `profile_label`). */
  baseDimensions?: readonly string[];
}

/** The input of a page, from the model and the documented renames (catalogs/migration.yaml). */
export function catalogPageInput(model: Model, version: Version, network: string, renames: readonly MetricRename[] = []): CatalogPageInput {
  const vm = versionModel(model, version);
  const info = model.networks.find((n) => n.name === network);
  if (!info) throw new Error(`unknown network "${network}"`);
  const [here, there] = version === 1 ? (['v1', 'v2'] as const) : (['v2', 'v1'] as const);
  const renamed = Object.fromEntries(renames.filter((r) => r.network === network).map((r) => [r[here], r[there]]));
  const metricNetworks: Record<string, string[]> = {};
  for (const n of vm.networks) for (const m of vm.metrics[n] ?? []) (metricNetworks[m.name] ??= []).push(n);
  return {
    version,
    network: info,
    metrics: vm.metrics[network] ?? [],
    posts: vm.posts[network],
    renamed,
    metricNetworks,
    ...(version === 2 ? { baseDimensions: model.dimensions.map((d) => d.name) } : {}),
  };
}

/**
 * The facts line of a metric's row: the networks that have a metric of that name and, in
 * version 2, every dimension a request with this metric may use; the insights-only note.
 */
function metricFacts(input: CatalogPageInput, metric: Metric): string | undefined {
  const parts: string[] = [];
  const networks = input.metricNetworks?.[metric.name];
  if (networks) parts.push(`Networks: ${networks.map((n) => (n === input.network.name ? escapeHtml(n) : `<a href="${catalogPage(input.version, n)}#${anchorId('metric', metric.name)}">${escapeHtml(n)}</a>`)).join(', ')}`);
  if (input.baseDimensions) parts.push(`Dimensions: ${[...input.baseDimensions, ...metric.extraDimensions].map((d) => code(d)).join(', ')}${metric.extraDimensions.length ? ' (the extra one last, one per request)' : ''}`);
  if (metric.insightsOnly) parts.push('Only for profiles with <code>insights_enabled</code>');
  return parts.length ? `<span class="facts">${parts.join(' · ')}</span>` : undefined;
}

const nameCell = (kind: 'metric' | 'field', name: string, deprecated: boolean) =>
  `<a href="#${anchorId(kind, name)}">${code(name)}</a>${deprecated ? ' <span class="badge">deprecated</span>' : ''}`;

function describe(description?: string, note?: string): string {
  return [description && inline(description), note && `<span class="note">${inline(note)}</span>`].filter(Boolean).join('<br>');
}

/** "Version 2 name: x" for a documented rename, linked to the other version's row. */
function renameNote(input: CatalogPageInput, metric: Metric): string | undefined {
  const other = input.renamed?.[metric.name];
  if (!other) return undefined;
  const version: Version = input.version === 1 ? 2 : 1;
  return `Version ${version} name: <a href="${catalogPage(version, input.network.name)}#${anchorId('metric', other)}">${code(other)}</a>`;
}

function metricRow(metric: Metric, input: CatalogPageInput) {
  const { version } = input;
  return {
    id: anchorId('metric', metric.name),
    cells: [
      nameCell('metric', metric.name, metric.deprecated),
      escapeHtml(metric.type),
      version === 1 ? '<span class="note na">n/a in v1</span>' : escapeHtml(metric.aggregation ?? ''),
      metric.extraDimensions.map((d) => code(d)).join(', '),
      yesNo(metric.insightsOnly),
      yesNo(metric.deprecated),
      escapeHtml(metric.unit ?? ''),
      [describe(metric.description, metric.note), renameNote(input, metric)].filter(Boolean).join('<br>') + (metricFacts(input, metric) ?? ''),
    ],
  };
}

function sortCell(field: PostField, sortOffered: boolean): string {
  if (!sortOffered) return '';
  const keys = field.sortKeys.map((k) => code(`${field.name}.${k}`));
  return [field.sortable ? 'yes' : '', keys.length ? `by ${keys.join(', ')}` : ''].filter(Boolean).join('; ');
}

function fieldRow(field: PostField, posts: PostCatalog) {
  return {
    id: anchorId('field', field.name),
    cells: [
      nameCell('field', field.name, field.deprecated),
      escapeHtml(field.type) + (field.enum ? `<br><span class="note">${field.enum.map((e) => code(e)).join(', ')}</span>` : ''),
      sortCell(field, posts.sort),
      field.filterable ? (field.advancedFilter ? 'yes, also advanced (match_any)' : 'yes') : '',
      yesNo(field.insightsOnly),
      yesNo(field.deprecated),
      escapeHtml(field.unit ?? ''),
      describe(field.description, field.videoOnly ? 'Absent from a post that is not a video.' : undefined),
    ],
  };
}

/** The header box of a catalog page: it narrows the page's tables and finds names on other pages. */
export const CATALOG_SEARCH: SearchBoxText = { label: 'Filter', placeholder: 'Part of a name, type or description' };

const METRIC_HEADERS = ['Metric', 'Type', 'Aggregation', 'Extra dimensions', 'Insights only', 'Deprecated', 'Unit', 'Description'];
const FIELD_HEADERS = ['Field', 'Type', 'Sortable', 'Filterable', 'Insights only', 'Deprecated', 'Unit', 'Description'];

function postSection(input: CatalogPageInput): string {
  const { posts, network, version } = input;
  if (!posts) {
    return `<h2 id="post-fields">Post fields</h2>\n<p class="none">Post fields of ${escapeHtml(network.title)} in version ${version}: not shown in the source documents.</p>`;
  }
  const members = posts.responseMembers.length
    ? `<p>Posts in responses also carry ${posts.responseMembers.map((m) => `${code(m.name)} (${escapeHtml(m.type)}: ${inline(m.description)})`).join(', ')}; these cannot be requested.</p>`
    : '';
  return [
    `<h2 id="post-fields">Post fields <output id="fields-table-count"></output></h2>`,
    `<p>Fields a posts request may ask for. ${posts.sort ? 'The request offers <code>sort</code> on the sortable fields.' : 'This network offers no <code>sort</code> parameter.'} ` +
      `Every post of an answer holds each requested field${posts.fields.some((f) => f.videoOnly) ? ', except that a post that is not a video lacks the fields of videos only' : ''}, and no other field.</p>`,
    table(FIELD_HEADERS, posts.fields.map((f) => fieldRow(f, posts)), { id: 'fields-table', className: 'filterable', label: 'Post fields' }),
    members,
  ].filter(Boolean).join('\n');
}

/** The HTML of a catalog page. */
export function renderCatalogPage(input: CatalogPageInput, otherVersionHasNetwork: boolean): string {
  const { version, network, metrics } = input;
  const other: Version = version === 1 ? 2 : 1;
  const links = [
    `<a href="${INDEX_PAGE}">All docs</a>`,
    `<a href="${referencePage(version)}">Version ${version} reference</a>`,
    otherVersionHasNetwork ? `<a href="${catalogPage(other, network.name)}">${escapeHtml(network.title)} in version ${other}</a>` : '',
    `<a href="${MIGRATION_PAGE}#${escapeHtml(network.name)}">Migration v1 to v2</a>`,
  ].filter(Boolean);
  const insightsNote = network.insights
    ? ' Metrics and fields marked “insights only” work only for profiles whose <code>insights_enabled</code> is true in the profile list.'
    : '';
  const dimensionsNote = version === 1
    ? ' Version 1 has no dimensions: a metrics request returns one record per profile and day.'
    : ' Every metric supports the base dimensions; an extra dimension must be the last dimension of a request, and only one may be used.';
  const body = [
    `<p>${inline(network.description)} Path segment ${code(network.name)}.${insightsNote}${dimensionsNote}</p>`,
    `<p>${links.join(' · ')}</p>`,
    `<h2 id="metrics">Metrics <output id="metrics-table-count"></output></h2>`,
    table(METRIC_HEADERS, metrics.map((m) => metricRow(m, input)), { id: 'metrics-table', className: 'filterable', label: 'Metrics' }),
    postSection(input),
  ].join('\n');
  return page({ generator: SCRIPT, title: `${network.title} catalog, version ${version}`, body, search: CATALOG_SEARCH });
}
