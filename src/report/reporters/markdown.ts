/**
 * The Markdown reporter: a summary for a pull request comment or a GitHub job summary
 * (GITHUB_STEP_SUMMARY). A heading, then a table row per invalid response and per unreadable
 * input, in input order (its place, what it is, its first problems with their rules), at most
 * MAX_ROWS of them and `and N more`; then the counts, coverage when asked, and how to read a rule.
 * Its output is bounded whatever the inputs, and it is written item by item: rows as the items
 * come (`row`), then the closing lines (`closing`), so it can print while the inputs are read.
 */
import { explainRule } from '../../catalog/rule-command.js';
import { renderWith } from './whole.js';
import type { Coverage, ProblemGroup, ReportClosing, ReportItem, ReportWriter, ResponseReport, ValidateReport } from '../report-types.js';
import { coverageRows, fileOf, groupText, placeText, responseTitle, summaryLine } from './problem-text.js';

/** Invalid responses and unreadable inputs listed; the count of the rest is stated. */
export const MAX_ROWS = 25;
/** Problem groups listed per response (errors first). */
export const PROBLEMS_PER_ROW = 3;
/** Characters of one problem or message in a cell, at most (the text, JSON and JUnit reports hold the whole of it). */
export const MAX_CELL_TEXT = 300;

export interface MarkdownOptions {
  /** The docs site (ending in `/`): each rule links to its entry on the rules page. */
  docsUrl?: string;
}

/** Text as it reads in a table cell: cut, on one line, Markdown's and HTML's characters escaped. */
export function cellText(text: string, max = MAX_CELL_TEXT): string {
  // Cut on a whole character (never half of a surrogate pair).
  const cut = text.length > max ? `${text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : text;
  return cut
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[\\`*_[\]<>|~#!&]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '|' ? '\\|' : `\\${c}`));
}

/** A rule id as a link to its entry on the rules page (`rules.html#<rule id>`), or as code without a site. */
export const ruleRef = (rule: string, options: MarkdownOptions) =>
  options.docsUrl ? `[${rule}](${new URL(`rules.html#${encodeURIComponent(rule)}`, options.docsUrl).href})` : `\`${rule}\``;

function problemCell(group: ProblemGroup, options: MarkdownOptions): string {
  const text = cellText(groupText({ ...group, rule: null }));
  return group.rule ? `${text} (${ruleRef(group.rule, options)})` : text;
}

const HEADER = ['| | Input | Response | First problems |', '|---|---|---|---|'];

function responseRow(item: ResponseReport, options: MarkdownOptions): string {
  const errors = item.groups.filter((g) => g.severity === 'error');
  const shown = errors.slice(0, PROBLEMS_PER_ROW).map((g) => problemCell(g, options));
  const rest = errors.length - shown.length + item.groupsOmitted;
  if (rest > 0) shown.push(`and ${rest} more ${rest === 1 ? 'kind' : 'kinds'} of problem`);
  const first = errors.find((g) => g.line !== undefined);
  const file = item.file ?? fileOf(item.source);
  const where = first?.line !== undefined ? placeText(file, first.line, first.column) : item.line !== undefined ? placeText(file, item.line, item.column) : item.source;
  return `| invalid | ${cellText(where)} | ${cellText(responseTitle(item))} | ${shown.join('<br>')} |`;
}

/** Writes the report item by item: `row` for each item (a table row, or none), then `closing`. */
export function createMarkdownWriter(options: MarkdownOptions = {}) {
  let rows = 0;
  let more = 0;
  return {
    /** The heading, written before any item. */
    opening: (): string[] => ['### social-analytics-api validate', ''],
    /** The lines of one item: a row for an invalid response or an unreadable input (the table's header before the first). */
    row(item: ReportItem): string[] {
      if (item.kind === 'skipped' || (item.kind === 'response' && item.valid)) return [];
      if (rows === MAX_ROWS) {
        more++;
        return [];
      }
      const line =
        item.kind === 'unreadable'
          ? `| unreadable | ${cellText(item.line === undefined ? item.source : placeText(fileOf(item.source), item.line, item.column))} | | ${cellText(item.message)} |`
          : responseRow(item, options);
      return rows++ === 0 ? [...HEADER, line] : [line];
    },
    /** What follows the rows: how many were not listed, the counts, coverage, how to read a rule. */
    closing(report: ReportClosing): string[] {
      const lines: string[] = [];
      if (more) lines.push('', `and ${more} more invalid ${more === 1 ? 'response or unreadable input' : 'responses or unreadable inputs'} (the text, JSON, JUnit and SARIF reports list every one)`);
      if (rows) lines.push('');
      lines.push(`**${report.summary.exitCode === 0 ? 'Passed' : 'Failed'}**: ${cellText(summaryLine(report.summary), Infinity)}`);
      if (report.coverage) lines.push('', ...coverageTable(report.coverage));
      if (report.firstRule) lines.push('', `Explain a rule: \`${explainRule(report.firstRule)}\``);
      return lines;
    },
  };
}

function coverageTable(c: Coverage): string[] {
  return ['| Coverage (exercised of catalog) | |', '|---|---|', ...coverageRows(c).map(([label, v]) => `| ${cellText(label)} | ${v.exercised.length} of ${v.total} |`)];
}

/** Writes the Markdown report item by item (its heading first). */
export function createMarkdownReportWriter(write: (text: string) => void, options: MarkdownOptions = {}): ReportWriter {
  const writer = createMarkdownWriter(options);
  const lines = (list: string[]) => {
    if (list.length) write(`${list.join('\n')}\n`);
  };
  lines(writer.opening());
  return {
    item: (item) => lines(writer.row(item)),
    *close(closing) {
      lines(writer.closing(closing));
    },
  };
}

export function renderMarkdown(report: ValidateReport, options: MarkdownOptions = {}): string {
  return renderWith((write) => createMarkdownReportWriter(write, options), report);
}
