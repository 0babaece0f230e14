/**
 * The problems of one validation: deduplicated, capped, in the order found. Each carries the
 * register rule it breaks; the rule's level and `strict` make it an error or a warning.
 */
import { ruleLevel, type RuleId } from '../../generated/rules.js';
import type { ValidationError } from './types.js';

/** At most this many problems are listed for one response. */
export const MAX_ERRORS = 100;

interface Problem {
  rule: RuleId;
  pointer: string;
  message: string;
}

export class ErrorList {
  readonly items: Problem[] = [];
  /** `max`: problems kept before the rest are summarised (the CLI groups more of them). */
  constructor(private readonly max = MAX_ERRORS) {}

  private readonly seen = new Set<string>();
  /** The rule of the first problem left out, once the cap is reached. */
  private firstDropped: RuleId | undefined;

  /** True once the cap is reached: checks may stop early. */
  get full(): boolean {
    return this.firstDropped !== undefined;
  }

  add(rule: RuleId, pointer: string, message: string): void {
    const key = `${pointer}\u0000${message}`;
    if (this.seen.has(key)) return;
    if (this.items.length >= this.max) {
      this.firstDropped ??= rule;
      return;
    }
    this.seen.add(key);
    this.items.push({ rule, pointer, message });
  }

  /** The problems sorted by severity; a last entry says when problems were left out. */
  result(strict = false): { errors: ValidationError[]; warnings: ValidationError[] } {
    const errors: ValidationError[] = [];
    const warnings: ValidationError[] = [];
    const place = (p: Problem) => {
      const severity = strict || ruleLevel(p.rule) === 'stated' ? 'error' : 'warning';
      (severity === 'error' ? errors : warnings).push({ pointer: p.pointer, message: p.message, rule: p.rule, severity });
    };
    for (const p of this.items) place(p);
    if (this.firstDropped !== undefined) place({ rule: this.firstDropped, pointer: '', message: `more problems not listed (only the first ${this.max} are shown)` });
    return { errors, warnings };
  }
}
