/**
 * Groups the problems of one response: one group per rule, severity and pointer shape, so the
 * same error at 92 places is one line with its count and the first pointers. A pointer is
 * counted once per group however often it is reported.
 */
import type { Problem, ProblemGroup } from './report-types.js';

/** At most this many groups are listed per response; the count of the rest is reported. */
export const MAX_GROUPS = 100;
/** Pointers listed per group. */
export const POINTERS_SHOWN = 3;

const INDEX = /^(0|[1-9]\d*)$/;

/** `/data/0/3` -> `/data/#/#`: the skeleton pointers of one group share. */
function skeleton(pointer: string): string {
  return pointer.split('/').map((t) => (INDEX.test(t) ? '#' : t)).join('/');
}

/** The group's pointers with every index that differs between them written as `*`. */
function shapeOf(pointers: readonly string[]): string {
  const split = pointers.map((p) => p.split('/'));
  return split[0].map((token, i) => (INDEX.test(token) && split.some((s) => s[i] !== token) ? '*' : token)).join('/');
}

interface Building {
  rule: Problem['rule'];
  severity: Problem['severity'];
  message: string;
  pointers: string[];
  seen: Set<string>;
}

export function groupProblems(problems: readonly Problem[]): { groups: ProblemGroup[]; omitted: number } {
  const byKey = new Map<string, Building>();
  for (const p of problems) {
    const key = `${p.severity}\u0000${p.rule ?? ''}\u0000${skeleton(p.pointer)}${p.rule === null ? `\u0000${p.message}` : ''}`;
    let group = byKey.get(key);
    if (!group) byKey.set(key, (group = { rule: p.rule, severity: p.severity, message: p.message, pointers: [], seen: new Set() }));
    if (group.seen.has(p.pointer)) continue;
    group.seen.add(p.pointer);
    group.pointers.push(p.pointer);
  }
  const all = [...byKey.values()].map((g) => ({
    rule: g.rule,
    severity: g.severity,
    shape: shapeOf(g.pointers),
    message: g.message,
    count: g.pointers.length,
    pointers: g.pointers.slice(0, POINTERS_SHOWN),
  }));
  return { groups: all.slice(0, MAX_GROUPS), omitted: Math.max(0, all.length - MAX_GROUPS) };
}
