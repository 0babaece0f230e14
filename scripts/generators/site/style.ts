/** The inline stylesheet and the inline filter script of the hand-rendered site pages. */

/** One small stylesheet for every page: system fonts only, no external asset. */
export const SITE_CSS = `:root { color-scheme: light; --ink: #1d2330; --muted: #5b6475; --line: #d9dee7; --accent: #1f5fbf; --band: #f4f6fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
header { padding: 0.6rem 1.5rem; background: var(--ink); }
header a.home { color: #fff; font-weight: 600; text-decoration: none; }
main { max-width: 90rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
h1 { font-size: 1.7rem; margin: 0.8rem 0 0.6rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.6rem; padding-bottom: 0.2rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.1rem; margin: 1.4rem 0 0.4rem; }
a { color: var(--accent); }
code { font: 0.9em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--band); padding: 0.05rem 0.25rem; border-radius: 3px; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; font-size: 0.92rem; }
caption { text-align: left; font-weight: 600; padding: 0.3rem 0; }
th, td { text-align: left; vertical-align: top; padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--line); }
thead th { background: var(--band); }
tr:target { background: #fff6d6; }
td code { overflow-wrap: anywhere; }
td:last-child { min-width: 14rem; }
td { overflow-wrap: break-word; }
[id] { scroll-margin-top: 4.5rem; }
.facts { display: block; color: var(--muted); font-size: 0.85em; margin-top: 0.2rem; }
.search-results { margin: -0.4rem 0 1rem; padding: 0.4rem 0.8rem; background: var(--band); border-radius: 4px; }
.search-results ul { margin: 0.2rem 0; padding-left: 1.2rem; columns: 2 22rem; }
table.comparison td:first-child, table.renames td:nth-child(-n+2) { white-space: nowrap; }
td.num, th.num { text-align: right; }
.note { color: var(--muted); }
.none { color: var(--muted); font-style: italic; }
.filter { display: flex; gap: 0.8rem; align-items: center; margin: 1rem 0; position: sticky; top: 0; background: #fff; padding: 0.4rem 0; z-index: 1; }
.filter input { font: inherit; padding: 0.35rem 0.6rem; width: 22rem; max-width: 100%; border: 1px solid var(--line); border-radius: 4px; }
.filter output { color: var(--muted); }
h2 output { margin-left: 0.5rem; font-size: 0.8rem; font-weight: normal; color: var(--muted); }
table.filterable td:first-child { min-width: 12rem; }
nav.toc ul { columns: 2 18rem; padding-left: 1.2rem; }
section.rule { border-left: 3px solid var(--line); padding: 0.1rem 0 0.1rem 0.8rem; margin: 0.9rem 0; }
section.rule.inferred { border-left-color: #c9a227; }
section.rule:target { background: #fff6d6; }
section.rule h4 { margin: 0 0 0.2rem; font-size: 1rem; }
section.rule p { margin: 0.2rem 0; }
section.rule .level { font-size: 0.8em; font-weight: normal; color: var(--muted); }
section.rule .basis { color: var(--muted); }
blockquote { margin: 0.3rem 0 0.3rem 1rem; padding-left: 0.6rem; border-left: 2px solid var(--line); overflow-wrap: anywhere; }
.badge { display: inline-block; font-size: 0.8em; padding: 0 0.35rem; border-radius: 3px; background: var(--band); color: var(--muted); }
`;

/**
 * Narrows every `table.filterable` of the page to the rows whose text contains what is typed
 * into `#filter` (case-insensitive), and shows how many rows each table keeps.
 */
export const FILTER_SCRIPT = `(function () {
  var input = document.getElementById('filter');
  var tables = Array.prototype.slice.call(document.querySelectorAll('table.filterable'));
  function apply() {
    var query = input.value.trim().toLowerCase();
    tables.forEach(function (table) {
      var rows = Array.prototype.slice.call(table.tBodies[0].rows);
      var shown = 0;
      rows.forEach(function (row) {
        var hit = query === '' || row.textContent.toLowerCase().indexOf(query) !== -1;
        row.hidden = !hit;
        if (hit) shown++;
      });
      var count = document.getElementById(table.id + '-count');
      if (count) count.textContent = shown + ' of ' + rows.length;
    });
  }
  input.addEventListener('input', apply);
  apply();
})();
`;

/**
 * Below the filter box (`#filter`), lists the names on OTHER pages that contain the query
 * (window.SITE_INDEX, from search.js): metrics and post fields of every version and network, and
 * the rules of the register, each a link to its row.
 */
export const SEARCH_SCRIPT = `(function () {
  var input = document.getElementById('filter');
  var box = document.getElementById('search-results');
  var index = window.SITE_INDEX || [];
  var here = location.pathname.split('/').pop();
  function render() {
    var query = input.value.trim().toLowerCase();
    box.textContent = '';
    box.hidden = query.length < 2;
    if (box.hidden) return;
    var hits = index.filter(function (e) { return e[0].toLowerCase().indexOf(query) !== -1 && e[2].split('#')[0] !== here; });
    var title = document.createElement('div');
    title.textContent = hits.length ? 'On other pages (' + hits.length + (hits.length > 30 ? ', first 30' : '') + '):' : 'Nothing on other pages.';
    box.appendChild(title);
    var list = document.createElement('ul');
    hits.slice(0, 30).forEach(function (e) {
      var item = document.createElement('li');
      var link = document.createElement('a');
      link.href = e[2];
      link.textContent = e[0];
      item.appendChild(link);
      item.appendChild(document.createTextNode(' (' + e[1] + ')'));
      list.appendChild(item);
    });
    box.appendChild(list);
  }
  input.addEventListener('input', render);
  render();
})();
`;
