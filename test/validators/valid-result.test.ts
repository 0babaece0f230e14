/** A result without problems is shared per operation and frozen; a result with problems is the caller's own. */
import { describe, expect, it } from 'vitest';
import { validateResponse } from '../../src/validators/index.js';

const labels = (body: unknown) => validateResponse({ method: 'POST', path: '/2/post/labels', body, request: {} });
const profiles = (body: unknown) => validateResponse({ method: 'GET', path: '/2/twitter/profiles', body });

describe('validateResponse results', () => {
  it('returns one frozen result, with frozen empty lists, for every valid body of an operation', () => {
    const first = labels({ success: true, data: [] });
    const second = labels({ success: true, data: [{ id: 'a', name: 'A' }] });
    expect(first).toEqual({ valid: true, operation: 'POST /2/post/labels', errors: [], warnings: [] });
    expect(second).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.errors) && Object.isFrozen(first.warnings)).toBe(true);
    expect(() => first.errors.push({ pointer: '', message: 'x', rule: 'shared.response.json', severity: 'error' })).toThrow(TypeError);
  });

  it('keeps the valid results of operations apart', () => {
    const other = profiles({ success: true, profiles: [{ id: '1', name: 'Example' }] });
    expect(other).toEqual({ valid: true, operation: 'GET /2/twitter/profiles', errors: [], warnings: [] });
    expect(other).not.toBe(labels({ success: true, data: [] }));
  });

  it('returns new, unfrozen lists when there is a problem', () => {
    const bad = profiles({ success: true, profiles: [{ id: 1 }] });
    const again = profiles({ success: true, profiles: [{ id: 1 }] });
    expect(bad.valid).toBe(false);
    expect(bad).not.toBe(again);
    expect(bad.errors).not.toBe(again.errors);
    expect(Object.isFrozen(bad) || Object.isFrozen(bad.errors)).toBe(false);
    expect(bad.errors.map((e) => e.pointer)).toContain('/profiles/0/id');
  });
});
