/**
 * The problems of one check (a response or a request): deduplicated, capped, in the order found.
 * Each carries the register rule it breaks; the rule's level and `strict` make it an error or a
 * warning. Errors and warnings are capped separately, so many warnings never push an error out.
 * Checks add problems as `list.add(rule, place, message)`; the list turns them into
 * {@link ResponseProblem}s or {@link RequestProblem}s.
 */
import { ruleLevel, type RuleId } from '../../generated/rule-levels.js';
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

/** The problems of one severity, up to a cap; a last entry says when problems were left out. */
class Bucket {
  readonly items: FoundProblem[] = [];
  /** The rule of the first problem left out, once the cap is reached. */
  dropped: RuleId | undefined;

  constructor(
    readonly severity: Severity,
    private readonly max: number,
  ) {}

  add(problem: FoundProblem): boolean {
    if (this.items.length < this.max) {
      this.items.push(problem);
      return true;
    }
    this.dropped ??= problem.rule;
    return false;
  }

  result(whole: string): readonly FoundProblem[] {
    if (this.dropped === undefined) return this.items;
    const message = `more problems not listed (only the first ${this.max} are shown)`;
    return [...this.items, { rule: this.dropped, severity: this.severity, place: whole, message, code: VALIDATION_CODE }];
  }
}

export interface ProblemListOptions {
  /** Broken inferred rules are errors too. */
  readonly strict?: boolean;
  /** Problems kept per severity (default {@link MAX_PROBLEMS}). */
  readonly max?: number;
  /** The place of the last entry that says problems were left out: the whole body (`""`, or `body` for a request). */
  readonly whole?: string;
  /** Keep the order found across severities, for {@link ProblemList.inOrder}. */
  readonly keepOrder?: boolean;
}

export class ProblemList {
  /** The buckets and the set are created with the first problem: a check without problems costs none of them. */
  private errorBucket: Bucket | undefined;
  private warningBucket: Bucket | undefined;
  private seen: Set<string> | undefined;
  /** Every problem listed, of either severity, in the order found (built only when asked for: requests). */
  private readonly found: FoundProblem[] | undefined;
  private readonly strict: boolean;
  private readonly max: number;
  private readonly whole: string;
  /** True once the error cap is reached: the check's verdict is known, checks may stop early. */
  full = false;
  /** Problems listed so far, of either severity. */
  count = 0;

  constructor(options: ProblemListOptions = {}) {
    this.strict = options.strict === true;
    this.max = options.max ?? MAX_PROBLEMS;
    this.whole = options.whole ?? '';
    this.found = options.keepOrder ? [] : undefined;
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
    const bucket = this.strict || ruleLevel(rule) === 'stated' ? (this.errorBucket ??= new Bucket('error', this.max)) : (this.warningBucket ??= new Bucket('warning', this.max));
    const problem: FoundProblem = { rule, severity: bucket.severity, place, message, code };
    const listed = bucket.add(problem);
    if (listed) this.found?.push(problem);
    this.count = (this.errorBucket?.items.length ?? 0) + (this.warningBucket?.items.length ?? 0);
    this.full = this.errorBucket?.dropped !== undefined;
    return listed ? problem : undefined;
  }

  /** The problems of severity `error`, in the order found. */
  errors(): readonly FoundProblem[] {
    return this.errorBucket?.result(this.whole) ?? [];
  }

  /** The problems of severity `warning`, in the order found. */
  warnings(): readonly FoundProblem[] {
    return this.warningBucket?.result(this.whole) ?? [];
  }

  /** Every problem of either severity in the order found (a list made with `keepOrder`), then what the caps left out. */
  inOrder(): readonly FoundProblem[] {
    if (!this.found) throw new Error('ProblemList.inOrder: the list was made without keepOrder');
    const errors = this.errors();
    const warnings = this.warnings();
    const capped = [...errors.slice(this.errorBucket?.items.length ?? 0), ...warnings.slice(this.warningBucket?.items.length ?? 0)];
    return capped.length ? [...this.found, ...capped] : this.found;
  }
}

/** A problem found in a response body. */
export const atPointer = ({ place, message, rule, severity }: FoundProblem): ResponseProblem => ({ pointer: place, message, rule, severity });

/** A problem found in a request body. */
export const atParameter = ({ place, message, code, rule, severity }: FoundProblem): RequestProblem => ({ parameter: place, message, code, rule, severity });
