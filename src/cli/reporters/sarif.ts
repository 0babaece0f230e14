/**
 * The SARIF reporter (SARIF 2.1.0, as GitHub code scanning and other static-analysis viewers read
 * it): one result per problem group (rule id, level, the group's line as message, the place of
 * its first value) and per unreadable input, paths relative to the same root as the github
 * reporter's annotations; the rules the results name, each with what it checks, its sentence or
 * inference and the command that explains it. Standard input has no location. The document is
 * built whole, as the JSON report is.
 */
import { resolve } from 'node:path';
import { RULES } from '../../../generated/rules.js';
import type { Rule } from '../../catalog/types.js';
import { displayPath, STDIN_LABEL } from '../../captures/read-inputs.js';
import type { ProblemGroup, RuleId, ValidateReport } from '../report-types.js';
import { ruleChecks, ruleText } from '../rules.js';
import { packageVersion } from '../version.js';
import type { AnnotationRoot } from './github.js';
import type { MarkdownOptions } from './markdown.js';
import { explainRule } from '../../catalog/rule-command.js';
import { fileOf, groupText, responseTitle } from './problem-text.js';

/** The rule id of a problem about the input itself (unreadable, or a capture whose request could not be read). */
export const INPUT_RULE = 'input';

type Place = { file: string; line?: number; column?: number };

/** The result's location: none for standard input, which no file holds. */
function locations(place: Place, where: AnnotationRoot): { locations?: Record<string, unknown>[] } {
  if (place.file === STDIN_LABEL) return {};
  const uri = displayPath(resolve(where.cwd, place.file), where.root).split('/').map(encodeURIComponent).join('/');
  const region = place.line === undefined ? undefined : { startLine: place.line, ...(place.column === undefined ? {} : { startColumn: place.column }) };
  return { locations: [{ physicalLocation: { artifactLocation: { uri }, ...(region ? { region } : {}) } }] };
}

function ruleDescriptor(id: RuleId, options: MarkdownOptions): Record<string, unknown> {
  const rule: Rule = RULES[id];
  return {
    id,
    shortDescription: { text: ruleChecks(rule) },
    help: { text: `${ruleText(rule)}\n\nexplain it: ${explainRule(id)}` },
    ...(options.docsUrl ? { helpUri: new URL(`rules.html#${encodeURIComponent(id)}`, options.docsUrl).href } : {}),
    defaultConfiguration: { level: rule.level === 'stated' ? 'error' : 'warning' },
  };
}

export function renderSarif(report: ValidateReport, context: AnnotationRoot & MarkdownOptions): string {
  const results: Record<string, unknown>[] = [];
  const rules = new Set<RuleId>();
  const result = (ruleId: string, level: ProblemGroup['severity'], text: string, place: Place) => results.push({ ruleId, level, message: { text }, ...locations(place, context) });
  for (const item of report.items) {
    if (item.kind === 'unreadable') result(INPUT_RULE, 'error', `unreadable ${item.source}: ${item.message}`, { file: fileOf(item.source), line: item.line, column: item.column });
    if (item.kind !== 'response') continue;
    const file = item.file ?? fileOf(item.source);
    for (const group of item.groups) {
      if (group.rule) rules.add(group.rule);
      result(group.rule ?? INPUT_RULE, group.severity, `${item.source} ${responseTitle(item)}: ${groupText(group)}`, { file, line: group.line, column: group.column });
    }
    if (item.groupsOmitted) result(INPUT_RULE, 'warning', `${item.source} ${responseTitle(item)}: ${item.groupsOmitted} more kinds of problem not listed`, { file, line: item.line, column: item.column });
  }
  const driverRules = [...rules].sort().map((id) => ruleDescriptor(id, context));
  if (results.some((r) => r.ruleId === INPUT_RULE)) {
    driverRules.push({ id: INPUT_RULE, shortDescription: { text: 'the input can be read: a capture or HAR file, its JSON and its recorded request' }, defaultConfiguration: { level: 'error' } });
  }
  const sarif = {
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'social-analytics-api', version: packageVersion(), rules: driverRules } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
