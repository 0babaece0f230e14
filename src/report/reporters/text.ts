/** The text reporter: one line per input item in input order, problem groups under responses, a summary. */
import { explainRuleLine } from '../../catalog/rule-command.js';
import type { Coverage, ReportClosing, ReportItem, ReportWriter, ValidateReport } from '../report-types.js';
import { coverageRows, placedGroupLines, responseTitle, summaryLine } from './problem-text.js';
import { renderWith } from './whole.js';

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
export function closingText(closing: ReportClosing): string {
  const lines: string[] = [];
  if (closing.coverage) lines.push('', ...coverageLines(closing.coverage));
  lines.push('', summaryLine(closing.summary));
  if (closing.firstRule) lines.push(explainRuleLine(closing.firstRule));
  return `${lines.join('\n')}\n`;
}

/** Writes the text report item by item. */
export function createTextWriter(write: (text: string) => void): ReportWriter {
  return {
    item: (item) => write(`${itemLines(item).join('\n')}\n`),
    *close(closing) {
      write(closingText(closing));
    },
  };
}

export function renderText(report: ValidateReport): string {
  return renderWith(createTextWriter, report);
}
