/**
 * The JUnit reporter: one testsuite per input file, one testcase per API response (name =
 * operation + source, `classname` the file name without dots (Jenkins reads dots as packages),
 * `file` and `line` where the response or its first problem is, `time` the seconds its check
 * took), one failure per invalid response listing each of its problem groups with its
 * `file:line:col`, warnings as system-out, each closed by the command that explains the first
 * rule they name. Unreadable inputs are testcases with an error, so CI shows them too. The XML
 * is written by fast-xml-builder, which escapes text and attribute values.
 */
import XMLBuilder from 'fast-xml-builder';
import type { ReportItem, ResponseReport, UnreadableReport, ValidateReport } from '../report-types.js';
import { fileOf, groupsRuleHint, placedGroupLines, responseTitle } from './problem-text.js';

/** Characters XML 1.0 cannot hold, even escaped. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const xmlText = (s: string) => s.replace(NOT_XML, '\ufffd');
const seconds = (ms: number) => (ms / 1000).toFixed(3);

interface Suite {
  name: string;
  cases: Record<string, unknown>[];
  failures: number;
  errors: number;
  ms: number;
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

function suitesOf(items: readonly ReportItem[]): Suite[] {
  const suites = new Map<string, Suite>();
  for (const item of items) {
    if (item.kind === 'skipped') continue;
    const file = xmlText(fileOf(item.source));
    let suite = suites.get(file);
    if (!suite) suites.set(file, (suite = { name: file, cases: [], failures: 0, errors: 0, ms: 0 }));
    if (item.kind === 'unreadable') {
      suite.errors++;
      suite.cases.push(unreadableCase(item, file));
    } else {
      if (!item.valid) suite.failures++;
      suite.ms += item.durationMs ?? 0;
      suite.cases.push(responseCase(item, file));
    }
  }
  return [...suites.values()];
}

export function renderJunit(report: ValidateReport): string {
  const suites = suitesOf(report.items);
  const total = (pick: (s: Suite) => number) => suites.reduce((sum, s) => sum + pick(s), 0);
  const doc = {
    testsuites: {
      '@_name': 'social-analytics-api validate',
      '@_tests': total((s) => s.cases.length),
      '@_failures': total((s) => s.failures),
      '@_errors': total((s) => s.errors),
      '@_time': seconds(total((s) => s.ms)),
      testsuite: suites.map((s) => ({
        '@_name': xmlText(s.name),
        '@_file': xmlText(s.name),
        '@_tests': s.cases.length,
        '@_failures': s.failures,
        '@_errors': s.errors,
        '@_skipped': 0,
        '@_time': seconds(s.ms),
        testcase: s.cases,
      })),
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: true });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(doc)}`;
}
