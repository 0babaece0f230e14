/** `validate -` reads standard input: a capture, an array of captures or a HAR, told apart by content, named <stdin> (a real pipe: process.test.ts). */
import { Readable } from 'node:stream';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../src/cli/build-report.js';
import { parseValidateArgs } from '../../src/cli/validate-args.js';
import { API, entry, har } from './har-fixtures.js';
import { invalidCapture, run, tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** Standard input holding `text`, in chunks of `size` bytes (elements and strings cut across chunks). */
const input = (text: string, size = 7) => {
  const bytes = Buffer.from(text);
  return Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)));
};

describe('validate -', () => {
  it('checks a capture piped in, named <stdin>, its problems placed on its lines', async () => {
    const result = await run(['-'], tmp.dir, { stdin: input(JSON.stringify(invalidCapture, null, 2)) });
    expect(result.code).toBe(1);
    expect(result.out.split('\n').slice(0, 2)).toEqual([
      'invalid  <stdin>  POST /2/facebook/metrics (HTTP 200)',
      '           <stdin>:41:9: /data/1/0: expected number (a metric value), got "2"  [rule v2.metrics.data-numbers]',
    ]);
  });

  it('reads an array of captures and a HAR as a file does, beside files', async () => {
    tmp.write('valid.json', validCapture);
    const array = await run(['valid.json', '-'], tmp.dir, { stdin: input(JSON.stringify([validCapture, invalidCapture])) });
    expect(array.out.split('\n').filter((l) => /^\S/.test(l)).slice(0, 4)).toEqual([
      'ok       valid.json  POST /2/facebook/metrics (HTTP 200)',
      'ok       <stdin>#0  POST /2/facebook/metrics (HTTP 200)',
      'invalid  <stdin>#1  POST /2/facebook/metrics (HTTP 200)',
      '3 responses: 2 valid, 1 invalid',
    ]);
    const log = har([entry('OPTIONS', `${API}/2/facebook/metrics`, 204, undefined), entry('POST', `${API}/2/facebook/metrics`, 200, JSON.stringify(invalidCapture.response), { request: JSON.stringify(invalidCapture.request) })]);
    const fromHar = await run(['-', '--json'], tmp.dir, { stdin: input(JSON.stringify(log), 64) });
    const json = JSON.parse(fromHar.out);
    expect(json.summary).toMatchObject({ responses: 1, invalid: 1, skipped: 1 });
    expect(json.results[0]).toMatchObject({ source: '<stdin>#1', file: '<stdin>', errors: [{ pointer: '/data/1/0', line: 1 }] });
  });

  it('bad input on standard input is an unreadable input, exit 2', async () => {
    const broken = await run(['-'], tmp.dir, { stdin: input('{"method": ') });
    expect(broken).toMatchObject({ code: 2, out: expect.stringContaining('error    <stdin>: truncated JSON') });
    const empty = await run(['-'], tmp.dir, { stdin: input('') });
    expect(empty.code).toBe(2);
    expect(empty.out).toMatch(/^error {4}<stdin>: empty file\n/);
    const failing = new Readable({ read() { this.destroy(new Error('the pipe broke')); } });
    expect((await run(['-'], tmp.dir, { stdin: failing })).out).toContain('error    <stdin>: cannot read: the pipe broke');
  });

  it('a terminal (nothing piped) is named, not waited on; - can be given once', async () => {
    const report = await buildReport({ paths: ['-'], cwd: tmp.dir, strict: false, coverage: false, allowEmpty: false });
    expect(report.unreadable).toEqual([{ source: '<stdin>', message: 'standard input is a terminal: pipe a capture or HAR into it (cat capture.json | social-analytics-api validate -)' }]);
    expect(parseValidateArgs(['-', 'a.json', '-'])).toEqual({ error: '- (standard input) is given twice: it can be read once' });
  });

  it('annotations and JUnit name <stdin> without a file to annotate', async () => {
    const github = await run(['-', '--reporter', 'github'], tmp.dir, { stdin: input(JSON.stringify(invalidCapture, null, 2)) });
    expect(github.out.split('\n')[0]).toBe('::error title=v2.metrics.data-numbers::<stdin> POST /2/facebook/metrics (HTTP 200): /data/1/0: expected number (a metric value), got "2"  [rule v2.metrics.data-numbers]');
    const junit = await run(['-', '--reporter', 'junit'], tmp.dir, { stdin: input(JSON.stringify(invalidCapture, null, 2)) });
    const testcase = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(junit.out).testsuites.testsuite.testcase;
    expect(testcase).toMatchObject({ classname: '<stdin>', file: '<stdin>', failure: { '#text': expect.stringContaining('<stdin>:41:9: /data/1/0') } });
  });
});
