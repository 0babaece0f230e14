/**
 * A success answer to a request the documents refuse: the request breaks a stated request rule
 * (`checkRequest`, the same check the builders and the mock run), so the API answers it with a
 * failure (code 4 for an exceeded limit of catalogs/limits.yaml, code 3 for any other invalid
 * input), never with `success: true`. Inferred request rules are not read here: the documents do
 * not say that the API refuses what they catch.
 */
import { requestLimits } from '../../catalog/request-catalog.js';
import type { OperationRequestCheck } from '../../request-checks/check.js';
import type { ProblemList } from '../../core/problems/problem-list.js';

/** The API's codes for an exceeded profiles, metrics or date range limit (4 in catalogs/limits.yaml). */
const LIMIT_CODES: ReadonlySet<number> = new Set([requestLimits.profilesPerMetricsRequest.errorCode, requestLimits.metricsPerMetricsRequest.errorCode, requestLimits.dateRangeMonths.errorCode]);

/** One problem per stated rule `request` breaks as the body of its operation (`check`: that operation's request check). */
export function checkRefusedRequest(list: ProblemList, check: OperationRequestCheck, request: Record<string, unknown>): void {
  for (const problem of check(request)) {
    if (problem.severity !== 'error') continue;
    const where = `request ${problem.parameter}: ${problem.message} [${problem.rule}]`;
    if (LIMIT_CODES.has(problem.code)) list.add('shared.response.limit-refused', '', `a success answer to a request over a limit, which the documents refuse with code 4 (${where})`);
    else list.add('shared.response.invalid-request-refused', '', `a success answer to an invalid request, which the documents refuse with code 3 (${where})`);
  }
}
