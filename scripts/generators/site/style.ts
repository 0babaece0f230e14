/** The inline stylesheets of the site: the header bar (on every page) and the hand-rendered pages. */

/**
 * The header bar and its search box (search-box.ts). Every selector starts with `header.site`,
 * so the same rules also style the bar that the Redoc reference pages get (reference-page.ts)
 * without touching Redoc's own elements.
 */
export const HEADER_CSS = `header.site { background: #1d2330; color: #fff; padding: 0.5rem 1.5rem; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header.site .bar { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem 2rem; max-width: 87rem; margin: 0 auto; }
header.site a.home { color: #fff; font-weight: 600; text-decoration: none; white-space: nowrap; }
header.site a.home:hover, header.site a.home:focus-visible { text-decoration: underline; }
header.site .filter { display: flex; align-items: center; gap: 0.6rem; flex: 1 1 16rem; max-width: 36rem; margin: 0; }
header.site .filter label { color: #fff; }
header.site .filter input { font: inherit; flex: 1 1 auto; min-width: 0; padding: 0.25rem 0.6rem; color: #1d2330; background: #fff; border: 1px solid #d9dee7; border-radius: 4px; }
header.site .filter input:focus { outline: 2px solid #8fb4ff; outline-offset: 1px; }
header.site .search-results { flex: 1 1 100%; max-height: 50vh; overflow: auto; margin: 0.1rem 0 0.2rem; padding: 0.3rem 0.8rem; background: #fff; color: #1d2330; border-radius: 4px; }
header.site .search-results[hidden] { display: none; }
header.site .search-results p { margin: 0.2rem 0; }
header.site .search-results ul { margin: 0.2rem 0; padding-left: 1.2rem; columns: 2 22rem; }
header.site .search-results a { color: #1f5fbf; white-space: nowrap; }
`;

/**
 * One small stylesheet for every hand-rendered page: system fonts only, no external asset.
 * Below 40rem a table (`table.stack`, html.ts) is stacked: one block per row, each cell labelled
 * with its column's header (`data-label`), short cells side by side, empty ones hidden; wider, a
 * table that does not fit scrolls inside its own box (`.table-scroll`), never the page. Code
 * blocks scroll inside themselves. An identifier in `<code>` never breaks inside a word (a
 * `code.phrase`, with spaces, breaks at its spaces).
 */
export const SITE_CSS = `:root { color-scheme: light; --ink: #1d2330; --muted: #5b6475; --line: #d9dee7; --accent: #1f5fbf; --band: #f4f6fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
${HEADER_CSS}header.site { position: sticky; top: 0; z-index: 2; }
main { max-width: 90rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
h1 { font-size: 1.7rem; line-height: 1.25; margin: 0.8rem 0 0.6rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.6rem; padding-bottom: 0.2rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.1rem; margin: 1.4rem 0 0.4rem; }
a { color: var(--accent); }
code { font: 0.9em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--band); padding: 0.05rem 0.25rem; border-radius: 3px; white-space: nowrap; }
code.phrase { white-space: normal; }
ul.changes { padding-left: 1.1rem; }
pre { overflow-x: auto; margin: 0.5rem 0 1rem; padding: 0.6rem 0.8rem; background: var(--band); border-radius: 4px; font-size: 0.85rem; line-height: 1.45; }
pre:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
pre code { white-space: pre; background: none; padding: 0; font-size: inherit; }
nav.pages ul { display: flex; flex-wrap: wrap; gap: 0.3rem 0.4rem; list-style: none; padding: 0; margin: 0.6rem 0 1rem; }
nav.pages a { display: inline-block; padding: 0.2rem 0.6rem; border: 1px solid var(--line); border-radius: 4px; text-decoration: none; }
nav.pages a:hover, nav.pages a:focus-visible { text-decoration: underline; }
nav.pages a[aria-current="page"] { background: var(--band); color: var(--ink); font-weight: 600; }
.table-scroll { overflow-x: auto; margin: 0.5rem 0 1rem; }
.table-scroll:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; font-size: 0.92rem; }
caption { text-align: left; font-weight: 600; padding: 0.3rem 0; }
th, td { text-align: left; vertical-align: top; padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--line); }
thead th { background: var(--band); }
tr:target { background: #fff6d6; }
td { overflow-wrap: break-word; }
table.filterable td:last-child, table.renames td:last-child { min-width: 14rem; }
[id] { scroll-margin-top: 4.5rem; }
.facts { display: block; color: var(--muted); font-size: 0.87rem; margin-top: 0.2rem; }
.facts code { font-size: 0.95em; }
td.num, th.num { text-align: right; }
.note { color: var(--muted); }
.none { color: var(--muted); font-style: italic; }
h2 output { margin-left: 0.5rem; font-size: 0.8rem; font-weight: normal; color: var(--muted); }
nav.toc ul { columns: 2 18rem; padding-left: 1.2rem; }
nav.toc li { padding: 0.1rem 0; }
section.rule { border-left: 3px solid var(--line); padding: 0.1rem 0 0.1rem 0.8rem; margin: 0.9rem 0; }
section.rule.inferred { border-left-color: #c9a227; }
section.rule:target { background: #fff6d6; }
section.rule h3 { margin: 0 0 0.2rem; font-size: 1rem; }
section.rule p { margin: 0.2rem 0; }
section.rule .level { font-size: 0.8em; font-weight: normal; color: var(--muted); }
section.rule .basis { color: var(--muted); }
blockquote { margin: 0.3rem 0 0.3rem 1rem; padding-left: 0.6rem; border-left: 2px solid var(--line); overflow-wrap: break-word; }
.badge { display: inline-block; font-size: 0.8rem; padding: 0 0.35rem; border-radius: 3px; background: var(--band); color: var(--muted); }
@media (max-width: 40rem) {
  header.site { padding: 0.4rem 1rem; }
  main { padding: 0.6rem 1rem 2rem; }
  h1 { font-size: 1.4rem; }
  h2 { font-size: 1.2rem; }
  [id] { scroll-margin-top: 6.5rem; }
  blockquote { margin-left: 0.3rem; }
  table.stack, table.stack tbody { display: block; }
  table.stack caption { display: block; }
  table.stack thead { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  table.stack tr { display: flex; flex-wrap: wrap; gap: 0.1rem 1.2rem; padding: 0.45rem 0.2rem; border-bottom: 1px solid var(--line); }
  table.stack tr[hidden] { display: none; }
  table.stack td { display: block; flex: 0 1 auto; max-width: 100%; min-width: 0; padding: 0; border: 0; }
  table.stack td:empty { display: none; }
  table.stack td:first-child, table.stack td.long { flex-basis: 100%; }
  table.stack td:first-child { font-weight: 600; }
  table.stack td a { display: inline-block; padding: 0.1rem 0; }
  table.stack td::before { content: attr(data-label) ": "; color: var(--muted); font-weight: normal; }
  table.stack td[data-label=""]::before, table.filterable td:first-child::before, table.filterable td:last-child::before { content: none; }
  table.filterable td:first-child { flex-basis: auto; }
  table.filterable td:last-child { flex-basis: 100%; }
  table.stack td:has(> .na) { display: none; }
  table.filterable td:last-child, table.renames td:last-child { min-width: 0; }
}
`;
