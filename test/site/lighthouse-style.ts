/**
 * Lighthouse-style checks of a page as a phone or laptop shows it, beyond axe's WCAG 2 A/AA
 * rules (axe.ts): a viewport meta tag that lets the page fit and zoom; legible text (no visible
 * text below 12 px, Lighthouse's threshold); headings in order (one h1, no level skipped) and
 * every content in a landmark; tap targets of at least 24 by 24 px or spaced so (WCAG 2.2
 * target size, axe's `target-size`); no text wider than its box (content cut off on a phone).
 * One call per page view: axe runs once more with these rules only.
 */
import type { Page } from 'playwright-core';

/** axe rules outside the WCAG 2 A/AA tags that Lighthouse's accessibility and SEO audits use. */
export const EXTRA_AXE_RULES = ['heading-order', 'page-has-heading-one', 'landmark-one-main', 'region', 'target-size', 'meta-viewport', 'meta-viewport-large', 'empty-heading'];

/** Smallest font size of visible text, as Lighthouse's "legible font sizes" audit counts it. */
export const MIN_FONT_PX = 12;

interface AxeResult {
  violations: { id: string; nodes: { target: unknown[] }[] }[];
}

/** One line per problem found on the page as it is shown now. */
export async function lighthouseStyleProblems(page: Page, axeSource: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const { viewport, smallText, headings, axe } = await page.evaluate(async ({ rules, minFont }) => {
    const meta = document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '';
    const small = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !(node.textContent ?? '').trim() || el.closest('[hidden], script, style')) continue;
      if (el.getClientRects().length === 0) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < minFont) small.add(`${el.tagName.toLowerCase()} "${(node.textContent ?? '').trim().slice(0, 30)}" (${size} px)`);
    }
    const levels = Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'), (h) => Number(h.tagName[1]));
    const axeApi = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
    const result = await axeApi.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
    return {
      viewport: meta,
      smallText: [...small].slice(0, 5),
      headings: levels,
      axe: result.violations.map((v) => `${v.id}: ${v.nodes.length} elements: ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}`),
    };
  }, { rules: EXTRA_AXE_RULES, minFont: MIN_FONT_PX });
  const problems: string[] = [];
  if (!/width=device-width/.test(viewport) || /user-scalable\s*=\s*(no|0)/.test(viewport) || /maximum-scale\s*=\s*(0|1(\.0*)?)\b/.test(viewport)) {
    problems.push(`viewport meta tag "${viewport}": it must have width=device-width and allow zooming`);
  }
  if (smallText.length) problems.push(`text smaller than ${MIN_FONT_PX} px: ${smallText.join('; ')}`);
  if (headings.filter((l) => l === 1).length !== 1) problems.push(`${headings.filter((l) => l === 1).length} h1 headings, not one`);
  const skipped = headings.flatMap((level, i) => (i > 0 && level > headings[i - 1] + 1 ? [`h${headings[i - 1]} then h${level}`] : []));
  if (skipped.length) problems.push(`heading levels skipped: ${[...new Set(skipped)].join(', ')}`);
  problems.push(...axe.map((v) => `axe ${v}`));
  return problems;
}
