/** The ids of one section of the register (catalogs/rules.yaml, between its header and the next header). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './spec-examples.js';

export function sectionRuleIds(section: 'response rules' | 'request rules'): string[] {
  const text = readFileSync(join(ROOT, 'catalogs/rules.yaml'), 'utf8');
  const start = text.indexOf(`# --- ${section}:`);
  if (start < 0) throw new Error(`catalogs/rules.yaml has no "${section}" section`);
  const end = text.indexOf('# --- ', start + 1);
  return [...text.slice(start, end === -1 ? undefined : end).matchAll(/^ {2}- id: (\S+)$/gm)].map((m) => m[1]);
}

export const responseRuleIds = () => sectionRuleIds('response rules');
