/** The errors of one validation: deduplicated, capped, in the order found. */
import type { ValidationError } from './types.js';

/** At most this many errors are listed for one response. */
export const MAX_ERRORS = 100;

export class ErrorList {
  readonly items: ValidationError[] = [];
  private readonly seen = new Set<string>();
  private truncated = false;

  /** True once the cap is reached: checks may stop early. */
  get full(): boolean {
    return this.truncated;
  }

  add(pointer: string, message: string): void {
    const key = `${pointer}\u0000${message}`;
    if (this.seen.has(key)) return;
    if (this.items.length >= MAX_ERRORS) {
      this.truncated = true;
      return;
    }
    this.seen.add(key);
    this.items.push({ pointer, message });
  }

  /** The final list; a last entry says when errors were left out. */
  result(): ValidationError[] {
    return this.truncated ? [...this.items, { pointer: '', message: `more errors not listed (only the first ${MAX_ERRORS} are shown)` }] : this.items;
  }
}
