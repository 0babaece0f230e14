/** The search box's comparison key (run in node as the pages run it in the browser) and its markup. */
import { describe, expect, it } from 'vitest';
import { SEARCH_KEY_FUNCTION, SEARCH_SCRIPT, searchBox, SITE_SEARCH } from '../../scripts/generators/site/search-box.js';

const searchKey = new Function(`${SEARCH_KEY_FUNCTION}\nreturn searchKey;`)() as (text: string) => string;

describe('searchKey', () => {
  it.each([
    ['FANS CHANGE', 'fans change'],
    ['fans_change', 'fans change'],
    ['Fans-Change', 'fans change'],
    ['date.day', 'date day'],
    ['  fans _ change  ', 'fans change'],
    ['v2.metrics.header-order', 'v2 metrics header order'],
    ['\tInsights_Reach\n', 'insights reach'],
  ])('%j -> %j', (text, key) => {
    expect(searchKey(text)).toBe(key);
  });

  it('makes "FANS CHANGE" a part of the key of a row holding fans_change, and not of one without it', () => {
    expect(searchKey('fans_change integer sum Networks: facebook').includes(searchKey('FANS CHANGE'))).toBe(true);
    expect(searchKey('fans_lifetime integer; change of fans').includes(searchKey('FANS CHANGE'))).toBe(false);
  });

  it('is the function the page script uses', () => {
    expect(SEARCH_SCRIPT).toContain(SEARCH_KEY_FUNCTION.replace(/\n/g, '\n  '));
    expect(SEARCH_SCRIPT).toContain('var query = searchKey(input.value);');
  });
});

describe('searchBox', () => {
  it('a labelled search field and an empty, hidden list of matches', () => {
    expect(searchBox()).toBe(
      [
        `<div class="filter" role="search"><label for="filter">${SITE_SEARCH.label}</label><input id="filter" type="search" placeholder="${SITE_SEARCH.placeholder}" autocomplete="off"></div>`,
        '<div class="search-results" id="search-results" hidden></div>',
      ].join('\n'),
    );
  });
});
