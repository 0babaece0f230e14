/**
 * Every example of both generated specs is valid against its schema: request examples against
 * the request schemas (compiled with ajv here, at test time), response examples with the
 * precompiled validators (and, where a request example of the same name exists, the
 * request-aware checks), by default and in strict mode (no inferred rule broken either).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { cleanSchema } from '../../scripts/generators/validators/validators-schemas.js';
import { validateResponse } from '../../src/validators/index.js';
import { loadDoc, operationExamples, UNLISTED_STATUS } from './spec-examples.js';

const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as typeof import('ajv-formats').default;

function requestCompiler(version: number) {
  const doc = loadDoc(version);
  const base = `https://test.invalid/v${version}/`;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  for (const [name, schema] of Object.entries<any>(doc.components.schemas)) ajv.addSchema({ ...(cleanSchema(schema, base) as object), $id: `${base}${name}` });
  return (schema: unknown) => ajv.compile({ ...(cleanSchema(schema, base) as object) });
}

for (const version of [1, 2]) {
  describe(`v${version} spec examples`, () => {
    const ops = operationExamples(version);
    const compile = requestCompiler(version);

    it('has examples to check', () => {
      expect(ops.flatMap((o) => o.responses).length).toBeGreaterThan(ops.length);
      expect(ops.flatMap((o) => o.requests).length).toBeGreaterThan(0);
    });

    for (const op of ops) {
      for (const example of op.requests) {
        it(`request example "${example.name}" of ${op.operation} is valid`, () => {
          const validate = compile(op.requestSchema);
          const valid = validate(example.value);
          expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
          expect(valid).toBe(true);
        });
      }
      for (const example of op.responses) {
        if (example.status === UNLISTED_STATUS) {
          it(`response example "${example.name}" of the default response (a failure at ${example.status}) of ${op.operation} passes with the warnings of its status and code only`, () => {
            const result = validateResponse({ method: op.method, path: op.path, body: example.value, status: example.status });
            expect(result).toMatchObject({ valid: true, errors: [] });
            expect(new Set(result.warnings.map((w) => w.rule))).toEqual(new Set(['shared.response.status', 'shared.failure.code-range']));
          });
          continue;
        }
        it(`response example "${example.name}" (${example.status}) of ${op.operation} is valid, also in strict mode`, () => {
          const request = op.requests.find((r) => r.name === example.name)?.value;
          const input = { method: op.method, path: op.path, body: example.value, status: example.status, request };
          expect(validateResponse(input)).toMatchObject({ errors: [], warnings: [] });
          const result = validateResponse({ ...input, strict: true });
          expect(result.errors).toEqual([]);
          expect(result).toMatchObject({ valid: true, operation: op.operation });
        });
      }
    }
  });
}
