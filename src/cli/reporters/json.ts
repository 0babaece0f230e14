/** The JSON reporter: the whole report (summary, results with errors and warnings carrying rule and severity, groups, skipped, unreadable, coverage). */
import type { ValidateReport } from '../report-types.js';

export function renderJson(report: ValidateReport): string {
  const { items: _inOrder, ...rest } = report;
  return `${JSON.stringify(rest, null, 2)}\n`;
}
