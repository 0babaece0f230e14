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
