/**
 * `search.js`: the index behind the search box of every page (search-box.ts), so that it finds
 * names on other pages: every metric and post field of each version and network, and every rule of the
 * register, with the page and anchor of its row. One small script, loaded by the pages.
 */
import type { Model } from '../../model/types.js';
import { banner } from '../banner.js';
import { anchorId } from './html.js';
import { catalogPage, catalogPages, RULES_PAGE } from './pages.js';

export const SCRIPT = 'scripts/generators/site/search-index.ts';

/** One entry: the name, what it is, and the page#anchor of its row. */
export type SearchEntry = [name: string, what: string, href: string];

export function searchEntries(model: Model): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const { version, network } of catalogPages(model)) {
    const vm = version === 1 ? model.v1 : model.v2;
    for (const m of vm.metrics[network] ?? []) entries.push([m.name, `metric, v${version} ${network}`, `${catalogPage(version, network)}#${anchorId('metric', m.name)}`]);
    for (const f of vm.posts[network]?.fields ?? []) entries.push([f.name, `post field, v${version} ${network}`, `${catalogPage(version, network)}#${anchorId('field', f.name)}`]);
  }
  for (const r of model.rules) entries.push([r.id, `${r.level} rule`, `${RULES_PAGE}#${r.id}`]);
  return entries;
}

export function searchScript(model: Model): string {
  const lines = searchEntries(model).map((e) => `  ${JSON.stringify(e)},`);
  return `${banner(SCRIPT, 'slash')}window.SITE_INDEX = [\n${lines.join('\n')}\n];\n`;
}
