/**
 * The problems of one check (a response or a request): deduplicated, capped, in the order found.
 * Each carries the register rule it breaks; the rule's level and `strict` make it an error or a
 * warning. Errors and warnings are capped separately, so many warnings never push an error out.
 * Checks add problems as `list.add(rule, place, message)`; the list turns them into
 * {@link ResponseProblem}s or {@link RequestProblem}s.
 */
import { ruleLevel, type RuleId } from '../rules.js';
import type { RequestProblem, ResponseProblem, Severity } from './problem.js';

/** At most this many errors, and this many warnings, are listed for one check. */
export const MAX_PROBLEMS = 100;

/** The API's code for an input validation error (the code of a request problem unless given). */
export const VALIDATION_CODE = 3;

/** One problem as found: its place is a JSON pointer or a request parameter, as the list's user reads it. */
export interface FoundProblem {
  readonly rule: RuleId;
  readonly severity: Severity;
  readonly place: string;
  readonly message: string;
  /** The API error code (request problems). */
  readonly code: number;
}

export interface ProblemListOptions {
  /** Broken inferred rules are errors too. */
  readonly strict?: boolean;
  /** Problems kept per severity (default {@link MAX_PROBLEMS}). */
  readonly max?: number;
  /** The place of the last entry that says problems were left out: the whole body (`""`, or `body` for a request). */
  readonly whole?: string;
}

export class ProblemList {
  /** The problems listed, of either severity, in the order found; created with the first, as is `seen`: a check without problems allocates neither. */
  private found: FoundProblem[] | undefined;
  private seen: Set<string> | undefined;
  private readonly strict: boolean;
  private readonly max: number;
  private readonly whole: string;
  private errorCount = 0;
  /** The rule of the first problem of each severity left out by the cap. */
  private droppedError: RuleId | undefined;
  private droppedWarning: RuleId | undefined;
  /** True once the error cap is reached: the check's verdict is known, checks may stop early. */
  full = false;
  /** Problems listed so far, of either severity. */
  count = 0;

  constructor(options: ProblemListOptions = {}) {
    this.strict = options.strict === true;
    this.max = options.max ?? MAX_PROBLEMS;
    this.whole = options.whole ?? '';
  }

  /**
   * Lists a problem unless the same message was listed at the same place; `code`: the API error
   * code of a request problem. Returns the problem when it was listed.
   */
  add(rule: RuleId, place: string, message: string, code = VALIDATION_CODE): FoundProblem | undefined {
    const key = `${place}\u0000${message}`;
    const seen = (this.seen ??= new Set<string>());
    if (seen.has(key)) return undefined;
    seen.add(key);
    const error = this.strict || ruleLevel(rule) === 'stated';
    if ((error ? this.errorCount : this.count - this.errorCount) >= this.max) {
      if (error) {
        this.droppedError ??= rule;
        this.full = true;
      } else this.droppedWarning ??= rule;
      return undefined;
    }
    const problem: FoundProblem = { rule, severity: error ? 'error' : 'warning', place, message, code };
    (this.found ??= []).push(problem);
    this.count++;
    if (error) this.errorCount++;
    return problem;
  }

  /** Every problem listed, in the order found; then, per severity, an entry saying when the cap left problems out. */
  all(): readonly FoundProblem[] {
    const found = this.found ?? [];
    if (this.droppedError === undefined && this.droppedWarning === undefined) return found;
    return [...found, ...this.left('error', this.droppedError), ...this.left('warning', this.droppedWarning)];
  }

  /** The entry saying that the cap left problems of `severity` out (none when it left none out). */
  private left(severity: Severity, rule: RuleId | undefined): FoundProblem[] {
    return rule === undefined ? [] : [{ rule, severity, place: this.whole, message: `more problems not listed (only the first ${this.max} are shown)`, code: VALIDATION_CODE }];
  }
}

/** A problem found in a response body. */
export const atPointer = ({ place, message, rule, severity }: FoundProblem): ResponseProblem => ({ pointer: place, message, rule, severity });

/** A problem found in a request body. */
export const atParameter = ({ place, message, code, rule, severity }: FoundProblem): RequestProblem => ({ parameter: place, message, code, rule, severity });
