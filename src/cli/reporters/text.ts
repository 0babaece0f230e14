/** The text reporter: one line per input item in input order, problem groups under responses, a summary. */
import type { Coverage, CoverageCount, ValidateReport } from '../report-types.js';
import type { ResponseReport } from '../report-types.js';
import { fileOf, groupText, placeText, responseTitle, summaryLine } from './problem-text.js';

const INDENT = '           ';

function coverageLines(c: Coverage): string[] {
  const rows: [string, CoverageCount][] = [['operations', c.operations]];
  for (const [key, v] of Object.entries(c.metrics)) rows.push([`metrics ${key}`, v]);
  for (const [key, v] of Object.entries(c.postFields)) rows.push([`post fields ${key}`, v]);
  for (const [key, v] of Object.entries(c.dimensions)) rows.push([`dimensions ${key}`, v]);
  const width = Math.max(...rows.map(([label]) => label.length));
  return ['coverage (exercised of catalog):', ...rows.map(([label, v]) => `  ${label.padEnd(width)}  ${v.exercised.length} of ${v.total}`)];
}

/** The group lines of a response, each led by the place of its first value (`file:line:column: `) when known. */
function placedGroupLines(item: ResponseReport): string[] {
  const file = item.file ?? fileOf(item.source);
  const lines = item.groups.map((g) => `${g.line === undefined ? '' : `${placeText(file, g.line, g.column)}: `}${groupText(g)}`);
  if (item.groupsOmitted) lines.push(`${item.groupsOmitted} more kinds of problem not listed`);
  return lines;
}

export function renderText(report: ValidateReport): string {
  const lines: string[] = [];
  for (const item of report.items) {
    if (item.kind === 'unreadable') lines.push(`error    ${item.source}: ${item.message}`);
    else if (item.kind === 'skipped') lines.push(`skipped  ${item.source}: ${item.reason}: ${item.detail}`);
    else {
      lines.push(`${item.valid ? 'ok     ' : 'invalid'}  ${item.source}  ${responseTitle(item)}`);
      for (const line of placedGroupLines(item)) lines.push(`${INDENT}${line}`);
    }
  }
  if (report.coverage) lines.push('', ...coverageLines(report.coverage));
  lines.push('', summaryLine(report.summary));
  return `${lines.join('\n')}\n`;
}
