/**
 * A passing assertion shows its warnings (src/matchers/warnings.ts): in vitest as a test
 * annotation of type `warning` (located at the assertion) and on the test's console; under any
 * other runner (jest), on the console. A failing or negated assertion shows none (its message
 * already lists them), nor does one without warnings.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/vitest.js';
import { matchers } from '../../src/matchers/index.js';

const request = { date_start: '2026-01-01', date_end: '2026-01-02', profiles: ['p1'], metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] };
const body = { success: true, header: [{ type: 'date.day', rows: ['2026-01-01', '2026-01-02'] }, { type: 'metric', rows: ['fans_change'] }], data: [[1], [2]] };
/** A valid answer with a member the documents do not list: one warning of an inferred rule. */
const served = { ...body, served_by: 'edge-7' };

afterEach(() => vi.restoreAllMocks());

describe('the warnings of a passing assertion', () => {
  it('in vitest: an annotation of type warning at the assertion, and the console', ({ task, onTestFinished }) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Annotations are recorded once the test body has run: read them when the test finishes.
    onTestFinished(() => {
      expect(task.annotations.map((a) => ({ type: a.type, message: a.message, file: a.location?.file }))).toEqual([
        { type: 'warning', message: warn.mock.calls[0][0], file: expect.stringMatching(/matcher-warnings\.test\.ts$/) },
      ]);
    });
    expect(served).toBeValidResponse('POST /2/facebook/metrics', { request });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toBe(
      'social-analytics-api: the body of POST /2/facebook/metrics for the given request passed with 1 warning (broken inferred rules; { strict: true } makes them errors):\n' +
        '  (body): unexpected property "served_by" (rule shared.response.no-extra-members)\n' +
        'explain a rule: npx social-analytics-api rules shared.response.no-extra-members',
    );
  });

  it('toSatisfyApi shows them too', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect({ status: 200, body: served }).toSatisfyApi({ method: 'POST', path: '/2/facebook/metrics', body: request });
    expect(warn.mock.calls.map((c) => String(c[0]).split('\n')[0])).toEqual(['social-analytics-api: the answer (HTTP 200) of POST /2/facebook/metrics for the given request passed with 1 warning (broken inferred rules; { strict: true } makes them errors):']);
  });

  it('under another runner (no vitest task in the matcher state): the console only', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const result = matchers.toBeValidResponse.call({ isNot: false }, served, 'POST /2/facebook/metrics');
    expect(result.pass).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('(rule shared.response.no-extra-members)');
  });

  it('none for an assertion without warnings, a negated one, or one that fails (its message lists them)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(body).toBeValidResponse('POST /2/facebook/metrics', { request });
    expect(matchers.toBeValidResponse.call({ isNot: true }, served, 'POST /2/facebook/metrics').pass).toBe(true);
    expect(() => expect(served).toBeValidResponse('POST /2/facebook/metrics', { strict: true })).toThrowError('(rule shared.response.no-extra-members, inferred: an error because of strict)');
    expect(warn).not.toHaveBeenCalled();
  });
});
