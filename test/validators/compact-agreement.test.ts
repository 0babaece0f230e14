/**
 * The generated validators are ajv's standalone code made smaller to load
 * (scripts/generators/validators-compact.ts: one appending call per error, names renumbered,
 * plain CommonJS exports) and shared by the operations whose code is the same
 * (validators-layout.ts). Checked here against ajv compiling the same schemas at run time: for
 * every operation of both versions, its success branch and the failure body give the same
 * validity and the same errors (instance path, keyword, params, schema path up to the labels a
 * shared module names after its first user) on the examples and on hundreds of broken variants,
 * and every error has its rule in the module's table. The metrics of every network of version 2
 * are one family's module (validators-families.ts): each network's header types are checked
 * against every network's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import * as v1Validators from '../../generated/validators/v1/index.js';
import * as v2Validators from '../../generated/validators/v2/index.js';
import type { CompiledValidator } from '../../src/validators/compiled-types.js';
import { createAjv, precompiledSchemas } from '../../scripts/generators/validators.js';
import { schemaRuleTable, wildcardKey } from '../../scripts/generators/validators-rules.js';
import { versionSchemas } from '../../scripts/generators/validators-schemas.js';
import { operationsOf } from '../../scripts/generators/validators-modules.js';
import { loadModel } from '../../scripts/model/load-model.js';
import { operationExamples, ROOT, successExample } from './spec-examples.js';

const model = loadModel(ROOT);
const indexes: Record<number, typeof v2Validators> = { 1: v1Validators, 2: v2Validators };

/** ajv with every schema of a version, compiled at run time as the generator compiles them. */
function runtime(version: number) {
  const input = versionSchemas(parse(readFileSync(join(ROOT, 'generated/openapi', `v${version}.yaml`), 'utf8')), version);
  const ajv = createAjv(false);
  for (const schema of precompiledSchemas(input, schemaRuleTable(input, model.networks.map((n) => n.name), new Set(model.rules.map((r) => r.id))))) ajv.addSchema(schema);
  return { input, ajv };
}

/** Every value of `body` replaced by odd values, and every member removed: one variant each. */
function variants(body: unknown): unknown[] {
  const out: unknown[] = [body, null, [], 'x'];
  const paths: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (paths.length >= 80 || value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const at = [...path, Array.isArray(value) ? Number(key) : key];
      paths.push(at);
      walk(child, at);
    }
  };
  walk(body, []);
  for (const path of paths) {
    for (const odd of [null, 'x', 1.5, -1, true, [], {}, [1, 'a'], undefined]) {
      const copy = structuredClone(body) as any;
      let parent = copy;
      for (const key of path.slice(0, -1)) parent = parent[key];
      const last = path[path.length - 1];
      if (odd === undefined && !Array.isArray(parent)) delete parent[last];
      else parent[last] = odd;
      out.push(copy);
    }
  }
  return out;
}

type Error = { instancePath: string; schemaPath: string; keyword: string; params: unknown };

/** The errors of a run with the labels of a version and an operation made neutral. */
const neutral = (errors: Error[] | null | undefined) =>
  (errors ?? []).map((e) => ({ ...e, schemaPath: e.schemaPath.replace(/\/v\d+\/schemas\//, '/v*/schemas/').replace(/\/responses\/\w+\//, '/responses/*/') }));

/** The rule table of a module and the name of the schema whose `#/...` paths it resolves. */
type Rules = { name: string; rules: Readonly<Record<string, string>> };

/** Keys of `rules.rules` an error's `schemaPath` has no entry under (as src/validators/schema-messages.ts looks it up). */
function unruled(errors: Error[] | null | undefined, rules: Rules): string[] {
  const keyOf = (path: string) => (path.startsWith('#') ? `${rules.name}${path.slice(1)}` : path.slice(path.indexOf('/schemas/') + '/schemas/'.length));
  return (errors ?? []).map((e) => keyOf(e.schemaPath)).filter((key) => rules.rules[key] === undefined && rules.rules[wildcardKey(key) ?? key] === undefined);
}

function agree(precompiled: CompiledValidator, compiled: CompiledValidator, bodies: unknown[], label: string, rules?: Rules): number {
  let invalid = 0;
  for (const body of bodies) {
    const valid = compiled(body);
    if (!valid) invalid++;
    expect(precompiled(body), `${label}: ${JSON.stringify(body)?.slice(0, 200)}`).toBe(valid);
    expect(neutral(precompiled.errors as Error[]), `${label}: ${JSON.stringify(body)?.slice(0, 200)}`).toEqual(neutral(compiled.errors as Error[]));
    // Every error has its rule in the module's table (a family's module computes the keys per member).
    if (rules) expect(unruled(precompiled.errors as Error[], rules), label).toEqual([]);
  }
  return invalid;
}

describe('the compact, shared generated validators agree with ajv at run time', () => {
  for (const version of [1, 2]) {
    it(`on every operation of version ${version}: success branch and failure body`, () => {
      const { input, ajv } = runtime(version);
      const examples = operationExamples(version);
      const failure = ajv.getSchema(`${input.base}FailureBody`) as unknown as CompiledValidator;
      const failureBodies = variants({ success: false, errors: [{ code: 3, errors: ['General description.', 'detail'] }] });
      expect(agree(indexes[version].failureModule().FailureBody, failure, failureBodies, 'FailureBody')).toBeGreaterThan(failureBodies.length / 2);
      for (const op of operationsOf(input.responses)) {
        const success = op.responses.find((r) => r.success)!.success!;
        const module = indexes[version].operationModules[op.operation]();
        const bodies = variants(successExample(examples.find((e) => e.operation === op.operation)!).body);
        expect(module.validators.schemas.success, op.operation).toBe(success);
        const rules = { name: success, rules: module.schemaRules };
        const invalid = agree(module.validators.success!, ajv.getSchema(`${input.base}${success}`) as unknown as CompiledValidator, bodies, op.operation, rules);
        // Most variants are invalid: the comparison covers the error paths, not only valid bodies.
        expect(invalid, op.operation).toBeGreaterThan(bodies.length / 3);
      }
    });
  }

  it('on the header types of every network, for each network\'s metrics (one family module in version 2)', () => {
    const { input, ajv } = runtime(2);
    const metrics = operationsOf(input.responses).filter((op) => op.operation.endsWith('/metrics'));
    const types = new Set(metrics.flatMap((op) => (input.components.get(op.responses.find((r) => r.success)!.success!.replace('MetricsResponse', 'HeaderType')) as { enum: string[] }).enum));
    expect(types.size).toBeGreaterThan(20);
    for (const op of metrics) {
      const success = op.responses.find((r) => r.success)!.success!;
      const module = v2Validators.operationModules[op.operation]();
      const bodies = [...types, 'metric ', 'Metric', ''].map((type) => ({ success: true, header: [{ type, rows: ['a'] }, { type: 'metric', rows: ['m'] }], data: [[1]] }));
      const invalid = agree(module.validators.success!, ajv.getSchema(`${input.base}${success}`) as unknown as CompiledValidator, bodies, op.operation, { name: success, rules: module.schemaRules });
      expect(invalid, op.operation).toBeGreaterThan(2);
      expect(invalid, op.operation).toBeLessThan(bodies.length - 5);
    }
  });
});
