/**
 * Reports are written as the responses are checked, and keep no response: text, GitHub and
 * Markdown write each item's lines at once; JSON, JUnit and SARIF write each item into a spool
 * (a temporary file) at once and put the spooled text in its place at the end, laid out exactly
 * as JSON.stringify and fast-xml-builder lay out the whole document.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupProblems } from '../../src/report/group-problems.js';
import type { Problem, ReportClosing, ReportItem, ReportWriter, ResponseReport } from '../../src/report/report-types.js';
import { createJsonWriter } from '../../src/report/reporters/json.js';
import { createJunitWriter } from '../../src/report/reporters/junit.js';
import { createSarifWriter } from '../../src/report/reporters/sarif.js';
import { REPORTERS, type MakeWriter } from '../../src/report/reporters/table.js';
import { closeWhole } from '../../src/report/reporters/whole.js';
import { createSpoolFiles, type Spool, type SpoolMaker } from '../../src/report/spool.js';

const spools = createSpoolFiles();
afterAll(() => spools.remove());

const error: Problem = { pointer: '/data/1/0', message: 'expected a number, got "2" — «é😀»', rule: 'v2.metrics.date-range', severity: 'error', line: 3, column: 7 };

function response(source: string, valid: boolean): ResponseReport {
  const errors = valid ? [] : [error];
  const { groups, omitted } = groupProblems(errors);
  return { source, file: source.replace(/#\d+$/, ''), line: 1, column: 1, durationMs: 1, method: 'POST', path: '/2/facebook/metrics', status: 200, operation: 'POST /2/facebook/metrics', valid, errors, warnings: [], groups, groupsOmitted: omitted };
}

/** Items of two files, the first given again after the second (its JUnit suite in two pieces). */
function items(count: number): ReportItem[] {
  const list: ReportItem[] = [];
  for (let i = 0; i < count; i++) list.push({ kind: 'response', ...response(`${i % 3 === 1 ? 'b' : 'a'}.har#${i}`, i % 5 !== 0) });
  list.push({ kind: 'skipped', source: `a.har#${count}`, reason: 'CORS preflight', detail: 'OPTIONS https://api.example.invalid/2/facebook/metrics' });
  list.push({ kind: 'unreadable', source: 'c.json', message: 'truncated JSON: «é»', line: 2, column: 3 });
  return list;
}

const closing = (list: ReportItem[]): ReportClosing => {
  const responses = list.filter((i) => i.kind === 'response') as ResponseReport[];
  const valid = responses.filter((r) => r.valid).length;
  return {
    summary: { responses: responses.length, valid, invalid: responses.length - valid, withWarnings: 0, unreadable: 1, skipped: 1, skippedByReason: { 'CORS preflight': 1 }, empty: false, exitCode: 2 },
    firstRule: 'v2.metrics.date-range',
  };
};

/** A spool that counts what it was given, over a spool file. */
function countingSpools() {
  let written = 0;
  const spool: SpoolMaker = () => {
    const inner: Spool = spools.spool();
    return { ...inner, write: (text) => ((written += text.length), inner.write(text)) };
  };
  return { spool, written: () => written };
}

type Make = (write: (text: string) => void, spool: SpoolMaker) => ReportWriter;

/** Every reporter's writer (the reporter table's), loaded before the tests. */
const writers = new Map<string, MakeWriter>();
beforeAll(async () => {
  for (const entry of REPORTERS) writers.set(entry.name, await entry.writer());
});
const writerNamed = (name: string): Make => (write, spool) => writers.get(name)!(write, { spool, cwd: '/', root: '/' });

/** Feeds `list` to a writer: what it wrote (out and spooled) after each item, and its whole output. */
function feed(make: Make, list: ReportItem[]) {
  const out: string[] = [];
  let outLength = 0;
  const counting = countingSpools();
  const writer = make((text) => (out.push(text), (outLength += text.length)), counting.spool);
  const after: number[] = [];
  for (const item of list) {
    writer.item(item);
    after.push(outLength + counting.written());
  }
  closeWhole(writer, closing(list));
  return { after, text: out.join('') };
}

describe('reports written as the responses are checked', () => {
  it.each(REPORTERS.map((r) => r.name))('%s: every invalid response is written out before the next item comes', (name) => {
    const list = items(40);
    const { after } = feed(writerNamed(name), list);
    for (const [i, item] of list.entries()) {
      // Text and JSON write every item; the others the items they report (invalid ones, unreadable inputs).
      const reported = name === 'text' || name === 'json' || name === 'junit' || (item.kind === 'response' ? !item.valid : item.kind === 'unreadable');
      if (name === 'markdown' && i > 25) continue; // at most 25 rows, then counted
      if (reported) expect(after[i], `${name} item ${i}`).toBeGreaterThan(i ? after[i - 1] : 0);
    }
  });

  it('JSON and SARIF are laid out as JSON.stringify lays out the whole document, across spool chunks and multi-byte characters', () => {
    // About 3 MB of JSON: the spool is read back in several chunks.
    const list = items(4000);
    const json = feed(createJsonWriter, list).text;
    const doc = JSON.parse(json);
    expect(json).toBe(`${JSON.stringify(doc, null, 2)}\n`);
    expect(Object.keys(doc)).toEqual(['summary', 'results', 'unreadable', 'skipped']);
    expect(doc.results).toHaveLength(4000);
    expect(doc.results[0]).not.toHaveProperty('durationMs');
    expect(doc.results[3999].source).toBe('a.har#3999');
    const sarifText = feed((w, s) => createSarifWriter(w, s, { cwd: '/', root: '/' }), list).text;
    const sarif = JSON.parse(sarifText);
    expect(sarifText).toBe(`${JSON.stringify(sarif, null, 2)}\n`);
    expect(sarif.runs[0].results).toHaveLength(801);
    expect(sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(['v2.metrics.date-range', 'input']);
  });

  it('JUnit: one suite per file with its counts first, its cases in input order even when its file comes again later', () => {
    const list = items(30);
    const xml = feed(createJunitWriter, list).text;
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suites = doc.testsuites.testsuite as { name: string; tests: string; failures: string; testcase: { name: string }[] | { name: string } }[];
    expect(suites.map((s) => [s.name, s.tests, s.failures])).toEqual([
      ['a.har', '21', '4'],
      ['b.har', '10', '2'],
      ['c.json', '1', '0'],
    ]);
    // The skipped entry of a.har, which comes after b.har's, is a case of a.har's suite, in input order.
    const names = (suites[0].testcase as { name: string }[]).map((c) => c.name.split(' ').pop());
    expect(names).toEqual(list.filter((i) => i.kind !== 'unreadable' && i.source.startsWith('a.har')).map((i) => i.source));
    expect(doc.testsuites.tests).toBe('32');
  });
});
