/**
 * The fold of ajv's error appends (scripts/generators/validators/error-appends.ts): the same
 * errors in the same order as the code ajv writes, for code ajv wrote from a schema here.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { foldErrorAppends } from '../../scripts/generators/validators/error-appends.js';
import { standaloneSource } from '../../scripts/generators/validators/standalone-validators.js';

const schema = {
  $id: 'Body',
  type: 'object',
  required: ['a', 'b'],
  additionalProperties: false,
  properties: {
    a: { type: 'string', pattern: '^x+$' },
    b: { type: 'array', minItems: 1, items: { oneOf: [{ type: 'integer', minimum: 2 }, { type: 'string', minLength: 2 }] } },
  },
};

/** The validator of `code` (a CommonJS module exporting `validate`, requiring ajv's runtime helpers). */
function load(code: string): ((data: unknown) => boolean) & { errors?: unknown } {
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(import.meta.url));
  return module.exports.validate as never;
}

describe('foldErrorAppends', () => {
  const code = standaloneSource({ schemas: [schema], exports: new Map([['validate', 'Body']]) }, {}, 'cjs');
  const folded = foldErrorAppends(code, 'test');

  it('writes every append of ajv as one call and defines the function once', () => {
    expect(code).toContain('vErrors.push(err');
    expect(folded.match(/vErrors\.push\(/g)).toHaveLength(1);
    expect(folded.match(/function appendError\(/g)).toHaveLength(1);
    expect(folded).toMatch(/vErrors = appendError\(vErrors, instancePath, "#\/required", \{ ?missingProperty: "a" ?\}\);/);
  });

  it('gives the same verdicts and errors, in the same order', () => {
    const [before, after] = [load(code), load(folded)];
    for (const body of [{}, { a: 'x', b: [2] }, { a: 'y', b: [], c: 1 }, { a: 3, b: [1, 'q', 'qq', 3.5, null] }, [], 'text', { b: ['qq', 5] }]) {
      expect(after(body), JSON.stringify(body)).toBe(before(body));
      expect(after.errors, JSON.stringify(body)).toEqual(before.errors);
    }
    after({ a: 3 });
    expect(after.errors).toEqual([
      { instancePath: '', schemaPath: '#/required', keyword: 'required', params: { missingProperty: 'b' } },
      { instancePath: '/a', schemaPath: '#/properties/a/type', keyword: 'type', params: { type: 'string' } },
    ]);
  });

  it('leaves an append of another form as written, and stops when a folded error is read elsewhere', () => {
    const other = 'function v(){ let vErrors = null; const err0 = { instancePath: "", schemaPath: "#/a", keyword: "b", params: {} }; if (vErrors === null) { vErrors = [err0]; } else { vErrors.push(err0); } }';
    expect(foldErrorAppends(other, 'test')).toBe(other);
    const read = 'function v(){ let vErrors = null; const err0 = { instancePath: "", schemaPath: "#/a", keyword: "a", params: {} }; if (vErrors === null) { vErrors = [err0]; } else { vErrors.push(err0); } return err0; }';
    expect(() => foldErrorAppends(read, 'test')).toThrow(/err0 is read outside its error append/);
  });
});
