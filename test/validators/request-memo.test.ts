/**
 * The request memo of a validator's plan (src/validators/checks/request-memo.ts): a request given
 * again is read once, and a request object changed in place between two validations is read
 * again (the verdict never depends on the calls before). The snapshot that tells them apart
 * (src/validators/checks/request-snapshot.ts) compares data exactly.
 */
import { describe, expect, it } from 'vitest';
import { createResponseValidator } from '../../src/validators/validate-response.js';
import { RequestMemo, REMEMBERED_REQUESTS, REMEMBERED_TEXT } from '../../src/validators/checks/request-memo.js';
import { holdsSnapshot, snapshotOf, SNAPSHOT_VALUES } from '../../src/validators/checks/request-snapshot.js';

const day = '2025-01-01';
const v1Path = '/1/facebook/metrics';
const v1Answer = (profiles: string[]) => ({ success: true, profiles: profiles.map((id) => ({ id, data: [{ date: `${day} 00:00:00`, fans_change: 1 }] })) });
const v2Answer = { success: true, header: [{ type: 'metric', rows: ['fans_change'] }], data: [1] };
const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

/** `target` behind a proxy counting the reads of its members (at any depth). */
function counted<T extends object>(target: T, reads: { count: number }): T {
  return new Proxy(target, {
    get(t, key, receiver) {
      reads.count++;
      const value = Reflect.get(t, key, receiver);
      return typeof value === 'object' && value !== null ? counted(value, reads) : value;
    },
  });
}

describe('a request given again', () => {
  it('is read once: the second validation only compares it with its copy (one read per value)', () => {
    const validator = createResponseValidator();
    const reads = { count: 0 };
    const request = counted({ date_start: day, date_end: day, profiles: ['p1'], metrics: ['fans_change'] }, reads);
    expect(validator.validate({ method: 'POST', path: v1Path, body: v1Answer(['p1']), request }).valid).toBe(true);
    const first = reads.count;
    reads.count = 0;
    expect(validator.validate({ method: 'POST', path: v1Path, body: v1Answer(['p1']), request }).valid).toBe(true);
    // The members and items of the request, each read once by the comparison (plus `length`s and
    // what the harness reads of the request beside its facts),
    // where the first validation read it through the request check and the harness.
    expect(reads.count).toBeLessThanOrEqual(16);
    expect(first).toBeGreaterThan(2 * reads.count);
  });

  it('changed in place is read again: the verdict follows the request as it is now', () => {
    const validator = createResponseValidator();
    const request: Record<string, unknown> = { date_start: day, date_end: day, profiles: ids(25), metrics: ['fans_change'] };
    const body = v1Answer(ids(25));
    expect(validator.validate({ method: 'POST', path: v1Path, body, request }).errors).toEqual([]);
    (request.profiles as string[]).push('p26');
    expect(validator.validate({ method: 'POST', path: v1Path, body, request }).errors.map((e) => e.rule)).toContain('shared.response.limit-refused');
    (request.profiles as string[]).pop();
    expect(validator.validate({ method: 'POST', path: v1Path, body, request }).errors).toEqual([]);
    // The harness's request facts too: a range that leaves out the body's day.
    request.date_start = request.date_end = '2025-01-02';
    expect(validator.validate({ method: 'POST', path: v1Path, body, request }).valid).toBe(false);
  });

  it('as text or as another object holding the same data has the same verdict', () => {
    const validator = createResponseValidator();
    const over = { date_start: '2025-01-01', date_end: '2025-06-30', profiles: ['p1'], metrics: ['fans_change'], dimensions: [] };
    const rules = (request: unknown) => validator.validate({ method: 'POST', path: '/2/facebook/metrics', body: v2Answer, request }).errors.map((e) => e.rule);
    for (let i = 0; i < 3; i++) {
      expect(rules(JSON.stringify(over))).toEqual(['shared.response.limit-refused']);
      expect(rules(structuredClone(over))).toEqual(['shared.response.limit-refused']);
      expect(rules({ ...over, date_end: '2025-01-31' })).toEqual([]);
    }
  });
});

describe('RequestMemo', () => {
  it('answers a request given again with its entry, another request with a new one; holds at most REMEMBERED_REQUESTS', () => {
    const memo = new RequestMemo();
    const a = { metrics: ['x'] };
    const entry = memo.recall(a, a);
    expect(memo.recall(a, a)).toBe(entry);
    expect(memo.recall({ metrics: ['x'] }, { metrics: ['x'] })).toBe(entry);
    expect(memo.recall('{"metrics":["x"]}', { metrics: ['x'] })).toBe(entry);
    a.metrics.push('y');
    expect(memo.recall(a, a)).not.toBe(entry);
    const entries = Array.from({ length: REMEMBERED_REQUESTS + 8 }, (_, i) => {
      const request = { n: i };
      return [request, memo.recall(request, request)] as const;
    });
    const [first, firstEntry] = entries[0];
    // Emptied once full: the first request is read again (the memory stays bounded).
    expect(memo.recall(first, first)).not.toBe(firstEntry);
    const [last, lastEntry] = entries[entries.length - 1];
    expect(memo.recall(last, last)).toBe(lastEntry);
    // A long text is not kept (nor is a request too large for a snapshot: see below).
    const long = JSON.stringify({ pad: 'x'.repeat(REMEMBERED_TEXT) });
    const body = JSON.parse(long);
    expect(memo.recall(long, body)).not.toBe(memo.recall(long, { ...body, other: 1 }));
  });
});

describe('request snapshots', () => {
  const same = (a: unknown, b: unknown) => holdsSnapshot(b, snapshotOf(a)!);
  it('hold exactly the same data: members in order, items, values', () => {
    expect(same({ a: 1, b: ['x', { c: null }] }, { a: 1, b: ['x', { c: null }] })).toBe(true);
    expect(same({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(same({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(same({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
    expect(same({ a: 0 }, { a: -0 })).toBe(false);
    expect(same({ a: '1' }, { a: 1 })).toBe(false);
    expect(same({ a: [] }, { a: {} })).toBe(false);
    expect(same({ a: {} }, { a: new Date(0) })).toBe(false);
    expect(same({ a: NaN }, { a: NaN })).toBe(true);
  });
  it('are only of plain data of a bounded size', () => {
    expect(snapshotOf({ a: new Date(0) })).toBeUndefined();
    expect(snapshotOf({ a: () => 1 })).toBeUndefined();
    expect(snapshotOf({ a: new Map() })).toBeUndefined();
    expect(snapshotOf({ a: Array.from({ length: SNAPSHOT_VALUES }, () => 1) })).toBeUndefined();
    expect(snapshotOf(Object.create(null))).toBeDefined();
  });
});
