/**
 * A success answer to a request the documents refuse, or may refuse: the request breaks a request
 * rule (`checkRequest`, the same check the builders and the mock run). Stated, where the documents
 * name the refusal: a limit of catalogs/limits.yaml ("excess gives code 4";
 * `shared.response.limit-refused`) and an unknown metric name ("input validation error (for
 * example an unknown metric name)", code 3; `shared.response.invalid-request-refused`). Inferred,
 * where they name none: any other stated request rule (the server may refuse it, or cap or ignore
 * what it does not take; `shared.response.invalid-request-answered`) and a date range past the
 * narrower calendar reading of "3 months" (`shared.response.limit-refused-calendar`). Other
 * inferred request rules are not read here: the documents do not say the API refuses what they catch.
 */
import { requestLimits } from '../../catalog/request-catalog.js';
import type { OperationRequestCheck } from '../../request-checks/check.js';
import type { ProblemList } from '../../core/problems/problem-list.js';
import type { RuleId } from '../../core/rules.js';
import type { RememberedRequest } from './request-memo.js';
import { isQuietRequest } from './quiet-request.js';

/** The API's codes for an exceeded profiles, metrics or date range limit (4 in catalogs/limits.yaml). */
const LIMIT_CODES: ReadonlySet<number> = new Set([requestLimits.profilesPerMetricsRequest.errorCode, requestLimits.metricsPerMetricsRequest.errorCode, requestLimits.dateRangeMonths.errorCode]);

/** The request rules whose refusal the error table names: "input validation error (for example an unknown metric name)". */
const NAMED_REFUSALS: ReadonlySet<RuleId> = new Set<RuleId>(['v2.metrics.metric-names', 'v1.metrics.metric-names']);

/** A problem of the refusal check: its rule and message (the place is the whole body). */
export type Refusal = NonNullable<RememberedRequest['refusals']>[number];

const NO_REFUSALS: readonly Refusal[] = Object.freeze([]);

/** The problems of the refusal check of `request` as the whole request check finds them (`check`: its operation's request check). */
export function refusalsOf(check: OperationRequestCheck, request: Record<string, unknown>): readonly Refusal[] {
  let found: Refusal[] | undefined;
  for (const problem of check(request)) {
    const where = `request ${problem.parameter}: ${problem.message} [${problem.rule}]`;
    if (problem.rule === 'shared.metrics.date-range-calendar') {
      (found ??= []).push(['shared.response.limit-refused-calendar', `a success answer to a request past the narrower calendar reading of the ${requestLimits.dateRangeMonths.value}-month limit, which a server reading it so refuses with code 4 (${where})`]);
      continue;
    }
    if (problem.severity !== 'error') continue;
    if (LIMIT_CODES.has(problem.code)) (found ??= []).push(['shared.response.limit-refused', `a success answer to a request over a limit, which the documents refuse with code 4 (${where})`]);
    else if (NAMED_REFUSALS.has(problem.rule)) (found ??= []).push(['shared.response.invalid-request-refused', `a success answer to a request naming an unknown metric, which the documents refuse with code 3, an input validation error (${where})`]);
    else (found ??= []).push(['shared.response.invalid-request-answered', `a success answer to a request breaking a stated request rule; the documents name no error for it, so the server may refuse it or cap or ignore what it does not take (${where})`]);
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
