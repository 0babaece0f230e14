/**
 * The SARIF reporter (SARIF 2.1.0, as GitHub code scanning and other static-analysis viewers read
 * it): one result per problem group (rule id, level, the group's line as message, the place of
 * its first value) and per unreadable input, paths relative to the same root as the github
 * reporter's annotations; the rules the results name, each with what it checks, its sentence or
 * inference and the command that explains it. Standard input has no location. The results are
 * spooled as they come and written in their place at the end, as the JSON report's are.
 */
import { resolve } from 'node:path';
import { RULES } from '../../../generated/rules.js';
import type { Rule } from '../../shared/catalog-types.js';
import { displayPath, STDIN_LABEL } from '../../captures/read-inputs.js';
import type { ProblemGroup, ReportWriter, RuleId, ValidateReport } from '../report-types.js';
import type { SpoolMaker } from '../spool.js';
import { ruleChecks, ruleText } from '../../catalog/rule-text.js';
import { packageVersion } from '../../core/version.js';
import type { AnnotationRoot } from './github.js';
import type { MarkdownOptions } from './markdown.js';
import { explainRule } from '../../catalog/rule-command.js';
import { fileOf, groupText, responseTitle } from './problem-text.js';
import { renderWith, spooledArray } from './whole.js';

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

/** Where the results go in the document, which JSON.stringify cannot hold otherwise: a string no register text holds. */
const RESULTS_HERE = '\u0000results\u0000';

/**
 * Writes the SARIF report: each result, as it comes, into a spool; at the end the document (the
 * rules its results named, known by then) with the results read back in their place. The same
 * text as JSON.stringify of the whole document.
 */
export function createSarifWriter(write: (text: string) => void, spool: SpoolMaker, context: AnnotationRoot & MarkdownOptions): ReportWriter {
  const results = spooledArray(spool, '        ');
  const rules = new Set<RuleId>();
  let inputResults = false;
  const result = (ruleId: string, level: ProblemGroup['severity'], text: string, place: Place, inferred?: true) => {
    if (ruleId === INPUT_RULE) inputResults = true;
    results.add({ ruleId, level, message: { text }, ...locations(place, context), ...(inferred ? { properties: { inferred: true } } : {}) });
  };
  return {
    item(item) {
      if (item.kind === 'unreadable') result(INPUT_RULE, 'error', `unreadable ${item.source}: ${item.message}`, { file: fileOf(item.source), line: item.line, column: item.column });
      if (item.kind !== 'response') return;
      const file = item.file ?? fileOf(item.source);
      for (const group of item.groups) {
        if (group.rule) rules.add(group.rule);
        result(group.rule ?? INPUT_RULE, group.severity, `${item.source} ${responseTitle(item)}: ${groupText(group)}`, { file, line: group.line, column: group.column }, group.inferred);
      }
      if (item.groupsOmitted) result(INPUT_RULE, 'warning', `${item.source} ${responseTitle(item)}: ${item.groupsOmitted} more kinds of problem not listed`, { file, line: item.line, column: item.column });
    },
    *close() {
      const driverRules = [...rules].sort().map((id) => ruleDescriptor(id, context));
      if (inputResults) {
        driverRules.push({ id: INPUT_RULE, shortDescription: { text: 'the input can be read: a capture or HAR file, its JSON and its recorded request' }, defaultConfiguration: { level: 'error' } });
      }
      const sarif = {
        version: '2.1.0',
        runs: [
          {
            tool: { driver: { name: 'social-analytics-api', version: packageVersion(), rules: driverRules } },
            columnKind: 'utf16CodeUnits',
            results: RESULTS_HERE,
          },
        ],
      };
      const text = JSON.stringify(sarif, null, 2);
      const at = text.lastIndexOf(JSON.stringify(RESULTS_HERE));
      write(text.slice(0, at));
      yield* results.writeTo(write);
      write(`${text.slice(at + JSON.stringify(RESULTS_HERE).length)}\n`);
    },
  };
}

export function renderSarif(report: ValidateReport, context: AnnotationRoot & MarkdownOptions): string {
  return renderWith((write, spool) => createSarifWriter(write, spool, context), report);
}
