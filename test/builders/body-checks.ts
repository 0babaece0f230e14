/** The compiled body checks of every operation that has them, for the request-check tests. */
import { V1_REQUESTS, V2_REQUESTS } from '../../src/request-checks/check.js';
import type { RequestBodyChecks } from '../../src/request-checks/schema-types.js';

/** Operation key -> its body checks, both versions. */
export const bodyChecks: Readonly<Record<string, RequestBodyChecks>> = Object.fromEntries(
  Object.entries({ ...V1_REQUESTS.operations, ...V2_REQUESTS.operations }).flatMap(([operation, op]) => (op.body ? [[operation, op.body]] : [])),
);

/** [schema pointer, rule id] of every entry of the rule tables of `checks`. */
export function ruleEntries(checks: RequestBodyChecks): [string, string][] {
  return checks.rules.flatMap((table) => Object.entries(table).map(([at, r]): [string, string] => [at, typeof r === 'string' ? r : r.rule]));
}
