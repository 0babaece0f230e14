/** The vitest matcher `toBeValidResponse` from `social-analytics-api/vitest`. */
import { describe, expect, it } from 'vitest';
import '../../src/vitest.js';

const request = { date_start: '2026-01-01', date_end: '2026-01-02', profiles: ['p1'], metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] };
const body = { success: true, header: [{ type: 'date.day', rows: ['2026-01-01', '2026-01-02'] }, { type: 'metric', rows: ['fans_change'] }], data: [[1], [2]] };

describe('toBeValidResponse', () => {
  it('passes for a valid body, with and without the request', () => {
    expect(body).toBeValidResponse('POST /2/facebook/metrics');
    expect(body).toBeValidResponse('POST /2/facebook/metrics', { request });
    expect({ success: false, errors: [{ code: 401, errors: ['x'] }] }).toBeValidResponse('POST /2/facebook/metrics', { status: 401 });
  });

  it('fails with the error list in the message, each problem naming its rule, and how to read the rule', () => {
    const wrong = { ...body, data: [[1], ['2']] };
    expect(() => expect(wrong).toBeValidResponse('POST /2/facebook/metrics', { request })).toThrowError(
      /^expected a valid response of POST \/2\/facebook\/metrics for the given request; 1 error:\n {2}\/data\/1\/0: expected number \(a metric value\), got "2" \(rule v2\.metrics\.data-numbers\)\nexplain a rule: npx social-analytics-api rules v2\.metrics\.data-numbers$/,
    );
  });

  it('fails for a request-aware problem only when the request is given', () => {
    const outside = { ...body, header: [{ type: 'date.day', rows: ['2026-01-09', '2026-01-02'] }, body.header[1]] };
    expect(outside).toBeValidResponse('POST /2/facebook/metrics');
    expect(() => expect(outside).toBeValidResponse('POST /2/facebook/metrics', { request })).toThrowError('/header/0/rows/0: 2026-01-09 is outside the requested range 2026-01-01..2026-01-02');
  });

  it('passes with warnings by default; with strict, broken inferred rules fail and the message lists errors and warnings', () => {
    // Metric rows in another order than requested (data follows the header): an inferred rule.
    const twoMetrics = { ...request, metrics: ['fans_change', 'fans_lifetime'] };
    const swapped = { ...body, header: [body.header[0], { type: 'metric', rows: ['fans_lifetime', 'fans_change'] }], data: [[1, 2], [3, 4]] };
    expect(swapped).toBeValidResponse('POST /2/facebook/metrics', { request: twoMetrics });
    expect(() => expect(swapped).toBeValidResponse('POST /2/facebook/metrics', { request: twoMetrics, strict: true })).toThrowError(
      'expected a valid response of POST /2/facebook/metrics for the given request (strict); 2 errors:\n' +
        '  /header/1/rows/0: expected "fans_change" (requested metric 1), got "fans_lifetime" (rule v2.metrics.metric-order, inferred: an error because of strict)\n' +
        '  /header/1/rows/1: expected "fans_lifetime" (requested metric 2), got "fans_change" (rule v2.metrics.metric-order, inferred: an error because of strict)',
    );
    // Without strict, a failing body's message lists its warnings under its errors.
    const both = { ...swapped, data: [[1, 2], [3, '4']] };
    expect(() => expect(both).toBeValidResponse('POST /2/facebook/metrics', { request: twoMetrics })).toThrowError(
      '1 error:\n  /data/1/1: expected number (a metric value), got "4" (rule v2.metrics.data-numbers)\n2 warnings:\n  /header/1/rows/0: expected "fans_change"',
    );
  });

  it('reads a capture whose path is named url, as the command does, and refuses one naming both', () => {
    const capture = { method: 'POST', url: 'https://api.example.com/2/facebook/metrics', request, response: body };
    expect(capture).toBeValidResponse();
    expect(() => expect({ ...capture, response: { ...body, data: [[1], ['2']] } }).toBeValidResponse()).toThrowError('rule v2.metrics.data-numbers');
    expect(() => expect({ ...capture, path: '/2/facebook/metrics' }).toBeValidResponse()).toThrowError(
      'the capture cannot be checked: not a capture: holds both "path" and "url"',
    );
  });

  it('supports .not', () => {
    expect({ success: true }).not.toBeValidResponse('POST /2/facebook/metrics');
    expect(() => expect(body).not.toBeValidResponse('POST /2/facebook/metrics')).toThrowError('expected the body not to be a valid response of POST /2/facebook/metrics, but it is');
  });

  it('given a whole capture, checks its response with its request and status, and says so', () => {
    const capture = { method: 'POST', path: '/2/facebook/metrics', request, response: body };
    expect(capture).toBeValidResponse();
    expect({ request, response: body }).toBeValidResponse('POST /2/facebook/metrics');
    expect({ method: 'GET', path: '/2/facebook/profiles', status: 401, response: { success: false, errors: [{ code: 401, errors: ['x'] }] } }).toBeValidResponse();
    const outside = { ...body, header: [{ type: 'date.day', rows: ['2026-01-09', '2026-01-02'] }, body.header[1]] };
    expect(() => expect({ request, response: outside }).toBeValidResponse('POST /2/facebook/metrics')).toThrowError(
      "expected the capture's response to be a valid response of POST /2/facebook/metrics for its request; 1 error:\n  /header/0/rows/0: 2026-01-09 is outside",
    );
    expect(() => expect({ ...capture, source: 'a.json#3', response: { ...body, data: [[1], ['2']] } }).toBeValidResponse({ strict: true })).toThrowError(
      "a.json#3: expected the capture's response to be a valid response of POST /2/facebook/metrics for its request (strict); 1 error:",
    );
    expect(() => expect(capture).not.toBeValidResponse()).toThrowError("expected the capture's response not to be a valid response of POST /2/facebook/metrics for its request, but it is");
    // The options win over the capture's own request.
    expect(() => expect({ request, response: outside }).toBeValidResponse('POST /2/facebook/metrics', { request: { ...request, date_end: '2026-01-09' } })).not.toThrow();
  });

  it('asks for the operation when neither the argument nor the capture names it', () => {
    expect(() => expect({ request, response: body }).toBeValidResponse()).toThrowError(
      'toBeValidResponse: expected an operation like "POST /2/facebook/metrics" (or a capture with "method" and "path"), got undefined',
    );
    expect(() => expect(body).toBeValidResponse()).toThrowError('toBeValidResponse: expected an operation like "POST /2/facebook/metrics", got undefined');
  });

  it('explains a malformed operation argument and unknown operations', () => {
    expect(() => expect(body).toBeValidResponse('/2/facebook/metrics' as any)).toThrowError('toBeValidResponse: expected an operation like "POST /2/facebook/metrics", got "/2/facebook/metrics"');
    expect(() => expect(body).toBeValidResponse('POST /2/facebook/metricz')).toThrowError(/unknown operation POST \/2\/facebook\/metricz; version 2 has: /);
  });
});
