/**
 * What the site test measures on a page in the browser, at the window's width: how wide the
 * document is, how wide and where the header bar is, and which identifiers (code spans without
 * a space, Redoc's property names, the names the search box lists) break across lines.
 */
import type { Page } from 'playwright-core';

export interface Layout {
  /** document.documentElement.scrollWidth and clientWidth. */
  scrollWidth: number;
  clientWidth: number;
  /** The header bar's box, or undefined when the page has none. */
  header?: { left: number; width: number };
  /** How many identifiers were looked at. */
  identifiers: number;
  /** `text (n lines)` of every identifier shown on more than one line. */
  broken: string[];
}

/** Elements holding one identifier each (those with a space in their text are left out). */
export const IDENTIFIERS = 'main code, #redoc code, #redoc .schema-name, header.site .search-results a';

export function measureLayout(page: Page): Promise<Layout> {
  return page.evaluate((selector) => {
    const root = document.documentElement;
    const bar = document.querySelector('header.site')?.getBoundingClientRect();
    const broken: string[] = [];
    let identifiers = 0;
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const text = (el.textContent ?? '').trim();
      const rects = Array.from(el.getClientRects()).filter((r) => r.width > 0);
      if (!text || /\s/.test(text) || rects.length === 0) continue;
      identifiers++;
      // One line: one box, no taller than two font sizes (a wrapped inline-block is one tall box).
      const tall = rects[0].height > 2 * parseFloat(getComputedStyle(el).fontSize);
      if (rects.length > 1 || tall) broken.push(`${text} (${rects.length} boxes, ${Math.round(rects[0].height)} px high)`);
    }
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
      header: bar && { left: bar.left, width: bar.width },
      identifiers,
      broken,
    };
  }, IDENTIFIERS);
}
