/** The text reporter: one line per input item in input order, problem groups under responses, a summary. */
import type { Coverage, ValidateReport } from '../report-types.js';
import type { ReportItem } from '../report-types.js';
import { coverageRows, placedGroupLines, responseTitle, ruleHint, summaryLine } from './problem-text.js';

const INDENT = '           ';

function coverageLines(c: Coverage): string[] {
  const rows = coverageRows(c);
  const width = Math.max(...rows.map(([label]) => label.length));
  return ['coverage (exercised of catalog):', ...rows.map(([label, v]) => `  ${label.padEnd(width)}  ${v.exercised.length} of ${v.total}`)];
}

/** The lines of one input item: its verdict, then its problem groups. */
export function itemLines(item: ReportItem): string[] {
  if (item.kind === 'unreadable') return [`error    ${item.source}: ${item.message}`];
  if (item.kind === 'skipped') return [`skipped  ${item.source}: ${item.reason}: ${item.detail}`];
  return [`${item.valid ? 'ok     ' : 'invalid'}  ${item.source}  ${responseTitle(item)}`, ...placedGroupLines(item).map((line) => `${INDENT}${line}`)];
}

/** What follows the item lines: coverage, the summary, then how to read a rule the problems name. */
export function closingText(report: ValidateReport): string {
  const lines: string[] = [];
  if (report.coverage) lines.push('', ...coverageLines(report.coverage));
  lines.push('', summaryLine(report.summary));
  const hint = ruleHint(report.items);
  if (hint) lines.push(hint);
  return `${lines.join('\n')}\n`;
}

export function renderText(report: ValidateReport): string {
  const lines = report.items.flatMap(itemLines);
  return `${lines.length ? `${lines.join('\n')}\n` : ''}${closingText(report)}`;
}
