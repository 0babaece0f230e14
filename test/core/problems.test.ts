/**
 * The problem room's small parts, each at its edges: how a value is described in a message, the
 * lines of problems, the request error's message, and the problem list's severities and counts
 * (each severity's cap counts its own problems, a tally counts, the conversions keep every member).
 */
import { describe, expect, it } from 'vitest';
import type { RuleId } from '../../generated/rule-levels.js';
import { withArticle } from '../../src/core/problems/article.js';
import { describeValue, listValues, quote } from '../../src/core/problems/describe.js';
import { formatError, formatErrors } from '../../src/core/problems/problem-lines.js';
import { atParameter, atPointer, MAX_LEFT_OUT, ProblemList } from '../../src/core/problems/problem-list.js';
import { RequestValidationError } from '../../src/core/problems/request-error.js';

const STATED: RuleId = 'shared.posts.field-names';
const INFERRED: RuleId = 'shared.posts.filter-value-enum';

describe('describing values for messages', () => {
  it('names each kind of value, shallowly', () => {
    expect([undefined, null, 'x', 1.5, 0, true, false, [], [1], [1, 2], {}, () => 1, 10n, Symbol('s')].map(describeValue)).toEqual([
      'nothing',
      'null',
      '"x"',
      '1.5',
      '0',
      'true',
      'false',
      'array (0 items)',
      'array (1 item)',
      'array (2 items)',
      'object',
      'function',
      'bigint',
      'symbol',
    ]);
  });

  it('quotes a string whole up to 60 characters, then its first 60 and an ellipsis', () => {
    expect(quote('a'.repeat(60))).toBe(`"${'a'.repeat(60)}"`);
    expect(quote('a'.repeat(61))).toBe(`"${'a'.repeat(60)}…"`);
    expect(quote('say "hi"\n')).toBe('"say \\"hi\\"\\n"');
    expect(describeValue('b'.repeat(61))).toBe(`"${'b'.repeat(60)}…"`);
  });

  it('lists up to 8 values, then how many more', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
    expect(listValues(names(8))).toBe(names(8).map((v) => `"${v}"`).join(', '));
    expect(listValues(names(9))).toBe(`${names(8).map((v) => `"${v}"`).join(', ')} and 1 more`);
    expect(listValues(names(12), 2)).toBe('"v0", "v1" and 10 more');
    expect(listValues([1, null, 'x', { a: 1 }])).toBe('1, null, "x", {"a":1}');
    expect(listValues([])).toBe('');
    // A long string is shortened as in any message, not written out as raw JSON.
    expect(listValues(['c'.repeat(61), 'd'])).toBe(`"${'c'.repeat(60)}…", "d"`);
  });

  it('puts the article of the first letter', () => {
    expect(['instagram metric', 'Instagram metric', 'facebook metric', 'youtube metric', 'unknown field'].map(withArticle)).toEqual(['an instagram metric', 'an Instagram metric', 'a facebook metric', 'a youtube metric', 'an unknown field']);
  });
});

describe('lines of problems', () => {
  const problem = (pointer: string, message: string) => ({ pointer, message, rule: STATED, severity: 'error' as const });

  it('writes the whole body as (body), each line indented', () => {
    expect(formatError(problem('', 'expected object'))).toBe('(body): expected object');
    expect(formatError(problem('/data/0', 'bad'))).toBe('/data/0: bad');
    expect(formatErrors([problem('/a', 'x'), problem('', 'y')], '  ')).toBe('  /a: x\n  (body): y');
    expect(formatErrors([problem('/a', 'x')])).toBe('/a: x');
  });

  it('the request error counts its problems and lists each with its parameter and rule', () => {
    const one = new RequestValidationError('POST /2/facebook/metrics', [{ parameter: 'metrics[0]', message: 'bad', code: 3, rule: STATED, severity: 'error' }]);
    expect(one.name).toBe('RequestValidationError');
    expect(one).toBeInstanceOf(Error);
    expect(one.message).toBe(`invalid request for POST /2/facebook/metrics (1 problem):\n  - metrics[0]: bad [${STATED}]`);
    const two = new RequestValidationError('op', [...one.problems, { parameter: 'body', message: 'worse', code: 4, rule: INFERRED, severity: 'warning' }]);
    expect(two.message).toBe(`invalid request for op (2 problems):\n  - metrics[0]: bad [${STATED}]\n  - body: worse [${INFERRED}]`);
    expect(new RequestValidationError('op', []).message).toBe('invalid request for op (0 problems):\n');
    // Over a limit (an error of code 4), the last line names what splits the request; a warning of code 4 refuses nothing.
    const over = new RequestValidationError('op', [{ parameter: 'profiles', message: 'too many', code: 4, rule: STATED, severity: 'error' }]);
    expect(over.message).toBe(`invalid request for op (1 problem):\n  - profiles: too many [${STATED}]\nclient.metrics(metricsRequest(path, body)) splits a request over these limits`);
  });
});

describe('the problem list', () => {
  it('caps errors and warnings each by its own count', () => {
    const errorsFirst = new ProblemList({ max: 2, maxPerRule: 10 });
    for (let i = 0; i < 3; i++) errorsFirst.add(STATED, `/e/${i}`, 'bad');
    errorsFirst.add(INFERRED, '/w/0', 'odd');
    expect(errorsFirst.all().map((p) => `${p.severity} ${p.place}`)).toEqual(['error /e/0', 'error /e/1', 'warning /w/0', 'error ']);
    expect(errorsFirst.lists(INFERRED)).toBe(true);
    expect(errorsFirst.lists(STATED)).toBe(false);

    const warningsFirst = new ProblemList({ max: 2, maxPerRule: 10 });
    for (let i = 0; i < 3; i++) warningsFirst.add(INFERRED, `/w/${i}`, 'odd');
    warningsFirst.add(STATED, '/e/0', 'bad');
    expect(warningsFirst.all().map((p) => `${p.severity} ${p.place}`)).toEqual(['warning /w/0', 'warning /w/1', 'error /e/0', 'warning ']);
    expect(warningsFirst.lists(STATED)).toBe(true);
    expect(warningsFirst.lists(INFERRED)).toBe(false);
  });

  it('makes an inferred rule an error in strict mode, marked inferred; a stated rule is never marked', () => {
    const strict = new ProblemList({ strict: true });
    expect(strict.add(INFERRED, '/x', 'odd')).toEqual({ rule: INFERRED, severity: 'error', place: '/x', message: 'odd', code: 3, inferred: true });
    expect(strict.add(STATED, '/y', 'bad')).toEqual({ rule: STATED, severity: 'error', place: '/y', message: 'bad', code: 3 });
    const lenient = new ProblemList();
    expect(lenient.add(INFERRED, '/x', 'odd')).toEqual({ rule: INFERRED, severity: 'warning', place: '/x', message: 'odd', code: 3 });
    expect(lenient.add(STATED, '/y', 'bad')).toEqual({ rule: STATED, severity: 'error', place: '/y', message: 'bad', code: 3 });
  });

  it('marks the entries of what a cap left out of an inferred rule in strict mode inferred, by either cap', () => {
    const byRule = new ProblemList({ strict: true, maxPerRule: 1 });
    for (const rule of [INFERRED, STATED]) for (let i = 0; i < 2; i++) byRule.add(rule, `/${rule}/${i}`, 'x');
    expect(byRule.all().filter((p) => p.place === '')).toEqual([
      { rule: INFERRED, severity: 'error', place: '', message: `and 1 more problem of rule ${INFERRED} not listed (only the first 1 of a rule are shown)`, code: 3, inferred: true },
      { rule: STATED, severity: 'error', place: '', message: `and 1 more problem of rule ${STATED} not listed (only the first 1 of a rule are shown)`, code: 3 },
    ]);
    const bySeverity = new ProblemList({ strict: true, max: 1, maxPerRule: 10 });
    for (let i = 0; i < 3; i++) bySeverity.add(INFERRED, `/${i}`, 'x');
    expect(bySeverity.all().at(-1)).toEqual({ rule: INFERRED, severity: 'error', place: '', message: 'and 2 more problems not listed (only the first 1 are shown)', code: 3, inferred: true });
    // Outside strict mode the same problems are warnings, never marked.
    const lenient = new ProblemList({ maxPerRule: 1 });
    for (let i = 0; i < 2; i++) lenient.add(INFERRED, `/${i}`, 'x');
    expect(lenient.all().at(-1)).toEqual({ rule: INFERRED, severity: 'warning', place: '', message: `and 1 more problem of rule ${INFERRED} not listed (only the first 1 of a rule are shown)`, code: 3 });
  });

  it('counts errors and warnings past their caps in an entry each, errors first, whichever came first', () => {
    for (const order of [[INFERRED, STATED], [STATED, INFERRED]]) {
      const list = new ProblemList({ max: 2, maxPerRule: 10 });
      for (const rule of order) for (let i = 0; i < 2 + (rule === STATED ? 1 : 3); i++) list.add(rule, `/${rule}/${i}`, 'x');
      expect(list.all().filter((p) => p.place === '').map((p) => `${p.severity} ${p.rule} ${p.message}`), order.join()).toEqual([
        `error ${STATED} and 1 more problem not listed (only the first 2 are shown)`,
        `warning ${INFERRED} and 3 more problems not listed (only the first 2 are shown)`,
      ]);
    }
  });

  it(`says "at least" only once a check may stop, after ${MAX_LEFT_OUT} problems left out`, () => {
    const list = new ProblemList({ maxPerRule: 1 });
    list.add(STATED, '/0', 'bad');
    for (let i = 1; i < MAX_LEFT_OUT; i++) list.tally(STATED);
    expect(list.shouldStop()).toBe(false);
    expect(list.all().at(-1)?.message).toBe(`and ${MAX_LEFT_OUT - 1} more problems of rule ${STATED} not listed (only the first 1 of a rule are shown)`);
    list.tally(STATED);
    expect(list.shouldStop()).toBe(true);
    expect(list.all().at(-1)?.message).toBe(`and at least ${MAX_LEFT_OUT} more problems of rule ${STATED} not listed (only the first 1 of a rule are shown)`);
  });

  it('counts a tallied problem in the count and in its rule\'s entry', () => {
    const list = new ProblemList({ maxPerRule: 1 });
    list.add(STATED, '/a', 'bad');
    list.tally(STATED, 4);
    list.tally(STATED);
    expect(list.count).toBe(3);
    expect(list.all().at(-1)).toEqual({ rule: STATED, severity: 'error', place: '', message: `and 2 more problems of rule ${STATED} not listed (only the first 1 of a rule are shown)`, code: 4 });
  });

  it('hands out what it listed as it is while no cap left a problem out, and a copy with the entries once one did', () => {
    const list = new ProblemList({ maxPerRule: 1 });
    list.add(STATED, '/a', 'bad');
    const listed = list.all();
    // No copy per call: a check that reads its problems for every response allocates nothing for them.
    expect(list.all()).toBe(listed);
    list.add(STATED, '/b', 'bad');
    const capped = list.all();
    expect(capped).not.toBe(listed);
    expect(capped.map((p) => p.place)).toEqual(['/a', '']);
    expect(listed.map((p) => p.place)).toEqual(['/a']);
  });

  it('turns a problem into a response or a request problem, every member kept', () => {
    const found = { rule: STATED, severity: 'warning' as const, place: '/p', message: 'm', code: 4 };
    expect(atPointer(found)).toEqual({ pointer: '/p', message: 'm', rule: STATED, severity: 'warning' });
    expect(atParameter(found)).toEqual({ parameter: '/p', message: 'm', code: 4, rule: STATED, severity: 'warning' });
  });
});
