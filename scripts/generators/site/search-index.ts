/**
 * `search.js`: the index behind the search box of every page (search-box.ts), so that it finds
 * names on other pages: every metric and post field of each version and network, every rule of
 * the register, every error code (`code 4: ...`) and limit of the catalogs, the headings, bold
 * lead-ins and terms of the "Using the package" pages (`Exit codes`, `GitHub Actions`, the reporter
 * `sarif`), and every command and option of the command line reference (`--strict`), each with
 * the page and anchor of its row, section or line. One small script, loaded by the pages.
 */
import type { Limits, Model } from '../../model/types.js';
import { banner } from '../banner.js';
import { anchorId } from './html.js';
import { errorAnchor, LIMIT_LABELS, limitAnchor } from './index-page.js';
import type { MarkdownAnchor } from './markdown.js';
import { catalogPage, catalogPages, INDEX_PAGE, RULES_PAGE } from './pages.js';

export const SCRIPT = 'scripts/generators/site/search-index.ts';

/** One entry: the name, what it is, and the page#anchor of its row. */
export type SearchEntry = [name: string, what: string, href: string];

/** The anchors of a "Using the package" page, for the index. */
export interface UsageAnchors {
  file: string;
  title: string;
  anchors: readonly MarkdownAnchor[];
}

function limitEntries(limits: Limits): SearchEntry[] {
  const { pageSize, ...counted } = limits;
  const entries = (Object.keys(LIMIT_LABELS) as (keyof typeof LIMIT_LABELS)[]).map((key): SearchEntry => [
    `${LIMIT_LABELS[key]}: ${counted[key].value} (${key})`,
    `limit, an excess gives code ${counted[key].errorCode}`,
    `${INDEX_PAGE}#${limitAnchor(key)}`,
  ]);
  entries.push([`Page size of post lists: default ${pageSize.default}, maximum ${pageSize.max} (pageSize)`, 'limit', `${INDEX_PAGE}#${limitAnchor('pageSize')}`]);
  return entries;
}

export function searchEntries(model: Model, usage: readonly UsageAnchors[] = []): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const { version, network } of catalogPages(model)) {
    const vm = version === 1 ? model.v1 : model.v2;
    for (const m of vm.metrics[network] ?? []) entries.push([m.name, `metric, v${version} ${network}`, `${catalogPage(version, network)}#${anchorId('metric', m.name)}`]);
    for (const f of vm.posts[network]?.fields ?? []) entries.push([f.name, `post field, v${version} ${network}`, `${catalogPage(version, network)}#${anchorId('field', f.name)}`]);
  }
  for (const r of model.rules) entries.push([r.id, `${r.level} rule`, `${RULES_PAGE}#${r.id}`]);
  for (const e of model.errors) entries.push([`code ${e.code}: ${e.meaning.replace(/\.$/, '')}`, `error code, HTTP ${e.httpStatus}`, `${INDEX_PAGE}#${errorAnchor(e.code)}`]);
  entries.push(...limitEntries(model.limits));
  for (const page of usage) for (const a of page.anchors) entries.push([a.text, a.what ?? page.title, `${page.file}#${a.id}`]);
  return entries;
}

export function searchScript(model: Model, usage: readonly UsageAnchors[] = []): string {
  const lines = searchEntries(model, usage).map((e) => `  ${JSON.stringify(e)},`);
  return `${banner(SCRIPT, 'slash')}window.SITE_INDEX = [\n${lines.join('\n')}\n];\n`;
}
