/**
 * Reports keep every name: two problems of one kind at one pointer (two unexpected members of one
 * object, two missing required members) name both in the text, GitHub and JUnit reports; JUnit
 * classnames carry no dot and each failure lists its problems with their line:col.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { metricsBody, metricsRequest, run, tempDir } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** A capture whose body has two members the description does not list. */
const twoNew = { method: 'POST', path: '/2/facebook/metrics', request: metricsRequest, response: { ...metricsBody, foo: 1, bar: 2 } };
/** A capture whose body lacks its two required members. */
const twoMissing = { method: 'POST', path: '/2/facebook/metrics', request: metricsRequest, response: { success: true } };

const parseXml = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(xml);

describe('two problems of one kind at one pointer', () => {
  tmp.write('captures/two.new.json', twoNew);
  tmp.write('captures/missing.json', twoMissing);

  it('text: both names on the line', async () => {
    const result = await run(['captures'], tmp.dir);
    expect(result.out).toContain('captures/two.new.json:19:15: warning: (body): unexpected property "foo", "bar"  [rule shared.response.no-extra-members]');
    expect(result.out).toContain('captures/missing.json:19:15: (body): missing required property "header", "data"  [rule v2.metrics.shape]');
    const strict = await run(['captures/two.new.json', '--strict'], tmp.dir);
    expect(strict.out).toContain('captures/two.new.json:19:15: (body): unexpected property "foo", "bar"  [rule shared.response.no-extra-members]');
  });

  it('github: both names in the annotation', async () => {
    const lines = (await run(['captures', '--reporter', 'github'], tmp.dir)).out.split('\n');
    expect(lines).toContain('::error file=captures/missing.json,line=19,col=15,title=v2.metrics.shape::captures/missing.json POST /2/facebook/metrics (HTTP 200): (body): missing required property "header", "data"  [rule v2.metrics.shape]');
    expect(lines).toContain('::warning file=captures/two.new.json,line=19,col=15,title=shared.response.no-extra-members::captures/two.new.json POST /2/facebook/metrics (HTTP 200): warning: (body): unexpected property "foo", "bar"  [rule shared.response.no-extra-members]');
  });

  it('junit: both names, a classname without dots, the failure listing each problem with its line:col', async () => {
    const result = await run(['captures', '--reporter', 'junit', '--strict'], tmp.dir);
    expect(result.code).toBe(1);
    const suites = parseXml(result.out).testsuites.testsuite;
    expect(suites.map((s: any) => s.name)).toEqual(['captures/missing.json', 'captures/two.new.json']);
    const [missing, twoNewCase] = suites.map((s: any) => s.testcase[0]);
    expect(missing.classname).toBe('captures/missing_json');
    expect(twoNewCase.classname).toBe('captures/two_new_json');
    expect(twoNewCase.file).toBe('captures/two.new.json');
    expect(missing.failure.message).toBe('2 problems in captures/missing.json');
    expect(missing.failure['#text'].split('\n')).toEqual([
      'captures/missing.json:19:15: (body): missing required property "header", "data"  [rule v2.metrics.shape]',
      'explain a rule: npx social-analytics-api rules v2.metrics.shape',
    ]);
    expect(twoNewCase.failure['#text']).toContain('captures/two.new.json:19:15: (body): unexpected property "foo", "bar"  [rule shared.response.no-extra-members]');
  });

  it('junit: one failure per response, each problem of it on its own line with its place', async () => {
    const days = ['2026-01-01', '2026-01-02'];
    const body = { success: true, header: [{ type: 'date.day', rows: days }, { type: 'metric', rows: ['fans_change'] }], data: [['1'], [true]], extra: 1 };
    tmp.write('several.json', JSON.stringify({ method: 'POST', path: '/2/facebook/metrics', request: metricsRequest, response: body }, null, 2));
    const testcase = parseXml((await run(['several.json', '--reporter', 'junit', '--strict'], tmp.dir)).out).testsuites.testsuite[0].testcase[0];
    expect(testcase.classname).toBe('several_json');
    expect(Array.isArray(testcase.failure)).toBe(false);
    const lines: string[] = testcase.failure['#text'].split('\n');
    expect(lines).toEqual([
      'several.json:19:15: (body): unexpected property "extra"  [rule shared.response.no-extra-members]',
      'several.json:38:9: /data/*/0: expected number (a metric value), got "1", true (2 places: /data/0/0, /data/1/0)  [rule v2.metrics.data-numbers]',
      'explain a rule: npx social-analytics-api rules shared.response.no-extra-members',
    ]);
  });
});
