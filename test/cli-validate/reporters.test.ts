/** Reporters: several at once, files written atomically, GitHub annotations, JUnit XML, the option syntax. */
import { readdirSync, readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { parseValidateArgs } from '../../src/cli/validate-args.js';
import { invalidCapture, run, tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());
tmp.write('in/valid.json', validCapture);
tmp.write('in/invalid.json', invalidCapture);
tmp.write('in/broken.json', '{"method":');

describe('reporter options', () => {
  it('NAME=FILE and NAME --output FILE mean the same; text is the default; --json is json', () => {
    expect(parseValidateArgs(['a.json'])).toMatchObject({ reporters: [{ name: 'text' }] });
    expect(parseValidateArgs(['a.json', '--reporter', 'junit=r.xml', '--reporter=github', '--reporter', 'json', '-o', 'r.json', '--json'])).toMatchObject({
      reporters: [{ name: 'junit', output: 'r.xml' }, { name: 'github' }, { name: 'json', output: 'r.json' }, { name: 'json' }],
    });
    expect(parseValidateArgs(['a.json', '--reporter', 'xml'])).toEqual({ error: 'unknown reporter "xml": use text, json, junit, github, markdown, sarif, blob' });
    expect(parseValidateArgs(['a.json', '--output', 'x.xml'])).toEqual({ error: '--output x.xml: write it next to the reporter it is for, as in --reporter junit --output x.xml' });
    expect(parseValidateArgs(['a.json', '--reporter', 'junit=a.xml', '--output', 'b.xml'])).toEqual({ error: '--output b.xml: reporter junit already writes to a.xml' });
    expect(parseValidateArgs(['a.json', '--reporter', 'junit=a.xml', '--reporter', 'json=a.xml'])).toEqual({ error: 'two reporters write to a.xml' });
    expect(parseValidateArgs(['a.json', '--reporter'])).toMatchObject({ error: expect.stringContaining('--reporter needs a value') });
  });

  it('writes several reports in one run, the files complete and no temporary file left behind', async () => {
    const result = await run(['in', '--reporter', 'junit=out/junit.xml', '--reporter', 'json', '--output', 'out/report.json', '--reporter', 'text'], tmp.dir);
    expect(result.code).toBe(2);
    expect(result.out).toContain('invalid  in/invalid.json  POST /2/facebook/metrics (HTTP 200)');
    expect(JSON.parse(readFileSync(tmp.path('out/report.json'), 'utf8')).summary).toMatchObject({ responses: 2, invalid: 1, unreadable: 1, exitCode: 2 });
    expect(readdirSync(tmp.path('out')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(readFileSync(tmp.path('out/junit.xml'), 'utf8')).toMatch(/<\/testsuites>\s*$/);
  });

  it('a report that cannot be written is a clear error (exit 2); the other reports are still written', async () => {
    tmp.write('out/old.json', '{}');
    const result = await run(['in/valid.json', '--reporter', 'junit=in/valid.json/junit.xml', '--reporter', 'json=out/old.json'], tmp.dir);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^social-analytics-api validate: cannot write the junit report to in\/valid\.json\/junit\.xml: /);
    expect(JSON.parse(readFileSync(tmp.path('out/old.json'), 'utf8')).summary.valid).toBe(1);
  });
});

describe('github reporter', () => {
  it('prints ::error per problem group and unreadable input, with file and title, and a summary', async () => {
    const result = await run(['in', '--reporter', 'github'], tmp.dir);
    expect(result.code).toBe(2);
    expect(result.out.split('\n')).toEqual([
      '::error file=in/broken.json,line=1,col=11,title=unreadable in/broken.json::truncated JSON: the text ends at line 1, column 11 where a value is expected',
      '::error file=in/invalid.json,line=41,col=9,title=v2.metrics.data-numbers::in/invalid.json POST /2/facebook/metrics (HTTP 200): /data/1/0: expected number (a metric value), got "2"  [rule v2.metrics.data-numbers]',
      '::error title=social-analytics-api validate::2 responses: 1 valid, 1 invalid; 1 input unreadable; explain a rule: npx social-analytics-api rules v2.metrics.data-numbers',
    ]);
  });

  it('escapes newlines, percent signs, colons and commas as workflow commands require', async () => {
    tmp.write('odd/a,b:c%.json', { method: 'GET', path: '/2/facebook/profiles', response: { success: true } });
    const result = await run(['odd', '--reporter', 'github'], tmp.dir);
    expect(result.out.split('\n')[0]).toMatch(/^::error file=odd\/a%2Cb%3Ac%25\.json,line=4,col=15,title=shared\.profiles\.fields::odd\/a,b:c%25\.json GET \/2\/facebook\/profiles \(HTTP 200\): /);
  });
});

describe('the job log', () => {
  it('gets one summary line on standard error, naming the reports, when every report goes to a file', async () => {
    const result = await run(['in', '--reporter', 'junit=log/junit.xml', '--reporter', 'sarif', '--output', 'log/r.sarif'], tmp.dir);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toBe('social-analytics-api validate: 2 responses: 1 valid, 1 invalid; 1 input unreadable (reports: junit=log/junit.xml, sarif=log/r.sarif)');
    expect(readFileSync(tmp.path('log/junit.xml'), 'utf8')).toContain('<testsuites');
  });

  it('gets nothing more when a report goes to standard output', async () => {
    for (const reporters of [['--reporter', 'github', '--reporter', 'junit=log/j.xml'], ['--reporter', 'junit=log/j.xml', '--reporter', 'json=-']]) {
      const result = await run(['in', ...reporters], tmp.dir);
      expect(result.out, reporters.join(' ')).not.toBe('');
      expect(result.err, reporters.join(' ')).toBe('');
    }
  });
});

describe('junit reporter', () => {
  it('one testsuite per file, one testcase per response, failures with the problems, errors for unreadable files', async () => {
    const result = await run(['in', '--reporter', 'junit'], tmp.dir);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(result.out);
    const suites = doc.testsuites.testsuite;
    expect(suites.map((s: any) => [s.name, s.tests, s.failures, s.errors])).toEqual([
      ['in/broken.json', '1', '0', '1'],
      ['in/invalid.json', '1', '1', '0'],
      ['in/valid.json', '1', '0', '0'],
    ]);
    const invalid = suites[1].testcase[0];
    expect(invalid.name).toBe('POST /2/facebook/metrics (HTTP 200) in/invalid.json');
    expect(invalid.failure.message).toBe('1 problem in in/invalid.json');
    expect(invalid.failure['#text']).toContain('/data/1/0: expected number (a metric value), got "2"');
    expect(suites[0].testcase[0].error.message).toContain('truncated JSON');
  });

  it('HAR entries that are not API responses are skipped testcases with their reason, counted by their suite', async () => {
    const entry = (url: string, status: number, mimeType: string, text: string) => ({ request: { method: 'GET', url, headers: [] }, response: { status, content: { size: text.length, mimeType, text } } });
    tmp.write('skips.har', { log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [
      entry('https://app.example.invalid/app.js', 200, 'text/javascript', 'let a = 1;'),
      entry('https://api.example.invalid/2/facebook/profiles', 304, 'application/json', ''),
      { request: { method: 'POST', url: 'https://api.example.invalid/2/facebook/metrics', headers: [], postData: { mimeType: 'application/json', text: JSON.stringify(validCapture.request) } }, response: { status: 200, content: { size: 10, mimeType: 'application/json', text: JSON.stringify(validCapture.response) } } },
    ] } });
    const result = await run(['skips.har', '--reporter', 'junit'], tmp.dir);
    expect(result.code).toBe(0);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', allowBooleanAttributes: true, isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(result.out);
    expect([doc.testsuites.tests, doc.testsuites.skipped, doc.testsuites.failures]).toEqual(['3', '2', '0']);
    const [suite] = doc.testsuites.testsuite;
    expect([suite.name, suite.tests, suite.skipped, suite.failures, suite.errors]).toEqual(['skips.har', '3', '2', '0', '0']);
    expect(suite.testcase.map((c: any) => [c.name, c.classname, c.file, c.skipped?.message])).toEqual([
      ['not an API operation skips.har#0', 'skips_har', 'skips.har', 'not an API operation: GET https://app.example.invalid/app.js'],
      ['not modified skips.har#1', 'skips_har', 'skips.har', expect.stringMatching(/^not modified: GET https:\/\/api\.example\.invalid\/2\/facebook\/profiles/)],
      ['POST /2/facebook/metrics (HTTP 200) skips.har#2', 'skips_har', 'skips.har', undefined],
    ]);
    expect(result.out).toMatch(/<testcase [^>]*name="not modified skips\.har#1"[^>]*>\n\s*<skipped message="[^"]+"\/>\n\s*<\/testcase>/);
  });

  it('warnings go to system-out of a passing testcase', async () => {
    tmp.write('warn.har', { log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [
      { request: { method: 'POST', url: 'https://api.example.invalid/2/facebook/metrics', headers: [] }, response: { status: 200, content: { size: 10, mimeType: 'application/json', text: JSON.stringify(validCapture.response) } } },
    ] } });
    const result = await run(['warn.har', '--reporter', 'junit'], tmp.dir);
    expect(result.code).toBe(0);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(result.out);
    const test = doc.testsuites.testsuite.testcase;
    expect(test.failure).toBeUndefined();
    expect(test['system-out']).toContain('warning: (body): request-aware checks did not run: no request body was recorded');
  });
});
