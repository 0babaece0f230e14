/**
 * Problems placed on the line and column of the offending value, in every reporter: capture
 * files, captures in an array, HAR entries (through the escapes of `content.text`), JSON syntax
 * errors; JUnit with file, line and time per response.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { API, entry, har } from './har-fixtures.js';
import { metricsBody, metricsRequest, run, tempDir } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

const daysOf = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
/** A capture of `n` days of fans_change, with one wrong value (a string) on day `wrong` (none when -1). */
function capture(n: number, wrong: number) {
  const days = daysOf(n);
  const response = { success: true, header: [{ type: 'date.day', rows: days }, { type: 'metric', rows: ['fans_change'] }], data: days.map((_, i) => [i === wrong ? 'oops' : i]) };
  return { method: 'POST', path: '/2/facebook/metrics', request: { ...metricsRequest, date_start: days[0], date_end: days.at(-1) }, response };
}
const body = (wrong: number) => capture(40, wrong).response;
const request = capture(40, -1).request;

/** A pretty-printed capture whose wrong value stands on line `line`, and the day it is on. */
function wrongOnLine(line: number): { text: string; day: number } {
  for (let n = 1; n <= 40; n++) {
    for (let day = 0; day < n; day++) {
      const text = JSON.stringify(capture(n, day), null, 2);
      if (text.split('\n')[line - 1]?.trim() === '"oops"') return { text, day };
    }
  }
  throw new Error(`no capture has its wrong value on line ${line}`);
}

/** 1-based line and column of the first `needle` in `text`. */
function place(text: string, needle: string) {
  const offset = text.indexOf(needle);
  expect(offset).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

describe('annotations on the line of the offending value', () => {
  it('a capture with a wrong value on line 45 gives ::error file=...,line=45', async () => {
    const { text, day } = wrongOnLine(45);
    tmp.write('ci/wrong.json', text);
    const result = await run(['ci/wrong.json', '--reporter', 'github'], tmp.dir);
    expect(result.code).toBe(1);
    expect(result.out.split('\n')[0]).toBe(
      `::error file=ci/wrong.json,line=45,col=${text.split('\n')[44].indexOf('"oops"') + 1},title=v2.metrics.data-numbers::ci/wrong.json POST /2/facebook/metrics (HTTP 200): /data/${day}/0: expected number (a metric value), got "oops"  [rule v2.metrics.data-numbers]`,
    );
    const json = JSON.parse((await run(['ci/wrong.json', '--json'], tmp.dir)).out);
    expect(json.results[0]).toMatchObject({ file: 'ci/wrong.json', line: 1, column: 1, errors: [{ pointer: `/data/${day}/0`, line: 45, column: 9 }], groups: [{ line: 45, column: 9 }] });
    const textReport = (await run(['ci/wrong.json'], tmp.dir)).out;
    expect(textReport).toContain(`           ci/wrong.json:45:9: /data/${day}/0: expected number (a metric value), got "oops"`);
  });

  it('places captures of an array on their own lines', async () => {
    const captures = [0, 1, 2].map((i) => ({ method: 'POST', path: '/2/facebook/metrics', request, response: body(i === 2 ? 30 : -1) }));
    const text = JSON.stringify(captures, null, 2);
    tmp.write('list.json', text);
    const json = JSON.parse((await run(['list.json', '--json'], tmp.dir)).out);
    // Each capture starts on a line of its own: "  {".
    const starts = text.split('\n').flatMap((line, i) => (line === '  {' ? [i + 1] : []));
    expect(starts).toHaveLength(3);
    expect(json.results.map((r: { source: string; line: number; column: number; valid: boolean }) => [r.source, r.line, r.column, r.valid])).toEqual([
      ['list.json#0', starts[0], 3, true],
      ['list.json#1', starts[1], 3, true],
      ['list.json#2', starts[2], 3, false],
    ]);
    const oops = place(text, '"oops"');
    expect(json.results[2].errors[0]).toMatchObject({ pointer: '/data/30/0', line: oops.line, column: oops.column });
  });

  it('places a HAR body problem on the HAR line, the column counted through the escapes of content.text', async () => {
    const wrong = { ...metricsBody, note: 'say "hi" \u00e9\u20ac\n', header: [{ type: 'date.day', rows: ['2026-01-01', '2026-01-05'] }, metricsBody.header[1]] };
    const text = JSON.stringify(har([
      entry('GET', 'https://cdn.example.invalid/app.js', 200, 'x', { mimeType: 'text/javascript' }),
      entry('POST', `${API}/2/facebook/metrics`, 200, JSON.stringify(wrong), { request: JSON.stringify(metricsRequest) }),
    ]), null, 2);
    tmp.write('session.har', text);
    const result = await run(['session.har', '--reporter', 'github'], tmp.dir);
    // In the HAR the value is written \"2026-01-05\" inside the content.text string.
    const at = place(text, '\\"2026-01-05\\"');
    expect(result.out).toContain(`::error file=session.har,line=${at.line},col=${at.column},title=v2.metrics.date-range::session.har#1 POST /2/facebook/metrics (HTTP 200): /header/0/rows/1: 2026-01-05 is outside`);
  });

  it('puts the line and column of a JSON syntax error in the annotation fields', async () => {
    tmp.write('broken/a.json', '[\n  {"method": "GET",\n   "path" "/2/facebook/profiles"}\n]');
    const result = await run(['broken', '--reporter', 'github'], tmp.dir);
    expect(result.out.split('\n')[0]).toBe('::error file=broken/a.json,line=3,col=11,title=unreadable broken/a.json::malformed JSON at line 3, column 11: expected ":", found "\\"/2/facebook"');
  });

  it('JUnit: one testcase per response with file, line and time; the XML parses back', async () => {
    const text = JSON.stringify([
      { method: 'POST', path: '/2/facebook/metrics', request, response: body(-1) },
      { method: 'POST', path: '/2/facebook/metrics', request, response: body(3) },
    ], null, 2);
    tmp.write('junit/list.json', text);
    tmp.write('junit/<odd & "name">.json', '{');
    const result = await run(['junit', '--reporter', 'junit'], tmp.dir);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(result.out);
    expect(doc.testsuites).toMatchObject({ tests: '3', failures: '1', errors: '1' });
    const [odd, list] = doc.testsuites.testsuite;
    expect(odd).toMatchObject({ name: 'junit/<odd & "name">.json', errors: '1' });
    expect(odd.testcase[0]).toMatchObject({ file: 'junit/<odd & "name">.json', line: '1', error: { type: 'unreadable' } });
    expect(list.testcase.map((t: { file: string; line: string }) => [t.file, t.line])).toEqual([
      ['junit/list.json', '2'],
      ['junit/list.json', String(place(text, '"oops"').line)],
    ]);
    for (const t of list.testcase) expect(Number(t.time)).toBeGreaterThanOrEqual(0);
    expect(list.testcase[1].failure['#text']).toContain('/data/3/0: expected number (a metric value), got "oops"');
  });
});

describe('places of inputs that are not responses', () => {
  it('an unreadable capture of an array is placed where it starts; JSON reports carry no check times', async () => {
    const text = JSON.stringify([{ method: 'GET', path: '/2/facebook/profiles', response: { success: true, profiles: [] } }, { method: 'GET' }], null, 2);
    tmp.write('partial.json', text);
    const github = await run(['partial.json', '--reporter', 'github'], tmp.dir);
    expect(github.out.split('\n')[0]).toBe('::error file=partial.json,line=10,col=3,title=unreadable partial.json#1::not a capture: missing "path", "response" (expected { "method", "path", "request"?, "response", "status"? }, or a HAR 1.2 file)');
    expect(text.split('\n')[9]).toBe('  {');
    const first = (await run(['partial.json', '--json'], tmp.dir)).out;
    expect(JSON.parse(first).results[0]).not.toHaveProperty('durationMs');
    expect((await run(['partial.json', '--json'], tmp.dir)).out).toBe(first);
  });
});
