/**
 * A verdict depends on its own input only: many response bodies and request bodies, valid and
 * invalid, of every kind (v1 and v2 metrics, posts pages, failure bodies, label and profile
 * lists, every example of the specs, broken inputs), validated in forward, reverse and shuffled
 * order, each with or without `strict`, give the same verdicts. The verdicts to match are taken
 * in a fresh copy of the modules, in forward order; other orders run in the test's own copy and
 * in other fresh copies: a memo kept from one call to the next (or kept for good from the first
 * call) that let an earlier input decide a later one gives another verdict in some order.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { checkRequest } from '../../src/request-checks/check.js';
import { validateResponse, type ValidateResponseInput, type ValidationResult } from '../../src/validators/index.js';
import type { RequestProblem } from '../../src/core/problems/request-error.js';
import { postsShape, v1MetricsShape, v2MetricsShape, failureShape, listShapes, type Shape } from '../../bench/bodies.js';
import { allOperations } from './spec-examples.js';
import { problems } from './problems.js';

type Json = any;

/** One response to validate (`strict` is chosen per call). */
interface ResponseCase {
  readonly name: string;
  readonly input: Omit<ValidateResponseInput, 'strict'>;
}

const clone = <T>(value: T): T => structuredClone(value);

/** `shape` as a case, and variants of it made by `edits` (each an edit of a copy of the body and request). */
function variants(shape: Shape, edits: Record<string, (body: Json, request: Json) => void>): ResponseCase[] {
  const base: ResponseCase = { name: shape.name, input: { method: shape.method, path: shape.path, status: shape.status, body: shape.body, request: shape.request } };
  return [
    base,
    ...Object.entries(edits).map(([edit, apply]) => {
      const body = clone(shape.body);
      const request = clone(shape.request);
      apply(body, request);
      return { name: `${shape.name}: ${edit}`, input: { ...base.input, body, request } };
    }),
  ];
}

const v1Records = (body: Json): Json[] => body.profiles.flatMap((p: Json) => p.data);
/** `record` with `name` moved to its last member. */
const moveLast = (record: Json, name: string) => {
  const value = record[name];
  delete record[name];
  record[name] = value;
};

function v1Cases(): ResponseCase[] {
  const shape = v1MetricsShape(3, 5, 3, false);
  const [first, second] = shape.request!.metrics as string[];
  return variants(shape, {
    'one record misses a metric': (b) => delete b.profiles[1].data[2][second],
    'every record misses a metric': (b) => v1Records(b).forEach((r) => delete r[second]),
    'a metric not requested in every record': (_, r) => (r.metrics = (r.metrics as string[]).slice(1)),
    'the request lists another metric of the same count': (_, r) => (r.metrics = [...(r.metrics as string[]).slice(0, 2), 'fans_change']),
    'records list their members in another order': (b) => v1Records(b).forEach((r, i) => i % 2 && moveLast(r, first)),
    'a date after midnight': (b) => (b.profiles[2].data[4].date = b.profiles[2].data[4].date.replace('00:00:00', '06:00:00')),
    'a date outside the requested range': (_, r) => (r.date_end = r.date_start),
    'the profiles in another order': (b) => b.profiles.reverse(),
    'a profile not requested': (b) => (b.profiles[0].id = 'not-requested'),
    'a wrong-typed value': (b) => (b.profiles[0].data[0][first] = 'three'),
    'no request': (b, r) => {
      delete b.__unused;
      for (const key of Object.keys(r)) delete r[key];
    },
  });
}

function v2Cases(): ResponseCase[] {
  return [
    ...variants(v2MetricsShape([], 1, 7, 2), {
      'a metric row that is no metric': (b) => (b.header[0].rows[1] = 'no_such_metric'),
      'the metric rows in another order': (b) => b.header[0].rows.reverse(),
      'a metric row twice': (b) => (b.header[0].rows[1] = b.header[0].rows[0]),
    }),
    ...variants(v2MetricsShape(['profile', 'date.day'], 2, 5, 2), {
      'a day outside the requested range': (_, r) => (r.date_start = r.date_end),
      'a profile row not requested': (_, r) => (r.profiles = (r.profiles as string[]).slice(1)),
      'a short data level': (b) => b.data[0].pop(),
      'a string where a number is': (b) => (b.data[1][2][0] = '1'),
      'the dimensions requested in another order': (_, r) => r.dimensions.reverse(),
      'a header without its metric element': (b) => b.header.pop(),
    }),
    ...variants(v2MetricsShape(['date.day', 'gender_age'], 1, 3, 2), {
      'the extra dimension first': (b) => b.header.reverse(),
      'a day that is no calendar day': (b) => (b.header[0].rows[0] = '2025-02-30'),
    }),
  ];
}

function postsCases(): ResponseCase[] {
  const sorted = (shape: Shape): Shape => {
    const body = clone(shape.body) as Json;
    body.data.posts.sort((a: Json, b: Json) => b.comments - a.comments);
    return { ...shape, name: `${shape.name}, sorted by comments`, body, request: { ...shape.request, sort: [{ field: 'comments', order: 'desc' }] } };
  };
  return [
    ...variants(postsShape(2, 10, false), {
      'a field not requested': (_, r) => (r.fields = (r.fields as string[]).filter((f) => f !== 'message')),
      'another field requested in its place': (_, r) => (r.fields = (r.fields as string[]).map((f) => (f === 'message' ? 'story' : f))),
      'the requested fields in another order': (_, r) => r.fields.reverse(),
      'a field of no network': (b) => (b.data.posts[3].no_such_field = 1),
      'a wrong-typed field': (b) => (b.data.posts[5].comments = '5'),
      'more posts than the limit': (_, r) => (r.limit = 5),
      'a date-time with Z': (b) => (b.data.posts[0].created_time = b.data.posts[0].created_time.replace('+00:00', 'Z')),
      'a date-time that is no instant': (b) => (b.data.posts[1].created_time = '2025-02-30T10:00:00+00:00'),
      'sort by comments requested, not followed': (b, r) => {
        b.data.posts.sort((x: Json, y: Json) => x.comments - y.comments);
        r.sort = [{ field: 'comments', order: 'desc' }];
      },
    }),
    ...variants(sorted(postsShape(1, 10, true)), {
      'one post out of order': (b) => b.data.posts.push(b.data.posts.shift()),
      'one post without a requested field': (b) => delete b.data.posts[2].comments,
    }),
  ];
}

function otherCases(): ResponseCase[] {
  const failure = failureShape(2);
  const lists = listShapes();
  const examples = allOperations().flatMap((ops) =>
    ops.responses.map((r): ResponseCase => {
      const request = ops.requests.find((q) => q.name === r.name) ?? ops.requests[0];
      return {
        name: `example ${r.name} of ${ops.operation} ${r.status}`,
        input: { method: ops.method, path: ops.path, status: r.status, body: clone(r.value), request: request && clone(request.value) },
      };
    }),
  );
  return [
    ...variants(failure, {
      'a limit code with status 200': (b) => (b.errors[0].code = 4),
      'a code of no table': (b) => (b.errors[0].code = 1000),
      'a code in range the table does not list': (b) => (b.errors[0].code = 98),
    }),
    { name: 'failure body at HTTP 401 with code 3', input: { ...variants(failure, {})[0].input, status: 401 } },
    ...lists.flatMap((shape) => variants(shape, { 'no success flag': (b) => delete b.success, 'an item that is no object': (b) => (Array.isArray(b.data) ? b.data.push(3) : b.profiles?.push(3)) })),
    ...examples,
    { name: 'a body that is no object', input: { method: 'POST', path: '/2/facebook/metrics', body: [1, 2] } },
    { name: 'an unknown operation', input: { method: 'POST', path: '/2/myspace/metrics', body: { success: true } } },
    { name: 'an undocumented status', input: { method: 'POST', path: '/2/post/labels', status: 418, body: { success: true, data: [] } } },
    { name: 'a request that is no object', input: { method: 'POST', path: '/2/facebook/metrics', body: clone(v2MetricsShape([], 1, 7, 1).body), request: 'not json' } },
  ];
}

/** One request body to check. */
interface RequestCase {
  readonly name: string;
  readonly operation: string;
  readonly body: unknown;
}

function requestCases(): RequestCase[] {
  const examples = allOperations().flatMap((ops) => ops.requests.map((r): RequestCase => ({ name: `request ${r.name} of ${ops.operation}`, operation: ops.operation, body: clone(r.value) })));
  const v2 = clone(v2MetricsShape(['profile', 'date.day'], 2, 5, 2).request!) as Json;
  const posts = clone(postsShape(2, 10, false).request!) as Json;
  const edit = (name: string, operation: string, body: Json, apply: (b: Json) => void): RequestCase => {
    const copy = clone(body);
    apply(copy);
    return { name, operation, body: copy };
  };
  return [
    ...examples,
    { name: 'v2 metrics', operation: 'POST /2/facebook/metrics', body: v2 },
    edit('an unknown metric', 'POST /2/facebook/metrics', v2, (b) => b.metrics.push('no_such_metric')),
    edit('date_end before date_start', 'POST /2/facebook/metrics', v2, (b) => ([b.date_start, b.date_end] = [b.date_end, b.date_start])),
    edit('a dimension twice', 'POST /2/facebook/metrics', v2, (b) => b.dimensions.push({ type: 'profile' })),
    edit('an extra dimension first', 'POST /2/facebook/metrics', v2, (b) => b.dimensions.unshift({ type: 'gender_age' })),
    edit('a range of a year', 'POST /2/facebook/metrics', v2, (b) => (b.date_start = '2024-12-01')),
    { name: 'v2 posts', operation: 'POST /2/facebook/page/posts', body: posts },
    edit('a limit above the maximum', 'POST /2/facebook/page/posts', posts, (b) => (b.limit = 5000)),
    edit('a field of no network', 'POST /2/facebook/page/posts', posts, (b) => b.fields.push('no_such_field')),
    edit('an unknown member', 'POST /2/facebook/page/posts', posts, (b) => (b.colour = 'blue')),
    { name: 'an unknown operation', operation: 'POST /2/myspace/metrics', body: {} },
    { name: 'a profile list with a body', operation: 'GET /2/facebook/profiles', body: { a: 1 } },
  ];
}

const responses = [...v1Cases(), ...v2Cases(), ...postsCases(), ...otherCases()];
const requests = requestCases();

/** One step of a run: a response or a request, by index, with or without `strict`. */
type Step = { kind: 'response' | 'request'; index: number; strict: boolean };

/** The two checks, as one copy of the modules has them. */
interface Checks {
  validateResponse: typeof validateResponse;
  checkRequest: typeof checkRequest;
}

/** The checks of a fresh copy of the modules: nothing any earlier call did is in them. */
async function freshChecks(): Promise<Checks> {
  vi.resetModules();
  const validators = await import('../../src/validators/index.js');
  const requestChecks = await import('../../src/request-checks/check.js');
  return { validateResponse: validators.validateResponse, checkRequest: requestChecks.checkRequest };
}

const text = (verdict: ValidationResult | RequestProblem[]) => JSON.stringify(verdict);

/** Runs `steps` in order; the verdict of each, as text, by `kind index strict`. */
function run(steps: readonly Step[], checks: Checks): Map<string, string> {
  const verdicts = new Map<string, string>();
  for (const { kind, index, strict } of steps) {
    const verdict = kind === 'response' ? checks.validateResponse({ ...responses[index].input, strict }) : checks.checkRequest(requests[index].operation, requests[index].body, { strict });
    const key = `${kind} ${index} ${strict}`;
    const before = verdicts.get(key);
    // The same input twice in one run: the same verdict.
    if (before !== undefined && before !== text(verdict)) verdicts.set(key, `${before} then ${text(verdict)}`);
    else verdicts.set(key, text(verdict));
  }
  return verdicts;
}

/** Every response and request, each with `strict` as `strictOf` says. */
const every = (strictOf: (i: number) => boolean): Step[] => [
  ...responses.map((_, index): Step => ({ kind: 'response', index, strict: strictOf(index) })),
  ...requests.map((_, index): Step => ({ kind: 'request', index, strict: strictOf(index) })),
];

/**
 * The verdicts to match: every input, strict and not, in forward order, in a fresh copy of the
 * modules. Taken by the first test that reads them, not in a hook: a mutation run counts the code
 * a hook or a file's load reaches as reached by no test, and runs each of its mutants against
 * every test of the group.
 */
let reference: Map<string, string> | undefined;
async function takeReference(): Promise<Map<string, string>> {
  reference ??= run([...every(() => false), ...every(() => true)], await freshChecks());
  return reference;
}
const ownChecks: Checks = { validateResponse, checkRequest };

/** The steps of `verdicts` whose verdict differs from the reference: none expected. */
const differences = (verdicts: Map<string, string>) =>
  [...verdicts]
    .filter(([key, verdict]) => verdict !== reference!.get(key))
    .map(([key, verdict]) => {
      const [kind, index] = key.split(' ');
      const name = kind === 'response' ? responses[Number(index)].name : requests[Number(index)].name;
      return `${key} (${name}): ${verdict.slice(0, 400)} instead of ${reference!.get(key)?.slice(0, 400)}`;
    });

const parse = (key: string) => JSON.parse(reference!.get(key)!) as ValidationResult;

describe('verdicts do not depend on the order of calls', () => {
  it('covers valid and invalid inputs of every kind, and strict mode changes some verdicts', async () => {
    await takeReference();
    const verdicts = responses.map((_, i) => parse(`response ${i} false`));
    const strictVerdicts = responses.map((_, i) => parse(`response ${i} true`));
    expect(responses.length).toBeGreaterThan(80);
    expect(verdicts.filter((r) => r.valid).length).toBeGreaterThan(20);
    expect(verdicts.filter((r) => !r.valid).length).toBeGreaterThan(30);
    // Inferred rules: warnings by default, errors in strict mode.
    expect(verdicts.filter((r, i) => r.valid && !strictVerdicts[i].valid).length).toBeGreaterThan(3);
    const operations = new Set(verdicts.map((r) => r.operation));
    for (const kind of ['/1/facebook/metrics', '/2/facebook/metrics', '/2/facebook/page/posts', '/1/facebook/page/posts', '/2/post/labels', '/2/facebook/profiles']) {
      expect(
        [...operations].some((op) => op?.endsWith(kind)),
        kind,
      ).toBe(true);
    }
    const requestVerdicts = requests.map((_, i) => JSON.parse(reference!.get(`request ${i} false`)!) as RequestProblem[]);
    expect(requestVerdicts.filter((p) => p.length === 0).length).toBeGreaterThan(5);
    expect(requestVerdicts.filter((p) => p.length > 0).length).toBeGreaterThan(8);
    // The verdicts of some edits above, named here so that an edit that breaks nothing shows.
    const verdictOf = (name: string) => verdicts[responses.findIndex((c) => c.name.endsWith(name))];
    const rules = (name: string) => problems(verdictOf(name)).map((e) => e.rule);
    expect(rules(': the request lists another metric of the same count')).toContain('v1.metrics.record-members');
    expect(verdictOf(': records list their members in another order').valid).toBe(true);
    expect(rules(': sort by comments requested, not followed')).toContain('shared.posts.sort-order');
    expect(rules(': a date-time with Z')).toContain('shared.posts.datetime-shape');
  }, 120_000);

  it('gives the same verdicts in reverse order, and in other fresh copies of the modules in other orders', async () => {
    await takeReference();
    expect(differences(run([...every(() => true), ...every(() => false)].reverse(), ownChecks))).toEqual([]);
    expect(differences(run([...every(() => false), ...every(() => true)].reverse(), await freshChecks()))).toEqual([]);
    // Strict and not interleaved, in shuffled orders, each in a fresh copy.
    const orders = fc.sample(fc.shuffledSubarray([...every(() => false), ...every(() => true)], { minLength: 1 }), { seed: 25, numRuns: 3 });
    for (const order of orders) expect(differences(run(order, await freshChecks()))).toEqual([]);
  }, 120_000);

  it('gives the same verdicts in shuffled orders, strict and not interleaved, each order run twice', async () => {
    await takeReference();
    fc.assert(
      fc.property(
        fc.shuffledSubarray(
          every(() => false),
          { minLength: 1 },
        ),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        (steps, strictness) => {
          const order = steps.map((step, i) => ({ ...step, strict: strictness[i % strictness.length] }));
          // What the first pass left behind changes nothing in the second either.
          expect(differences(run([...order, ...order], ownChecks))).toEqual([]);
        },
      ),
      { seed: 25, numRuns: 40 },
    );
  });

  it('gives the same verdicts when one input is validated again and again between others', async () => {
    await takeReference();
    const indexOf = fc.integer({ min: 0, max: responses.length - 1 });
    fc.assert(
      fc.property(indexOf, fc.array(indexOf, { minLength: 1, maxLength: 12 }), fc.boolean(), (again, others, strict) => {
        const steps = others.flatMap((index): Step[] => [
          { kind: 'response', index: again, strict },
          { kind: 'response', index, strict: !strict },
        ]);
        expect(differences(run(steps, ownChecks))).toEqual([]);
      }),
      { seed: 26, numRuns: 100 },
    );
  });
});
