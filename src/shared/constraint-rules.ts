/**
 * The register rule of a failed schema constraint. A compiled rule table holds a constraint's
 * pointer when its rule differs from the one above it, and otherwise the nearest enclosing
 * schema that the rule covers, as an `x-rule` annotation of the spec covers every constraint of
 * its schema: the nearest entry at or above the pointer is the constraint's rule. The generator
 * checks that this gives every constraint its own rule (scripts/generators/validators/rule-table.ts).
 */
import type { RuleId } from '../../generated/rule-levels.js';

/** The register rule a failed constraint breaks, from the `x-rule` annotations of the spec. */
export interface ConstraintRule {
  readonly rule: RuleId;
  /** The API error code when it is not 3 (an exceeded limit of catalogs/limits.yaml). */
  readonly code?: number;
  /**
   * For `oneOf`, and for each constraint of a schema with a `format`: what the value must be, in
   * words.
   */
  readonly expected?: string;
}

/**
 * Schema pointer -> the register rule of the constraints at and below it: the rule id alone, or
 * the rule with its API error code or words.
 */
export type RuleTable = Readonly<Record<string, RuleId | ConstraintRule>>;

/**
 * The rule of the constraint at `pointer` ("/properties/metrics/maxItems"), if any, in the
 * union of `tables` (tables with no pointer in common). `member`: the property a `required` or
 * `additionalProperties` constraint names, one token below `pointer` whatever it holds (a
 * request's unknown member may be long and full of `/`: it is looked up once, never walked).
 */
export function ruleAt(tables: readonly RuleTable[], pointer: string, member?: string): ConstraintRule | undefined {
  if (member !== undefined) {
    const own = entryAt(tables, `${pointer}/${member}`);
    if (own) return own;
  }
  for (let at = pointer; ; at = at.slice(0, at.lastIndexOf('/'))) {
    const rule = entryAt(tables, at);
    if (rule) return rule;
    if (at === '') return undefined;
  }
}

/** The entry of `tables` at exactly `at`. */
function entryAt(tables: readonly RuleTable[], at: string): ConstraintRule | undefined {
  for (const table of tables) {
    if (!Object.hasOwn(table, at)) continue;
    const rule = table[at];
    return typeof rule === 'string' ? { rule } : rule;
  }
  return undefined;
}
