/**
 * The JUnit reporter: one testsuite per input file, one testcase per API response (name =
 * operation + source, `classname` the file name without dots (Jenkins reads dots as packages),
 * `file` and `line` where the response or its first problem is, `time` the seconds its check
 * took), one failure per invalid response listing each of its problem groups with its
 * `file:line:col`, warnings as system-out, each closed by the command that explains the first
 * rule they name. Unreadable inputs are testcases with an error, so CI shows them too; HAR entries
 * that are not API responses (assets, preflights, 304s, ...) are skipped testcases with their
 * reason, so that a test report counts every entry. The XML is written by fast-xml-builder,
 * which escapes text and attribute values.
 */
import XMLBuilder from 'fast-xml-builder';
import type { ReportItem, ReportWriter, ResponseReport, SkippedReport, UnreadableReport, ValidateReport } from '../report-types.js';
import type { SpoolMaker } from '../spool.js';
import { fileOf, groupsRuleHint, placedGroupLines, responseTitle } from './problem-text.js';
import { renderWith } from './whole.js';

/** Characters XML 1.0 cannot hold, even escaped. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const xmlText = (s: string) => s.replace(NOT_XML, '\ufffd');
const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** A suite's counts, and where its cases are in the spool (one range, or more when its file's items came apart). */
interface Suite {
  name: string;
  cases: number;
  failures: number;
  errors: number;
  skipped: number;
  ms: number;
  ranges: [number, number][];
}

/** The test class of a file's cases: its name with every dot written `_` (`captures/a.json` -> `captures/a_json`). */
export const classnameOf = (file: string) => file.replace(/\./g, '_');

const problems = (n: number) => `${n} ${n === 1 ? 'problem' : 'problems'}`;

/** Where a response's report points: its first problem's line, else where the response starts. */
const lineOf = (item: ResponseReport) => item.groups.find((g) => g.line !== undefined)?.line ?? item.line;

function responseCase(item: ResponseReport, file: string): Record<string, unknown> {
  const errors = item.groups.filter((g) => g.severity === 'error');
  const warnings = item.groups.filter((g) => g.severity === 'warning');
  const line = lineOf(item);
  const withHint = (groups: typeof item.groups, lines: string[]) => {
    const hint = groupsRuleHint(groups);
    return xmlText((hint ? [...lines, hint] : lines).join('\n'));
  };
  return {
    '@_classname': classnameOf(file),
    '@_name': xmlText(`${responseTitle(item)} ${item.source}`),
    '@_file': file,
    ...(line !== undefined ? { '@_line': line } : {}),
    '@_time': seconds(item.durationMs ?? 0),
    ...(item.valid ? {} : { failure: { '@_message': xmlText(`${problems(item.errors.length)} in ${item.source}`), '@_type': 'invalid', '#text': withHint(errors, placedGroupLines({ ...item, groups: errors })) } }),
    ...(warnings.length ? { 'system-out': withHint(warnings, placedGroupLines({ ...item, groups: warnings, groupsOmitted: 0 })) } : {}),
  };
}

function unreadableCase(item: UnreadableReport, file: string): Record<string, unknown> {
  return {
    '@_classname': classnameOf(file),
    '@_name': xmlText(`unreadable ${item.source}`),
    '@_file': file,
    ...(item.line !== undefined ? { '@_line': item.line } : {}),
    '@_time': seconds(0),
    error: { '@_message': xmlText(item.message), '@_type': 'unreadable' },
  };
}

function skippedCase(item: SkippedReport, file: string): Record<string, unknown> {
  return {
    '@_classname': classnameOf(file),
    '@_name': xmlText(`${item.reason} ${item.source}`),
    '@_file': file,
    '@_time': seconds(0),
    skipped: { '@_message': xmlText(`${item.reason}: ${item.detail}`) },
  };
}

const builder = () => new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: true });

/** The lines of `testsuites` around one testcase, as the builder writes the whole document: the case is cut out of its two enclosing elements. */
function caseXml(build: ReturnType<typeof builder>, testcase: Record<string, unknown>): string {
  const xml: string = build.build({ testsuites: { testsuite: { testcase: [testcase] } } });
  const from = xml.indexOf('\n', xml.indexOf('\n') + 1) + 1;
  return xml.slice(from, xml.lastIndexOf('  </testsuite>'));
}

const suiteAttributes = (s: Suite) => ({
  '@_name': xmlText(s.name),
  '@_file': xmlText(s.name),
  '@_tests': s.cases,
  '@_failures': s.failures,
  '@_errors': s.errors,
  '@_skipped': s.skipped,
  '@_time': seconds(s.ms),
});

/**
 * Writes the JUnit report: each case, as it comes, into a spool; at the end the document, each
 * suite's opening line (its counts known by then) followed by its cases read back from the spool.
 * One suite per file, in the order the files first appear; the same XML fast-xml-builder writes
 * for the whole document.
 */
export function createJunitWriter(write: (text: string) => void, spool: SpoolMaker): ReportWriter {
  const build = builder();
  const cases = spool();
  const suites = new Map<string, Suite>();
  let current: Suite | undefined;
  let from = 0;
  const endRange = () => {
    if (!current) return;
    const to = cases.mark();
    current.ranges.push([from, to]);
    from = to;
  };
  return {
    item(item: ReportItem) {
      const file = xmlText(fileOf(item.source));
      if (current?.name !== file) {
        endRange();
        current = suites.get(file);
        if (!current) suites.set(file, (current = { name: file, cases: 0, failures: 0, errors: 0, skipped: 0, ms: 0, ranges: [] }));
      }
      current.cases++;
      if (item.kind === 'unreadable') {
        current.errors++;
        cases.write(caseXml(build, unreadableCase(item, file)));
      } else if (item.kind === 'skipped') {
        current.skipped++;
        cases.write(caseXml(build, skippedCase(item, file)));
      } else {
        if (!item.valid) current.failures++;
        current.ms += item.durationMs ?? 0;
        cases.write(caseXml(build, responseCase(item, file)));
      }
    },
    *close() {
      endRange();
      const all = [...suites.values()];
      const total = (pick: (s: Suite) => number) => all.reduce((sum, s) => sum + pick(s), 0);
      const totals = {
        '@_name': 'social-analytics-api validate',
        '@_tests': total((s) => s.cases),
        '@_failures': total((s) => s.failures),
        '@_errors': total((s) => s.errors),
        '@_skipped': total((s) => s.skipped),
        '@_time': seconds(total((s) => s.ms)),
      };
      const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
      if (!all.length) return write(`${head}${build.build({ testsuites: { ...totals, testsuite: [] } })}`);
      // The opening lines of the document and of each suite, as the builder writes them around a case.
      const opening = (suite: Suite) => {
        const xml: string = build.build({ testsuites: { ...totals, testsuite: [{ ...suiteAttributes(suite), testcase: [{}] }] } });
        const first = xml.indexOf('\n') + 1;
        return { document: xml.slice(0, first), suite: xml.slice(first, xml.indexOf('\n', first) + 1) };
      };
      write(`${head}${opening(all[0]).document}`);
      for (const suite of all) {
        write(opening(suite).suite);
        for (const [a, b] of suite.ranges) {
          for (const chunk of cases.chunks(a, b)) {
            write(chunk);
            yield;
          }
        }
        write('  </testsuite>\n');
      }
      write('</testsuites>\n');
    },
  };
}

export function renderJunit(report: ValidateReport): string {
  return renderWith(createJunitWriter, report);
}
