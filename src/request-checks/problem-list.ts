/** The list a request check fills: each problem with its rule, severity and API error code. */
import { ruleLevel, type RuleId } from '../../generated/rule-levels.js';
import type { RequestProblem } from './problems.js';

/** The API's code for an input validation error. */
export const VALIDATION_CODE = 3;

/**
 * Collects the problems of one request. A problem of an inferred rule is a warning, or an error
 * in strict mode; a problem of a stated rule is always an error.
 */
export class ProblemList {
  readonly items: RequestProblem[] = [];
  /** Problems about the body as a whole (missing or unknown members), listed first. */
  private readonly bodyLevel = new Set<RequestProblem>();
  constructor(private readonly strict = false) {}

  add(rule: RuleId, parameter: string, message: string, code: number = VALIDATION_CODE, bodyLevel = false): void {
    const severity = this.strict || ruleLevel(rule) === 'stated' ? 'error' : 'warning';
    const problem: RequestProblem = { parameter, message, code, rule, severity };
    this.items.push(problem);
    if (bodyLevel) this.bodyLevel.add(problem);
  }

  /**
   * The problems in reading order: those about the body as a whole, then by member in `members`
   * order (others last) and by item index; problems at the same place keep the order found.
   */
  ordered(members: readonly string[]): RequestProblem[] {
    const rank = (p: RequestProblem): number[] => {
      if (this.bodyLevel.has(p)) return [-1];
      const at = members.indexOf(/^[^.[]*/.exec(p.parameter)![0]);
      return [at < 0 ? members.length : at, ...[...p.parameter.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))];
    };
    const compare = (a: number[], b: number[]): number => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
      return a.length - b.length;
    };
    const ranked = this.items.map((p) => ({ p, r: rank(p) }));
    return ranked.sort((x, y) => compare(x.r, y.r)).map((x) => x.p);
  }
}

export type Body = Record<string, unknown>;

/** JSON-ish rendering of a value for messages. */
export function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    const text = JSON.stringify(value);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  } catch {
    return String(value);
  }
}

export function isObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
