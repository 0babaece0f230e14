/**
 * What the harness of a version 2 metrics body finds at once, for the rules of
 * ../rules/metrics-v2.ts: the header when well-formed, where its extra dimension is, and whether
 * `data` nests as the header says (allocating nothing); the detailed walk of `data` the data rules
 * share, with an explicit stack, pointers built only for problems.
 */
import { extraDimensionNames } from '../catalog-facts.js';
import { isPlainObject } from './values.js';

export interface HeaderElement {
  type: string;
  rows: unknown[];
}

/** The header when every element has a string type and array rows (else the schema errors say what is wrong). */
export function headerOf(body: Record<string, unknown>): HeaderElement[] | undefined {
  const raw = body.header;
  if (!Array.isArray(raw) || raw.length === 0) return undefined;
  for (const el of raw) if (!isPlainObject(el) || typeof el.type !== 'string' || !Array.isArray(el.rows)) return undefined;
  return raw as HeaderElement[];
}

/**
 * The extra dimension of a header whose elements are in their documented places (the metric
 * element last and only there, at most one extra dimension, last of the dimensions): its type,
 * or undefined when it has none. {@link MISPLACED} when an element is out of place, the answer
 * the detailed checks report.
 */
function placedExtra(header: HeaderElement[]): string | undefined | typeof MISPLACED {
  const last = header.length - 1;
  if (header[last].type !== 'metric') return MISPLACED;
  for (let i = 0; i < last; i++) {
    const type = header[i].type;
    if (type === 'metric' || (extraDimensionNames.has(type) && i !== last - 1)) return MISPLACED;
  }
  return last > 0 && extraDimensionNames.has(header[last - 1].type) ? header[last - 1].type : undefined;
}
const MISPLACED = Symbol('misplaced');

/** The first extra dimension of a header, wherever it is. */
function firstExtra(header: HeaderElement[]): string | undefined {
  for (let i = 0; i < header.length; i++) if (extraDimensionNames.has(header[i].type)) return header[i].type;
  return undefined;
}

/** One array of `data` being walked; its pointer is built only when a problem is found. */
interface Level {
  value: unknown[];
  parent: Level | undefined;
  index: number;
  depth: number;
}

function pointerOf(level: Level): string {
  const tokens: number[] = [];
  for (let at: Level | undefined = level; at?.parent; at = at.parent) tokens.push(at.index);
  return `/data${tokens.reverse().map((t) => `/${t}`).join('')}`;
}

/** Levels deeper than this are left to the detailed walk (it uses no call stack). */
const MAX_FAST_DEPTH = 16;

/**
 * The fast path of {@link checkData}: whether `value` nests exactly as the header says (each
 * level as long as its element's rows), with finite numbers innermost. Allocates nothing;
 * recursion is as deep as the header is long.
 */
function nestingHolds(value: unknown[], header: HeaderElement[], depth: number): boolean {
  if (value.length !== header[depth].rows.length) return false;
  const last = header.length - 1;
  const count = header[last].rows.length;
  if (depth === last) return finiteNumbers(value, count);
  if (depth === last - 1) {
    // The level above the numbers in its own loop: the most arrays of a body are here.
    for (let i = 0; i < value.length; i++) {
      const child = value[i];
      if (!Array.isArray(child) || !finiteNumbers(child, count)) return false;
    }
    return true;
  }
  for (let i = 0; i < value.length; i++) {
    const child = value[i];
    if (!Array.isArray(child) || !nestingHolds(child, header, depth + 1)) return false;
  }
  return true;
}

/** `value` holds `count` finite numbers (`v - v` is 0 for every finite number, NaN for the rest). */
function finiteNumbers(value: unknown[], count: number): boolean {
  if (value.length !== count) return false;
  for (let i = 0; i < count; i++) {
    const v = value[i];
    if (typeof v !== 'number' || v - v !== 0) return false;
  }
  return true;
}

/**
 * Walks `data` level by level with an explicit stack (deep or huge bodies cannot overflow the call
 * stack), calling `visit` with each array, its depth, the header's row counts and a function
 * building its pointer (only for a problem). Stops when `found` says so.
 */
export function walkData(data: unknown[], header: HeaderElement[], found: { shouldStop(): boolean }, visit: (value: unknown[], depth: number, lengths: readonly number[], pointer: () => string) => void): void {
  const lengths = header.map((el) => el.rows.length);
  const last = lengths.length - 1;
  const stack: Level[] = [{ value: data, parent: undefined, index: 0, depth: 0 }];
  while (stack.length && !found.shouldStop()) {
    const level = stack.pop()!;
    const { value, depth } = level;
    visit(value, depth, lengths, () => pointerOf(level));
    if (depth === last) continue;
    for (let i = value.length - 1; i >= 0; i--) {
      const child = value[i];
      if (Array.isArray(child)) stack.push({ value: child, parent: level, index: i, depth: depth + 1 });
    }
  }
}

/** The index of the first `metric` element (the one the request-aware metric rules read), -1 if none. */
export function firstMetric(header: HeaderElement[]): number {
  for (let i = 0; i < header.length; i++) if (header[i].type === 'metric') return i;
  return -1;
}

/** The fast answer of the data rules: `data` nests as the header says, finite numbers innermost. */
export const dataHolds = (data: unknown[], header: HeaderElement[]) => header.length <= MAX_FAST_DEPTH && nestingHolds(data, header, 0);

/** The extra dimension the metric rows must support and whether the header's elements are in their places. */
export function extraOf(header: HeaderElement[]): { placed: boolean; extra: string | undefined } {
  const placed = placedExtra(header);
  return placed === MISPLACED ? { placed: false, extra: firstExtra(header) } : { placed: true, extra: placed };
}
