/**
 * Reports carry no command and no control, whatever text the inputs hold: arbitrary strings
 * (fast-check, control, bidi, `::` and newline characters made likely) as file names, sources,
 * methods, paths, messages, pointers and details go through every reporter. The JUnit report
 * stays well-formed XML with one testcase per item, SARIF and JSON parse, the GitHub reporter's
 * lines are its own workflow commands only, and no line of the text and Markdown reports or of
 * the proxy's exchange lines starts a workflow command or holds a raw C0, C1 or bidi character.
 */
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { exchangeLine } from '../../src/cli/proxy.js';
import { reportOf } from '../../src/report/report-of.js';
import type { ReportItem } from '../../src/report/report-types.js';
import { renderGithub } from '../../src/report/reporters/github.js';
import { renderJson } from '../../src/report/reporters/json.js';
import { renderJunit } from '../../src/report/reporters/junit.js';
import { renderMarkdown } from '../../src/report/reporters/markdown.js';
import { renderSarif } from '../../src/report/reporters/sarif.js';
import { renderText } from '../../src/report/reporters/text.js';

/** Strings where the characters that do harm are frequent. */
const hostile = fc.oneof(
  fc.string({ unit: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('\n', '\r', '\x1b', '\x07', '\x7f', '\x85', '\x9b', '\u202e', '\u2066', '\u2028', ':', '::', '##[', '%', '\t', '\0', '<', '&', '"', ']]>', '\ud800') }, { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 3 }) }), maxLength: 12 }),
  fc.constantFrom('x\n::error::owned', '::stop-commands::token', 'a\r\n::add-mask::secret', '\x1b]8;;http://e.example\x07link\x1b]8;;\x07', '\u202eevil', '##[error]x'),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
);

const itemArb: fc.Arbitrary<ReportItem> = fc.oneof(
  fc.record({ kind: fc.constant('unreadable' as const), source: hostile, message: hostile }),
  fc.record({ kind: fc.constant('skipped' as const), source: hostile, reason: fc.constant('not an API operation' as const), detail: hostile }),
  fc.record({ source: hostile, file: hostile, method: hostile, path: hostile, message: hostile, shape: hostile, pointer: hostile, valid: fc.boolean(), line: fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }) }).map(({ source, file, method, path, message, shape, pointer, valid, line }) => {
    const severity = valid ? ('warning' as const) : ('error' as const);
    const problem = { pointer, message, rule: null, severity };
    return {
      kind: 'response' as const,
      source,
      file,
      method,
      path,
      status: 200,
      operation: null,
      valid,
      errors: valid ? [] : [problem],
      warnings: valid ? [problem] : [],
      groups: [{ rule: null, severity, shape, message, count: 2, pointers: [pointer, `${pointer}/1`], ...(line ? { line, column: 1 } : {}) }],
      groupsOmitted: 0,
    };
  }),
);

const UNSAFE_CHAR = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** A line a GitHub runner reads as a command: `::` after leading white space, or the older `##[` form. */
const COMMAND = /^\s*::|##\[/;

describe('reporters under hostile text', () => {
  it('keep every format well-formed and let no input text command a runner or a terminal', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { minLength: 1, maxLength: 5 }), (items) => {
        const report = reportOf(items, { allowEmpty: true });
        const where = { cwd: '/work', root: '/work' };

        const junit = renderJunit(report);
        expect(XMLValidator.validate(junit)).toBe(true);
        const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'testsuite' || name === 'testcase' }).parse(junit);
        expect((parsed.testsuites.testsuite ?? []).flatMap((s: { testcase: unknown[] }) => s.testcase).length).toBe(items.length);

        expect(() => JSON.parse(renderSarif(report, where))).not.toThrow();
        expect(JSON.parse(renderJson(report)).items ?? JSON.parse(renderJson(report))).toBeTruthy();

        for (const line of renderGithub(report, where).split('\n').filter(Boolean)) {
          expect(line).toMatch(/^::(error|warning|notice) /);
          expect(line).not.toMatch(/[\r\u0085\u2028\u2029]/);
        }

        const lines = [
          ...renderText(report).split('\n'),
          ...renderMarkdown(report).split('\n'),
          ...items.map((item) => exchangeLine({ method: item.kind === 'response' ? item.method : 'GET', path: item.source, status: 200, item })),
        ];
        for (const line of lines) {
          expect(line).not.toMatch(UNSAFE_CHAR);
          expect(line).not.toMatch(COMMAND);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('escapes rather than drops: the text names each character it escaped', () => {
    const item: ReportItem = { kind: 'unreadable', source: 'a\n::error::b\u202e.json', message: 'bad \x1b[31m' };
    expect(renderText(reportOf([item], { allowEmpty: true })).split('\n')[0]).toBe('error    a\\x0a::error::b\\u202e.json: bad \\x1b[31m');
    expect(exchangeLine({ method: ' ::add-mask::x', path: '/', status: 200, item: { kind: 'skipped', source: 's', reason: 'not an API operation', detail: '##[error]' } })).toBe(' \\x3a:add-mask::x / 200 skipped: not an API operation');
  });
});
