/**
 * Groups the problems of one response: one group per rule, severity, pointer shape and wording
 * of the message, so the same error at 92 places is one line with its count and the first
 * pointers. The line states only what holds at every one of its places. A pointer is counted
 * once per group however often it is reported.
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

/**
 * The values a message names (a JSON string, a number, true, false, null); the rest of the
 * message is its wording. Problems of one group share the wording; a value that differs between
 * them is written `…` (`"…"` when every one of them is a string).
 */
const VALUE = /"(?:[^"\\]|\\.)*"|(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?!\w|\.\d)|\b(?:true|false|null)\b/g;

interface Slot {
  value: string;
  same: boolean;
  strings: boolean;
}

interface Building {
  rule: Problem['rule'];
  severity: Problem['severity'];
  /** The wording around the values: one more part than there are values. */
  wording: string[];
  slots: Slot[];
  pointers: string[];
  seen: Set<string>;
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

/** The group's message: the shared wording, each value stated only if all its problems have it. */
function groupMessage(group: Building): string {
  return group.wording.reduce((text, part, i) => {
    const slot = group.slots[i - 1];
    return `${text}${slot.same ? slot.value : slot.strings ? '"…"' : '…'}${part}`;
  });
}

export function groupProblems(problems: readonly Problem[]): { groups: ProblemGroup[]; omitted: number } {
  const byKey = new Map<string, Building>();
  for (const p of problems) {
    const { wording, values } = splitMessage(p.message);
    const key = `${p.severity}\u0000${p.rule ?? ''}\u0000${skeleton(p.pointer)}\u0000${wording.join('\u0001')}`;
    let group = byKey.get(key);
    if (!group) {
      const slots = values.map((value) => ({ value, same: true, strings: value.startsWith('"') }));
      byKey.set(key, (group = { rule: p.rule, severity: p.severity, wording, slots, pointers: [], seen: new Set() }));
    }
    for (const [i, slot] of group.slots.entries()) {
      slot.same &&= values[i] === slot.value;
      slot.strings &&= values[i].startsWith('"');
    }
    if (group.seen.has(p.pointer)) continue;
    group.seen.add(p.pointer);
    group.pointers.push(p.pointer);
  }
  const all = [...byKey.values()].map((g) => ({
    rule: g.rule,
    severity: g.severity,
    shape: shapeOf(g.pointers),
    message: groupMessage(g),
    count: g.pointers.length,
    pointers: g.pointers.slice(0, POINTERS_SHOWN),
  }));
  return { groups: all.slice(0, MAX_GROUPS), omitted: Math.max(0, all.length - MAX_GROUPS) };
}
