/**
 * Groups the problems of one response: one group per rule, severity, pointer shape and wording
 * of the message, so the same error at 92 places is one line with its count and the first
 * pointers. A group never hides what differs between its problems: a value that differs (the
 * names of two unexpected members of one object, the wrong values of a column) is listed, each
 * distinct value once; problems that differ in more than one value are not grouped (a list per
 * value would lose which goes with which). A pointer is counted once per group however often
 * it is reported.
 */
import type { Problem, ProblemGroup } from './report-types.js';

/** At most this many groups are listed per response; the count of the rest is reported. */
export const MAX_GROUPS = 100;
/** Pointers listed per group. */
export const POINTERS_SHOWN = 3;
/** Distinct values listed for a value that differs inside a group; the count of the rest is stated. */
export const VALUES_SHOWN = 20;

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

/**
 * The values a message names (a JSON string, a number, true, false, null); the rest of the
 * message is its wording. Problems of one group share the wording; a value that differs between
 * them is listed: `unexpected property "foo", "bar"`.
 */
const VALUE = /"(?:[^"\\]|\\.)*"|(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?!\w|\.\d)|\b(?:true|false|null)\b/g;

interface Building {
  rule: Problem['rule'];
  severity: Problem['severity'];
  inferred: Problem['inferred'];
  /** The wording around the values: one more part than there are values. */
  wording: string[];
  /** Each problem's values and pointer, in the order found (the problems are held by the caller already). */
  found: { values: string[]; pointer: string }[];
}

/** A message split into its wording and the values between. */
function splitMessage(message: string): { wording: string[]; values: string[] } {
  const wording: string[] = [];
  const values: string[] = [];
  let at = 0;
  for (const match of message.matchAll(VALUE)) {
    wording.push(message.slice(at, match.index));
    values.push(match[0]);
    at = match.index + match[0].length;
  }
  wording.push(message.slice(at));
  return { wording, values };
}

/** A message from its wording and, for each value, its distinct values in the order found. */
function groupMessage(wording: readonly string[], slots: readonly string[][]): string {
  return wording.reduce((text, part, i) => {
    const values = slots[i - 1];
    const shown = values.slice(0, VALUES_SHOWN).join(', ');
    return `${text}${values.length > VALUES_SHOWN ? `${shown} and ${values.length - VALUES_SHOWN} more` : shown}${part}`;
  });
}

const distinct = (values: readonly string[]) => [...new Set(values)];

/** The problems of `found` split by their values, in the order found. */
function byValues(found: Building['found']): Building['found'][] {
  const parts = new Map<string, Building['found']>();
  for (const f of found) {
    const key = f.values.join('\u0000');
    const part = parts.get(key);
    if (part) part.push(f);
    else parts.set(key, [f]);
  }
  return [...parts.values()];
}

/** The lines of one wording: one, or one per message when more than one of its values differs. */
function finish(group: Building): ProblemGroup[] {
  const slots = group.wording.slice(1).map((_, i) => distinct(group.found.map((f) => f.values[i])));
  const parts = slots.filter((s) => s.length > 1).length > 1 ? byValues(group.found) : [group.found];
  return parts.map((found) => {
    const pointers = distinct(found.map((f) => f.pointer));
    return {
      rule: group.rule,
      severity: group.severity,
      ...(group.inferred ? { inferred: true as const } : {}),
      shape: shapeOf(pointers),
      message: groupMessage(group.wording, group.wording.slice(1).map((_, i) => distinct(found.map((f) => f.values[i])))),
      count: pointers.length,
      pointers: pointers.slice(0, POINTERS_SHOWN),
    };
  });
}

export function groupProblems(problems: readonly Problem[]): { groups: ProblemGroup[]; omitted: number } {
  // Most responses have no problem: nothing to group, nothing allocated for it.
  if (!problems.length) return { groups: [], omitted: 0 };
  const byKey = new Map<string, Building>();
  for (const p of problems) {
    const { wording, values } = splitMessage(p.message);
    const key = `${p.severity}\u0000${p.rule ?? ''}\u0000${skeleton(p.pointer)}\u0000${wording.join('\u0001')}`;
    let group = byKey.get(key);
    if (!group) byKey.set(key, (group = { rule: p.rule, severity: p.severity, inferred: p.inferred, wording, found: [] }));
    group.found.push({ values, pointer: p.pointer });
  }
  const all = [...byKey.values()].flatMap(finish);
  return { groups: all.slice(0, MAX_GROUPS), omitted: Math.max(0, all.length - MAX_GROUPS) };
}
