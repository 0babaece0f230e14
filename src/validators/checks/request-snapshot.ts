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

/** An array as copied whose items are all strings (a request's profiles, metrics, fields): compared in one loop. */
class StringsCopy {
  constructor(readonly items: readonly string[]) {}
}

/** An array as copied holding anything but strings alone. */
class ListCopy {
  constructor(readonly items: readonly unknown[]) {}
}

/** The data of a request, as {@link snapshotOf} copied it. */
export type Snapshot = { readonly copy: unknown };

const isPlainData = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** An array the snapshot may copy or match: one of Array.prototype (not a subclass). */
const isPlainArray = (value: unknown): value is readonly unknown[] => Array.isArray(value) && Object.getPrototypeOf(value) === Array.prototype;

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
    if (!isPlainArray(value)) return NOT_DATA;
    const items: unknown[] = [];
    let strings = true;
    for (let i = 0; i < value.length; i++) {
      const item = copyOf(value[i], budget);
      if (item === NOT_DATA) return NOT_DATA;
      if (typeof item !== 'string') strings = false;
      items.push(item);
    }
    return strings ? new StringsCopy(items as string[]) : new ListCopy(items);
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
  if (copy instanceof StringsCopy) return isPlainArray(value) && sameStrings(value, copy.items);
  if (copy instanceof ObjectCopy) return sameObject(value, copy);
  if (copy instanceof ListCopy) return isPlainArray(value) && sameList(value, copy.items);
  return typeof copy === 'number' ? Object.is(value, copy) : value === copy;
}

/** The tight loop most of a request's values take: a list of names. */
function sameStrings(value: readonly unknown[], items: readonly string[]): boolean {
  if (value.length !== items.length) return false;
  for (let i = 0; i < items.length; i++) if (!Object.is(value[i], items[i])) return false;
  return true;
}

function sameList(value: readonly unknown[], items: readonly unknown[]): boolean {
  if (value.length !== items.length) return false;
  for (let i = 0; i < items.length; i++) if (!same(value[i], items[i])) return false;
  return true;
}

function sameObject(value: unknown, { keys, values }: ObjectCopy): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !isPlainData(value)) return false;
  let i = 0;
  for (const key in value) {
    if (i >= keys.length || key !== keys[i]) return false;
    const member = values[i];
    if (typeof member === 'string' ? (value as Record<string, unknown>)[key] !== member : !same((value as Record<string, unknown>)[key], member)) return false;
    i++;
  }
  return i === keys.length;
}
