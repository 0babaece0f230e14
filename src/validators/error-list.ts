/**
 * The problems of one validation: deduplicated, capped, in the order found. Each carries the
 * register rule it breaks; the rule's level and `strict` make it an error or a warning. Errors
 * and warnings are capped separately, so many warnings never push an error out.
 */
import { ruleLevel, type RuleId } from '../../generated/rule-levels.js';
import type { Severity, ValidationError } from './types.js';

/** At most this many errors, and this many warnings, are listed for one response. */
export const MAX_ERRORS = 100;

class Bucket {
  readonly items: ValidationError[] = [];
  /** The rule of the first problem left out, once the cap is reached. */
  dropped: RuleId | undefined;

  constructor(
    readonly severity: Severity,
    private readonly max: number,
  ) {}

  add(rule: RuleId, pointer: string, message: string): void {
    if (this.items.length < this.max) this.items.push({ pointer, message, rule, severity: this.severity });
    else this.dropped ??= rule;
  }

  /** The list; a last entry says when problems were left out. */
  result(): ValidationError[] {
    if (this.dropped === undefined) return this.items;
    return [...this.items, { pointer: '', message: `more problems not listed (only the first ${this.max} are shown)`, rule: this.dropped, severity: this.severity }];
  }
}

export class ErrorList {
  /** The buckets and the set are created with the first problem: a valid response costs none of them. */
  private errors: Bucket | undefined;
  private warnings: Bucket | undefined;
  private seen: Set<string> | undefined;
  /** True once the error cap is reached: the response is invalid, checks may stop early. */
  full = false;
  /** Problems found so far, of either severity. */
  count = 0;

  /** `strict`: broken inferred rules are errors too; `max`: problems kept per severity (the CLI groups more). */
  constructor(
    private strict = false,
    private max = MAX_ERRORS,
  ) {}

  /** This list, for another response; only a list without problems (nothing allocated yet) may be reset. */
  reset(strict = false, max = MAX_ERRORS): this {
    if (this.count !== 0) throw new Error('ErrorList.reset: the list holds problems');
    this.strict = strict;
    this.max = max;
    return this;
  }

  add(rule: RuleId, pointer: string, message: string): void {
    const key = `${pointer}\u0000${message}`;
    const seen = (this.seen ??= new Set<string>());
    if (seen.has(key)) return;
    seen.add(key);
    const bucket = this.strict || ruleLevel(rule) === 'stated' ? (this.errors ??= new Bucket('error', this.max)) : (this.warnings ??= new Bucket('warning', this.max));
    bucket.add(rule, pointer, message);
    this.count = (this.errors?.items.length ?? 0) + (this.warnings?.items.length ?? 0);
    this.full = this.errors?.dropped !== undefined;
  }

  /** The problems by severity (new arrays: the caller owns them). */
  result(): { errors: ValidationError[]; warnings: ValidationError[] } {
    return { errors: this.errors?.result() ?? [], warnings: this.warnings?.result() ?? [] };
  }
}
