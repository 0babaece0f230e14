/** One problem group as text, shared by the text, JUnit and GitHub reporters. */
import { explainRuleLine } from '../../catalog/rule-command.js';
import type { ProblemGroup, ReportItem, ResponseReport, Summary } from '../report-types.js';

const at = (pointer: string) => (pointer === '' ? '(body)' : pointer);

/** `/data/*\/3: expected integer, got "12" (92 places: /data/0/3, /data/1/3, /data/2/3, ...)  [rule <rule id>]`. */
export function groupText(group: ProblemGroup): string {
  const places = group.count > 1 ? ` (${group.count} places: ${group.pointers.map(at).join(', ')}${group.count > group.pointers.length ? ', ...' : ''})` : '';
  const rule = group.rule ? `  [rule ${group.rule}]` : '';
  return `${group.severity === 'warning' ? 'warning: ' : ''}${at(group.shape)}: ${group.message}${places}${rule}`;
}

/** Every group line of a response, then how many groups were left out. */
export function groupLines(result: ResponseReport): string[] {
  const lines = result.groups.map(groupText);
  if (result.groupsOmitted) lines.push(`${result.groupsOmitted} more kinds of problem not listed`);
  return lines;
}

/** `explain a rule: npx social-analytics-api rules <id>` for the first rule the groups name, if any. */
export function groupsRuleHint(groups: readonly ProblemGroup[]): string | undefined {
  const rule = groups.find((g) => g.rule)?.rule;
  return rule ? explainRuleLine(rule) : undefined;
}

/** The same for the first rule the problems of the items name. */
export function ruleHint(items: readonly ReportItem[]): string | undefined {
  for (const item of items) {
    const hint = item.kind === 'response' ? groupsRuleHint(item.groups) : undefined;
    if (hint) return hint;
  }
  return undefined;
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
  return parts.join('; ');
}
