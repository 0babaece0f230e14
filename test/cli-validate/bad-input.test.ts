/**
 * `validate` on bad input: malformed, truncated, binary, empty, huge (50 MB) and deeply nested
 * files. Each gives a clear message and the other files are still checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, tempDir, validCapture, type Run } from './helpers.js';

const tmp = tempDir();
let result: Run;

/** A valid capture (no request) of a facebook posts page of about `bytes` bytes: 500 posts, the largest page, with long messages. */
function bigCapture(bytes: number): string {
  const count = 500;
  const post = (i: number) => ({ id: `164929129743_${i}`, created_time: '2026-01-20T17:04:11+00:00', message: 'm'.repeat(Math.ceil(bytes / count)), comments: i });
  const posts = Array.from({ length: count }, (_, i) => post(count - i));
  return JSON.stringify({
    method: 'POST',
    path: '/2/facebook/page/posts',
    response: { success: true, data: { posts } },
  });
}

beforeAll(async () => {
  const text = JSON.stringify(validCapture, null, 2);
  tmp.write('in/0-good.json', validCapture);
  tmp.write('in/malformed.json', text.replace('"path":', '"path"'));
  tmp.write('in/truncated.json', text.slice(0, Math.floor(text.length / 2)));
  tmp.write('in/binary.json', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
  tmp.write('in/latin1.json', Uint8Array.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]));
  tmp.write('in/empty.json', '');
  tmp.write('in/blank.json', '  \n ');
  tmp.write('in/deep.json', `{"method":"POST","path":"/2/facebook/metrics","response":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
  tmp.write('in/deep-data.json', `{"method":"POST","path":"/2/facebook/metrics","request":${JSON.stringify(validCapture.request)},"response":{"success":true,"header":[{"type":"date.day","rows":["2026-01-01"]},{"type":"metric","rows":["fans_change"]}],"data":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`);
  tmp.write('in/deep-unclosed.json', '['.repeat(10_000));
  tmp.write('in/big.json', bigCapture(50 * 1024 * 1024));
  tmp.write('in/z-good.json', validCapture);
  result = await run(['in'], tmp.dir);
}, 120_000);
afterAll(() => tmp.remove());

const lineOf = (file: string) => result.out.split('\n').find((l) => l.includes(`in/${file}`)) ?? '';

describe('validate on bad input', () => {
  it('still checks the good files and exits 2', () => {
    expect(lineOf('0-good.json')).toMatch(/^ok {7}in\/0-good\.json/);
    expect(lineOf('z-good.json')).toMatch(/^ok {7}in\/z-good\.json/);
    expect(result.code).toBe(2);
  });

  it('names line and column of malformed JSON', () => {
    expect(lineOf('malformed.json')).toBe('error    in/malformed.json: malformed JSON at line 3, column 10: expected ":", found "\\"/2/facebook"');
  });

  it('says a file is truncated', () => {
    expect(lineOf('truncated.json')).toMatch(/^error {4}in\/truncated\.json: truncated JSON: the text ends at line \d+, column \d+ where .* is expected$/);
  });

  it('says a file is binary or not UTF-8', () => {
    expect(lineOf('binary.json')).toBe('error    in/binary.json: binary file (contains NUL bytes), not JSON text');
    expect(lineOf('latin1.json')).toBe('error    in/latin1.json: binary or non-UTF-8 file, not JSON text');
  });

  it('says a file is empty', () => {
    expect(lineOf('empty.json')).toBe('error    in/empty.json: empty file');
    expect(lineOf('blank.json')).toBe('error    in/blank.json: empty file (only whitespace)');
  });

  it('handles nesting 10,000 deep: as a body, as metrics data, and unclosed', () => {
    // Placing a body nested 10,000 deep needs stack room the position parser may not get: the
    // line is then given without its place, never a crash.
    expect(result.out).toMatch(/invalid {2}in\/deep\.json {2}POST \/2\/facebook\/metrics \(HTTP 200\)\n {11}(in\/deep\.json:1:58: )?\(body\): expected object \(a success or failure body\), got array \(1 item\)/);
    expect(lineOf('deep-data.json')).toMatch(/^invalid  in\/deep-data\.json/);
    expect(result.out).toMatch(/invalid {2}in\/deep-data\.json {2}POST \/2\/facebook\/metrics \(HTTP 200\)\n {11}(in\/deep-data\.json:1:\d+: )?\/data\/0\/0: expected number \(a metric value\), got array \(1 item\) {2}\[rule v2\.metrics\.data-numbers\]/);
    expect(lineOf('deep-unclosed.json')).toBe('error    in/deep-unclosed.json: truncated JSON: the text ends at line 1, column 10001 where a value is expected');
  });

  it('validates a 50 MB file', () => {
    expect(lineOf('big.json')).toBe('ok       in/big.json  POST /2/facebook/page/posts (HTTP 200)');
  });

  it('sums up', () => {
    expect(result.out.split('\n').slice(-2)).toEqual(['5 responses: 3 valid, 2 invalid; 7 inputs unreadable', expect.stringMatching(/^explain a rule: npx social-analytics-api rules [a-z0-9.-]+$/)]);
  });
});
