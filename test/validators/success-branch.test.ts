/**
 * A 200 body of an operation is `oneOf: [success body, FailureBody]`: a body with `success: false`
 * is checked against the failure branch alone, without running the success branch first
 * (src/validators/validate-response.ts, `checkSchema`). That keeps every verdict only while no
 * success branch can pass a body with `success: false`; checked here against the generated
 * schemas and the compiled validators of every operation. And a failure body costs no module
 * lookup per call: the failure body's validator is loaded once per operation's plan.
 */
import Module from 'node:module';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operations } from '../../generated/operations.js';
import { validatorsOf } from '../../src/validators/compiled.js';
import { createResponseValidator } from '../../src/validators/validate-response.js';
import { allOperations, loadDoc, successExample } from './spec-examples.js';

/** Every operation with a 200 success branch, with its compiled validators. */
const withSuccessBranch = operations.flatMap((op) => {
  const compiled = validatorsOf(op.version, op.key);
  return compiled?.validators.success ? [{ op, compiled, success: compiled.validators.success, name: compiled.validators.schemas.success! }] : [];
});

const docs = new Map([1, 2].map((version) => [version, loadDoc(version)]));

/** The success example of each operation, by key. */
const examples = new Map(allOperations().flatMap((ops) => (ops.responses.some((r) => r.status === 200) ? [[ops.operation, successExample(ops).body] as const] : [])));

/** Any JSON object, then `success: false` (last, as a body lists it anywhere). */
const anyFalseBody = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 6 }).map((members) => ({ ...members, success: false }));

describe('no success branch passes a body with success: false', () => {
  it('every operation of both versions with a 200 answer has a success branch', () => {
    expect(withSuccessBranch.length).toBeGreaterThan(20);
    expect(withSuccessBranch.map((s) => s.op.version)).toContain(1);
    expect(withSuccessBranch.map((s) => s.op.version)).toContain(2);
  });

  it.each(withSuccessBranch.map((s) => [s.op.key, s] as const))('%s: its published success body requires success, const true', (_key, { op, name }) => {
    const schema = docs.get(op.version)!.components.schemas[name];
    expect(schema, name).toBeDefined();
    expect(schema.required).toContain('success');
    expect(schema.properties.success.const).toBe(true);
  });

  it.each(withSuccessBranch.map((s) => [s.op.key, s] as const))('%s: its compiled success branch passes its example and fails it and any object with success: false', (key, { success }) => {
    const example = examples.get(key);
    expect(example, key).toBeDefined();
    expect(success(structuredClone(example))).toBe(true);
    expect(success({ ...structuredClone(example), success: false })).toBe(false);
    fc.assert(
      fc.property(anyFalseBody, fc.boolean(), (extra, onExample) => {
        const body = onExample ? { ...structuredClone(example), ...extra } : extra;
        return success(body) === false;
      }),
      { seed: 36, numRuns: 200 },
    );
  });
});

describe('a failure body answering 200', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gets the verdict of its failure rules, on every operation', () => {
    const validator = createResponseValidator();
    for (const { op } of withSuccessBranch) {
      const { path } = op;
      const ok = validator.validate({ method: op.method, path, body: { success: false, errors: [{ code: 3, errors: ['Invalid input.'] }] } });
      expect(ok, op.key).toMatchObject({ valid: true, errors: [] });
      const broken = validator.validate({ method: op.method, path, body: { success: false, errors: [{ code: 3, errors: [] }], extra: 1 } });
      expect([...broken.errors, ...broken.warnings].map((e) => e.rule).sort(), op.key).toEqual(['shared.failure.general-description', 'shared.response.no-extra-members']);
    }
  });

  it('loads the failure body module once per operation, not on every call', () => {
    const validator = createResponseValidator();
    const body = { success: false, errors: [{ code: 3, errors: ['Invalid input.', 'metrics[0]: "x" is not a facebook metric'] }] };
    const input = { method: 'POST', path: '/2/facebook/metrics', body, status: 200 };
    validator.validate(input);
    // The generated index loads a module with Node's require (a function of createRequire).
    const required = vi.spyOn(Module.prototype, 'require');
    for (let i = 0; i < 20; i++) expect(validator.validate(input).valid).toBe(true);
    expect(required.mock.calls.filter(([id]) => String(id).includes('failure'))).toEqual([]);
  });
});
