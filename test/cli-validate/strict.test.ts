/** `validate --strict`, warning lines under ok responses, and the clear messages of validateResponse for odd input. */
import { afterAll, describe, expect, it } from 'vitest';
import { validateResponse } from '../../src/validators/validate-response.js';
import { metricsBody, metricsRequest, run, tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

describe('validate --strict', () => {
  it('a broken inferred rule is a warning under ok (exit 0), and fails with --strict (exit 1)', async () => {
    tmp.write('extra.json', { ...validCapture, response: { ...metricsBody, served_by: 'edge-3' } });
    const lenient = await run(['extra.json'], tmp.dir);
    expect(lenient.code).toBe(0);
    expect(lenient.out.split('\n').slice(0, 2)).toEqual([
      'ok       extra.json  POST /2/facebook/metrics (HTTP 200)',
      expect.stringMatching(/^ {11}extra\.json:19:15: warning: .*served_by.*\[rule shared\.response\.no-extra-members\]$/),
    ]);
    expect(lenient.out).toContain('1 response: 1 valid, 0 invalid, 1 with warnings');
    const strict = await run(['extra.json', '--strict', '--json'], tmp.dir);
    expect(strict.code).toBe(1);
    const result = JSON.parse(strict.out).results[0];
    expect(result).toMatchObject({ valid: false, warnings: [], errors: [{ rule: 'shared.response.no-extra-members', severity: 'error' }] });
  });
});

describe('validateResponse on odd input', () => {
  it('says what it expects when given null or a non-object', () => {
    for (const input of [null, undefined, 'POST /2/facebook/metrics']) {
      expect(validateResponse(input as never)).toMatchObject({ valid: false, errors: [{ pointer: '', message: expect.stringMatching(/^validateResponse expects an object \{ method, path, body, request\?, status\?, strict\? \}, got /) }] });
    }
  });

  it('accepts the request as JSON text, as HAR postData.text holds it', () => {
    const shifted = { ...metricsBody, header: [{ type: 'date.day', rows: ['2026-01-02', '2026-01-03'] }, metricsBody.header[1]] };
    const result = validateResponse({ method: 'POST', path: '/2/facebook/metrics', body: shifted, request: JSON.stringify(metricsRequest) });
    expect(result.errors).toMatchObject([{ pointer: '/header/0/rows/1', rule: 'v2.metrics.date-range' }]);
  });
});

describe('validate --strict marks an error of an inferred rule as inferred in every report', () => {
  const capture = { ...validCapture, response: { ...metricsBody, served_by: 'edge-3' } };
  const stated = { ...validCapture, response: { ...metricsBody, data: [[1], ['2']] } };
  const lead = 'inferred rule (--strict): ';

  it('text, GitHub, JUnit, markdown and SARIF lead the problem with "inferred rule (--strict)"; JSON says inferred: true', async () => {
    tmp.write('strict-extra.json', capture);
    tmp.write('strict-stated.json', stated);
    const reports: Record<string, string> = {};
    for (const reporter of ['text', 'github', 'junit', 'markdown', 'sarif', 'json']) {
      const { code, out } = await run(['strict-extra.json', 'strict-stated.json', '--strict', '--reporter', reporter], tmp.dir);
      expect(code, reporter).toBe(1);
      reports[reporter] = out;
    }
    for (const reporter of ['text', 'github', 'junit', 'markdown', 'sarif']) {
      const out = reports[reporter];
      // The inferred rule's error is marked, the stated rule's error is not.
      expect(out, reporter).toMatch(/inferred rule \(--strict\): [^\n]*served/);
      expect(out.split(lead).length - 1, reporter).toBe(1);
    }
    const json = JSON.parse(reports.json);
    const byFile = Object.fromEntries(json.results.map((r: { source: string }) => [r.source, r]));
    expect(byFile['strict-extra.json'].errors).toMatchObject([{ rule: 'shared.response.no-extra-members', severity: 'error', inferred: true }]);
    expect(byFile['strict-extra.json'].groups).toMatchObject([{ rule: 'shared.response.no-extra-members', inferred: true }]);
    expect(byFile['strict-stated.json'].errors[0]).not.toHaveProperty('inferred');
    expect(byFile['strict-stated.json'].groups[0]).not.toHaveProperty('inferred');
    expect(JSON.parse(reports.sarif).runs[0].results.map((r: { properties?: unknown }) => r.properties ?? null)).toEqual([{ inferred: true }, null]);
  });

  it('without --strict the same problem is a warning, not marked', async () => {
    tmp.write('lax-extra.json', capture);
    const { out } = await run(['lax-extra.json', '--json'], tmp.dir);
    const [result] = JSON.parse(out).results;
    expect(result.warnings[0]).not.toHaveProperty('inferred');
    expect(result.groups[0]).not.toHaveProperty('inferred');
  });
});
