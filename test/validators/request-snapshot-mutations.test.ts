/**
 * The request memo's contract (src/validators/checks/request-memo.ts, request-snapshot.ts): an
 * object holding the same data as when it was read is the same request, an object changed in
 * place since, at any depth, is not. Checked on generated requests (JSON data of a few levels,
 * and lists of names as the requests of the benchmarks hold) with every kind of edit a caller can
 * make to a nested member: a value replaced, a member removed, added or moved, an item added,
 * removed or replaced.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestMemo } from '../../src/validators/checks/request-memo.js';
import { holdsSnapshot, snapshotOf } from '../../src/validators/checks/request-snapshot.js';

type Json = any;

/** Requests: objects of JSON values, with lists of names among them (the snapshot's list of strings). */
const request = fc.dictionary(
  fc.string({ maxLength: 6 }),
  fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.array(fc.string({ maxLength: 8 }), { maxLength: 30 })),
  { minKeys: 1, maxKeys: 8 },
);

/** Every object and array in `value` (itself included), in walk order. */
function containers(value: Json, found: Json[] = []): Json[] {
  if (typeof value !== 'object' || value === null) return found;
  found.push(value);
  for (const key of Object.keys(value)) containers(value[key], found);
  return found;
}

/** A value other than `value` for the snapshot: a different primitive, or a primitive for a container. */
function other(value: unknown): unknown {
  if (typeof value === 'string') return `${value}x`;
  if (typeof value === 'number') return value === 0 ? 1 : -value;
  if (typeof value === 'boolean') return !value;
  return value === null ? 0 : null;
}

/**
 * Edits `target` (an object or array inside the request) in place: `op` picks the edit, `at`
 * the member or item. Returns false when the edit cannot apply (e.g. removing from an empty list).
 */
function mutate(target: Json, op: number, at: number): boolean {
  if (Array.isArray(target)) {
    const i = target.length ? at % target.length : 0;
    switch (op % 4) {
      case 0:
        target.push(target.length ? target[i] : 1);
        return true;
      case 1:
        if (!target.length) return false;
        target.splice(i, 1);
        return true;
      case 2:
        if (!target.length) return false;
        target[i] = other(target[i]);
        return true;
      default:
        // Not an edit when the items read the same backwards ([{}, 1, {}]: two equal objects swapped).
        if (isDeepStrictEqual(target, [...target].reverse())) return false;
        target.reverse();
        return true;
    }
  }
  const keys = Object.keys(target);
  const key = keys[at % Math.max(keys.length, 1)];
  switch (op % 4) {
    case 0: {
      // A member the object does not hold yet (`a_added` may be there with the value 1 already).
      let name = `${key ?? ''}_added`;
      while (Object.hasOwn(target, name)) name += '_';
      target[name] = 1;
      return true;
    }
    case 1:
      if (key === undefined) return false;
      delete target[key];
      return true;
    case 2:
      if (key === undefined) return false;
      target[key] = other(target[key]);
      return true;
    default: {
      // The first member moved last: the same members in another order (not for names like "1",
      // which come first in ascending order whatever the order they were added in).
      if (keys.length < 2) return false;
      const value = target[keys[0]];
      delete target[keys[0]];
      target[keys[0]] = value;
      return Object.keys(target)[0] !== keys[0];
    }
  }
}

describe('a remembered request', () => {
  it('is recognised while it holds the same data, given again or copied', () => {
    fc.assert(
      fc.property(request, (given) => {
        const memo = new RequestMemo();
        const entry = memo.recall(given, given);
        expect(holdsSnapshot(given, snapshotOf(given)!)).toBe(true);
        expect(memo.recall(given, given)).toBe(entry);
        const copy = structuredClone(given);
        expect(memo.recall(copy, copy)).toBe(entry);
      }),
      { numRuns: 300 },
    );
  });

  it('changed in place at any depth is read again', () => {
    fc.assert(
      fc.property(request, fc.nat(), fc.nat(3), fc.nat(), (given, which, op, at) => {
        const memo = new RequestMemo();
        const entry = memo.recall(given, given);
        entry.facts = 'found for the data as it was';
        const all = containers(given);
        const target = all[which % all.length];
        fc.pre(mutate(target, op, at));
        const again = memo.recall(given, given);
        expect(again).not.toBe(entry);
        expect(again.facts).toBeUndefined();
        // A copy of the changed request is not the first request either.
        const copy = structuredClone(given);
        expect(memo.recall(copy, copy)).not.toBe(entry);
      }),
      { numRuns: 1000 },
    );
  });
});
