/** Checks one captured response into its report line: validation, grouping, and the place of each problem in its file. */
import type { CapturedResponse } from '../captures/types.js';
import type { ValidationResult } from '../validators/types.js';
// The package's validators entry: one bundled file once compiled (scripts/compile-javascript.mjs).
import { lookupOperation, validateResponse } from '../validators/index.js';
import { placeInBody } from '../captures/locate.js';
import { groupProblems } from './group-problems.js';
import type { Problem, ProblemGroup, ReportItem, ResponseReport } from './report-types.js';

/** Problems collected per response before grouping (the report's cap counts groups, see group-problems.ts). */
export const MAX_PROBLEMS = 10_000;

/** Places each problem (and each group, by its first pointer) on the line of its value in the file, all in one scan of its text. */
function placed(response: CapturedResponse, problems: Problem[], groups: ProblemGroup[]): { problems: Problem[]; groups: ProblemGroup[] } {
  const places = response.raw ? placeInBody(response.raw, [...problems.map((p) => p.pointer), ...groups.map((g) => g.pointers[0] ?? g.shape)]) : undefined;
  if (!places) return { problems, groups };
  const at = (i: number) => ({ line: places[i].line, column: places[i].column });
  return { problems: problems.map((p, i) => ({ ...p, ...at(i) })), groups: groups.map((g, i) => ({ ...g, ...at(problems.length + i) })) };
}

function check(response: CapturedResponse, strict: boolean): ResponseItem {
  const started = performance.now();
  const status = response.status ?? 200;
  const result: Pick<ValidationResult, 'operation' | 'errors' | 'warnings'> = response.bodyProblem
    ? { operation: lookupOperation(response.method, response.path).operation?.key, errors: [{ pointer: '', message: response.bodyProblem, rule: 'shared.response.json', severity: 'error' }], warnings: [] }
    : validateResponse({ method: response.method, path: response.path, body: response.body, request: response.request, status, strict }, { maxProblems: MAX_PROBLEMS });
  // In strict mode an inferred rule's problem is an error, marked `inferred` by the problem list, so that no report shows it as stated.
  const errors: readonly Problem[] = result.errors;
  const warnings: Problem[] = [...result.warnings];
  if (response.requestMissing) {
    warnings.unshift({ pointer: '', message: `request-aware checks did not run: ${response.requestMissing}`, rule: null, severity: 'warning' });
  }
  const found = [...errors, ...warnings];
  const grouped = groupProblems(found);
  const { problems, groups } = found.length ? placed(response, found, grouped.groups) : { problems: found, groups: grouped.groups };
  // Written out, not spread: a spread of the place into the item costs more than the rest of it.
  const errorsOf = problems.slice(0, errors.length);
  const warningsOf = problems.slice(errors.length);
  const operation = result.operation ?? null;
  const valid = errors.length === 0;
  const { raw } = response;
  if (raw) {
    const { file } = raw;
    const { line, column } = raw.start;
    return { kind: 'response', source: response.source, file, line, column, method: response.method, path: response.path, status, operation, valid, errors: errorsOf, warnings: warningsOf, groups, groupsOmitted: grouped.omitted, durationMs: performance.now() - started };
  }
  return { kind: 'response', source: response.source, method: response.method, path: response.path, status, operation, valid, errors: errorsOf, warnings: warningsOf, groups, groupsOmitted: grouped.omitted, durationMs: performance.now() - started };
}

/** A response's report item: its report with `kind` first. */
export type ResponseItem = Extract<ReportItem, { kind: 'response' }>;

/** A checker of responses into their report items (default or strict rules). */
export function createItemChecker(strict: boolean): (response: CapturedResponse) => Promise<ResponseItem> {
  return async (response) => check(response, strict);
}

/** A checker of responses into their reports, without `kind` (see createItemChecker). */
export function createChecker(strict: boolean): (response: CapturedResponse) => Promise<ResponseReport> {
  const checkItem = createItemChecker(strict);
  return async (response) => {
    const { kind: _, ...report } = await checkItem(response);
    return report;
  };
}
