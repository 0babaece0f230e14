/**
 * The JSON reporter: the whole report (summary, results with their file, line and column, errors
 * and warnings carrying rule, severity, line and column, groups, skipped, unreadable, coverage).
 * Check times are left out (they are in the JUnit report), so the same inputs give the same JSON.
 */
import type { ValidateReport } from '../report-types.js';

export function renderJson(report: ValidateReport): string {
  const { items: _inOrder, ...rest } = report;
  // `results` keeps its place among the keys.
  return `${JSON.stringify({ ...rest, results: rest.results.map(({ durationMs: _time, ...result }) => result) }, null, 2)}\n`;
}
