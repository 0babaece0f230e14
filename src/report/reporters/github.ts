/**
 * The GitHub reporter: workflow commands GitHub Actions turns into annotations on the line of
 * the offending value: `::error file=...,line=...,col=...,title=<rule id>::message` per problem
 * group (placed by its first value) and per unreadable input (a JSON syntax error's line and
 * column), `::warning` per warning group, `::notice` for the summary (with the command that
 * explains a rule, when the problems name one). File paths are relative to the root GitHub
 * resolves them against (the checkout, GITHUB_WORKSPACE, or `--root`), wherever the run started;
 * standard input has no file.
 */
import { resolve } from 'node:path';
import { displayPath, STDIN_LABEL } from '../../captures/read-inputs.js';
import { explainRuleLine } from '../../catalog/rule-command.js';
import type { ReportWriter, ValidateReport } from '../report-types.js';
import { fileOf, groupText, responseTitle, summaryLine } from './problem-text.js';
import { renderWith } from './whole.js';

/** Where the report's paths start (`cwd`, as the labels are written) and the folder annotation paths are relative to. */
export interface AnnotationRoot {
  cwd: string;
  root: string;
}

/** Escaping of workflow command data and properties (as @actions/core does it). */
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `file=...,line=...,col=...` of a place (line and col only when known); nothing for standard input, which no file holds. */
function placeProperties(file: string, line: number | undefined, column: number | undefined, where: AnnotationRoot): string {
  if (file === STDIN_LABEL) return '';
  const path = displayPath(resolve(where.cwd, file), where.root);
  return `file=${property(path)}${line === undefined ? '' : `,line=${line}`}${line === undefined || column === undefined ? '' : `,col=${column}`},`;
}

/** Writes the workflow commands item by item, the summary last. */
export function createGithubWriter(write: (text: string) => void, where: AnnotationRoot = { cwd: process.cwd(), root: process.cwd() }): ReportWriter {
  return {
    item(item) {
      if (item.kind === 'unreadable') {
        write(`::error ${placeProperties(fileOf(item.source), item.line, item.column, where)}title=${property(`unreadable ${item.source}`)}::${data(item.message)}\n`);
      } else if (item.kind === 'response') {
        const file = item.file ?? fileOf(item.source);
        for (const group of item.groups) {
          const title = property(group.rule ?? `${item.source} ${responseTitle(item)}`);
          write(`::${group.severity} ${placeProperties(file, group.line, group.column, where)}title=${title}::${data(`${item.source} ${responseTitle(item)}: ${groupText(group)}`)}\n`);
        }
      }
    },
    *close({ summary: s, firstRule }) {
      const hint = firstRule ? explainRuleLine(firstRule) : undefined;
      write(`::${s.exitCode ? 'error' : 'notice'} title=social-analytics-api validate::${data(hint ? `${summaryLine(s)}; ${hint}` : summaryLine(s))}\n`);
    },
  };
}

export function renderGithub(report: ValidateReport, where: AnnotationRoot = { cwd: process.cwd(), root: process.cwd() }): string {
  return renderWith((write) => createGithubWriter(write, where), report);
}
