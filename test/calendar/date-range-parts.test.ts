/**
 * The date-range limit, one table over every part: for each start day the latest `date_end` of
 * the narrower, inferred reading (a span of three calendar months counting both ends) and of the
 * stated one (date_start plus three calendar months, a day past the month's end clamped to its
 * last day), written out by hand, not computed. On both sides of each boundary, for versions 1
 * and 2: `maxDateEnd` and `statedMaxDateEnd`, `checkRequest` by default and strict, the builders
 * (warnings or a RequestValidationError), the mock (code 4 or a success answer) and the
 * validators given a success answer and its request (shared.response.limit-refused stated,
 * shared.response.limit-refused-calendar inferred). The published OpenAPI describes both readings
 * and its request schema (read by a third-party validator) takes every case: a limit between two
 * members is no JSON Schema keyword.
 */
import { readFileSync } from 'node:fs';
import { Validator, type Schema } from '@cfworker/json-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/calendar/days.js';
import { maxDateEnd, statedMaxDateEnd } from '../../src/calendar/range-limit.js';
import { checkRequest } from '../../src/request-checks/check.js';
import { RequestValidationError } from '../../src/core/problems/request-error.js';
import { v1 } from '../../src/v1.js';
import { v2 } from '../../src/v2.js';
import { validateResponse } from '../../src/validators/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { authorizationHeader } from '../../src/client/auth.js';
import { profileIds } from '../client/support/requests.js';
import { loadDoc } from '../validators/spec-examples.js';

/** [date_start, latest date_end of the inferred reading, latest date_end of the stated reading]. */
const TABLE: readonly (readonly [string, string, string])[] = [
  ['2024-01-01', '2024-03-31', '2024-04-01'],
  ['2024-01-15', '2024-04-14', '2024-04-15'],
  ['2024-01-31', '2024-04-30', '2024-04-30'], // April has no 31st: both clamp
  ['2024-03-31', '2024-06-30', '2024-06-30'],
  ['2024-07-01', '2024-09-30', '2024-10-01'], // 93 days counting both ends: stated allows it
  ['2023-11-29', '2024-02-28', '2024-02-29'], // leap year
  ['2023-11-30', '2024-02-29', '2024-02-29'], // leap day, both clamp
  ['2022-11-30', '2023-02-28', '2023-02-28'], // no leap day
  ['2024-02-29', '2024-05-28', '2024-05-29'], // from the leap day
  ['2023-02-28', '2023-05-27', '2023-05-28'],
  ['2024-10-31', '2025-01-30', '2025-01-31'], // year crossing
  ['2024-11-30', '2025-02-28', '2025-02-28'], // year crossing, February clamps
  ['2024-12-01', '2025-02-28', '2025-03-01'], // year crossing: December 1 plus three months is March 1
  ['2024-12-31', '2025-03-30', '2025-03-31'],
  ['2025-01-01', '2025-03-31', '2025-04-01'],
];

type Verdict = 'within' | 'inferred' | 'stated';

/** Each case: a start, an end on either side of a boundary, and the verdict the table gives. */
const CASES: { start: string; end: string; verdict: Verdict }[] = TABLE.flatMap(([start, inferred, stated]) => {
  const verdictOf = (end: string): Verdict => (end > stated ? 'stated' : end > inferred ? 'inferred' : 'within');
  const ends = [...new Set([inferred, addDays(inferred, 1), stated, addDays(stated, 1)])];
  return ends.map((end) => ({ start, end, verdict: verdictOf(end) }));
});

const VERSIONS = [
  { version: 1 as const, path: '/1/facebook/metrics', metric: 'fans_change' },
  { version: 2 as const, path: '/2/facebook/metrics', metric: 'fans_change' },
];

/** The limit rules of a check's problems, as [rule, severity, code]. */
const limitProblems = (problems: readonly { rule: string; severity: string; code: number }[]) =>
  problems.filter((p) => p.rule.startsWith('shared.metrics.date-range')).map((p) => [p.rule, p.severity, p.code]);

describe('the table itself: both readings of "3 months" from every start', () => {
  it.each(TABLE)('%s: maxDateEnd %s, statedMaxDateEnd %s', (start, inferred, stated) => {
    expect(maxDateEnd(start)).toBe(inferred);
    expect(statedMaxDateEnd(start)).toBe(stated);
  });
  it('the cases of the table cover all three verdicts on both sides of each boundary', () => {
    expect(new Set(CASES.map((c) => c.verdict))).toEqual(new Set(['within', 'inferred', 'stated']));
    // The captures no day count decides: 2024-12-01..2025-03-03 (93 days) and 2024-02-29..05-31.
    expect(limitProblems(checkRequest('POST /2/facebook/metrics', { date_start: '2024-12-01', date_end: '2025-03-03', profiles: ['p'], metrics: ['fans_change'] }))).toEqual([['shared.metrics.date-range', 'error', 4]]);
    expect(limitProblems(checkRequest('POST /1/facebook/metrics', { date_start: '2024-02-29', date_end: '2024-05-31', profiles: ['p'], metrics: ['fans_change'] }))).toEqual([['shared.metrics.date-range', 'error', 4]]);
    expect(limitProblems(checkRequest('POST /2/facebook/metrics', { date_start: '2025-01-01', date_end: '2025-04-03', profiles: ['p'], metrics: ['fans_change'] }))).toEqual([['shared.metrics.date-range', 'error', 4]]);
  });
});

describe.each(VERSIONS)('version $version: every part gives the table verdict', ({ version, path, metric }) => {
  const operation = `POST ${path}`;
  const body = (start: string, end: string, profiles = ['p1']) => ({ date_start: start, date_end: end, profiles, metrics: [metric] });

  it('checkRequest, by default and strict', () => {
    for (const { start, end, verdict } of CASES) {
      const lax = limitProblems(checkRequest(operation, body(start, end)));
      const strict = limitProblems(checkRequest(operation, body(start, end), { strict: true }));
      const at = `${start}..${end}`;
      if (verdict === 'within') expect([lax, strict], at).toEqual([[], []]);
      if (verdict === 'inferred') expect([lax, strict], at).toEqual([[['shared.metrics.date-range-calendar', 'warning', 4]], [['shared.metrics.date-range-calendar', 'error', 4]]]);
      if (verdict === 'stated') expect([lax, strict], at).toEqual([[['shared.metrics.date-range', 'error', 4]], [['shared.metrics.date-range', 'error', 4]]]);
    }
  });

  it('the builders: built, built with a warning, or a RequestValidationError', () => {
    const build = (b: ReturnType<typeof body>) => (version === 1 ? v1.facebook.metrics(b as never) : v2.facebook.metrics(b as never));
    for (const { start, end, verdict } of CASES) {
      const at = `${start}..${end}`;
      if (verdict === 'stated') {
        let thrown: unknown;
        try {
          build(body(start, end));
        } catch (error) {
          thrown = error;
        }
        expect(thrown, at).toBeInstanceOf(RequestValidationError);
        expect((thrown as RequestValidationError).problems.map((p) => p.rule), at).toEqual(['shared.metrics.date-range']);
        continue;
      }
      const request = build(body(start, end));
      expect((request.warnings ?? []).map((w) => w.rule), at).toEqual(verdict === 'inferred' ? ['shared.metrics.date-range-calendar'] : []);
    }
  });

  it('the validators, given a success answer and its request', () => {
    const answer = (end: string) =>
      version === 1 ? { success: true, profiles: [{ id: 'p1', data: [{ date: `${end} 00:00:00`, [metric]: 1 }] }] } : { success: true, header: [{ type: 'metric', rows: [metric] }], data: [1] };
    const rules = (start: string, end: string, strict: boolean) => {
      const result = validateResponse({ method: 'POST', path, body: answer(end), request: body(start, end), strict });
      const limit = (p: { rule: string }) => p.rule.startsWith('shared.response.limit');
      return { errors: result.errors.filter(limit).map((p) => p.rule), warnings: result.warnings.filter(limit).map((p) => p.rule) };
    };
    for (const { start, end, verdict } of CASES) {
      const at = `${start}..${end}`;
      const [lax, strict] = [rules(start, end, false), rules(start, end, true)];
      if (verdict === 'within') expect([lax, strict], at).toEqual([{ errors: [], warnings: [] }, { errors: [], warnings: [] }]);
      if (verdict === 'inferred') {
        expect(lax, at).toEqual({ errors: [], warnings: ['shared.response.limit-refused-calendar'] });
        expect(strict, at).toEqual({ errors: ['shared.response.limit-refused-calendar'], warnings: [] });
      }
      if (verdict === 'stated') for (const mode of [lax, strict]) expect(mode, at).toEqual({ errors: ['shared.response.limit-refused'], warnings: [] });
    }
  });

  describe('the mock', () => {
    let server: MockServer;
    beforeAll(async () => {
      server = await startMockServer({ token: 't', secret: 's', seed: 7 });
    });
    afterAll(() => server.close());

    it('answers within both readings, refuses past either with code 4, and its answers pass the validators in strict mode', async () => {
      const profiles = profileIds(server.account, 'facebook').slice(0, 1);
      for (const { start, end, verdict } of CASES) {
        const request = body(start, end, profiles);
        const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: authorizationHeader('t', 's'), 'content-type': 'application/json' }, body: JSON.stringify(request) });
        const answer = (await res.json()) as { success: boolean; errors?: { code: number }[] };
        const at = `${start}..${end}`;
        if (verdict === 'within') expect(answer.success, at).toBe(true);
        else expect(answer.errors?.map((e) => e.code), at).toEqual([4]);
        expect(validateResponse({ method: 'POST', path, body: answer, request, strict: true }).errors, at).toEqual([]);
      }
    });
  });
});

describe('the published OpenAPI', () => {
  it.each([1, 2])('version %i describes both readings on the metrics request, with their rules', (version) => {
    const text = readFileSync(new URL(`../../generated/openapi/v${version}.yaml`, import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(text).toContain('date_end is at most date_start plus 3 calendar months, a day past the month\'s end clamping to its last day (rule shared.metrics.date-range, code 4)');
    expect(text).toContain('the narrower span of 3 calendar months counting both ends is inferred (shared.metrics.date-range-calendar)');
  });

  it.each(VERSIONS)('version $version: its metrics request schema, read by a third-party validator, takes every case of the table (the limit relates two members, which JSON Schema cannot say: it is described, and checkRequest decides)', ({ version, path, metric }) => {
    const doc = loadDoc(version) as { paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: unknown }> } }>>; components: unknown };
    const schema = doc.paths[path].post.requestBody.content['application/json'].schema;
    const validator = new Validator({ $id: `https://published.invalid/v${version}`, ...(schema as object), components: doc.components } as Schema, '2020-12', false);
    for (const { start, end } of CASES) {
      const request = { date_start: start, date_end: end, profiles: ['p1'], metrics: [metric] };
      expect(validator.validate(request).errors, `${start}..${end}`).toEqual([]);
    }
    // A date that is no calendar day is refused by both the document and checkRequest.
    const broken = { date_start: '2024-02-30', date_end: '2024-03-01', profiles: ['p1'], metrics: [metric] };
    expect(validator.validate(broken).valid).toBe(false);
    expect(checkRequest(`POST ${path}`, broken).map((p) => p.rule)).toContain('shared.request.date-format');
  });
});
