/**
 * The search box of every page of the site (the hand-rendered pages and the two Redoc
 * references): its markup, in the header bar, and the inline script behind it. Typing narrows
 * the page's `table.filterable` tables to the matching rows and lists the matching names of the
 * site's index (search.js) with links to their rows. Matching ignores case and treats space,
 * `_`, `.` and `-` alike, so "FANS CHANGE" finds `fans_change`.
 */
import { escapeHtml } from './escape.js';

/** What the box is called and says while empty; catalog pages filter their tables with it. */
export interface SearchBoxText {
  label: string;
  placeholder: string;
}

/** The box of pages without tables to narrow: it finds names across the site. */
export const SITE_SEARCH: SearchBoxText = { label: 'Search', placeholder: 'Name, rule id, error code or topic' };

/** The search box and the (hidden until typed into) list of matches, for the header bar. */
export function searchBox(text: SearchBoxText = SITE_SEARCH): string {
  return [
    `<div class="filter" role="search"><label for="filter">${escapeHtml(text.label)}</label><input id="filter" type="search" placeholder="${escapeHtml(text.placeholder)}" autocomplete="off"></div>`,
    '<div class="search-results" id="search-results" hidden></div>',
  ].join('\n');
}

/**
 * The comparison key of a text: lower case, every run of spaces, `_`, `.` and `-` made one
 * space. Source of a browser function, used by SEARCH_SCRIPT (and evaluated by the unit test).
 */
export const SEARCH_KEY_FUNCTION = `function searchKey(text) {
  return String(text).toLowerCase().replace(/[\\s_.-]+/g, ' ').trim();
}`;

/**
 * Narrows every `table.filterable` of the page to the rows whose text holds the query, shows
 * how many rows each table keeps (`#<table id>-count`), and lists below the box the names of
 * window.SITE_INDEX (search.js) that hold it: on a page with tables to narrow, only the names
 * of other pages.
 */
export const SEARCH_SCRIPT = `(function () {
  ${SEARCH_KEY_FUNCTION.replace(/\n/g, '\n  ')}
  var input = document.getElementById('filter');
  var box = document.getElementById('search-results');
  var each = function (list, fn) { return Array.prototype.map.call(list, fn); };
  var tables = each(document.querySelectorAll('table.filterable'), function (table) {
    return { table: table, rows: each(table.tBodies[0].rows, function (row) { return { row: row, key: searchKey(row.textContent) }; }) };
  });
  var index = each(window.SITE_INDEX || [], function (entry) { return { entry: entry, key: searchKey(entry[0]) }; });
  var here = location.pathname.split('/').pop() || 'index.html';
  function narrow(query) {
    tables.forEach(function (t) {
      var shown = 0;
      t.rows.forEach(function (r) {
        r.row.hidden = query !== '' && r.key.indexOf(query) === -1;
        if (!r.row.hidden) shown++;
      });
      var count = document.getElementById(t.table.id + '-count');
      if (count) count.textContent = shown + ' of ' + t.rows.length;
    });
  }
  function list(query) {
    box.textContent = '';
    box.hidden = query.length < 2;
    if (box.hidden) return;
    var hits = index.filter(function (e) {
      return e.key.indexOf(query) !== -1 && !(tables.length && e.entry[2].split('#')[0] === here);
    });
    var where = tables.length ? 'On other pages' : 'Found';
    var title = document.createElement('p');
    title.textContent = hits.length ? where + ' (' + hits.length + (hits.length > 30 ? ', first 30' : '') + '):' : 'Nothing found' + (tables.length ? ' on other pages.' : '.');
    box.appendChild(title);
    var ul = document.createElement('ul');
    hits.slice(0, 30).forEach(function (e) {
      var item = document.createElement('li');
      var link = document.createElement('a');
      link.href = e.entry[2];
      link.textContent = e.entry[0];
      item.appendChild(link);
      item.appendChild(document.createTextNode(' (' + e.entry[1] + ')'));
      ul.appendChild(item);
    });
    box.appendChild(ul);
  }
  function apply() {
    var query = searchKey(input.value);
    narrow(query);
    list(query);
  }
  input.addEventListener('input', apply);
  // On load: the tables' counts, and the matches of a query the browser kept (back, reload).
  if (tables.length || input.value) apply();
})();
`;
