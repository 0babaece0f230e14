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
import { holdsSnapshot, snapshotOf, type Snapshot } from './request-snapshot.js';

/** The API's codes for an exceeded profiles, metrics or date range limit (4 in catalogs/limits.yaml). */
const LIMIT_CODES: ReadonlySet<number> = new Set([requestLimits.profilesPerMetricsRequest.errorCode, requestLimits.metricsPerMetricsRequest.errorCode, requestLimits.dateRangeMonths.errorCode]);

/** A problem of the refusal check: its rule and message (the place is the whole body). */
type Refusal = readonly [rule: 'shared.response.limit-refused' | 'shared.response.invalid-request-refused', message: string];

const NO_REFUSALS: readonly Refusal[] = Object.freeze([]);

/** The problems of the refusal check of `request` (`check`: its operation's request check). */
function refusalsOf(check: OperationRequestCheck, request: Record<string, unknown>): readonly Refusal[] {
  let found: Refusal[] | undefined;
  for (const problem of check(request)) {
    if (problem.severity !== 'error') continue;
    const where = `request ${problem.parameter}: ${problem.message} [${problem.rule}]`;
    if (LIMIT_CODES.has(problem.code)) (found ??= []).push(['shared.response.limit-refused', `a success answer to a request over a limit, which the documents refuse with code 4 (${where})`]);
    else (found ??= []).push(['shared.response.invalid-request-refused', `a success answer to an invalid request, which the documents refuse with code 3 (${where})`]);
  }
  return found ?? NO_REFUSALS;
}

/** The most requests a {@link RefusalCheck} remembers; when full it forgets them all. */
export const REMEMBERED_REQUESTS = 32;

/** What a refusal check remembers of a request: a copy of its data (none for a request given as text) and its problems. */
interface Remembered {
  readonly snapshot: Snapshot | undefined;
  readonly refusals: readonly Refusal[];
}

/**
 * The refusal check of one operation, with the answers for the requests it read last: a request
 * given again (the same text, or the same object still holding the same data, ./request-snapshot.ts)
 * gets the same problems without the request check (a CI run or a bench sends one request for
 * many responses). Owned by one validator's plan of the operation; remembers at most
 * {@link REMEMBERED_REQUESTS} requests.
 */
export class RefusalCheck {
  private readonly remembered = new Map<unknown, Remembered>();
  constructor(private readonly check: OperationRequestCheck) {}

  /**
   * One problem per stated rule `request` breaks as the body of the operation. `given`: the
   * request as the caller gave it (its JSON text, a built request or the body itself), of which
   * `request` is the body.
   */
  run(list: ProblemList, given: unknown, request: Record<string, unknown>): void {
    const known = this.remembered.get(given);
    let refusals: readonly Refusal[];
    if (known !== undefined && (typeof given === 'string' || (known.snapshot !== undefined && holdsSnapshot(request, known.snapshot)))) refusals = known.refusals;
    else {
      refusals = refusalsOf(this.check, request);
      const snapshot = typeof given === 'string' ? undefined : snapshotOf(request);
      if (typeof given === 'string' || snapshot !== undefined) {
        if (this.remembered.size >= REMEMBERED_REQUESTS) this.remembered.clear();
        this.remembered.set(given, { snapshot, refusals });
      }
    }
    for (let i = 0; i < refusals.length; i++) list.add(refusals[i][0], '', refusals[i][1]);
  }
}
