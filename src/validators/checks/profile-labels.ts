/** The harness of a profile label list: walks its labels once and runs the rules of ../rules/profile-labels.ts on each. */
import type { ProblemList } from '../../core/problems/problem-list.js';
import { labelRules } from '../rules/profile-labels.js';
import { RuleRun, ruleList, runRules } from '../rules/rule-table.js';
import { isPlainObject } from '../facts/values.js';

const RULES = ruleList(labelRules);

export function checkProfileLabels(list: ProblemList, body: Record<string, unknown>): void {
  const labels = body.data;
  if (!Array.isArray(labels)) return;
  const run = new RuleRun(list);
  for (let i = 0; i < labels.length && !list.shouldStop(); i++) {
    const label = labels[i];
    if (isPlainObject(label)) runRules(run, RULES, label, i, undefined);
  }
}
