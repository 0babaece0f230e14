/** Expected problems of validation results, with the rule and the severity its level gives. */
import { ruleLevel, type RuleId } from '../../generated/rules.js';
import type { ValidationError } from '../../src/validators/index.js';

/** The problem `validateResponse` reports for `rule` by default: an error when stated, a warning when inferred. */
export function problem(rule: RuleId, pointer: string, message: string): ValidationError {
  return { pointer, message, rule, severity: ruleLevel(rule) === 'stated' ? 'error' : 'warning' };
}

/** The same problem in strict mode: always an error. */
export function strictProblem(rule: RuleId, pointer: string, message: string): ValidationError {
  return { pointer, message, rule, severity: 'error' };
}

/** Errors then warnings of a result. */
export const problems = (result: { readonly errors: readonly ValidationError[]; readonly warnings: readonly ValidationError[] }) => [...result.errors, ...result.warnings];
