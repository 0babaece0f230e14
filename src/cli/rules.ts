/**
 * `social-analytics-api rules [ID] [--json]`: the rule register the package ships
 * (generated/rules.ts, from catalogs/rules.yaml). With an id: the rule, its level, what it checks
 * and the sentence it rests on (document and section) or why it is inferred. Without: one line
 * per rule. Every problem the validators, the request checks, the `validate` reports and the
 * vitest matcher give names its rule; this command explains it.
 */
import { RULES } from '../../generated/rules.js';
import { ruleListText, ruleText } from '../catalog/rule-text.js';
import type { Rule } from '../shared/catalog-types.js';
import { readOptions, type OptionTable } from './parse-options.js';
import { RULES_USAGE } from './usage.js';

const RULES_OPTIONS: OptionTable = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } };

/** How many close matches an unknown id is answered with. */
const MAX_MATCHES = 5;

/** Edit distance between two strings (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}

/** The ids closest to an unknown one: those that hold it, then those a few edits away. */
export function closeMatches(id: string, ids: readonly string[]): string[] {
  const query = id.toLowerCase();
  const limit = Math.max(2, Math.floor(query.length / 4));
  return ids
    .map((candidate) => ({ candidate, score: candidate.includes(query) ? 0 : distance(query, candidate) }))
    .filter((m) => m.score <= limit)
    .sort((a, b) => a.score - b.score || (a.candidate < b.candidate ? -1 : 1))
    .slice(0, MAX_MATCHES)
    .map((m) => m.candidate);
}

/** Where the command prints (standard output and error unless given). */
interface RulesIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const CONSOLE: RulesIo = { out: (text) => console.log(text), err: (text) => console.error(text) };

/** Runs the command; resolves with the exit code (2: usage error or unknown rule). */
export async function runRules(args: string[], io: RulesIo = CONSOLE): Promise<number> {
  const fail = (message: string) => {
    io.err(`social-analytics-api rules: ${message}`);
    return 2;
  };
  const read = readOptions(args, RULES_OPTIONS);
  if ('error' in read) return fail(`${read.error}\nrun social-analytics-api rules --help for more`);
  const has = (name: string) => read.tokens.some((t) => t.kind === 'option' && t.name === name);
  const ids = read.tokens.flatMap((t) => (t.kind === 'positional' ? [t.value] : []));
  if (has('help')) {
    io.out(RULES_USAGE);
    return 0;
  }
  if (ids.length > 1) return fail(`give one rule id, got ${ids.length} (${ids.join(', ')})`);
  const register: Readonly<Record<string, Rule>> = RULES;
  const json = has('json');
  if (!ids.length) {
    const rules = Object.values(register);
    io.out(json ? JSON.stringify(rules, null, 2) : ruleListText(rules));
    return 0;
  }
  const rule = Object.hasOwn(register, ids[0]) ? register[ids[0]] : undefined;
  if (!rule) {
    const matches = closeMatches(ids[0], Object.keys(register));
    return fail(`unknown rule "${ids[0]}"; ${matches.length ? `close matches: ${matches.join(', ')}` : 'no close match (social-analytics-api rules lists them all)'}`);
  }
  io.out(json ? JSON.stringify(rule, null, 2) : ruleText(rule));
  return 0;
}
