/**
 * The body of a rendered site page, for tests that compare it with the expected text: checks
 * that the page is exactly the frame of `page()` (banner, head, inline CSS, header, title,
 * inline script) around a body, and returns that body.
 */
import { expect } from 'vitest';
import { page, type PageOptions } from '../../scripts/generators/site/html.js';

const MARK = '\u0000body\u0000';

export function bodyOf(html: string, frame: Omit<PageOptions, 'body'>): string {
  const [before, after] = page({ ...frame, body: MARK }).split(MARK);
  expect(html.startsWith(before), 'the page starts with the frame of page()').toBe(true);
  expect(html.endsWith(after), 'the page ends with the frame of page()').toBe(true);
  return html.slice(before.length, html.length - after.length);
}
