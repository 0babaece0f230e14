/**
 * The harness of a failure body: walks its error objects once and runs the rules of
 * ../rules/failure.ts on each.
 */
import type { ProblemList } from '../../core/problems/problem-list.js';
import { errorRules, type FailureFacts } from '../rules/failure.js';
import { RuleRun, ruleList, runRules } from '../rules/rule-table.js';
import { isPlainObject } from '../facts/values.js';

export { failureStatuses } from '../rules/failure.js';

const RULES = ruleList(errorRules);

export function checkFailure(list: ProblemList, body: Record<string, unknown>, status: number): void {
  const errors = body.errors;
  if (!Array.isArray(errors)) return;
  const run = new RuleRun(list);
  const facts: FailureFacts = { status };
  for (let i = 0; i < errors.length; i++) {
    const error = errors[i];
    if (isPlainObject(error)) runRules(run, RULES, error, i, facts);
  }
}
