/**
 * The JUnit reporter (junit-report-builder): one testsuite per input file, one testcase per API
 * response (name = operation + source), a failure per invalid response holding its problems,
 * warnings as system-out. Unreadable inputs are testcases with an error, so CI shows them too.
 */
import junitExport, { type Builder } from 'junit-report-builder';
import type { ValidateReport } from '../report-types.js';
import { groupLines, responseTitle } from './problem-text.js';

/** The package is CommonJS: Node passes its module.exports (the builder) as the default export, its types an ES default. */
const junit: Builder = (junitExport as unknown as { default?: Builder }).default ?? (junitExport as unknown as Builder);

const fileOf = (source: string) => source.replace(/#\d+$/, '');

export function renderJunit(report: ValidateReport): string {
  const builder = junit.newBuilder();
  const suites = new Map<string, ReturnType<typeof builder.testSuite>>();
  const suite = (source: string) => {
    const file = fileOf(source);
    let found = suites.get(file);
    if (!found) suites.set(file, (found = builder.testSuite().name(file)));
    return found;
  };
  for (const item of report.items) {
    if (item.kind === 'skipped') continue;
    const file = fileOf(item.source);
    if (item.kind === 'unreadable') {
      suite(item.source).testCase().className(file).name(`unreadable ${item.source}`).file(file).error(item.message, 'unreadable');
      continue;
    }
    const test = suite(item.source).testCase().className(file).name(`${responseTitle(item)} ${item.source}`).file(file);
    const errorLines = groupLines({ ...item, groups: item.groups.filter((g) => g.severity === 'error') });
    const warningLines = item.groups.filter((g) => g.severity === 'warning').length ? groupLines({ ...item, groups: item.groups.filter((g) => g.severity === 'warning'), groupsOmitted: 0 }) : [];
    if (!item.valid) test.failure(`${item.errors.length} problem(s) in ${item.source}`, 'invalid').stacktrace(errorLines.join('\n'));
    if (warningLines.length) test.standardOutput(warningLines.join('\n'));
  }
  return builder.build();
}
