/** The worked examples of docs/architecture.md, read by the tests that redo them on a copy of the project. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './temp-project.js';

/** A worked example of docs/architecture.md: its counts of files by hand and regenerated, and the generated/ files it names. */
export function workedExample(title: string): { byHand: number; regenerated: number; named: string[] } {
  const doc = readFileSync(join(PROJECT_ROOT, 'docs/architecture.md'), 'utf8');
  const start = doc.indexOf(`**${title}**`);
  if (start === -1) throw new Error(`docs/architecture.md has no worked example "${title}"`);
  const text = doc.slice(start, doc.indexOf('\n**', start + 1));
  const count = (what: string) => Number(new RegExp(`${what} \\((\\d+)\\)`).exec(text)?.[1]);
  const named = [...text.slice(text.indexOf('regenerated (')).matchAll(/`(generated\/[^`]+)`/g)].map((m) => m[1]);
  return { byHand: count('by hand'), regenerated: count('regenerated'), named };
}
