/** `validate` on HAR 1.2 files. */
import { afterAll, describe, expect, it } from 'vitest';
import { API, entry, har } from './har-fixtures.js';
import { runValidate } from '../../src/cli/validate.js';
import { metricsBody, metricsRequest, run, tempDir } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());


describe('validate HAR files', () => {
  it('checks API entries (request from postData, base64 bodies) and lists the others as skipped', async () => {
    const wrong = { ...metricsBody, header: [{ type: 'date.day', rows: ['2026-01-01', '2026-01-05'] }, metricsBody.header[1]] };
    tmp.write('session.har', har([
      entry('GET', 'https://cdn.example.invalid/app.js', 200, 'console.log(1)', { mimeType: 'text/javascript' }),
      entry('POST', `${API}/2/facebook/metrics?x=1`, 200, JSON.stringify(metricsBody), { request: JSON.stringify(metricsRequest) }),
      entry('POST', `${API}/2/facebook/metrics`, 200, JSON.stringify(wrong), { request: JSON.stringify(metricsRequest), base64: true }),
      entry('GET', `${API}/2/facebook/profiles`, 401, JSON.stringify({ success: false, errors: [{ code: 401, errors: ['x'] }] }), { base64: true }),
      entry('OPTIONS', `${API}/2/facebook/metrics`, 204, ''),
    ]));
    const result = await run(['session.har'], tmp.dir);
    expect(result.code).toBe(1);
    expect(result.out.split('\n')).toEqual([
      'skipped  session.har#0: not an API operation: GET https://cdn.example.invalid/app.js',
      'ok       session.har#1  POST /2/facebook/metrics (HTTP 200)',
      'invalid  session.har#2  POST /2/facebook/metrics (HTTP 200)',
      '           session.har:109:21: /header/0/rows: no row for the last requested day "2026-01-02"  [rule v2.metrics.last-day]',
      '           session.har:109:21: /header/0/rows/1: 2026-01-05 is outside the requested range 2026-01-01..2026-01-02  [rule v2.metrics.date-range]',
      'ok       session.har#3  GET /2/facebook/profiles (HTTP 401)',
      'skipped  session.har#4: CORS preflight: OPTIONS https://api.example.invalid/2/facebook/metrics',
      '',
      '3 responses: 2 valid, 1 invalid; 2 HAR entries skipped (1 not an API operation, 1 CORS preflight)',
      'explain a rule: npx social-analytics-api rules v2.metrics.last-day',
    ]);
  });

  it('finds HAR files in directories and recognises them by content too', async () => {
    const doc = har([entry('GET', `${API}/2/facebook/profiles`, 200, JSON.stringify({ success: true, profiles: [] }))]);
    tmp.write('dir/a.har', doc);
    tmp.write('dir/b.json', doc);
    const result = await run(['dir', '--json'], tmp.dir);
    const report = JSON.parse(result.out);
    expect(report.results.map((r: any) => [r.source, r.valid])).toEqual([['dir/a.har#0', true], ['dir/b.json#0', true]]);
    expect(result.code).toBe(0);
  });

  it('rejects a body that is not JSON, reports unrecorded bodies as unreadable, warns about an unreadable request', async () => {
    tmp.write('bad.har', har([
      entry('GET', `${API}/2/facebook/profiles`, 200, '<html>oops</html>'),
      entry('GET', `${API}/2/twitter/profiles`, 200, undefined, { size: 4210 }),
      entry('POST', `${API}/2/twitter/metrics`, 200, '{}', { request: '{"date_start":' }),
    ]));
    const result = await run(['bad.har'], tmp.dir);
    expect(result.code).toBe(2);
    expect(result.out).toContain('invalid  bad.har#0  GET /2/facebook/profiles (HTTP 200)\n           bad.har:31:21: (body): response body is not JSON: malformed JSON at line 1, column 1: expected a value, found "<html>oops</"  [rule shared.response.json]');
    expect(result.out).toContain('error    bad.har#1: GET /2/twitter/profiles: the response body was not recorded (response.content.text is missing; record HAR files with content, e.g. Playwright recordHar content "embed")');
    expect(result.out).toContain('invalid  bad.har#2  POST /2/twitter/metrics (HTTP 200)\n           bad.har:104:22: /success: expected true (success body) or false (failure body), got nothing  [rule shared.response.success-flag]\n           bad.har:104:22: warning: (body): request-aware checks did not run: request.postData.text is not JSON: truncated JSON: the text ends at line 1, column 15 where a value is expected');
  });

  it('says when a .har file, or JSON with "log", is not a HAR log', async () => {
    tmp.write('fake.har', { hello: 'world' });
    tmp.write('fake-log.json', { log: { version: '1.2' } });
    const result = await run(['fake.har', 'fake-log.json'], tmp.dir);
    expect(result.code).toBe(2);
    expect(result.out).toContain('error    fake.har: not a HAR file: expected { "log": { "entries": [...] } }');
    expect(result.out).toContain('error    fake-log.json: not a HAR file: expected { "log": { "entries": [...] } }');
  });
});

describe('validate prints as it reads', () => {
  it('a text report to standard output comes item by item, the summary last', async () => {
    tmp.write('live.har', har([
      entry('GET', `${API}/2/facebook/profiles`, 200, JSON.stringify({ success: true, profiles: [] })),
      entry('OPTIONS', `${API}/2/facebook/metrics`, 204, ''),
    ]));
    const out: string[] = [];
    const code = await runValidate(['live.har'], { out: (t) => out.push(t), err: () => {}, cwd: tmp.dir });
    expect(code).toBe(0);
    expect(out).toEqual([
      'ok       live.har#0  GET /2/facebook/profiles (HTTP 200)',
      `skipped  live.har#1: CORS preflight: OPTIONS ${API}/2/facebook/metrics`,
      '\n1 response: 1 valid, 0 invalid; 1 HAR entry skipped (1 CORS preflight)',
    ]);
  });
});
