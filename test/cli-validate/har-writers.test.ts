/** HAR quirks of real writers: skip reasons and their counts, base64, requests from postData.params, entry order. */
import { afterAll, describe, expect, it } from 'vitest';
import { API, entry, har } from './har-fixtures.js';
import { metricsBody, metricsRequest, run, tempDir } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

const profiles = JSON.stringify({ success: true, profiles: [] });
/** chrome-har's postData.params of a JSON body: one {name, value} per member, arrays as repeated names. */
const params = (request: Record<string, unknown>) =>
  Object.entries(request).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => ({ name, value: v })) : [{ name, value }]));

describe('HAR entries as browsers and proxies write them', () => {
  it('skips preflights, failures (status 0 and -1), 304, 204 and redirects with a reason each, in entry order', async () => {
    tmp.write('writers.har', har([
      entry('OPTIONS', `${API}/2/facebook/metrics`, 204, ''),
      entry('GET', `${API}/2/facebook/profiles`, -1, undefined, { response: { _failureText: 'net::ERR_ABORTED' } }),
      entry('GET', `${API}/2/facebook/profiles`, 0, undefined, { extra: { _error: 'net::ERR_CONNECTION_REFUSED' } }),
      entry('GET', `${API}/2/facebook/profiles`, 304, ''),
      entry('GET', `${API}/2/facebook/profiles`, 200, profiles),
      entry('GET', `${API}/2/twitter/profiles`, 204, undefined),
      entry('GET', `${API}/2/youtube/profiles`, 302, '', { response: { redirectURL: '/login' } }),
      entry('GET', 'https://cdn.example.invalid/logo.png', 200, 'iVBORw0KGgo=', { mimeType: 'image/png', base64: true }),
      entry('GET', `${API}/2/youtube/profiles`, 200, undefined, { size: 0 }),
    ]));
    const result = await run(['writers.har'], tmp.dir);
    expect(result.code).toBe(0);
    expect(result.out.split('\n')).toEqual([
      `skipped  writers.har#0: CORS preflight: OPTIONS ${API}/2/facebook/metrics`,
      `skipped  writers.har#1: no response: GET ${API}/2/facebook/profiles: net::ERR_ABORTED`,
      `skipped  writers.har#2: no response: GET ${API}/2/facebook/profiles: net::ERR_CONNECTION_REFUSED`,
      `skipped  writers.har#3: not modified: GET ${API}/2/facebook/profiles: HTTP 304 carries no body`,
      'ok       writers.har#4  GET /2/facebook/profiles (HTTP 200)',
      `skipped  writers.har#5: no content: GET ${API}/2/twitter/profiles: HTTP 204 carries no body`,
      `skipped  writers.har#6: redirect: GET ${API}/2/youtube/profiles: HTTP 302 to /login`,
      'skipped  writers.har#7: not an API operation: GET https://cdn.example.invalid/logo.png',
      `skipped  writers.har#8: no response: GET ${API}/2/youtube/profiles: HTTP 200 headers arrived but no body (the request was aborted or the connection dropped)`,
      '',
      '1 response: 1 valid, 0 invalid; 8 HAR entries skipped (1 CORS preflight, 3 no response, 1 not modified, 1 no content, 1 redirect, 1 not an API operation)',
    ]);
  });

  it('says when base64 content is not base64, instead of decoding mojibake', async () => {
    tmp.write('base64.har', har([entry('GET', `${API}/2/facebook/profiles`, 200, undefined, { rawText: 'eyJzdWNjZXNzIjp0cnVlLCJwcm9maWxlcyI6W119!!', size: 40 })]));
    const result = await run(['base64.har'], tmp.dir);
    expect(result.code).toBe(2);
    expect(result.out).toContain('error    base64.har#0: GET /2/facebook/profiles: response.content.text is not valid base64 although content.encoding is "base64"');
  });

  it('rebuilds the request from postData.params with the request schema: a one-element array stays an array', async () => {
    const shifted = { ...metricsBody, header: [{ type: 'date.day', rows: ['2026-01-02', '2026-01-03'] }, metricsBody.header[1]] };
    tmp.write('params.har', har([
      entry('POST', `${API}/2/facebook/metrics`, 200, JSON.stringify(metricsBody), { params: params(metricsRequest) }),
      entry('POST', `${API}/2/facebook/metrics`, 200, JSON.stringify(shifted), { params: params(metricsRequest) }),
      entry('POST', `${API}/2/facebook/metrics`, 200, JSON.stringify(metricsBody), { params: params({ ...metricsRequest, profiles: ['p1', 'p2'], metrics: ['fans_change', 'fans_lifetime'] }) }),
    ]));
    const result = await run(['params.har', '--json'], tmp.dir);
    const report = JSON.parse(result.out);
    expect(result.code).toBe(1);
    expect(report.results[0]).toMatchObject({ valid: true, warnings: [] });
    expect(report.results[1].errors).toMatchObject([{ pointer: '/header/0/rows/1', message: '2026-01-03 is outside the requested range 2026-01-01..2026-01-02' }]);
    // two metrics requested, one answered: the request-aware checks ran on the rebuilt arrays (an inferred rule: a warning, an error with --strict)
    expect(report.results[2].warnings).toMatchObject([{ rule: 'v2.metrics.requested-metrics', message: 'expected the 2 requested metrics ("fans_change", "fans_lifetime"), got 1 row' }]);
    const strict = JSON.parse((await run(['params.har', '--json', '--strict'], tmp.dir)).out);
    expect(strict.results[2]).toMatchObject({ valid: false, warnings: [], errors: [{ rule: 'v2.metrics.requested-metrics', severity: 'error' }] });
  });

  it('warns that the request-aware checks did not run when an API POST has no recoverable request', async () => {
    tmp.write('norequest.har', har([
      entry('POST', `${API}/2/facebook/metrics`, 200, JSON.stringify(metricsBody)),
      entry('POST', `${API}/2/facebook/metrics`, 200, JSON.stringify(metricsBody), { params: [{ name: 'date_start', value: '2026-01-01' }, { name: 'date_start', value: '2026-01-02' }] }),
    ]));
    const result = await run(['norequest.har'], tmp.dir);
    expect(result.code).toBe(0);
    expect(result.out.split('\n')).toEqual([
      'ok       norequest.har#0  POST /2/facebook/metrics (HTTP 200)',
      '           norequest.har:31:22: warning: (body): request-aware checks did not run: no request body was recorded (request.postData is missing)',
      'ok       norequest.har#1  POST /2/facebook/metrics (HTTP 200)',
      '           norequest.har:79:22: warning: (body): request-aware checks did not run: request postData.params repeats "date_start", which is not an array member of the request',
      '',
      '2 responses: 2 valid, 0 invalid, 2 with warnings',
    ]);
  });

  it('a HAR without any API entry checks nothing: exit 1 with one line, 0 with --allow-empty', async () => {
    tmp.write('assets.har', har([entry('GET', 'https://cdn.example.invalid/app.js', 200, 'x', { mimeType: 'text/javascript' })]));
    const result = await run(['assets.har'], tmp.dir);
    expect(result.code).toBe(1);
    expect(result.out.split('\n').at(-1)).toBe('nothing checked: no API response found in the inputs; 1 HAR entry skipped (1 not an API operation). Pass --allow-empty to accept a run without responses.');
    expect((await run(['assets.har', '--allow-empty'], tmp.dir)).code).toBe(0);
  });
});
