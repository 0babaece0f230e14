/** Reads the inputs, checks every captured response and builds the report every reporter renders. */
import { expandPaths, readInputItems } from '../captures/read-inputs.js';
import type { CapturedResponse } from '../captures/types.js';
import type { ValidationError, ValidationResult } from '../validators/types.js';
// The package's validators entry: one bundled file once compiled (scripts/compile-javascript.mjs).
import { lookupOperation, validateResponse } from '../validators/index.js';
import { createCoverageCollector } from './coverage.js';
import { groupProblems } from './group-problems.js';
import type { Problem, ReportItem, ResponseReport, ValidateReport } from './report-types.js';

export interface BuildOptions {
  paths: readonly string[];
  cwd: string;
  strict: boolean;
  coverage: boolean;
  allowEmpty: boolean;
}

/** Problems collected per response before grouping (the report's cap counts groups, see group-problems.ts). */
export const MAX_PROBLEMS = 10_000;

const toProblem = ({ pointer, message, rule, severity }: ValidationError): Problem => ({ pointer, message, rule, severity });

function check(response: CapturedResponse, strict: boolean): ResponseReport {
  const status = response.status ?? 200;
  const result: Pick<ValidationResult, 'operation' | 'errors' | 'warnings'> = response.bodyProblem
    ? { operation: lookupOperation(response.method, response.path).operation?.key, errors: [{ pointer: '', message: response.bodyProblem, rule: 'shared.response.json', severity: 'error' }], warnings: [] }
    : validateResponse({ method: response.method, path: response.path, body: response.body, request: response.request, status, strict }, { maxProblems: MAX_PROBLEMS });
  const errors = result.errors.map(toProblem);
  const warnings = result.warnings.map(toProblem);
  if (response.requestMissing) {
    warnings.unshift({ pointer: '', message: `request-aware checks did not run: ${response.requestMissing}`, rule: null, severity: 'warning' });
  }
  const { groups, omitted } = groupProblems([...errors, ...warnings]);
  return {
    source: response.source,
    method: response.method,
    path: response.path,
    status,
    operation: result.operation ?? null,
    valid: errors.length === 0,
    errors,
    warnings,
    groups,
    groupsOmitted: omitted,
  };
}

/** Checks every input; a response's body is dropped once it is checked (coverage keeps only names). */
export async function buildReport(options: BuildOptions): Promise<ValidateReport> {
  const items: ReportItem[] = [];
  const { files, unreadable } = expandPaths(options.paths, options.cwd);
  for (const u of unreadable) items.push(u);
  const coverage = options.coverage ? createCoverageCollector() : undefined;
  for (const file of files) {
    for await (const item of readInputItems(file.path, file.label)) {
      if (item.kind === 'response') {
        coverage?.add(item);
        items.push({ kind: 'response', ...check(item, options.strict) });
      } else items.push(item);
    }
  }
  const results = items.flatMap((i) => (i.kind === 'response' ? [(({ kind: _, ...r }) => r)(i)] : []));
  const skipped = items.flatMap((i) => (i.kind === 'skipped' ? [{ source: i.source, reason: i.reason, detail: i.detail }] : []));
  const unreadableList = items.flatMap((i) => (i.kind === 'unreadable' ? [{ source: i.source, message: i.message }] : []));
  const skippedByReason: ValidateReport['summary']['skippedByReason'] = {};
  for (const s of skipped) skippedByReason[s.reason] = (skippedByReason[s.reason] ?? 0) + 1;
  const valid = results.filter((r) => r.valid).length;
  const empty = results.length === 0;
  const invalid = results.length - valid;
  const exitCode = unreadableList.length ? 2 : invalid || (empty && !options.allowEmpty) ? 1 : 0;
  return {
    summary: {
      responses: results.length,
      valid,
      invalid,
      withWarnings: results.filter((r) => r.warnings.length).length,
      unreadable: unreadableList.length,
      skipped: skipped.length,
      skippedByReason,
      empty,
      exitCode,
    },
    results,
    unreadable: unreadableList,
    skipped,
    items,
    ...(coverage ? { coverage: coverage.result() } : {}),
  };
}
