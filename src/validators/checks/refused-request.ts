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
import type { RememberedRequest } from './request-memo.js';
import { isQuietRequest } from './quiet-request.js';

/** The API's codes for an exceeded profiles, metrics or date range limit (4 in catalogs/limits.yaml). */
const LIMIT_CODES: ReadonlySet<number> = new Set([requestLimits.profilesPerMetricsRequest.errorCode, requestLimits.metricsPerMetricsRequest.errorCode, requestLimits.dateRangeMonths.errorCode]);

/** A problem of the refusal check: its rule and message (the place is the whole body). */
export type Refusal = NonNullable<RememberedRequest['refusals']>[number];

const NO_REFUSALS: readonly Refusal[] = Object.freeze([]);

/** The problems of the refusal check of `request` as the whole request check finds them (`check`: its operation's request check). */
export function refusalsOf(check: OperationRequestCheck, request: Record<string, unknown>): readonly Refusal[] {
  let found: Refusal[] | undefined;
  for (const problem of check(request)) {
    if (problem.severity !== 'error') continue;
    const where = `request ${problem.parameter}: ${problem.message} [${problem.rule}]`;
    if (LIMIT_CODES.has(problem.code)) (found ??= []).push(['shared.response.limit-refused', `a success answer to a request over a limit, which the documents refuse with code 4 (${where})`]);
    else (found ??= []).push(['shared.response.invalid-request-refused', `a success answer to an invalid request, which the documents refuse with code 3 (${where})`]);
  }
  return found ?? NO_REFUSALS;
}

/**
 * The problems of the refusal check of `request`: none for a request that one pass finds quiet
 * (./quiet-request.ts: the common metrics request), else those the whole request check finds
 * ({@link refusalsOf}); the same problems either way.
 */
export function requestRefusals(check: OperationRequestCheck, request: Record<string, unknown>): readonly Refusal[] {
  return isQuietRequest(check, request) ? NO_REFUSALS : refusalsOf(check, request);
}

/**
 * One problem per stated rule `request` breaks as the body of its operation (`check`: that
 * operation's request check); `known`: what is remembered of the request (./request-memo.ts), whose
 * problems are found once.
 */
export function checkRefusedRequest(list: ProblemList, check: OperationRequestCheck, request: Record<string, unknown>, known: RememberedRequest): void {
  const refusals = (known.refusals ??= requestRefusals(check, request));
  for (let i = 0; i < refusals.length; i++) list.add(refusals[i][0], '', refusals[i][1]);
}
