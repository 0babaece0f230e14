/**
 * The site's front page (`index.html`): links to every page, and on the page itself the rules
 * shared by both versions: authentication, errors (code table), limits and pagination. Text
 * comes from the catalogs and from the descriptions of the hand-written v2 spec.
 */
import type { ErrorCode, Limits, Model } from '../../model/types.js';
import { code, escapeHtml, inline, list, page, paragraphs, table } from './html.js';
import { catalogPage, CHANGES_PAGE, MIGRATION_PAGE, referencePage, RULES_PAGE } from './pages.js';
import { USAGE_PAGES } from './usage-pages.js';

export const SCRIPT = 'scripts/generators/site/index-page.ts';

/** Reads a description at a path of the v2 spec, or fails naming the path. */
function specText(model: Model, path: string[]): string {
  let node: any = model.v2.spec;
  for (const key of path) node = node?.[key];
  if (typeof node !== 'string') throw new Error(`docs site: spec/v2 has no description at ${path.join('.')}`);
  return node;
}

function endpointsCell(error: ErrorCode): string {
  if (error.endpoints === 'all') return 'all';
  return Object.entries(error.endpoints)
    .map(([version, ops]) => `${version}: ${(ops ?? []).map((op) => code(op)).join(', ')}`)
    .join('<br>');
}

/** Label of each limit of catalogs/limits.yaml. */
export const LIMIT_LABELS: Record<Exclude<keyof Limits, 'pageSize'>, string> = {
  requestsPerHourPerAccount: 'Requests per account, per hour',
  requestsPerHourPerUser: 'Requests per user, per hour',
  profilesPerMetricsRequest: 'Profiles per metrics request',
  metricsPerMetricsRequest: 'Metrics per metrics request',
  dateRangeMonths: 'Date range of a metrics request, in months',
};

/** Id of a limit's row on the index: `limit-profilesPerMetricsRequest`. */
export const limitAnchor = (key: keyof Limits) => `limit-${key}`;

/** Id of an error code's row on the index: `error-4`. */
export const errorAnchor = (errorCode: number) => `error-${errorCode}`;

function catalogLinks(model: Model): string {
  const cell = (version: 1 | 2, network: string) =>
    (version === 1 ? model.v1 : model.v2).networks.includes(network)
      ? `<a href="${catalogPage(version, network)}">v${version} ${escapeHtml(network)}</a>`
      : '<span class="none">not in this version</span>';
  return table(
    ['Network', 'Path segment', 'Version 1', 'Version 2'],
    model.networks.map((n) => [escapeHtml(n.title), code(n.name), cell(1, n.name), cell(2, n.name)]),
    { id: 'catalog-pages', label: 'Catalog pages' },
  );
}

function errorsSection(model: Model): string {
  return [
    '<h2 id="errors">Errors</h2>',
    paragraphs(specText(model, ['components', 'schemas', 'FailureBody', 'description'])),
    `<p>Each element of ${code('errors')} has ${code('code')} (integer) and ${code('errors')} (strings: ${inline(specText(model, ['components', 'schemas', 'ApiError', 'properties', 'errors', 'description']))}).</p>`,
    table(
      ['Code', 'Meaning', 'HTTP status', 'Endpoints'],
      model.errors.map((e) => ({ id: errorAnchor(e.code), cells: [code(e.code), inline(e.meaning), String(e.httpStatus), endpointsCell(e)] })),
      { id: 'error-codes', label: 'Error codes' },
    ),
  ].join('\n');
}

function limitsSection(model: Model): string {
  const { pageSize, ...counted } = model.limits;
  const rows = (Object.keys(LIMIT_LABELS) as (keyof typeof LIMIT_LABELS)[]).map((key) => ({
    id: limitAnchor(key),
    cells: [escapeHtml(LIMIT_LABELS[key]), String(counted[key].value), `<a href="#error-${counted[key].errorCode}">${code(counted[key].errorCode)}</a>`],
  }));
  rows.push({ id: limitAnchor('pageSize'), cells: [`Page size (<code>limit</code>) of post lists`, `default ${pageSize.default}, maximum ${pageSize.max}`, ''] });
  return [
    '<h2 id="limits">Limits</h2>',
    '<p>The same in both versions. Larger needs are met by splitting into several requests. The metrics date range is absolute, not relative to today; the oldest requestable date depends on the subscription package (an earlier start date gives code <code>6</code>).</p>',
    table(['Limit', 'Value', 'Error code when exceeded'], rows, { id: 'limits-table', label: 'Limits' }),
  ].join('\n');
}

function paginationSection(model: Model): string {
  const request = ['components', 'schemas', 'NetworkPostsRequest'];
  return [
    '<h2 id="pagination">Pagination</h2>',
    paragraphs(specText(model, [...request, 'description'])),
    list([
      `${code('limit')}: ${inline(specText(model, [...request, 'properties', 'limit', 'description']))} Default ${model.limits.pageSize.default}, maximum ${model.limits.pageSize.max}.`,
      `${code('after')}: ${inline(specText(model, [...request, 'properties', 'after', 'description']))}`,
      `${code('next')}, ${code('remaining')}: ${inline(specText(model, ['components', 'schemas', 'NetworkPostsResponse', 'description']))}`,
    ]),
  ].join('\n');
}

/** The HTML of the front page. */
export function renderIndexPage(model: Model): string {
  const body = [
    `<p>${model.networks.length} networks, two API versions: version 1 under ${code('/1/')} and version 2 under ${code('/2/')}. Read-only HTTPS/JSON; requests carry ${code('Content-Type: application/json; charset=utf-8')}.</p>`,
    '<nav class="toc"><ul>',
    `<li><a href="${referencePage(2)}">Version 2 reference</a> (every operation with its examples)</li>`,
    `<li><a href="${referencePage(1)}">Version 1 reference</a></li>`,
    `<li><a href="${MIGRATION_PAGE}">Migrating from version 1 to version 2</a></li>`,
    `<li><a href="${RULES_PAGE}">Validation rules</a> (what the validators and request checks enforce, each with its source sentence)</li>`,
    `<li><a href="${CHANGES_PAGE}">Changes</a> (the changelog: breaking changes first)</li>`,
    '<li><a href="#using">Using the package</a>: install, the command line, the test matchers (vitest, jest), live traffic, the client, the mock server, the entry points</li>',
    '<li><a href="#catalogs">Metric and post field catalogs</a></li>',
    '<li><a href="#authentication">Authentication</a></li>',
    '<li><a href="#errors">Errors</a></li>',
    '<li><a href="#limits">Limits</a></li>',
    '<li><a href="#pagination">Pagination</a></li>',
    '</ul></nav>',
    '<h2 id="using">Using the package</h2>',
    '<p>The package\'s README, its guides and its command line, a page per topic:</p>',
    list(USAGE_PAGES.map((p) => `<a href="${p.file}">${escapeHtml(p.title)}</a>: ${escapeHtml(p.summary)}`)),
    '<h2 id="catalogs">Catalogs</h2>',
    '<p>One page per version and network: the metrics (aggregation, extra dimensions, insights only, deprecation, unit) and the post fields (sortable, filterable).</p>',
    catalogLinks(model),
    '<h2 id="authentication">Authentication</h2>',
    paragraphs(specText(model, ['components', 'securitySchemes', 'basicAuth', 'description'])),
    errorsSection(model),
    limitsSection(model),
    paginationSection(model),
  ].join('\n');
  return page({ generator: SCRIPT, title: 'Social analytics reporting API', body });
}
