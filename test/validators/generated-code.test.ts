/**
 * The precompiled validators: import-free standalone code (loading them never loads the ajv
 * compiler), a module per distinct operation loaded on first use, and in step with the generated
 * OpenAPI documents (test/pipeline/generated-files.test.ts checks the banner of every generated
 * file).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { assertNoUnevaluated, assertSuccessDiscriminates, compiledInput as compiledInputOf, validatorArtifacts } from '../../scripts/generators/validators/validators.js';
import { createCompiler } from '../../scripts/generators/validators/standalone-validators.js';
import type { VersionSchemas } from '../../scripts/generators/validators/validators-schemas.js';
import { ROOT } from './spec-examples.js';
import { loadModel } from '../../scripts/model/load-model.js';
import { operations } from '../../generated/operations.js';
import * as v2Validators from '../../generated/validators/v2/index.js';

const model = loadModel(ROOT);


describe('generated/validators', () => {
  it('gives every operation a module, and every module a user; identical validators share one', () => {
    const indexes = [1, 2].map((v) => pathToFileURL(join(ROOT, `generated/validators/v${v}/index.js`)).href);
    const script = `
      import { createRequire } from 'node:module';
      const cache = createRequire(import.meta.url).cache;
      const answer = {};
      for (const [v, url] of ${JSON.stringify(indexes)}.entries()) {
        const { operationModules, failureModule } = await import(url);
        failureModule();
        answer[v + 1] = Object.fromEntries(Object.entries(operationModules).map(([key, load]) => [key, load()]));
      }
      const same = (a, b) => answer[a[0]][a[1]] === answer[b[0]][b[1]];
      console.log(JSON.stringify({
        keys: [Object.keys(answer[1]), Object.keys(answer[2])],
        loaded: Object.keys(cache).filter((p) => p.endsWith('.cjs')).map((p) => p.slice(p.indexOf('generated'))).sort(),
        v1Metrics: same([1, 'POST /1/facebook/metrics'], [1, 'POST /1/twitter/metrics']),
        profiles: same([1, 'GET /1/profiles/facebook'], [2, 'GET /2/profiles/facebook']),
        v2Metrics: same([2, 'POST /2/facebook/metrics'], [2, 'POST /2/twitter/metrics']),
      }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
    expect(out.keys).toEqual([1, 2].map((v) => operations.filter((op) => op.version === v).map((op) => op.key)));
    const files = (dir: string): string[] => readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(`${dir}/${e.name}`) : e.name.endsWith('.cjs') ? [`${dir}/${e.name}`] : []));
    expect(out.loaded).toEqual(files('generated/validators').sort());
    // The day records of every network are one schema: the v1 metrics of every network are one module.
    expect(out.v1Metrics).toBe(true);
    expect(out.profiles).toBe(true);
    expect(out.v2Metrics).toBe(false);
  });

  it('inlines every $ref: no compiled function calls another, so a oneOf writes its branches\' errors just before its own', () => {
    // src/core/branch-errors.ts reads the errors of a oneOf's branches as the run just before its error.
    const files = [join(ROOT, 'generated', 'request-validators.ts')];
    for (const dir of ['v1', 'v2', 'shared']) for (const name of readdirSync(join(ROOT, 'generated', 'validators', dir))) if (name.endsWith('.cjs')) files.push(join(ROOT, 'generated', 'validators', dir, name));
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const calls = [...text.matchAll(/(function\s+)?\bvalidate\d+\(/g)].filter((m) => m[1] === undefined);
      expect(calls.map((m) => m[0]), file).toEqual([]);
    }
    expect(files.length).toBeGreaterThan(5);
  });

  it('compiles the model: needs no artifact of an earlier step', async () => {
    const artifacts = await validatorArtifacts({ root: ROOT, model });
    for (const { path, content } of artifacts) expect(content, path).toBe(readFileSync(join(ROOT, path), 'utf8'));
  });

  it('bundles with nothing but generated/validators: no package, no module of src/', async () => {
    for (const v of [1, 2]) {
      const result = await build({ entryPoints: [join(ROOT, `generated/validators/v${v}/index.js`)], absWorkingDir: ROOT, bundle: true, write: false, metafile: true, platform: 'neutral', format: 'esm', logLevel: 'silent' });
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs.length).toBeGreaterThan(3);
      expect(inputs.filter((p) => !p.startsWith('generated/validators/'))).toEqual([]);
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
      const afterFirst = loaded();
      const again = operationModules['POST /2/facebook/metrics']();
      const other = operationModules['POST /2/twitter/metrics']();
      console.log(JSON.stringify([before, afterFirst, first === again, first === other, first.validators.schemas.success, other.validators.schemas.success]));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual([[], ['getFacebookMetrics.cjs'], true, false, 'FacebookMetricsResponse', 'TwitterMetricsResponse']);
  });

  it('keeps the ajv compiler out of the runtime of validateResponse and the CLI, and every package out of their static imports', async () => {
    for (const entry of ['src/validators/index.ts', 'src/cli/validate.ts', 'src/vitest.ts']) {
      const result = await build({ entryPoints: [join(ROOT, entry)], bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', external: ['vitest'], logLevel: 'silent' });
      const inputs = result.metafile.inputs;
      expect(Object.keys(inputs).some((p) => p.includes('generated/validators/v1/getMetrics.cjs'))).toBe(true);
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
    // `default`: a failure at a status not listed, checked as the failure body.
    expect(metrics.validators.statuses).toEqual(['200', '400', '401', '403', '404', '405', '500', 'default']);
    expect(metrics.validators.schemas.responses.default).toBe('FailureBody');
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

  it('compiles a day record to its date and a post to its members of more than a type, by the directive of their template; refuses what the runtime would not check', () => {
    const base = 'https://x.invalid/';
    const directive = (name: string) => (({ NetDayRecord: 'day-record', NetPost: 'post' }) as Record<string, string | undefined>)[name];
    const compiledInput = (input: VersionSchemas) => compiledInputOf(input, directive);
    const input = (name: string, schema: Record<string, unknown>): VersionSchemas => ({ version: 9, base, components: new Map([[name, { $id: `${base}${name}`, ...schema }]]), responses: [] });
    const record = { type: 'object', required: ['date'], properties: { date: { type: 'string' }, fans: { type: 'integer' }, views: { type: 'number', deprecated: true } }, additionalProperties: false };
    expect(compiledInput(input('NetDayRecord', record)).components.get('NetDayRecord')).toEqual({ $id: `${base}NetDayRecord`, type: 'object', required: ['date'], properties: { date: { type: 'string' } } });
    expect(() => compiledInput(input('NetDayRecord', { ...record, properties: { ...record.properties, fans: { type: 'integer', minimum: 0 } } }))).toThrow('member fans has constraints beyond its type');
    const labels = { type: 'array', items: { type: 'string' } };
    const post = { type: 'object', properties: { comments: { type: 'integer' }, labels }, additionalProperties: false };
    expect(compiledInput(input('NetPost', post)).components.get('NetPost')).toEqual({ $id: `${base}NetPost`, type: 'object', properties: { labels } });
    expect(() => compiledInput(input('NetPost', { ...post, additionalProperties: true }))).toThrow('is not closed');
    // Another component, whatever its name, is compiled as it is.
    expect(compiledInputOf(input('OtherPost', post), directive).components.get('OtherPost')).toEqual({ $id: `${base}OtherPost`, ...post });
  });

  it('compiles without evaluated-member tracking (an anyOf stops at its first passing branch)', () => {
    const validate = createCompiler().compile({ $id: 'https://x.invalid/t', type: 'array', items: { anyOf: [{ type: 'number' }, { type: 'array' }] } });
    expect((validate as { evaluated?: unknown }).evaluated).toBeUndefined();
    expect(validate([1, [2]])).toBe(true);
    expect(validate.errors).toBeNull();
    expect(validate(['1'])).toBe(false);
    expect(validate.errors!.map((e) => e.keyword)).toEqual(['type', 'type', 'anyOf']);
  });

  it('knows dependentRequired (posts: next with remaining) and refuses unknown keywords', () => {
    const validate = createCompiler().compile({ type: 'object', dependentRequired: { next: ['remaining'] } });
    expect(validate({ next: 'x', remaining: 1 })).toBe(true);
    expect(validate({ next: 'x' })).toBe(false);
    expect(() => createCompiler().compile({ type: 'object', 'x-unknown': 1 })).toThrow('unknown keyword');
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
