/**
 * The precompiled validators: import-free standalone code (loading them never loads the ajv
 * compiler) and in step with the generated OpenAPI documents (test/pipeline/generated-files.test.ts
 * checks the banner of every generated file).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { assertNoUnevaluated, assertSuccessDiscriminates, createAjv, validatorArtifacts } from '../../scripts/generators/validators.js';
import { commonJsExports, foldErrorAppends, renumberNames } from '../../scripts/generators/validators-compact.js';
import type { VersionSchemas } from '../../scripts/generators/validators-schemas.js';
import { ROOT } from './spec-examples.js';
import { loadModel } from '../../scripts/model/load-model.js';
import { operations } from '../../generated/operations.js';
import * as v2Validators from '../../generated/validators/v2/index.js';

const model = loadModel(ROOT);

const produced = () =>
  new Map([1, 2].map((v) => [`generated/openapi/v${v}.yaml`, { path: `generated/openapi/v${v}.yaml`, content: readFileSync(join(ROOT, 'generated', 'openapi', `v${v}.yaml`), 'utf8') }]));

describe('generated/validators', () => {
  it('gives every operation a module, and every module a user; identical validators share one', async () => {
    const artifacts = await validatorArtifacts({ root: ROOT, model, produced: produced() });
    const modules = artifacts.map((a) => a.path).filter((p) => p.endsWith('.cjs'));
    const used = new Set<string>();
    for (const v of [1, 2]) {
      const index = String(artifacts.find((a) => a.path === `generated/validators/v${v}/index.js`)!.content);
      expect(artifacts.some((a) => a.path === `generated/validators/v${v}/index.d.ts`)).toBe(true);
      // Each operation of the version: its key, then its loader's two require calls of one path
      // (and, for a family's module, the call of the member's loader).
      const keys = operations.filter((op) => op.version === v).map((op) => op.key);
      const table = [...index.matchAll(/^ {2}"([^"]+)": \(\) =>\n.*\n.*require\("([^"]+)"\)\n.*nodeRequire\("([^"]+)"\)(?:\)\.(\w+)\(\))?,$/gm)];
      expect(table.map((m) => m[1])).toEqual(keys);
      for (const m of table.filter((m) => m[4])) expect(m[1], m[1]).toContain(`/${m[4]}/`);
      const failure = /failureModule = \(\) =>\n.*\n.*require\("([^"]+)"\)/.exec(index)![1];
      for (const path of [failure, ...table.flatMap((m) => [m[2], m[3]])]) used.add(join('generated/validators', `v${v}`, path).replaceAll('\\', '/'));
    }
    expect([...used].sort()).toEqual([...modules].sort());
    // The profile lists of both versions are one module; the metrics of every network of version
    // 2 are one family's module (validators-families.ts); in version 1, those of the networks
    // whose day records have the same groups of members (facebook, twitter).
    expect(modules).toContain('generated/validators/shared/listProfiles.cjs');
    expect(modules.filter((p) => /\/\w*Metrics\.cjs$/.test(p)).sort()).toEqual(
      ['v1/getInstagramMetrics', 'v1/getMetrics', 'v1/getPinterestMetrics', 'v1/getYoutubeMetrics', 'v2/getMetrics'].map((m) => `generated/validators/${m}.cjs`),
    );
  });

  it('fails the step when the openapi artifacts are missing', async () => {
    await expect(validatorArtifacts({ root: ROOT, model, produced: new Map() })).rejects.toThrow('generated/openapi/v1.yaml was not produced by an earlier step');
  });

  it('holds no import, require or absolute path; an index requires only modules of its version or shared ones', async () => {
    for (const artifact of await validatorArtifacts({ root: ROOT, model, produced: produced() })) {
      if (artifact.path.endsWith('.d.ts')) continue;
      const code = String(artifact.content);
      expect(code, artifact.path).not.toMatch(/^\s*import[\s{*]/m);
      expect(code, artifact.path).not.toContain(ROOT);
      if (artifact.path.endsWith('.cjs')) {
        expect(code, artifact.path).not.toMatch(/\brequire\(/);
        expect(code, artifact.path).toContain('module.exports = ');
      } else if (artifact.path.endsWith('.js')) {
        const required = [...code.matchAll(/\brequire\(([^)]*)\)/g)].map((m) => m[1]);
        expect(required.length, artifact.path).toBeGreaterThan(2);
        expect(required.filter((r) => !/^"(\.\/|\.\.\/shared\/)\w+\.cjs"$/.test(r)), artifact.path).toEqual([]);
      }
    }
  });

  it('loads an operation\'s module on its first use only, once', () => {
    const index = pathToFileURL(join(ROOT, 'generated/validators/v2/index.js')).href;
    const script = `
      import { createRequire } from 'node:module';
      const { operationModules } = await import(${JSON.stringify(index)});
      const cache = createRequire(import.meta.url).cache;
      const loaded = () => Object.keys(cache).filter((p) => p.endsWith('.cjs')).map((p) => p.split(/[\\\\/]/).pop());
      const before = loaded();
      const first = operationModules['POST /2/facebook/metrics']();
      const again = operationModules['POST /2/facebook/metrics']();
      const other = operationModules['POST /2/twitter/metrics']();
      console.log(JSON.stringify([before, loaded(), first === again, first === other, first.validators.schemas.success, other.validators.schemas.success]));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([[], ['getMetrics.cjs'], true, false, 'FacebookMetricsResponse', 'TwitterMetricsResponse']);
  });

  it('keeps the ajv compiler out of the runtime of validateResponse and the CLI, and every package out of their static imports', async () => {
    for (const entry of ['src/validators/index.ts', 'src/cli/validate.ts', 'src/vitest.ts']) {
      const result = await build({ entryPoints: [join(ROOT, entry)], bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', external: ['vitest'], logLevel: 'silent' });
      const inputs = result.metafile.inputs;
      expect(Object.keys(inputs).some((p) => p.includes('generated/validators/v2/getMetrics.cjs'))).toBe(true);
      expect(Object.keys(inputs).filter((p) => p.includes('node_modules/ajv')), entry).toEqual([]);
      // What loads with the entry: its static imports, transitively (a reporter's library is loaded
      // by a dynamic import only when that reporter is asked for).
      const loaded = new Set<string>();
      const queue = [entry];
      while (queue.length) {
        const file = queue.pop()!;
        if (loaded.has(file) || !inputs[file]) continue;
        loaded.add(file);
        for (const i of inputs[file].imports) if (i.kind !== 'dynamic-import' && !i.external) queue.push(i.path);
      }
      expect(loaded.size, entry).toBeGreaterThan(3);
      expect([...loaded].filter((p) => p.includes('node_modules')), entry).toEqual([]);
    }
  });

  it('gives per operation its statuses, its own validators and the success branch; the failure body is shared', () => {
    const metrics = v2Validators.operationModules['POST /2/facebook/metrics']();
    expect(metrics.validators.statuses).toEqual(['200', '400', '401', '403', '404', '405', '500']);
    // The 200 body is success-or-failure (decided by `success`), the others the failure body.
    expect(metrics.validators.responses).toEqual({});
    expect(metrics.validators.schemas.success).toBe('FacebookMetricsResponse');
    expect(metrics.validators.success!({ success: true })).toBe(false);
    expect(metrics.validators.success!({ success: true, header: [{ type: 'metric', rows: ['fans_change'] }], data: [1] })).toBe(true);
    const { FailureBody } = v2Validators.failureModule();
    expect(FailureBody({ success: false, errors: [{ code: 3, errors: [] }] })).toBe(true);
    expect(FailureBody({ success: true })).toBe(false);
  });

  it('refuses a 200 schema that `success` does not discriminate (the runtime relies on it)', () => {
    const base = 'https://x.invalid/';
    const input = (successSchema: object, branches: number): VersionSchemas => ({
      version: 9,
      base,
      components: new Map<string, Record<string, unknown>>([
        ['FailureBody', { required: ['success'], properties: { success: { const: false } } }],
        ['Ok', successSchema as Record<string, unknown>],
      ]),
      responses: [{ operation: 'GET /9/x', operationId: 'x', status: '200', schema: { oneOf: Array.from({ length: branches }, () => ({})) }, success: 'Ok' }],
    });
    expect(() => assertSuccessDiscriminates(input({ required: ['success'], properties: { success: { const: true } } }, 2))).not.toThrow();
    expect(() => assertSuccessDiscriminates(input({ properties: { success: { const: true } } }, 2))).toThrow('GET /9/x 200 must be oneOf [a success body with success: const true, FailureBody]');
    expect(() => assertSuccessDiscriminates(input({ required: ['success'], properties: { success: { type: 'boolean' } } }, 2))).toThrow('must be oneOf');
    expect(() => assertSuccessDiscriminates(input({ required: ['success'], properties: { success: { const: true } } }, 3))).toThrow('must be oneOf');
  });

  it('refuses unevaluatedProperties/Items: the compiler does not track evaluated members', () => {
    const input = (schema: Record<string, unknown>): VersionSchemas => ({
      version: 9,
      base: 'https://x.invalid/',
      components: new Map([['Ok', { $id: 'https://x.invalid/Ok', ...schema }]]),
      responses: [],
    });
    expect(() => assertNoUnevaluated(input({ type: 'object', properties: { a: { type: 'string' } } }), 9)).not.toThrow();
    expect(() => assertNoUnevaluated(input({ allOf: [{ properties: { a: {} } }], unevaluatedProperties: false }), 9)).toThrow(
      'validators v9: https://x.invalid/Ok uses unevaluatedProperties/unevaluatedItems/$dynamicRef/$dynamicAnchor',
    );
    expect(() => assertNoUnevaluated(input({ $dynamicAnchor: 'node', type: 'object' }), 9)).toThrow('uses unevaluatedProperties');
  });

  it('compiles without evaluated-member tracking (an anyOf stops at its first passing branch)', () => {
    const code = readFileSync(join(ROOT, 'generated/validators/v2/getMetrics.cjs'), 'utf8');
    expect(code).not.toMatch(/\.evaluated\b/);
    const validate = createAjv(false).compile({ $id: 'https://x.invalid/t', type: 'array', items: { anyOf: [{ type: 'number' }, { type: 'array' }] } });
    expect((validate as { evaluated?: unknown }).evaluated).toBeUndefined();
    expect(validate([1, [2]])).toBe(true);
    expect(validate.errors).toBeNull();
    expect(validate(['1'])).toBe(false);
    expect(validate.errors!.map((e) => e.keyword)).toEqual(['type', 'type', 'anyOf']);
  });

  it('checks a v2 metrics value as a number or an array in one type check', () => {
    const validate = v2Validators.operationModules['POST /2/facebook/metrics']().validators.success!;
    const header = [{ type: 'metric', rows: ['fans_change'] }];
    expect(validate({ success: true, header, data: [1] })).toBe(true);
    expect(validate({ success: true, header, data: [[1]] })).toBe(true);
    expect(validate({ success: true, header, data: ['1'] })).toBe(false);
    expect(validate.errors!.map((e) => [e.instancePath, e.keyword])).toEqual([['/data/0', 'type']]);
  });
});

describe('compacting the standalone code', () => {
  const append = (name: string, error: string) => `const ${name} = ${error};\nif(vErrors === null){\nvErrors = [${name}];\n}\nelse {\nvErrors.push(${name});\n}\nerrors++;\n`;

  it('appends every error by one pushError call with the same members, or refuses the code', () => {
    const code = [
      '"use strict";',
      append('err0', '{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "a"}}'),
      append('err1', '{instancePath:instancePath+"/a/" + key0.replace(/~/g, "~0"),schemaPath:"https://x.invalid/v2/schemas/A/type",keyword:"type",params:{type: "string",\n    n: 1}}'),
    ].join('\n');
    const folded = foldErrorAppends(code);
    expect(folded).toContain('vErrors = pushError(vErrors, instancePath, "#/required", "required", {missingProperty: "a"});\nerrors++;');
    expect(folded).toContain('vErrors = pushError(vErrors, instancePath+"/a/" + key0.replace(/~/g, "~0"), "https://x.invalid/v2/schemas/A/type", "type", {type: "string",\n    n: 1});');
    expect(folded).not.toMatch(/vErrors\.push|err0|err1/);
    // The same error objects: members in ajv's order.
    const pushError = new Function(`${folded.split('\n').slice(1, 7).join('\n')}\nreturn pushError;`)();
    expect(JSON.stringify(pushError(null, '/a', '#/type', 'type', { type: 'string' }))).toBe('[{"instancePath":"/a","schemaPath":"#/type","keyword":"type","params":{"type":"string"}}]');
    expect(() => foldErrorAppends(`"use strict";\n${append('err0', '{instancePath,schemaPath:"#/x",keyword:"x",params:{},message:"m"}')}`)).toThrow('unexpected form');
    expect(() => foldErrorAppends('"use strict";\nif(vErrors === null){vErrors = [e];}')).toThrow('unexpected form');
  });

  it('renumbers the module-level names from 0 in order of appearance, or refuses undeclared ones', () => {
    const code = 'const schema31 = {};\nfunction validate20(){ return validate22(schema31); }\nfunction validate22(s){ return s; }\nexport const a = validate20;';
    expect(renumberNames(code)).toBe('const schema0 = {};\nfunction validate0(){ return validate1(schema0); }\nfunction validate1(s){ return s; }\nexport const a = validate0;');
    expect(() => renumberNames('function validate1(){ return validate2; }')).toThrow('uses validate2 without declaring it');
  });

  it('exports a module\'s constants as CommonJS', () => {
    expect(commonJsExports('"use strict";\nexport const a = 1;\nconst b = 2;\nexport const c = b;')).toBe('"use strict";\nconst a = 1;\nconst b = 2;\nconst c = b;\nmodule.exports = { a, c };\n');
    expect(() => commonJsExports('export function f() {}')).toThrow('exports something else than a constant');
  });
});
