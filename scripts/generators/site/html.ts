/**
 * Small HTML building blocks shared by the hand-rendered site pages (index, catalog pages,
 * migration page): escaping, inline Markdown, tables and the page frame. Output is plain,
 * deterministic HTML with inline CSS and no external asset.
 */
import { banner } from '../banner.js';
import { escapeHtml } from './escape.js';
import { SEARCH_FILE } from './pages.js';
import { SEARCH_SCRIPT, searchBox, type SearchBoxText } from './search-box.js';
import { SITE_CSS } from './style.js';

export { escapeHtml };

/** Inline Markdown used in catalog and spec descriptions: only `code` spans. */
export function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, (_, span: string) => (/\s/.test(span) ? `<code class="phrase">${span}</code>` : `<code>${span}</code>`));
}

/** Paragraphs of a multi-line description: blank lines separate paragraphs. */
export function paragraphs(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => `<p>${inline(p.replace(/\s*\n\s*/g, ' '))}</p>`)
    .join('\n');
}

/**
 * A `<code>` span. An identifier (no space in it) never breaks across lines; a phrase
 * (`Content-Type: application/json`) is marked `phrase` and may break at its spaces.
 */
export function code(text: string | number): string {
  const value = String(text);
  return /\s/.test(value) ? `<code class="phrase">${escapeHtml(value)}</code>` : `<code>${escapeHtml(value)}</code>`;
}

/** Id of a catalog entry's table row: `metric-fans_change`, `field-created_time`. */
export function anchorId(kind: 'metric' | 'field', name: string): string {
  return `${kind}-${name.replace(/[^A-Za-z0-9_.-]/g, '-')}`;
}

export interface TableOptions {
  id?: string;
  className?: string;
  caption?: string;
  /** Name of the table's scrolling box for assistive technology (default: the caption, or the first header). */
  label?: string;
}

/** A table row: ready HTML cells, optionally with an id (the anchor of a catalog entry). */
export type TableRow = readonly string[] | { id: string; cells: readonly string[] };

/** Cells whose text is longer than this take a line of their own when the table is stacked. */
export const LONG_CELL = 40;

/** The text a cell shows (its HTML without tags and entities), for its length. */
const cellText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&[a-z]+;|&#\d+;/g, 'x');

/** A data cell: labelled with its column's header, for the stacked layout of a narrow window. */
function cell(html: string, header: string | undefined): string {
  const long = cellText(html).length > LONG_CELL ? ' class="long"' : '';
  return `<td data-label="${escapeHtml(header ?? '')}"${long}>${html}</td>`;
}

/**
 * A table with a header row; cells are ready HTML, headers are text. Each cell carries its
 * column's header (`data-label`): below 40rem the table is stacked (style.ts), one block per
 * row, its first cell as the block's title and every other non-empty cell as "header: value",
 * short ones side by side, so a phone reads it without scrolling it sideways. The table sits in a
 * focusable box that would scroll sideways if a row were still wider than the page, so the page
 * itself never does.
 */
export function table(headers: readonly string[], rows: readonly TableRow[], options: TableOptions = {}): string {
  const className = ['stack', options.className].filter(Boolean).join(' ');
  const attrs = [options.id && `id="${escapeHtml(options.id)}"`, `class="${escapeHtml(className)}"`].filter(Boolean).join(' ');
  const body = rows.map((row) => {
    const { id, cells } = 'cells' in row ? row : { id: undefined, cells: row };
    return `<tr${id ? ` id="${escapeHtml(id)}"` : ''}>${cells.map((c, i) => cell(c, headers[i])).join('')}</tr>`;
  });
  const label = options.label ?? options.caption ?? headers[0];
  return [
    `<div class="table-scroll" role="region" aria-label="${escapeHtml(label)}" tabindex="0">`,
    `<table ${attrs}>`,
    options.caption ? `<caption>${escapeHtml(options.caption)}</caption>` : '',
    `<thead><tr>${headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
    `<tbody>\n${body.join('\n')}\n</tbody>`,
    '</table>',
    '</div>',
  ].filter(Boolean).join('\n');
}

/** "yes" / empty cell for boolean columns. */
export const yesNo = (value: boolean) => (value ? 'yes' : '');

/** A bullet list of ready HTML items; `empty` when there are none. */
export function list(items: readonly string[], empty = '<p class="none">None.</p>'): string {
  if (items.length === 0) return empty;
  return `<ul>\n${items.map((i) => `<li>${i}</li>`).join('\n')}\n</ul>`;
}

/** An empty inline icon, so browsers do not request /favicon.ico. */
export const FAVICON = '<link rel="icon" href="data:,">';

export interface PageOptions {
  /** Generator script, named in the banner. */
  generator: string;
  title: string;
  /** Page body (inside `<main>`). */
  body: string;
  /** The search box's label and placeholder (default: a search across the site). */
  search?: SearchBoxText;
}

/** The bar at the top of every page: the link home and the search box. */
export function siteHeader(search?: SearchBoxText): string {
  return ['<header class="site"><div class="bar"><a class="home" href="index.html">Social analytics API docs</a>', searchBox(search), '</div></header>'].join('\n');
}

/**
 * The scripts behind the search box, last in the body: the site's index (search.js, or its
 * text inlined when given), then the box's script.
 */
export function searchScripts(inlineIndex?: string): string {
  const index = inlineIndex === undefined ? `<script src="${SEARCH_FILE}"></script>` : `<script>\n${inlineIndex.trimEnd()}\n</script>`;
  return `${index}\n<script>\n${SEARCH_SCRIPT}</script>`;
}

/** A complete page: banner, doctype, inline CSS, the header bar, the body and the search scripts. */
export function page(options: PageOptions): string {
  return [
    banner(options.generator, 'html').trimEnd(),
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(options.title)}</title>`,
    FAVICON,
    `<style>\n${SITE_CSS}</style>`,
    '</head>',
    '<body>',
    siteHeader(options.search),
    '<main>',
    `<h1>${escapeHtml(options.title)}</h1>`,
    options.body.trim(),
    '</main>',
    searchScripts(),
    '</body>',
    '</html>',
    '',
  ].filter((line, i, all) => line !== '' || i === all.length - 1).join('\n');
}
