/** The list a request check fills: the package's problem list, placed by parameter, in reading order. */
import { atParameter, ProblemList, VALIDATION_CODE, type FoundProblem } from '../core/problems/problem-list.js';
import type { RuleId } from '../core/rules.js';
import type { RequestProblem } from '../core/problems/problem.js';

export { VALIDATION_CODE };

/**
 * Collects the problems of one request. A problem of an inferred rule is a warning, or an error
 * in strict mode; a problem of a stated rule is always an error.
 */
export class RequestProblemList extends ProblemList {
  /** Problems about the body as a whole (missing or unknown members), listed first; created with the first. */
  private bodyLevel: Set<FoundProblem> | undefined;

  constructor(strict = false) {
    super({ strict, whole: 'body' });
  }

  /** `code`: the API error code; `bodyLevel`: the problem is about the body as a whole. */
  override add(rule: RuleId, parameter: string, message: string, code: number = VALIDATION_CODE, bodyLevel = false): FoundProblem | undefined {
    const problem = super.add(rule, parameter, message, code);
    if (problem && bodyLevel) (this.bodyLevel ??= new Set()).add(problem);
    return problem;
  }

  /**
   * The problems in reading order: those about the body as a whole, then by member in `members`
   * order (others last) and by item index; problems at the same place keep the order found.
   */
  ordered(members: readonly string[]): RequestProblem[] {
    if (this.count === 0) return [];
    const rank = (p: FoundProblem): number[] => {
      if (this.bodyLevel?.has(p)) return [-1];
      const at = members.indexOf(/^[^.[]*/.exec(p.place)![0]);
      return [at < 0 ? members.length : at, ...[...p.place.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))];
    };
    const compare = (a: number[], b: number[]): number => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
      return a.length - b.length;
    };
    const ranked = this.all().map((p) => ({ p, r: rank(p) }));
    return ranked.sort((x, y) => compare(x.r, y.r)).map((x) => atParameter(x.p));
  }

  /** The problems in the order found. */
  items(): RequestProblem[] {
    return this.all().map(atParameter);
  }
}

export type Body = Record<string, unknown>;

/** The shared value guard (src/shared/values.ts), under the name the request checks use. */
export { isPlainObject as isObject } from '../shared/values.js';
