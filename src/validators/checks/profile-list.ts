/** The harness of a profile list: walks its profiles once and runs the rules of ../rules/profile-list.ts on each. */
import type { ProblemList } from '../../core/problems/problem-list.js';
import { profileRules } from '../rules/profile-list.js';
import { RuleRun, ruleList, runRules } from '../rules/rule-table.js';
import { isPlainObject } from '../facts/values.js';

const RULES = ruleList(profileRules);

export function checkProfileList(list: ProblemList, body: Record<string, unknown>, network: string): void {
  const profiles = body.profiles;
  if (!Array.isArray(profiles)) return;
  const run = new RuleRun(list);
  const facts = { network };
  for (let i = 0; i < profiles.length && !list.shouldStop(); i++) {
    const profile = profiles[i];
    if (isPlainObject(profile)) runRules(run, RULES, profile, i, facts);
  }
}
