/**
 * The published OpenAPI documents say no more than the default verdict: a third-party JSON Schema
 * validator (@cfworker/json-schema, not the ajv the package compiles with) checks mutated valid
 * answers of every operation against generated/openapi/v*.yaml, and every body it rejects,
 * `validateResponse` (default mode, body only) rejects too. Inferred rules are annotations there
 * (`x-inferred-rules`), so an answer with an extra member or a page without `next` passes a
 * team's own OpenAPI tooling exactly as it passes the package's default verdict.
 */
import { Validator, type Schema } from '@cfworker/json-schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateResponse } from '../../src/validators/index.js';
import { checkRequest } from '../../src/request-checks/check.js';
import { allOperations, loadDoc, type ResponseExample, type SpecExample } from '../validators/spec-examples.js';

const SEED = 26;
const RUNS = 3_000;

/**
 * The published document's verdict on one response body (per version, operation and status), or
 * on a request body (status `request`).
 */
function publishedVerdicts() {
  const docs = new Map([1, 2].map((v) => [v, loadDoc(v)]));
  const validators = new Map<string, Validator>();
  return (version: number, path: string, method: string, status: number | 'request', body: unknown) => {
    const key = `${version} ${method} ${path} ${status}`;
    let validator = validators.get(key);
    if (!validator) {
      const doc = docs.get(version)!;
      const op = doc.paths[path][method.toLowerCase()];
      // A status the operation does not list is its `default` response, as OpenAPI reads it.
      let response = status === 'request' ? op.requestBody : (op.responses[String(status)] ?? op.responses.default);
      if (typeof response.$ref === 'string') response = doc.components.responses[response.$ref.split('/').pop()];
      const schema = response.content['application/json'].schema;
      // The document's components ride along, so its `#/components/schemas/X` references resolve.
      validator = new Validator({ $id: `https://published.invalid/v${version}`, ...schema, components: doc.components } as Schema, '2020-12', false);
      validators.set(key, validator);
    }
    return validator.validate(body);
  };
}

type Spot = { parent: any; key: string | number };

/** Every member and element of a value, parents before children. */
function spots(root: unknown): Spot[] {
  const out: Spot[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach((v, i) => (out.push({ parent: node, key: i }), visit(v)));
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) (out.push({ parent: node, key: k }), visit(v));
  };
  visit(root);
  return out;
}

const BROKEN_FORMATS = ['2026-01-01T10:00:00Z', '2026-01-20T17:04:11.5+00:00', '2026-02-30', '2026-01-20 17:04:11', 'not a date', ''];

const valueArb = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -10, max: 10 }),
  fc.constantFrom('x', '12', ...BROKEN_FORMATS),
  fc.constant([]),
  fc.constant({}),
  fc.constant([1, 'a']),
);

const MUTATIONS = ['add-member', 'drop-member', 'change-value', 'empty-array', 'break-format', 'repeat-element'] as const;
type Mutation = { kind: (typeof MUTATIONS)[number]; spot: number; value: unknown; name: string };

const mutationArb = fc.record({
  kind: fc.constantFrom(...MUTATIONS),
  spot: fc.nat(),
  value: valueArb,
  name: fc.constantFrom('extra', 'next', 'remaining', 'id', 'name', 'comments', 'date', 'profile_id'),
});

/** Applies one mutation to `body` in place; a mutation that finds no place to act is a no-op. */
function apply(body: unknown, m: Mutation): void {
  const all = spots(body);
  const objects = [{ parent: { root: body }, key: 'root' }, ...all].filter((s) => s.parent[s.key] && typeof s.parent[s.key] === 'object' && !Array.isArray(s.parent[s.key]));
  const pick = <T>(list: T[]) => (list.length ? list[m.spot % list.length] : undefined);
  if (m.kind === 'add-member') {
    const at = pick(objects);
    if (at) at.parent[at.key][m.name] = structuredClone(m.value);
  } else if (m.kind === 'drop-member') {
    const at = pick(all.filter((s) => !Array.isArray(s.parent)));
    if (at) delete at.parent[at.key];
  } else if (m.kind === 'change-value') {
    const at = pick(all);
    if (at) at.parent[at.key] = structuredClone(m.value);
  } else if (m.kind === 'empty-array') {
    const at = pick(all.filter((s) => Array.isArray(s.parent[s.key])));
    if (at) at.parent[at.key] = [];
  } else if (m.kind === 'break-format') {
    const at = pick(all.filter((s) => typeof s.parent[s.key] === 'string'));
    if (at) at.parent[at.key] = BROKEN_FORMATS[m.spot % BROKEN_FORMATS.length];
  } else {
    const at = pick(all.filter((s) => Array.isArray(s.parent) && s.parent.length));
    if (at) at.parent.push(structuredClone(at.parent[at.key as number]));
  }
}

/**
 * The property over mutated copies of `examples`: whenever the published document rejects one,
 * the package's default verdict (its number of errors) rejects it too. The mutations must reach
 * both verdicts, or the property would hold vacuously.
 */
function noStricterOnMutations<T extends SpecExample>(
  examples: readonly T[],
  publishedVerdict: (example: T, body: unknown) => ReturnType<Validator['validate']>,
  packageErrors: (example: T, body: unknown) => number,
): void {
  const counts = { rejected: 0, accepted: 0 };
  fc.assert(
    fc.property(fc.nat(), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), (which, mutations) => {
      const example = examples[which % examples.length];
      const body = structuredClone(example.value);
      for (const m of mutations) apply(body, m);
      const document = publishedVerdict(example, body);
      if (document.valid) return void counts.accepted++;
      counts.rejected++;
      expect(packageErrors(example, body), `${example.operation} ${example.name}: ${JSON.stringify(body)}\npublished: ${JSON.stringify(document.errors.at(-1))}`).toBeGreaterThan(0);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  expect(counts.rejected).toBeGreaterThan(RUNS / 4);
  expect(counts.accepted).toBeGreaterThan(RUNS / 10);
}

describe('the published OpenAPI documents are no stricter than the default verdict', () => {
  const answers: ResponseExample[] = allOperations().flatMap((ops) => ops.responses);
  const published = publishedVerdicts();
  const verdict = (a: ResponseExample, body: unknown) => validateResponse({ method: a.method, path: a.path, status: a.status, body });

  it('accepts every example answer of every operation, as the default verdict does', () => {
    expect(new Set(answers.map((a) => a.operation)).size).toBeGreaterThanOrEqual(28);
    for (const a of answers) {
      expect(published(a.version, a.path, a.method, a.status, a.value).errors, `${a.operation} ${a.status} ${a.name}`).toEqual([]);
      expect(verdict(a, a.value).errors, `${a.operation} ${a.status} ${a.name}`).toEqual([]);
    }
  });

  it('rejects no mutated answer that validateResponse accepts (fast-check, seeded)', () => {
    noStricterOnMutations(answers, (a, body) => published(a.version, a.path, a.method, a.status, body), (a, body) => verdict(a, body).errors.length);
  });

  it('rejects no mutated request body that checkRequest accepts (fast-check, seeded)', () => {
    const requests = allOperations().flatMap((ops) => ops.requests);
    expect(new Set(requests.map((r) => r.operation)).size).toBeGreaterThanOrEqual(16);
    noStricterOnMutations(
      requests,
      (r, body) => published(r.version, r.path, r.method, 'request', body),
      (r, body) => checkRequest(r.operation, body).filter((p) => p.severity === 'error').length,
    );
  });

  it('accepts a null of a metric that may return no data, as the default verdict does, and no other null', () => {
    const v2 = (path: string, metrics: string[], data: unknown[]) => ({ success: true, header: [{ type: 'metric', rows: metrics }], data });
    const cases: [number, string, unknown, boolean][] = [
      [2, '/2/facebook/metrics', v2('', ['fans_change', 'fans_lifetime'], [null, null]), true],
      [2, '/2/instagram/metrics', v2('', ['followers_change'], [null]), false],
      [1, '/1/facebook/metrics', { success: true, profiles: [{ id: 'p1', data: [{ date: '2026-01-01 00:00:00', fans_change: null, fans_lifetime: null }] }] }, true],
      [1, '/1/facebook/metrics', { success: true, profiles: [{ id: 'p1', data: [{ date: '2026-01-01 00:00:00', comments: null }] }] }, false],
    ];
    for (const [version, path, body, valid] of cases) {
      expect(published(version, path, 'POST', 200, body).valid, `${path} ${JSON.stringify(body)}`).toBe(valid);
      const result = validateResponse({ method: 'POST', path, status: 200, body });
      expect(result.valid, `${path} ${JSON.stringify(body)}`).toBe(valid);
      if (valid) expect(new Set(result.warnings.map((w) => w.rule))).toEqual(new Set(['shared.metrics.no-data-value']));
    }
  });

  it('judges a failure at a status no operation lists as its default response does: a failure body passes, anything else fails', () => {
    const teapot = { success: false, errors: [{ code: 418, errors: ["I'm a teapot."] }] };
    const others = [{ success: true }, { nope: 1 }, { success: false, errors: [{ code: '418' }] }, { success: false }];
    for (const [version, method, path] of [[2, 'POST', '/2/facebook/metrics'], [2, 'GET', '/2/facebook/profiles'], [1, 'POST', '/1/facebook/page/posts']] as const) {
      expect(published(version, path, method, 418, teapot).errors, path).toEqual([]);
      expect(validateResponse({ method, path, status: 418, body: teapot })).toMatchObject({ valid: true, errors: [] });
      for (const body of others) {
        expect(published(version, path, method, 418, body).valid, `${path} ${JSON.stringify(body)}`).toBe(false);
        expect(validateResponse({ method, path, status: 418, body }).valid, `${path} ${JSON.stringify(body)}`).toBe(false);
      }
    }
  });

  it('accepts what only inferred rules refuse: an extra member, a page without next and remaining', () => {
    const page = answers.find((a) => a.operation === 'POST /1/facebook/page/posts' && a.status === 200 && (a.value as any).success)!;
    const last = structuredClone(page.value) as any;
    delete last.data.next;
    delete last.data.remaining;
    expect(published(1, page.path, page.method, 200, last).errors).toEqual([]);
    expect(verdict(page, last)).toMatchObject({ valid: true, warnings: [] });
    expect(validateResponse({ method: page.method, path: page.path, status: 200, body: last, strict: true }).valid).toBe(true);
    const extra = structuredClone(page.value) as any;
    extra.data.cursor_version = 2;
    expect(published(1, page.path, page.method, 200, extra).errors).toEqual([]);
    expect(verdict(page, extra)).toMatchObject({ valid: true, warnings: [{ rule: 'shared.response.no-extra-members', pointer: '/data' }] });
    expect(validateResponse({ method: page.method, path: page.path, status: 200, body: extra, strict: true }).valid).toBe(false);
  });
});
