/**
 * A request of about 1 MB built to cost: tens of thousands of bad filter items, unknown field
 * names and sort keys. Its check ends within a budget of work linear in its size (counted through
 * the built-ins, ./work-meter.ts: a pairwise step throws at once instead of hanging; speed is in
 * `npm run bench -- request-checks`), lists at most 20 problems of each rule and counts the rest
 * exactly, through every door a request comes in by.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkRequest } from '../../src/request-checks/check.js';
import { RequestValidationError } from '../../src/core/problems/request-error.js';
import { v2 } from '../../src/builders/v2.js';
import { validateResponse } from '../../src/validators/index.js';
import { checkRules, type CheckContext } from '../../src/mock/checks.js';
import { MockFailure } from '../../src/mock/failures.js';
import { MAX_PROBLEMS_PER_RULE } from '../../src/core/problems/problem-list.js';
import { countWork, WorkBudgetExceeded } from './work-meter.js';

const POSTS = 'POST /2/facebook/page/posts';
const N = 20_000;

/** N unknown fields, N filter items that are no object, N/4 filters on unknown fields, N/4 on unknown values, N/4 sort keys. */
const body = {
  profiles: ['p1'],
  date_start: '2024-01-01',
  date_end: '2024-01-31',
  fields: Array.from({ length: N }, (_, i) => `no_field_${i}`),
  filter: [
    ...Array.from({ length: N }, (_, i) => `x${i}`),
    ...Array.from({ length: N / 4 }, (_, i) => ({ field: `nope_${i}`, value: 'x' })),
    ...Array.from({ length: N / 4 }, (_, i) => ({ field: 'ppd_status', value: `sponsored_${i}` })),
  ],
  sort: Array.from({ length: N / 4 }, (_, i) => ({ field: `nope_${i}`, order: 'desc' })),
};

/** How many problems of each rule the body holds (the filter values' rule is inferred: a warning by default). */
const broken = {
  'shared.posts.field-names': N,
  'shared.posts.filter-shape': N,
  'shared.posts.filter-fields': N / 4,
  'shared.posts.filter-value-enum': N / 4,
  'shared.posts.sort-fields': N / 4,
};

const more = (rule: string, count: number) => `and ${count - MAX_PROBLEMS_PER_RULE} more problems of rule ${rule} not listed (only the first ${MAX_PROBLEMS_PER_RULE} of a rule are shown)`;

const HANG_GUARD = 60_000;

/**
 * Work allowed per byte of the request's JSON: its check spends about 5 (a pairwise step over
 * its 50,000 items would spend thousands).
 */
const WORK_PER_BYTE = 20;
const budget = WORK_PER_BYTE * JSON.stringify(body).length;

/** What `run` returns or throws, within the budget of work. */
function withinBudget(run: () => unknown): unknown {
  return countWork(() => {
    try {
      return run();
    } catch (error) {
      if (error instanceof WorkBudgetExceeded) throw error;
      return error;
    }
  }, budget).result;
}

const ctx = { account: { profileById: {} }, network: 'facebook', version: 2, limits: true, historyStart: 0 } as unknown as CheckContext;

/** Every door once on a small request: the modules they load on first use are loaded outside the budget. */
function warmUp(): void {
  const small = { ...body, fields: body.fields.slice(0, 2), filter: body.filter.slice(0, 2), sort: body.sort.slice(0, 2) };
  withinBudget(() => checkRequest(POSTS, small));
  withinBudget(() => v2.facebook.posts(small as never));
  withinBudget(() => validateResponse({ method: 'POST', path: '/2/facebook/page/posts', body: { success: true, data: { posts: [] } }, request: small }));
  withinBudget(() => checkRules(POSTS, small, ctx));
}

describe('a hostile request of about 1 MB', () => {
  beforeAll(warmUp);

  it('is about 1 MB of JSON', () => {
    expect(JSON.stringify(body).length).toBeGreaterThan(1_000_000);
  });

  it('checkRequest lists the first 20 problems of each rule and says exactly how many more', () => {
    const found = withinBudget(() => checkRequest(POSTS, body)) as ReturnType<typeof checkRequest>;
    for (const [rule, count] of Object.entries(broken)) {
      const ofRule = found.filter((p) => p.rule === rule);
      expect(ofRule, rule).toHaveLength(MAX_PROBLEMS_PER_RULE + 1);
      expect(ofRule.slice(0, MAX_PROBLEMS_PER_RULE).every((p) => p.parameter !== 'body'), rule).toBe(true);
      const severity = rule === 'shared.posts.filter-value-enum' ? 'warning' : 'error';
      expect(ofRule.at(-1), rule).toEqual({ parameter: 'body', rule, code: 3, severity, message: more(rule, count) });
    }
    expect(found).toHaveLength(Object.keys(broken).length * (MAX_PROBLEMS_PER_RULE + 1));
    expect(found[0]).toMatchObject({ parameter: 'fields[0]', message: '"no_field_0" is not a facebook post field' });
  }, HANG_GUARD);

  it('a builder throws one error of bounded size; the refusal check and the mock name the same counts', () => {
    const thrown = withinBudget(() => v2.facebook.posts(body as never));
    expect(thrown).toBeInstanceOf(RequestValidationError);
    const error = thrown as RequestValidationError;
    expect(error.problems).toHaveLength(Object.keys(broken).length * (MAX_PROBLEMS_PER_RULE + 1));
    expect(error.message).toContain(more('shared.posts.filter-shape', N));
    expect(error.message.length).toBeLessThan(20_000);

    const result = withinBudget(() => validateResponse({ method: 'POST', path: '/2/facebook/page/posts', body: { success: true, data: { posts: [] } }, request: body })) as ReturnType<typeof validateResponse>;
    // One problem per error of the request (4 rules, 21 lines each), itself capped as a rule of the
    // answer's list; inferred, as the documents name no error for these rules.
    expect(result.warnings).toHaveLength(MAX_PROBLEMS_PER_RULE + 1);
    expect(result.warnings[0].message).toBe(
      'a success answer to a request breaking a stated request rule; the documents name no error for it, so the server may refuse it or cap or ignore what it does not take (request fields[0]: "no_field_0" is not a facebook post field [shared.posts.field-names])',
    );
    expect(result.warnings.at(-1)).toMatchObject({ pointer: '', message: `and ${4 * 21 - MAX_PROBLEMS_PER_RULE} more problems of rule shared.response.invalid-request-answered not listed (only the first ${MAX_PROBLEMS_PER_RULE} of a rule are shown)` });

    const failure = withinBudget(() => checkRules(POSTS, body, ctx));
    expect(failure).toBeInstanceOf(MockFailure);
    const details = (failure as MockFailure).entries[0].details;
    expect(details).toHaveLength(Object.keys(broken).length * (MAX_PROBLEMS_PER_RULE + 1));
    expect(details).toContain(`body: ${more('shared.posts.sort-fields', N / 4)}`);
  }, HANG_GUARD);
});
