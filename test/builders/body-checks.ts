/** The compiled body checks of every operation that has them, for the request-check tests. */
import { v1Requests, v2Requests } from '../../generated/request-validators.js';
import type { RequestBodyChecks } from '../../src/request-checks/schema-types.js';

/** Operation key -> its body checks, both versions. */
export const bodyChecks: Readonly<Record<string, RequestBodyChecks>> = Object.fromEntries(
  Object.entries({ ...v1Requests, ...v2Requests }).flatMap(([operation, op]) => (op.body ? [[operation, op.body]] : [])),
);

/** [schema pointer, rule id] of every entry of the rule tables of `checks`. */
export function ruleEntries(checks: RequestBodyChecks): [string, string][] {
  return checks.rules.flatMap((table) => Object.entries(table).map(([at, r]): [string, string] => [at, typeof r === 'string' ? r : r.rule]));
}
