/** The ids of the register's response section (catalogs/rules.yaml, between its header and the next header). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './spec-examples.js';

export function responseRuleIds(): string[] {
  const text = readFileSync(join(ROOT, 'catalogs/rules.yaml'), 'utf8');
  const start = text.indexOf('# --- response rules (i11-validators) ---');
  if (start < 0) throw new Error('catalogs/rules.yaml has no response rules section');
  const end = text.indexOf('# --- ', start + 1);
  return [...text.slice(start, end === -1 ? undefined : end).matchAll(/^ {2}- id: (\S+)$/gm)].map((m) => m[1]);
}
