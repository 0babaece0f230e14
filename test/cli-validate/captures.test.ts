/** `validate` on capture files and directories: lines, summary, --json, exit codes. */
import { afterAll, describe, expect, it } from 'vitest';
import { invalidCapture, run, tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

describe('validate capture files', () => {
  it('prints ok per valid response and exits 0', async () => {
    tmp.write('one/valid.json', validCapture);
    const result = await run(['one/valid.json'], tmp.dir);
    expect(result.code).toBe(0);
    expect(result.out).toBe('ok       one/valid.json  POST /2/facebook/metrics (HTTP 200)\n\n1 response: 1 valid, 0 invalid');
  });

  it('prints the errors of an invalid response and exits 1', async () => {
    tmp.write('two/valid.json', validCapture);
    tmp.write('two/invalid.json', invalidCapture);
    const result = await run(['two'], tmp.dir);
    expect(result.code).toBe(1);
    expect(result.out.split('\n')).toEqual([
      'invalid  two/invalid.json  POST /2/facebook/metrics (HTTP 200)',
      '           two/invalid.json:41:9: /data/1/0: expected number (a metric value), got "2"  [rule v2.metrics.data-numbers]',
      'ok       two/valid.json  POST /2/facebook/metrics (HTTP 200)',
      '',
      '2 responses: 1 valid, 1 invalid',
      'explain a rule: npx social-analytics-api rules v2.metrics.data-numbers',
    ]);
  });

  it('walks directories recursively for *.json and *.har only', async () => {
    tmp.write('tree/a/b/c/deep.json', validCapture);
    tmp.write('tree/a/notes.txt', 'not an input');
    tmp.write('tree/top.JSON', validCapture);
    const result = await run(['tree'], tmp.dir);
    expect(result.code).toBe(0);
    expect(result.out).toContain('ok       tree/a/b/c/deep.json');
    expect(result.out).toContain('ok       tree/top.JSON');
    expect(result.out).not.toContain('notes.txt');
  });

  it('honours status and reads arrays of captures', async () => {
    tmp.write('list.json', [
      { method: 'GET', path: 'https://api.example.invalid/2/facebook/profiles', status: 401, response: { success: false, errors: [{ code: 401, errors: ['x'] }] } },
      { method: 'GET', path: '/2/facebook/profiles', status: 500, response: { success: false, errors: [{ code: 3, errors: ['x'] }] } },
    ]);
    const result = await run(['list.json'], tmp.dir);
    expect(result.code).toBe(1);
    expect(result.out).toContain('ok       list.json#0  GET /2/facebook/profiles (HTTP 401)');
    expect(result.out).toContain('invalid  list.json#1  GET /2/facebook/profiles (HTTP 500)\n           list.json:26:19: /errors/0/code: error 3 comes with HTTP status 200, not 500');
  });

  it('reports an unknown operation as an invalid response', async () => {
    tmp.write('unknown.json', { method: 'POST', path: '/2/facebook/metricz', response: {} });
    const result = await run(['unknown.json'], tmp.dir);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/invalid {2}unknown\.json {2}POST \/2\/facebook\/metricz \(HTTP 200\)\n {11}unknown\.json:4:15: \(body\): unknown operation POST \/2\/facebook\/metricz; version 2 has: /);
  });

  it('explains files that are JSON but not captures, and exits 2', async () => {
    tmp.write('shape/missing.json', { method: 'POST', response: {} });
    tmp.write('shape/status.json', { ...validCapture, status: 'ok' });
    tmp.write('shape/scalar.json', '42');
    tmp.write('shape/good.json', validCapture);
    const result = await run(['shape'], tmp.dir);
    expect(result.code).toBe(2);
    expect(result.out).toContain('error    shape/missing.json: not a capture: missing "path" (expected { "method", "path", "request"?, "response", "status"? }, or a HAR 1.2 file)');
    expect(result.out).toContain('error    shape/status.json: not a capture: "status" must be an HTTP status code, got "ok"');
    expect(result.out).toContain('error    shape/scalar.json: not a capture file or HAR: the JSON is not an object or array');
    expect(result.out).toContain('ok       shape/good.json');
    expect(result.out).toContain('1 response: 1 valid, 0 invalid; 3 inputs unreadable');
  });

  it('reads a capture that names its path "url" (a full URL or a path), and refuses one with both, naming them', async () => {
    const { path, ...rest } = validCapture as { path: string } & Record<string, unknown>;
    tmp.write('url/full.json', { ...rest, url: `https://api.example.com${path}?x=1` });
    tmp.write('url/path.json', [{ ...rest, url: path }]);
    tmp.write('url/both.json', { ...rest, path, url: path });
    tmp.write('url/number.json', { ...rest, url: 7 });
    const result = await run(['url'], tmp.dir);
    expect(result.code).toBe(2);
    expect(result.out).toContain('error    url/both.json: not a capture: holds both "path" and "url"; give the request\'s path or full URL once, as "path"');
    expect(result.out).toContain('ok       url/full.json  POST /2/facebook/metrics (HTTP 200)');
    expect(result.out).toContain('error    url/number.json: not a capture: "url" must be a string (the request\'s path or full URL), got 7');
    expect(result.out).toContain('ok       url/path.json#0  POST /2/facebook/metrics (HTTP 200)');
  });

  it('prints one machine-readable report with --json', async () => {
    tmp.write('json/valid.json', validCapture);
    tmp.write('json/invalid.json', invalidCapture);
    const result = await run(['--json', 'json', 'json/none.json'], tmp.dir);
    expect(result.code).toBe(2);
    const report = JSON.parse(result.out);
    expect(report.summary).toEqual({ responses: 2, valid: 1, invalid: 1, withWarnings: 0, unreadable: 1, skipped: 0, skippedByReason: {}, empty: false, exitCode: 2 });
    expect(report.results).toMatchObject([
      { source: 'json/invalid.json', method: 'POST', path: '/2/facebook/metrics', status: 200, operation: 'POST /2/facebook/metrics', valid: false, errors: [{ pointer: '/data/1/0', message: 'expected number (a metric value), got "2"', rule: 'v2.metrics.data-numbers', severity: 'error' }], warnings: [] },
      { source: 'json/valid.json', method: 'POST', path: '/2/facebook/metrics', status: 200, operation: 'POST /2/facebook/metrics', valid: true, errors: [], warnings: [], groups: [] },
    ]);
    expect(report.results[0].groups).toMatchObject([{ shape: '/data/1/0', count: 1, pointers: ['/data/1/0'], rule: 'v2.metrics.data-numbers', severity: 'error' }]);
    expect(report.unreadable).toEqual([{ source: 'json/none.json', message: 'no such file or directory' }]);
  });

  it('exits 2 with usage for no input, unknown options; 0 for --help', async () => {
    const none = await run([], tmp.dir);
    expect(none.code).toBe(2);
    expect(none.err).toBe('social-analytics-api validate: no input given (usage: social-analytics-api validate <file|dir|har>... [options])\nrun social-analytics-api validate --help for more');
    const unknown = await run(['--stritc', 'x.json'], tmp.dir);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown option --stritc');
    const help = await run(['--help'], tmp.dir);
    expect(help.code).toBe(0);
    expect(help.out).toContain('--reporter NAME[=FILE]');
    expect(help.out).toContain('exit codes: 0 all valid (warnings allowed), 1 some response invalid or no API response found,');
  });

  it('treats arguments after -- as paths', async () => {
    tmp.write('--json', validCapture);
    const result = await run(['--', '--json'], tmp.dir);
    expect(result.code).toBe(0);
    expect(result.out).toContain('ok       --json  POST /2/facebook/metrics');
  });

  it('exits 1 when nothing is checked (an empty directory, []), 0 with --allow-empty', async () => {
    tmp.write('empty/readme.txt', 'x');
    tmp.write('none.json', []);
    for (const input of ['empty', 'none.json']) {
      const result = await run([input], tmp.dir);
      expect(result.code).toBe(1);
      expect(result.out).toBe('\nnothing checked: no API response found in the inputs. Pass --allow-empty to accept a run without responses.');
      const allowed = await run([input, '--allow-empty'], tmp.dir);
      expect(allowed.code).toBe(0);
      expect(allowed.out).toBe('\n0 responses: 0 valid, 0 invalid');
    }
  });
});
