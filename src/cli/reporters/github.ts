/**
 * The GitHub reporter: workflow commands GitHub Actions turns into annotations on the line of
 * the offending value: `::error file=...,line=...,col=...,title=<rule id>::message` per problem
 * group (placed by its first value) and per unreadable input (a JSON syntax error's line and
 * column), `::warning` per warning group, `::notice` for the summary (with the command that
 * explains a rule, when the problems name one).
 */
import type { ValidateReport } from '../report-types.js';
import { fileOf, groupText, responseTitle, ruleHint, summaryLine } from './problem-text.js';

/** Escaping of workflow command data and properties (as @actions/core does it). */
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `file=...,line=...,col=...` of a place (line and col only when known). */
const placeProperties = (file: string, line?: number, column?: number) =>
  `file=${property(file)}${line === undefined ? '' : `,line=${line}`}${line === undefined || column === undefined ? '' : `,col=${column}`}`;

export function renderGithub(report: ValidateReport): string {
  const lines: string[] = [];
  for (const item of report.items) {
    if (item.kind === 'unreadable') {
      lines.push(`::error ${placeProperties(fileOf(item.source), item.line, item.column)},title=${property(`unreadable ${item.source}`)}::${data(item.message)}`);
    } else if (item.kind === 'response') {
      const file = item.file ?? fileOf(item.source);
      for (const group of item.groups) {
        const title = property(group.rule ?? `${item.source} ${responseTitle(item)}`);
        lines.push(`::${group.severity} ${placeProperties(file, group.line, group.column)},title=${title}::${data(`${item.source} ${responseTitle(item)}: ${groupText(group)}`)}`);
      }
    }
  }
  const s = report.summary;
  const hint = ruleHint(report.items);
  lines.push(`::${s.exitCode ? 'error' : 'notice'} title=social-analytics-api validate::${data(hint ? `${summaryLine(s)}; ${hint}` : summaryLine(s))}`);
  return `${lines.join('\n')}\n`;
}
