/**
 * axe-core in a page of the site: its script is put into the page (no request), then run with
 * the WCAG 2 level A and AA rules. Returns one line per violation: the rule, its impact, and the
 * first few elements it names.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The source of axe.min.js of the installed axe-core, read once per test file. */
export function axeSource(): string {
  return readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
}

export const WCAG_TAGS = ['wcag2a', 'wcag2aa'];

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

export async function axeViolations(page: Page, source: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: source });
  const result = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
  }, WCAG_TAGS);
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}; ${v.nodes.length} elements: ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}`);
}
