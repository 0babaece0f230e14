/**
 * What the members' pass of version 1 metrics bodies (./metrics-v1.ts) remembers from one record
 * to the next, and from one body to the next: the checks of one operation of a validator instance
 * own one memo (a `metricsV1Checks` made per operation and kept with its plan). Records of one
 * body, and the bodies answering one request, list the same names and the same dates, so:
 * - the member names of the records read, by position, with what the pass tests of each (a
 *   function of the name and the network's catalog alone);
 * - the verdict of the requested-members check for the names remembered (a function of those
 *   names, whether the record had a `date`, and the request's metrics), with what it was judged for;
 * - the dates that passed every date check, by record position, and how many of the first of them
 *   follow each other in increasing order of days (functions of the dates and the request's range).
 * Each is reused only when what it is a function of is the same, compared exactly, so a verdict
 * never depends on the bodies before. Kept between bodies: at most {@link KEPT_POSITIONS} of each.
 */
import type { RequestFacts } from '../facts/v1-request-facts.js';

/** Positions kept from one body to the next (members of a record, dates of a profile): more than a record of any catalog holds, or the days of any requested range. */
export const KEPT_POSITIONS = 512;

export class RecordMemo {
  /** The member names of the records read, by position (`names[at]` set last: `kinds[at]` is its kind). */
  readonly names: string[] = [];
  readonly kinds: number[] = [];
  /**
   * How many of `names` the requested-members verdict was judged for (-1: no verdict; set to -1
   * whenever a remembered name changes), whether the record had a `date` (1 or 0), the request's
   * facts it was judged against, and the verdict: the record's members are off as requested.
   */
  judgedCount = -1;
  judgedDated = -1;
  judgedFor: RequestFacts | undefined = undefined;
  membersOff = false;
  /** The dates that passed every date check for {@link datesFor}, by record position. */
  private passed: (string | undefined)[] = [];
  /** The first `orderedPassed` of {@link passed} follow each other in increasing order of days. */
  orderedPassed = 0;
  private datesFor: RequestFacts | undefined = undefined;

  /** The dates that passed for `facts` (a new list when the last body's were for other facts). */
  passedFor(facts: RequestFacts | undefined): (string | undefined)[] {
    if (facts !== this.datesFor) {
      this.orderedPassed = 0;
      this.passed = [];
      this.datesFor = facts;
    }
    return this.passed;
  }

  /**
   * Forgets the positions past {@link KEPT_POSITIONS} (a body of longer records or profiles is not
   * kept whole). What was found of them needs no reset: a position without a name or date is
   * judged again, and a verdict or order judged over more positions than are kept is then judged
   * again too (`judgedCount` differs; `orderedPassed` is lowered at the first position without a date).
   */
  trim(): void {
    if (this.names.length > KEPT_POSITIONS) this.names.length = this.kinds.length = KEPT_POSITIONS;
    if (this.passed.length > KEPT_POSITIONS) this.passed.length = KEPT_POSITIONS;
  }
}
