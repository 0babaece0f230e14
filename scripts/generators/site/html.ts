/**
 * Small HTML building blocks shared by the hand-rendered site pages (index, catalog pages,
 * migration page): escaping, inline Markdown, tables and the page frame. Output is plain,
 * deterministic HTML with inline CSS and no external asset.
 */
import { banner } from '../banner.js';
import { SITE_CSS } from './style.js';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Inline Markdown used in catalog and spec descriptions: only `code` spans. */
export function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** Paragraphs of a multi-line description: blank lines separate paragraphs. */
export function paragraphs(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => `<p>${inline(p.replace(/\s*\n\s*/g, ' '))}</p>`)
    .join('\n');
}

/** A `<code>` span. */
export const code = (text: string | number) => `<code>${escapeHtml(String(text))}</code>`;

/** Id of a catalog entry's table row: `metric-fans_change`, `field-created_time`. */
export function anchorId(kind: 'metric' | 'field', name: string): string {
  return `${kind}-${name.replace(/[^A-Za-z0-9_.-]/g, '-')}`;
}

export interface TableOptions {
  id?: string;
  className?: string;
  caption?: string;
}

/** A table row: ready HTML cells, optionally with an id (the anchor of a catalog entry). */
export type TableRow = readonly string[] | { id: string; cells: readonly string[] };

/** A table with a header row; cells are ready HTML, headers are text. */
export function table(headers: readonly string[], rows: readonly TableRow[], options: TableOptions = {}): string {
  const attrs = [options.id && `id="${escapeHtml(options.id)}"`, options.className && `class="${escapeHtml(options.className)}"`].filter(Boolean).join(' ');
  const body = rows.map((row) => {
    const { id, cells } = 'cells' in row ? row : { id: undefined, cells: row };
    return `<tr${id ? ` id="${escapeHtml(id)}"` : ''}>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
  });
  return [
    `<table${attrs ? ` ${attrs}` : ''}>`,
    options.caption ? `<caption>${escapeHtml(options.caption)}</caption>` : '',
    `<thead><tr>${headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
    `<tbody>\n${body.join('\n')}\n</tbody>`,
    '</table>',
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
  /** Inline script placed at the end of the body. */
  inlineScript?: string;
}

/** A complete page: banner, doctype, inline CSS, a link home, the body and an optional inline script. */
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
    '<header><a class="home" href="index.html">Social analytics API docs</a></header>',
    '<main>',
    `<h1>${escapeHtml(options.title)}</h1>`,
    options.body.trim(),
    '</main>',
    options.inlineScript ? `<script>\n${options.inlineScript}</script>` : '',
    '</body>',
    '</html>',
    '',
  ].filter((line, i, all) => line !== '' || i === all.length - 1).join('\n');
}
