/**
 * A copy of a small request body as JSON data, to tell in one allocation-free walk whether a
 * request later given holds exactly the same data (same members in the same order, same items,
 * same values): a check whose answer is a pure function of the request may then reuse its answer.
 * Only plain data is copied (objects whose prototype is Object.prototype or null, arrays,
 * primitives), at most {@link SNAPSHOT_VALUES} values: anything else has no snapshot.
 */

/** The most values (members, items and primitives) a snapshot holds: a request larger than this is not copied. */
export const SNAPSHOT_VALUES = 512;

/** An object as copied: its member names in order and their values. */
class ObjectCopy {
  constructor(
    readonly keys: readonly string[],
    readonly values: readonly unknown[],
  ) {}
}

/** The data of a request, as {@link snapshotOf} copied it. */
export type Snapshot = { readonly copy: unknown };

const isPlainData = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** A copy of `value`, or undefined when it is not plain data or holds more than {@link SNAPSHOT_VALUES} values. */
export function snapshotOf(value: unknown): Snapshot | undefined {
  const budget = { left: SNAPSHOT_VALUES };
  const copy = copyOf(value, budget);
  return copy === NOT_DATA ? undefined : { copy };
}

const NOT_DATA = Symbol('not plain data');

function copyOf(value: unknown, budget: { left: number }): unknown {
  if (--budget.left < 0) return NOT_DATA;
  if (typeof value === 'function' || typeof value === 'symbol') return NOT_DATA;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return NOT_DATA;
    const items: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const item = copyOf(value[i], budget);
      if (item === NOT_DATA) return NOT_DATA;
      items.push(item);
    }
    return items;
  }
  if (!isPlainData(value)) return NOT_DATA;
  const keys: string[] = [];
  const values: unknown[] = [];
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) return NOT_DATA;
    const member = copyOf((value as Record<string, unknown>)[key], budget);
    if (member === NOT_DATA) return NOT_DATA;
    keys.push(key);
    values.push(member);
  }
  return new ObjectCopy(keys, values);
}

/** `value` holds exactly the data of `snapshot` (allocates nothing). */
export function holdsSnapshot(value: unknown, snapshot: Snapshot): boolean {
  return same(value, snapshot.copy);
}

function same(value: unknown, copy: unknown): boolean {
  // Primitives first: most of a request's values are strings and numbers.
  if (typeof copy !== 'object' || copy === null) return typeof copy === 'number' ? Object.is(value, copy) : value === copy;
  if (Array.isArray(copy)) {
    if (!Array.isArray(value) || value.length !== copy.length || Object.getPrototypeOf(value) !== Array.prototype) return false;
    for (let i = 0; i < copy.length; i++) {
      // A list of names (profiles, metrics, fields) is compared without a call per item.
      const item = copy[i];
      if (typeof item === 'string' ? value[i] !== item : !same(value[i], item)) return false;
    }
    return true;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !isPlainData(value)) return false;
  const { keys, values } = copy as ObjectCopy;
  let i = 0;
  for (const key in value) {
    if (i >= keys.length || key !== keys[i]) return false;
    const member = values[i];
    if (typeof member === 'string' ? (value as Record<string, unknown>)[key] !== member : !same((value as Record<string, unknown>)[key], member)) return false;
    i++;
  }
  return i === keys.length;
}
