/**
 * The GitHub reporter: workflow commands GitHub Actions turns into annotations —
 * `::error file=...,title=...::message` per problem group and unreadable input,
 * `::warning` per warning group, `::notice` for the summary.
 */
import type { ValidateReport } from '../report-types.js';
import { groupText, responseTitle, summaryLine } from './problem-text.js';

/** Escaping of workflow command data and properties (as @actions/core does it). */
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** The file part of a source (`session.har#3` -> `session.har`). */
const fileOf = (source: string) => source.replace(/#\d+$/, '');

export function renderGithub(report: ValidateReport): string {
  const lines: string[] = [];
  for (const item of report.items) {
    if (item.kind === 'unreadable') lines.push(`::error file=${property(fileOf(item.source))},title=${property(`unreadable ${item.source}`)}::${data(item.message)}`);
    else if (item.kind === 'response') {
      for (const group of item.groups) {
        const title = property(`${item.source} ${responseTitle(item)}`);
        lines.push(`::${group.severity} file=${property(fileOf(item.source))},title=${title}::${data(groupText(group))}`);
      }
    }
  }
  const s = report.summary;
  lines.push(`::${s.exitCode ? 'error' : 'notice'} title=social-analytics-api validate::${data(summaryLine(s))}`);
  return `${lines.join('\n')}\n`;
}
