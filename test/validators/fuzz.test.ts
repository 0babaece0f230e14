/**
 * Fuzz: thousands of mutated bodies and requests (seeded PRNG, so failures reproduce). The
 * validator must never throw, never fail internally (every schema error finds its rule), never
 * hang, and always return a well-formed result: errors of stated rules, warnings of inferred ones.
 */
import { describe, expect, it } from 'vitest';
import { RULES } from '../../generated/rules.js';
import { validateResponse } from '../../src/validators/index.js';
import { allOperations, successExample } from './spec-examples.js';
import { sequence as prng } from '../../src/mock/random.js';

type Rand = ReturnType<typeof prng>;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)];

function randomValue(rand: Rand): unknown {
  const deep = () => {
    let v: unknown = 1;
    for (let i = 0; i < 5000; i++) v = rand() < 0.5 ? [v] : { a: v };
    return v;
  };
  return pick(rand, [
    () => null,
    () => true,
    () => Math.floor(rand() * 1e6) - 5e5,
    () => rand() * 100,
    () => '',
    () => '12',
    () => '2026-13-45',
    () => '2026-01-20T10:00:00+00:00',
    () => 'x'.repeat(Math.floor(rand() * 5000)),
    () => [],
    () => [1, 'a', null],
    () => ({}),
    () => ({ success: rand() < 0.5 }),
    () => ({ __proto__: 1, constructor: 'x', toString: 2 }),
    () => ['profile', 'date.day', 'metric'],
    deep,
  ])();
}

/** Every container path of a value (iterative). */
function containers(root: unknown): { parent: any; key: string | number }[] {
  const out: { parent: any; key: string | number }[] = [];
  const stack: unknown[] = [root];
  while (stack.length && out.length < 5000) {
    const node = stack.pop();
    if (Array.isArray(node)) node.forEach((v, i) => (out.push({ parent: node, key: i }), stack.push(v)));
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) (out.push({ parent: node, key: k }), stack.push(v));
  }
  return out;
}

function mutate(rand: Rand, value: unknown): unknown {
  if (rand() < 0.05) return randomValue(rand);
  const copy = structuredClone(value);
  const spots = containers(copy);
  const times = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < times && spots.length; i++) {
    const { parent, key } = pick(rand, spots);
    const r = rand();
    if (r < 0.5) parent[key] = randomValue(rand);
    else if (r < 0.7) Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key];
    else if (r < 0.85) Array.isArray(parent) ? parent.push(parent[key as number]) : (parent[`${String(key)}_x`] = parent[key]);
    else parent[key] = Array.isArray(parent[key]) ? [...parent[key]].reverse() : [parent[key]];
  }
  return copy;
}

describe('fuzz', () => {
  const cases = allOperations().map((ops) => ({ ops, ...successExample(ops) }));

  it('never throws or fails internally on 6,000 mutated bodies and requests', () => {
    const rand = prng(20260122);
    let invalid = 0;
    for (let i = 0; i < 6000; i++) {
      const { ops, body, request } = pick(rand, cases);
      const mutatedBody = mutate(rand, body);
      const mutatedRequest = request === undefined || rand() < 0.5 ? request : mutate(rand, request);
      const status = rand() < 0.9 ? 200 : pick(rand, [400, 401, 500, 302]);
      let result: ReturnType<typeof validateResponse>;
      try {
        result = validateResponse({ method: ops.method, path: ops.path, body: mutatedBody, request: mutatedRequest, status });
      } catch (err) {
        throw new Error(`case ${i} (${ops.operation}) threw: ${String(err)}`);
      }
      expect(typeof result.valid).toBe('boolean');
      expect(result.valid).toBe(result.errors.length === 0);
      expect(result.warnings.every((w) => w.severity === 'warning' && RULES[w.rule].level === 'inferred')).toBe(true);
      for (const e of result.errors) {
        expect(typeof e.pointer).toBe('string');
        expect(e.message, `case ${i} (${ops.operation})`).not.toMatch(/^the validator failed/);
        expect(e.severity).toBe('error');
        expect(RULES[e.rule]?.level, `case ${i}: ${e.rule}`).toBe('stated');
      }
      if (!result.valid) invalid++;
    }
    // The mutations must actually produce invalid bodies, or this test checks nothing.
    expect(invalid).toBeGreaterThan(3000);
  });
});
