/** A rule of the register for people: what it checks, its sentence or its inference, network names as the catalogs spell them. */
import { catalogs } from './catalogs.js';
import { withNetworkNames } from '../shared/network-names.js';
import type { Rule } from '../shared/catalog-types.js';

const DOCUMENTS: Record<'v1' | 'v2', string> = { v2: 'document 1 (version 2)', v1: 'document 2 (version 1)' };
const LEVELS: Record<Rule['level'], string> = { stated: 'stated: a break is an error', inferred: 'inferred: a break is a warning, an error in strict mode' };
const named = (text: string) => withNetworkNames(text, catalogs.networks);

/** What a rule checks, for people (network names as the catalogs spell them). */
export const ruleChecks = (rule: Rule): string => named(rule.checks);

/** A rule for people: id and level, what it checks, then its sentence or the inference. */
export function ruleText(rule: Rule): string {
  const lines = [`${rule.id}  (${LEVELS[rule.level]})`, `checks:    ${ruleChecks(rule)}`];
  if (rule.source) {
    lines.push(`source:    ${DOCUMENTS[rule.source.document]}, section "${named(rule.source.section)}":`, `           "${named(rule.source.quote)}"`);
    for (const also of rule.source.also ?? []) {
      lines.push(`and:       ${DOCUMENTS[also.document]}, section "${named(also.section)}":`, `           "${named(also.quote)}"`);
    }
  }
  if (rule.inferred) lines.push(`inferred:  ${named(rule.inferred)}`);
  return lines.join('\n');
}

/** Every rule on one line (id, level, what it checks), after a count. */
export function ruleListText(rules: readonly Rule[]): string {
  const stated = rules.filter((r) => r.level === 'stated').length;
  const width = Math.max(...rules.map((r) => r.id.length));
  return [
    `${rules.length} rules: ${stated} stated, ${rules.length - stated} inferred; social-analytics-api rules <id> prints one with its sentence`,
    ...rules.map((r) => `${r.id.padEnd(width)}  ${r.level.padEnd(8)}  ${named(r.checks)}`),
  ].join('\n');
}
