/** One problem group as text, shared by the text, JUnit, GitHub and Markdown reporters. */
import { explainRuleLine } from '../../catalog/rule-command.js';
import type { Coverage, CoverageCount, ProblemGroup, ReportItem, ResponseReport, RuleId, Summary } from '../report-types.js';

const at = (pointer: string) => (pointer === '' ? '(body)' : pointer);

/**
 * `/data/*\/3: expected integer, got "12" (92 places: /data/0/3, /data/1/3, /data/2/3, ...)  [rule <rule id>]`;
 * an error of an inferred rule (`--strict`) is led by `inferred rule (--strict): `.
 */
export function groupText(group: ProblemGroup): string {
  const places = group.count > 1 ? ` (${group.count} places: ${group.pointers.map(at).join(', ')}${group.count > group.pointers.length ? ', ...' : ''})` : '';
  const rule = group.rule ? `  [rule ${group.rule}]` : '';
  return `${group.severity === 'warning' ? 'warning: ' : ''}${group.inferred ? INFERRED_LEAD : ''}${at(group.shape)}: ${group.message}${places}${rule}`;
}

/** How an error of an inferred rule is marked in every report: no sentence states it, `--strict` made it an error. */
export const INFERRED_LEAD = 'inferred rule (--strict): ';

/** The group lines of a response, each led by the place of its first value (`file:line:column: `) when known, then how many groups were left out. */
export function placedGroupLines(item: ResponseReport): string[] {
  const file = item.file ?? fileOf(item.source);
  const lines = item.groups.map((g) => `${g.line === undefined ? '' : `${placeText(file, g.line, g.column)}: `}${groupText(g)}`);
  if (item.groupsOmitted) lines.push(`${item.groupsOmitted} more kinds of problem not listed`);
  return lines;
}

/** `explain a rule: npx social-analytics-api rules <id>` for the first rule the groups name, if any. */
export function groupsRuleHint(groups: readonly ProblemGroup[]): string | undefined {
  const rule = groups.find((g) => g.rule)?.rule;
  return rule ? explainRuleLine(rule) : undefined;
}

/** The first rule the problems of the items name. */
export function firstRule(items: readonly ReportItem[]): RuleId | undefined {
  for (const item of items) {
    const rule = item.kind === 'response' ? item.groups.find((g) => g.rule)?.rule : undefined;
    if (rule) return rule;
  }
  return undefined;
}

/** The coverage counts in order: operations, then metrics, post fields and dimensions per version and network, then statuses and error codes per operation exercised. */
export function coverageRows(c: Coverage): [string, CoverageCount][] {
  const rows: [string, CoverageCount][] = [['operations', c.operations]];
  for (const [key, v] of Object.entries(c.metrics)) rows.push([`metrics ${key}`, v]);
  for (const [key, v] of Object.entries(c.postFields)) rows.push([`post fields ${key}`, v]);
  for (const [key, v] of Object.entries(c.dimensions)) rows.push([`dimensions ${key}`, v]);
  // Statuses and error codes of the operations exercised (every operation's are in the JSON report).
  for (const op of c.operations.exercised) {
    if (c.statuses[op]) rows.push([`statuses ${op}`, c.statuses[op]]);
    if (c.errorCodes[op]?.total) rows.push([`error codes ${op}`, c.errorCodes[op]]);
  }
  return rows;
}

/** The file part of a source (`session.har#3` -> `session.har`). */
export const fileOf = (source: string) => source.replace(/#\d+$/, '');

/** `session.har:45:12` for a place in a file, as editors and terminals link it. */
export const placeText = (file: string, line: number, column: number | undefined) => `${file}:${line}${column === undefined ? '' : `:${column}`}`;

/** `POST /2/facebook/metrics (HTTP 200)`. */
export const responseTitle = (r: ResponseReport) => `${r.operation ?? `${r.method} ${r.path}`} (HTTP ${r.status})`;

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** The closing line of a run. */
export function summaryLine(s: Summary): string {
  const skipped = Object.entries(s.skippedByReason).map(([reason, n]) => `${n} ${reason}`).join(', ');
  const skippedText = s.skipped ? `${plural(s.skipped, 'HAR entry', 'HAR entries')} skipped (${skipped})` : '';
  if (s.empty && s.exitCode !== 0 && !s.unreadable) {
    return `nothing checked: no API response found in the inputs${skippedText ? `; ${skippedText}` : ''}. Pass --allow-empty to accept a run without responses.`;
  }
  const parts = [`${plural(s.responses, 'response')}: ${s.valid} valid, ${s.invalid} invalid${s.withWarnings ? `, ${s.withWarnings} with warnings` : ''}`];
  if (s.unreadable) parts.push(`${plural(s.unreadable, 'input')} unreadable`);
  if (skippedText) parts.push(skippedText);
  if (s.baseline) parts.push(`baseline: ${plural(s.baseline.known, 'error')} known, ${s.baseline.new} new, ${s.baseline.fixed} fixed`);
  return parts.join('; ');
}
