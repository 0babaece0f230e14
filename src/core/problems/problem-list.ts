/**
 * The problems of one check (a response or a request): deduplicated, capped, in the order found.
 * Each carries the register rule it breaks; the rule's level and `strict` make it an error or a
 * warning, here and nowhere else (an error of an inferred rule is marked `inferred`). Two caps bound what is listed, whatever the size of the input:
 * - per rule: at most {@link MAX_PROBLEMS_PER_RULE} problems of one rule, so that one rule broken
 *   at thousands of places never hides the others; the rest of that rule is one entry,
 *   `and 3980 more problems of rule shared.posts.filter-shape not listed (...)`;
 * - per severity: at most {@link MAX_PROBLEMS} errors, and as many warnings, so many warnings
 *   never push an error out; the rest is one entry per severity, `and 12 more problems not listed (...)`.
 * Every problem found is counted, so the "and N more" counts are exact. The request checks find
 * every problem (their work is linear in the input); the response checks stop once
 * {@link MAX_LEFT_OUT} problems were left out ({@link ProblemList.shouldStop}), and the entries
 * then say "at least".
 * Checks add problems as `list.add(rule, place, message)`; the list turns them into
 * {@link ResponseProblem}s or {@link RequestProblem}s.
 */
import { ruleLevel, type RuleId } from '../rules.js';
import type { RequestProblem, ResponseProblem, Severity } from './problem.js';

/** At most this many errors, and this many warnings, are listed for one check. */
export const MAX_PROBLEMS = 100;

/** At most this many problems of one rule are listed for one check (unless `max` is given: then `max`). */
export const MAX_PROBLEMS_PER_RULE = 20;

/**
 * A response check may stop once this many problems were left out by the caps: a body broken
 * everywhere is not walked to its end to count what no one reads (its entries then say "at least").
 */
export const MAX_LEFT_OUT = 10_000;

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
  /** An error of an inferred rule (strict mode). */
  readonly inferred?: true;
}

export interface ProblemListOptions {
  /** Broken inferred rules are errors too. */
  readonly strict?: boolean;
  /** Problems kept per severity (default {@link MAX_PROBLEMS}). */
  readonly max?: number;
  /** Problems kept per rule (default {@link MAX_PROBLEMS_PER_RULE}, or `max` when `max` is given). */
  readonly maxPerRule?: number;
  /** The place of the entries that say problems were left out: the whole body (`""`, or `body` for a request). */
  readonly whole?: string;
}

/** The problems of one rule or severity left out by a cap: how many, and the first one's facts. */
interface LeftOut {
  readonly rule: RuleId;
  readonly severity: Severity;
  readonly inferred?: true;
  readonly code: number;
  count: number;
}

export class ProblemList {
  /** The problems listed, of either severity, in the order found; created with the first, as is `seen`: a check without problems allocates neither. */
  private found: FoundProblem[] | undefined;
  private seen: Set<string> | undefined;
  private readonly strict: boolean;
  private readonly max: number;
  private readonly maxPerRule: number;
  private readonly whole: string;
  private errorCount = 0;
  /** Problems listed per rule. */
  private listedOf: Map<RuleId, number> | undefined;
  /** Problems left out by the per-rule cap, per rule, in the order of the first left out. */
  private overRule: Map<RuleId, LeftOut> | undefined;
  /** Problems left out by the per-severity cap. */
  private overError: LeftOut | undefined;
  private overWarning: LeftOut | undefined;
  /** A check stopped on {@link shouldStop}: the counts left out are lower bounds. */
  private stopped = false;
  /** Problems found, listed or left out by a cap (duplicates are not counted). */
  count = 0;

  constructor(options: ProblemListOptions = {}) {
    this.strict = options.strict === true;
    this.max = options.max ?? MAX_PROBLEMS;
    this.maxPerRule = options.maxPerRule ?? options.max ?? MAX_PROBLEMS_PER_RULE;
    this.whole = options.whole ?? '';
  }

  /**
   * Lists a problem unless the same message was listed at the same place; `code`: the API error
   * code of a request problem. Returns the problem when it was listed; a problem past a cap is
   * counted in its "and N more" entry.
   */
  add(rule: RuleId, place: string, message: string, code = VALIDATION_CODE): FoundProblem | undefined {
    const key = `${place}\u0000${message}`;
    const seen = (this.seen ??= new Set<string>());
    if (seen.has(key)) return undefined;
    seen.add(key);
    this.count++;
    const error = this.isError(rule);
    const listedOf = (this.listedOf ??= new Map());
    const ofRule = listedOf.get(rule) ?? 0;
    if (ofRule >= this.maxPerRule || this.severityFull(error)) {
      this.leaveOut(rule, error, code);
      return undefined;
    }
    // Strict mode makes every problem an error: an inferred rule's is marked.
    const problem: FoundProblem = this.strict && ruleLevel(rule) === 'inferred' ? { rule, severity: 'error', place, message, code, inferred: true } : { rule, severity: error ? 'error' : 'warning', place, message, code };
    (this.found ??= []).push(problem);
    listedOf.set(rule, ofRule + 1);
    if (error) this.errorCount++;
    return problem;
  }

  /** Whether a problem of `rule` added now would be listed rather than left out by a cap. */
  lists(rule: RuleId): boolean {
    const ofRule = this.listedOf?.get(rule) ?? 0;
    return ofRule < this.maxPerRule && !this.severityFull(this.isError(rule));
  }

  /**
   * Counts a problem of `rule` that {@link lists} says is left out, without its place and message:
   * for a check that finds each problem once (no duplicate to drop), so that a problem no one
   * reads costs a count, not a message.
   */
  tally(rule: RuleId, code = VALIDATION_CODE): void {
    this.count++;
    this.leaveOut(rule, this.isError(rule), code);
  }

  private isError(rule: RuleId): boolean {
    return this.strict || ruleLevel(rule) === 'stated';
  }

  /** Whether as many problems of the severity (`error` or warning) as the cap allows are listed. */
  private severityFull(error: boolean): boolean {
    return (error ? this.errorCount : this.listed() - this.errorCount) >= this.max;
  }

  /**
   * Counts a problem left out: by its severity's cap when that is reached (so that, when `max` is
   * given and the per-rule cap is the same, one rule fills the list as before), else by its rule's.
   */
  private leaveOut(rule: RuleId, error: boolean, code: number): void {
    const severity: Severity = error ? 'error' : 'warning';
    const inferred = this.strict && ruleLevel(rule) === 'inferred' ? { inferred: true as const } : {};
    if (this.severityFull(error)) {
      if (error) (this.overError ??= { rule, severity, ...inferred, code: VALIDATION_CODE, count: 0 }).count++;
      else (this.overWarning ??= { rule, severity, code: VALIDATION_CODE, count: 0 }).count++;
      return;
    }
    const overRule = (this.overRule ??= new Map());
    const left = overRule.get(rule);
    if (left) left.count++;
    else overRule.set(rule, { rule, severity, ...inferred, code, count: 1 });
  }

  /** Problems listed, of either severity. */
  private listed(): number {
    return this.found?.length ?? 0;
  }

  /**
   * Whether a check may stop looking for more problems: {@link MAX_LEFT_OUT} problems were left
   * out by the caps. A check that stops on it makes the entries of what was left out say "at least".
   */
  shouldStop(): boolean {
    if (this.count - this.listed() < MAX_LEFT_OUT) return false;
    this.stopped = true;
    return true;
  }

  /**
   * Every problem listed, in the order found; then an entry for each rule the per-rule cap left
   * problems out of, and one per severity the severity cap left problems out of.
   */
  all(): readonly FoundProblem[] {
    const found = this.found ?? [];
    if (this.overRule === undefined && this.overError === undefined && this.overWarning === undefined) return found;
    const entries = [...found];
    for (const left of this.overRule?.values() ?? []) entries.push(this.entry(left, `of rule ${left.rule} not listed (only the first ${this.maxPerRule} of a rule are shown)`));
    for (const left of [this.overError, this.overWarning]) if (left) entries.push(this.entry(left, `not listed (only the first ${this.max} are shown)`));
    return entries;
  }

  /** The entry saying that a cap left `left` out. */
  private entry(left: LeftOut, why: string): FoundProblem {
    const howMany = `${this.stopped ? 'at least ' : ''}${left.count} more problem${left.count === 1 ? '' : 's'}`;
    const problem: FoundProblem = { rule: left.rule, severity: left.severity, place: this.whole, message: `and ${howMany} ${why}`, code: left.code };
    return left.inferred ? { ...problem, inferred: true } : problem;
  }
}

/** A problem found in a response body. */
export const atPointer = ({ place, message, rule, severity, inferred }: FoundProblem): ResponseProblem =>
  inferred ? { pointer: place, message, rule, severity, inferred } : { pointer: place, message, rule, severity };

/** A problem found in a request body. */
export const atParameter = ({ place, message, code, rule, severity }: FoundProblem): RequestProblem => ({ parameter: place, message, code, rule, severity });
