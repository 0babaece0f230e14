/**
 * Makes the rule table of one compiled request schema small: instead of every constraint's
 * pointer, it holds a pointer only where the rule changes, read at run time as "the nearest
 * entry at or above the pointer" (src/shared/constraint-rules.ts), the way an `x-rule`
 * annotation of the spec covers every constraint of its schema. The table is checked against the
 * full one with that same lookup, so no constraint can get another rule.
 */
import { ruleAt, type RuleTable } from '../../../src/shared/constraint-rules.js';
import type { ConstraintRule } from './request-schemas.js';

interface Node {
  pointer: string;
  /** The rule of the constraint at this pointer (a JSON key), if it is one. */
  value?: string;
  children: Map<string, Node>;
  /** Rule (JSON key) -> how many constraints at or below this pointer have it. */
  counts: Map<string, number>;
}

function trie(full: ReadonlyMap<string, ConstraintRule>): Node {
  const root: Node = { pointer: '', children: new Map(), counts: new Map() };
  for (const [pointer, rule] of full) {
    const key = JSON.stringify(rule);
    let node = root;
    node.counts.set(key, (node.counts.get(key) ?? 0) + 1);
    for (const token of pointer.slice(1).split('/')) {
      let child = node.children.get(token);
      if (!child) node.children.set(token, (child = { pointer: `${node.pointer}/${token}`, children: new Map(), counts: new Map() }));
      node = child;
      node.counts.set(key, (node.counts.get(key) ?? 0) + 1);
    }
    node.value = key;
  }
  return root;
}

/** The most frequent rule at or below `node` (the first of equals in table order). */
function mostFrequent(node: Node): [string, number] {
  let best: [string, number] = ['', 0];
  for (const entry of node.counts) if (entry[1] > best[1]) best = entry;
  return best;
}

/** Enters the rule of `node` where it differs from `inherited`, then does the same below. */
function place(node: Node, inherited: string | undefined, out: Map<string, string>): void {
  let here: string | undefined;
  if (node.value !== undefined) {
    if (node.value !== inherited) here = node.value;
  } else if (node.pointer !== '' && !/\/(properties|patternProperties)$/.test(node.pointer)) {
    // A schema below the body: not the body itself, which would read as if its rule were the body's.
    const [rule, count] = mostFrequent(node);
    // An entry here pays when it spares at least two entries below.
    if (rule !== inherited && count - (inherited === undefined ? 0 : node.counts.get(inherited) ?? 0) >= 2) here = rule;
  }
  if (here !== undefined) out.set(node.pointer, here);
  for (const child of node.children.values()) place(child, here ?? inherited, out);
}

/**
 * The smallest table (by this greedy reading) that gives every constraint of `full` its rule by
 * the nearest-entry lookup. Throws when it would not (a bug here, never a spec mistake).
 */
export function compactRules(full: ReadonlyMap<string, ConstraintRule>, where: string): Map<string, ConstraintRule> {
  const placed = new Map<string, string>();
  place(trie(full), undefined, placed);
  const table: Record<string, ConstraintRule> = Object.fromEntries([...placed].map(([pointer, key]) => [pointer, JSON.parse(key)]));
  for (const [pointer, rule] of full) {
    if (JSON.stringify(ruleAt([table as RuleTable], pointer)) !== JSON.stringify(rule)) throw new Error(`${where}: the compact rule table gives ${pointer} another rule`);
  }
  // `required` and `additionalProperties` errors look the member up below their pointer first.
  for (const pointer of placed.keys()) {
    const parent = pointer.slice(0, pointer.lastIndexOf('/'));
    const keyword = parent.slice(parent.lastIndexOf('/') + 1);
    if ((keyword === 'required' || keyword === 'additionalProperties') && full.has(parent) && !full.has(pointer)) throw new Error(`${where}: the compact rule table has ${pointer} below the constraint ${parent}`);
  }
  return new Map(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Rules that several body shapes have alike, at the same pointers: written once. */
export interface SharedRules {
  name: string;
  /** The body shapes that spread them into their tables. */
  shapes: string[];
  rules: Map<string, ConstraintRule>;
}

/** `metricsRequestV1`, `metricsRequestV2` -> `metricsRequestRules`; every shape -> `sharedRules`. */
function sharedName(shapes: string[], all: number): string {
  if (shapes.length === all) return 'sharedRules';
  let prefix = shapes[0];
  for (const s of shapes) while (!s.startsWith(prefix)) prefix = prefix.slice(0, -1);
  prefix = prefix.replace(/V\d*$/, '');
  return prefix ? `${prefix}Rules` : `${shapes.join('And')}Rules`;
}

/**
 * Splits the rule tables of the body shapes (name -> compact table) into the entries two or more
 * shapes have alike, one table per set of shapes, and each shape's own entries. A shape's table
 * is its shared tables spread, then its own entries: the same entries as before.
 */
export function shareRules(tables: ReadonlyMap<string, ReadonlyMap<string, ConstraintRule>>): { shared: SharedRules[]; own: Map<string, Map<string, ConstraintRule>> } {
  const holders = new Map<string, string[]>();
  for (const [shape, rules] of tables) for (const [pointer, rule] of rules) {
    const key = JSON.stringify([pointer, rule]);
    holders.set(key, [...(holders.get(key) ?? []), shape]);
  }
  const withRules = [...tables.values()].filter((t) => t.size).length;
  const shared = new Map<string, SharedRules>();
  const own = new Map([...tables.keys()].map((shape) => [shape, new Map<string, ConstraintRule>()]));
  for (const [key, shapes] of holders) {
    const [pointer, rule] = JSON.parse(key) as [string, ConstraintRule];
    if (shapes.length < 2) {
      own.get(shapes[0])!.set(pointer, rule);
      continue;
    }
    const name = sharedName(shapes, withRules);
    if (!shared.has(name)) shared.set(name, { name, shapes, rules: new Map() });
    shared.get(name)!.rules.set(pointer, rule);
  }
  return { shared: [...shared.values()], own };
}
