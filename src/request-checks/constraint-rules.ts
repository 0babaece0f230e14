/**
 * The register rule of a failed schema constraint. A compiled rule table holds a constraint's
 * pointer when its rule differs from the one above it, and otherwise the nearest enclosing
 * schema that the rule covers, as an `x-rule` annotation of the spec covers every constraint of
 * its schema: the nearest entry at or above the pointer is the constraint's rule. The generator
 * checks that this gives every constraint its own rule (scripts/generators/validators/rule-table.ts).
 */
import type { ConstraintRule, RuleTable } from './schema-types.js';

/**
 * The rule of the constraint at `pointer` ("/properties/metrics/maxItems"), if any, in the
 * union of `tables` (tables with no pointer in common).
 */
export function ruleAt(tables: readonly RuleTable[], pointer: string): ConstraintRule | undefined {
  for (let at = pointer; ; at = at.slice(0, at.lastIndexOf('/'))) {
    for (const table of tables) {
      if (!Object.hasOwn(table, at)) continue;
      const rule = table[at];
      return typeof rule === 'string' ? { rule } : rule;
    }
    if (at === '') return undefined;
  }
}
