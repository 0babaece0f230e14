/** Reads the inputs, checks every captured response and builds the report every reporter renders. */
import { expandPaths, readInputItems } from '../captures/read-inputs.js';
import type { CapturedResponse } from '../captures/types.js';
import type { ValidationError, ValidationResult } from '../validators/types.js';
// The package's validators entry: one bundled file once compiled (scripts/compile-javascript.mjs).
import { lookupOperation, validateResponse } from '../validators/index.js';
import { createCoverageCollector } from './coverage.js';
import { groupProblems } from './group-problems.js';
import type { Problem, ProblemGroup, ReportItem, ResponseReport, ValidateReport } from './report-types.js';

export interface BuildOptions {
  paths: readonly string[];
  cwd: string;
  strict: boolean;
  coverage: boolean;
  allowEmpty: boolean;
  /** Called with each item as soon as it is checked, in input order (to print while reading). */
  onItem?: (item: ReportItem) => void;
}

/** Problems collected per response before grouping (the report's cap counts groups, see group-problems.ts). */
export const MAX_PROBLEMS = 10_000;

const toProblem = ({ pointer, message, rule, severity }: ValidationError): Problem => ({ pointer, message, rule, severity });

/** The module that places problems; loaded (with its parser) only once a response has problems. */
type Locator = typeof import('../captures/locate.js');

/** Places each problem (and each group, by its first pointer) on the line of its value in the file. */
function placed(locator: Locator, response: CapturedResponse, problems: Problem[], groups: ProblemGroup[]): { problems: Problem[]; groups: ProblemGroup[] } {
  const locate = response.raw ? locator.bodyLocator(response.raw) : undefined;
  if (!locate) return { problems, groups };
  const at = (pointer: string) => {
    const { line, column } = locate(pointer);
    return { line, column };
  };
  return { problems: problems.map((p) => ({ ...p, ...at(p.pointer) })), groups: groups.map((g) => ({ ...g, ...at(g.pointers[0] ?? g.shape) })) };
}

async function check(response: CapturedResponse, strict: boolean, loadLocator: () => Promise<Locator>): Promise<ResponseReport> {
  const started = performance.now();
  const status = response.status ?? 200;
  const result: Pick<ValidationResult, 'operation' | 'errors' | 'warnings'> = response.bodyProblem
    ? { operation: lookupOperation(response.method, response.path).operation?.key, errors: [{ pointer: '', message: response.bodyProblem, rule: 'shared.response.json', severity: 'error' }], warnings: [] }
    : validateResponse({ method: response.method, path: response.path, body: response.body, request: response.request, status, strict }, { maxProblems: MAX_PROBLEMS });
  const errors = result.errors.map(toProblem);
  const warnings = result.warnings.map(toProblem);
  if (response.requestMissing) {
    warnings.unshift({ pointer: '', message: `request-aware checks did not run: ${response.requestMissing}`, rule: null, severity: 'warning' });
  }
  const grouped = groupProblems([...errors, ...warnings]);
  const found = [...errors, ...warnings];
  const { problems, groups } = found.length ? placed(await loadLocator(), response, found, grouped.groups) : { problems: found, groups: grouped.groups };
  return {
    source: response.source,
    ...(response.raw ? { file: response.raw.file, line: response.raw.start.line, column: response.raw.start.column } : {}),
    method: response.method,
    path: response.path,
    status,
    operation: result.operation ?? null,
    valid: errors.length === 0,
    errors: problems.slice(0, errors.length),
    warnings: problems.slice(errors.length),
    groups,
    groupsOmitted: grouped.omitted,
    durationMs: performance.now() - started,
  };
}

/** Checks every input; a response's body is dropped once it is checked (coverage keeps only names). */
export async function buildReport(options: BuildOptions): Promise<ValidateReport> {
  const items: ReportItem[] = [];
  const { files, unreadable } = expandPaths(options.paths, options.cwd);
  const add = (item: ReportItem) => {
    items.push(item);
    options.onItem?.(item);
  };
  for (const u of unreadable) add(u);
  const coverage = options.coverage ? createCoverageCollector() : undefined;
  let locator: Promise<Locator> | undefined;
  const loadLocator = () => (locator ??= import('../captures/locate.js'));
  for (const file of files) {
    for await (const item of readInputItems(file.path, file.label)) {
      if (item.kind === 'response') {
        coverage?.add(item);
        add({ kind: 'response', ...(await check(item, options.strict, loadLocator)) });
      } else add(item);
    }
  }
  const results = items.flatMap((i) => (i.kind === 'response' ? [(({ kind: _, ...r }) => r)(i)] : []));
  const skipped = items.flatMap((i) => (i.kind === 'skipped' ? [{ source: i.source, reason: i.reason, detail: i.detail }] : []));
  const unreadableList = items.flatMap((i) => (i.kind === 'unreadable' ? [(({ kind: _, ...u }) => u)(i)] : []));
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
