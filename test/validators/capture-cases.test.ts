/** `captureCases` from `social-analytics-api/vitest`: capture files and HAR files as named test cases. */
import { afterAll, describe, expect, it, test } from 'vitest';
import { captureCases, captureCasesSync } from '../../src/vitest.js';
import { API, entry, har } from '../cli-validate/har-fixtures.js';
import { invalidCapture, metricsBody, metricsRequest, tempDir, validCapture } from '../cli-validate/helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());
tmp.write('captures/a-valid.json', validCapture);
tmp.write('captures/list.json', [validCapture, invalidCapture]);
tmp.write('captures/nested/broken.json', '{"method": ');
tmp.write('captures/session.har', har([
  entry('GET', 'https://cdn.example.invalid/app.js', 200, 'console.log(1)', { mimeType: 'text/javascript' }),
  entry('POST', `${API}/2/facebook/metrics`, 200, JSON.stringify(metricsBody), { request: JSON.stringify(metricsRequest) }),
  entry('GET', `${API}/2/facebook/profiles`, 200, 'not json'),
]));
tmp.write('assets-only.har', har([entry('GET', 'https://cdn.example.invalid/app.js', 200, 'x', { mimeType: 'text/javascript' })]));

const cases = await captureCases('captures', { cwd: tmp.dir });

describe('captureCases', () => {
  it('gives one named case per recorded response, capture files and HAR files alike, in file order', () => {
    expect(cases.map((c) => c.name)).toEqual([
      'captures/a-valid.json POST /2/facebook/metrics',
      'captures/list.json#0 POST /2/facebook/metrics',
      'captures/list.json#1 POST /2/facebook/metrics',
      'captures/nested/broken.json (unreadable)',
      'captures/session.har#1 POST /2/facebook/metrics',
      'captures/session.har#2 GET /2/facebook/profiles',
    ]);
    expect(cases[4]).toMatchObject({ source: 'captures/session.har#1', method: 'POST', status: 200, request: metricsRequest, response: metricsBody });
    expect(cases[0]).toMatchObject({ source: 'captures/a-valid.json', request: metricsRequest, response: metricsBody });
  });

  it('the matcher passes a valid case and fails an invalid one, an unreadable file and a body that is not JSON, each with its reason', () => {
    for (const i of [0, 1, 4]) expect(cases[i]).toBeValidResponse();
    expect(() => expect(cases[2]).toBeValidResponse()).toThrowError(
      'captures/list.json#1: expected the capture\'s response to be a valid response of POST /2/facebook/metrics for its request; 1 error:\n  /data/1/0: expected number (a metric value), got "2"',
    );
    expect(() => expect(cases[3]).toBeValidResponse()).toThrowError(/^captures\/nested\/broken\.json cannot be checked: truncated JSON/);
    expect(() => expect(cases[5]).toBeValidResponse()).toThrowError(/^captures\/session\.har#2 cannot be checked: .*JSON/);
  });

  it('takes several paths, a file among them', async () => {
    const some = await captureCases(['captures/a-valid.json', 'captures/list.json'], { cwd: tmp.dir });
    expect(some.map((c) => c.source)).toEqual(['captures/a-valid.json', 'captures/list.json#0', 'captures/list.json#1']);
    expect((await captureCases(tmp.path('captures/a-valid.json'), { cwd: tmp.dir })).map((c) => c.name)).toEqual(['captures/a-valid.json POST /2/facebook/metrics']);
  });

  it('names a missing path as an unreadable case', async () => {
    expect(await captureCases('nowhere', { cwd: tmp.dir })).toMatchObject([{ name: 'nowhere (unreadable)', problem: 'no such file or directory' }]);
  });

  it('throws when the inputs hold no API response, unless allowEmpty', async () => {
    await expect(captureCases('assets-only.har', { cwd: tmp.dir })).rejects.toThrowError(
      'captureCases: no API response found in assets-only.har (1 HAR entries skipped: not API responses); pass { allowEmpty: true } to accept that',
    );
    expect(await captureCases('assets-only.har', { cwd: tmp.dir, allowEmpty: true })).toEqual([]);
  });
});

// As a team uses it: one test per valid recorded response.
test.each([cases[0], cases[1], cases[4]])('$name', (c) => {
  expect(c).toBeValidResponse();
});

describe('captureCasesSync and the case names', () => {
  it('gives the same cases without a Promise (a CommonJS jest test cannot await)', () => {
    expect(captureCasesSync('captures', { cwd: tmp.dir })).toEqual(cases);
    expect(() => captureCasesSync('assets-only.har', { cwd: tmp.dir })).toThrowError('captureCases: no API response found in assets-only.har');
  });

  it('reads a file reached by two paths once, so names stay unique', () => {
    const twice = captureCasesSync(['captures', 'captures/list.json'], { cwd: tmp.dir });
    expect(twice.map((c) => c.name)).toEqual(cases.map((c) => c.name));
    expect(new Set(twice.map((c) => c.name)).size).toBe(twice.length);
  });

  it('is its name as a string, not an enumerable member: test.each(cases)("%s") shows the whole name', () => {
    expect(cases.map(String)).toEqual(cases.map((c) => c.name));
    expect(Object.keys(cases[0])).not.toContain('toString');
  });
});

// vitest's `$name` cuts a value at 40 characters; `%s` prints the case's string whole.
const long = tempDir();
afterAll(() => long.remove());
long.write('captures/facebook-metrics-of-the-first-week-of-january.json', validCapture);
test.each(captureCasesSync('captures', { cwd: long.dir }))('%s', (capture) => {
  expect(expect.getState().currentTestName).toBe('captures/facebook-metrics-of-the-first-week-of-january.json POST /2/facebook/metrics');
  expect(capture).toBeValidResponse();
});
