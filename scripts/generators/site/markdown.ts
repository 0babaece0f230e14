/**
 * Markdown to site HTML with markdown-it, for the "Using the package" pages (README sections):
 * raw HTML in the Markdown is shown as text, never passed through; headings get GitHub-style ids
 * and are moved to the page's level; a paragraph that opens with a bold lead-in (`**Exit
 * codes.**`) gets an id of its own; code spans are identifiers or phrases as everywhere on the
 * site (html.ts `code()`); code blocks scroll sideways in a focusable box; tables sit in the
 * site's table box and carry `data-label` cells, so they stack below a width as the catalog
 * tables do; each link goes through the caller's `link` (a README link to a file of the
 * repository has no page on the site).
 */
import markdownItFactory, { type MarkdownIt, type Token } from 'markdown-it';
import { code, escapeHtml, LONG_CELL } from './html.js';

/** GitHub's heading id: lower case, punctuation dropped, spaces made `-`. */
export function slugOf(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-');
}

/** An anchor of the rendered Markdown: a heading, a bold lead-in or a term, with its text. */
export interface MarkdownAnchor {
  id: string;
  text: string;
  /**
   * `heading`, `lead` (a bold lead-in of a paragraph or of a list item) or `term` (a list item
   * that opens with a code span followed by `:` or ` (`: the README's reporters, `` `sarif`: ... ``).
   */
  kind: 'heading' | 'lead' | 'term';
  /** What the search index says the name is (its page's title unless given). */
  what?: string;
}

export interface MarkdownOptions {
  /** The level a top heading of the Markdown gets (the page's `h1` is its title: 2). */
  topLevel: number;
  /** The level of the Markdown's own top heading (a README section's body starts at its subsections: 3 under a `##`). */
  sourceTopLevel: number;
  /** The href a link gets, or undefined to show its text only. */
  link(href: string): string | undefined;
  /** Ids already used on the page (the header bar's); new ids are added. */
  ids: Set<string>;
}

interface Env {
  options: MarkdownOptions;
  anchors: MarkdownAnchor[];
}

/** Text of an inline token: what a reader sees (code spans and emphasis unwrapped). */
const plainText = (token: Token | undefined) => (token?.children ?? []).filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('');

function uniqueId(text: string, ids: Set<string>): string {
  const base = slugOf(text) || 'section';
  let id = base;
  for (let n = 1; ids.has(id); n++) id = `${base}-${n}`;
  ids.add(id);
  return id;
}

/** A bold lead-in (`**Exit codes.** ...`): its text without the closing `.` or `:`. */
function leadOf(children: Token[]): { text: string; kind: 'lead' } | undefined {
  if (children[0]?.type !== 'strong_open' || children[2]?.type !== 'strong_close') return undefined;
  const text = children[1].content.replace(/[.:]\s*$/, '');
  return text ? { text, kind: 'lead' } : undefined;
}

/** A term that a list item opens with: a code span followed by `:` or ` (` (`` `sarif`: SARIF 2.1.0 ``). */
function termOf(children: Token[]): { text: string; kind: 'term' } | undefined {
  if (children[0]?.type !== 'code_inline' || !/^(?::| \()/.test(children[1]?.content ?? '')) return undefined;
  return { text: children[0].content, kind: 'term' };
}

/** Ids, levels and labels, set on the tokens before rendering. */
function annotate(tokens: Token[], env: Env): void {
  const { options } = env;
  let headers: string[] = [];
  let column = 0;
  tokens.forEach((token, i) => {
    switch (token.type) {
      case 'heading_open':
      case 'heading_close': {
        const level = Math.min(6, Math.max(options.topLevel, Number(token.tag.slice(1)) - options.sourceTopLevel + options.topLevel));
        token.tag = `h${level}`;
        if (token.type === 'heading_open') {
          const text = plainText(tokens[i + 1]);
          const id = uniqueId(text, options.ids);
          token.attrSet('id', id);
          env.anchors.push({ id, text, kind: 'heading' });
        }
        break;
      }
      case 'paragraph_open':
      case 'list_item_open': {
        // The paragraph of a tight list's item is not rendered: the item holds its lead-in's id,
        // and a term's (a paragraph never has a term).
        const item = token.type === 'list_item_open';
        const paragraph = item ? tokens[i + 1] : token;
        if (paragraph?.type !== 'paragraph_open' || (!item && token.hidden)) break;
        const children = (tokens[item ? i + 2 : i + 1]?.children ?? []).filter((c) => !(c.type === 'text' && c.content === ''));
        const found = item ? ((paragraph.hidden ? leadOf(children) : undefined) ?? termOf(children)) : leadOf(children);
        if (!found) break;
        const id = uniqueId(found.text, options.ids);
        token.attrSet('id', id);
        env.anchors.push({ id, ...found });
        break;
      }
      case 'thead_open':
        headers = [];
        break;
      case 'th_open':
        token.attrSet('scope', 'col');
        headers.push(plainText(tokens[i + 1]));
        break;
      case 'tr_open':
        column = 0;
        break;
      case 'td_open':
        token.attrSet('data-label', headers[column++] ?? '');
        if ((tokens[i + 1]?.content ?? '').length > LONG_CELL) token.attrSet('class', 'long');
        break;
    }
  });
}

/** A markdown-it instance with the site's rules. */
function markdownIt(): MarkdownIt {
  const md = markdownItFactory({ html: false, linkify: false, typographer: false });
  md.core.ruler.push('site_annotate', (state) => annotate(state.tokens, state.env as unknown as Env));
  const rules = md.renderer.rules;
  rules.code_inline = (tokens, i) => code(tokens[i].content);
  rules.fence = (tokens, i) => {
    const language = tokens[i].info.trim().split(/\s+/)[0];
    const cls = language ? ` class="language-${escapeHtml(language)}"` : '';
    return `<pre tabindex="0"><code${cls}>${escapeHtml(tokens[i].content)}</code></pre>\n`;
  };
  rules.code_block = (tokens, i) => `<pre tabindex="0"><code>${escapeHtml(tokens[i].content)}</code></pre>\n`;
  rules.table_open = (tokens, i) => {
    const label = plainText(tokens.slice(i).find((t) => t.type === 'inline')) || 'Table';
    return `<div class="table-scroll" role="region" aria-label="${escapeHtml(label)}" tabindex="0">\n<table class="stack">\n`;
  };
  rules.table_close = () => '</table>\n</div>\n';
  rules.link_open = (tokens, i, options, env, self) => {
    const href = (env as unknown as Env).options.link(String(tokens[i].attrGet('href') ?? ''));
    if (href === undefined) {
      tokens[i].meta = { dropped: true };
      return '';
    }
    tokens[i].attrSet('href', href);
    return self.renderToken(tokens, i, options);
  };
  rules.link_close = (tokens, i, options, _env, self) => {
    const open = tokens.slice(0, i).reverse().find((t) => t.type === 'link_open' && t.level === tokens[i].level);
    return open?.meta?.dropped ? '' : self.renderToken(tokens, i, options);
  };
  return md;
}

/** The HTML of `markdown` and the anchors it holds. */
export function renderMarkdown(markdown: string, options: MarkdownOptions): { html: string; anchors: MarkdownAnchor[] } {
  const env: Env = { options, anchors: [] };
  const html = markdownIt().render(markdown, env as unknown as Record<string, unknown>);
  return { html: html.trim(), anchors: env.anchors };
}
