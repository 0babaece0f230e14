/**
 * Counts the work of a synchronous call instead of timing it: while `run` runs, every built-in
 * a check can spend super-linear work through (array scans and copies, string searches and cuts,
 * regular expressions, set and map look-ups, JSON) adds its cost to one counter, an array method
 * the length of its array (an append what it appends), a string method the length of its string. A pairwise loop written with
 * them (an `errors.filter` per error, a `list.includes` per item) shows as a count that grows with
 * the square of the input; a linear check's count doubles with its input. Plain `for` loops are
 * not counted: they are linear in what they walk, and what they walk is counted where it is built.
 */

type Method = (this: unknown, ...args: unknown[]) => unknown;

const ARRAY_METHODS = ['filter', 'map', 'forEach', 'some', 'every', 'find', 'findIndex', 'flatMap', 'flat', 'reduce', 'includes', 'indexOf', 'lastIndexOf', 'join', 'slice', 'concat', 'splice', 'sort', 'reverse', 'unshift', 'shift'] as const;
const STRING_METHODS = ['startsWith', 'endsWith', 'includes', 'indexOf', 'lastIndexOf', 'slice', 'substring', 'split', 'replace', 'replaceAll', 'match', 'matchAll', 'padStart', 'padEnd', 'trim', 'toLowerCase', 'toUpperCase', 'repeat'] as const;
const REGEXP_METHODS = ['exec', 'test'] as const;
const COLLECTION_METHODS = ['has', 'get', 'set', 'add', 'delete'] as const;

/** Thrown when `run` spends more than its budget: a hang becomes a failure, at once. */
export class WorkBudgetExceeded extends Error {}

/**
 * The cost `run` spent through the built-ins, and what it returned. With a `budget`, the first
 * built-in call past it throws {@link WorkBudgetExceeded}: a quadratic check fails fast instead of hanging.
 */
export function countWork<T>(run: () => T, budget = Infinity): { work: number; result: T } {
  let work = 0;
  let limit = budget;
  const restore: (() => void)[] = [];
  const patch = (target: object, name: string, cost: (self: unknown, args: unknown[], result: unknown) => number) => {
    const original = (target as Record<string, Method>)[name];
    if (typeof original !== 'function') return;
    const counted: Method = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      work += cost(this, args, result);
      if (work > limit) throw new WorkBudgetExceeded(`more than ${budget} units of work`);
      return result;
    };
    Object.defineProperty(target, name, { value: counted, writable: true, configurable: true });
    restore.push(() => Object.defineProperty(target, name, { value: original, writable: true, configurable: true }));
  };
  const lengthOf = (value: unknown) => (typeof value === 'string' || Array.isArray(value) ? value.length : 0);
  for (const name of ARRAY_METHODS) patch(Array.prototype, name, (self) => 1 + lengthOf(self));
  // An append costs what it appends (amortized), not the length of its array.
  patch(Array.prototype, 'push', (_, args) => args.length);
  for (const name of STRING_METHODS) patch(String.prototype, name, (self) => 1 + String(self).length);
  for (const name of REGEXP_METHODS) patch(RegExp.prototype, name, (_, args) => 1 + String(args[0]).length);
  for (const proto of [Set.prototype, Map.prototype]) for (const name of COLLECTION_METHODS) patch(proto, name, () => 1);
  patch(JSON, 'stringify', (_, __, result) => 1 + lengthOf(result));
  patch(Object, 'keys', (_, __, result) => 1 + lengthOf(result));
  try {
    work = 0;
    const result = run();
    return { work, result };
  } finally {
    // The built-ins are still counted here: no budget while they are put back.
    limit = Infinity;
    for (let i = restore.length - 1; i >= 0; i--) restore[i]();
  }
}
