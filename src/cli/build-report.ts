/** Reads the inputs, checks every captured response and builds the report every reporter renders. */
import { statSync } from 'node:fs';
import { expandPaths, readInputItems, readStreamItems, type InputFile } from '../captures/read-inputs.js';
import { unreadable as unreadableInput } from '../captures/types.js';
import { createChecker } from './check-response.js';
import { checkerModule, checkFileInWorker, checksInWorker, checkThreads, type CheckerModule } from './checks-in-worker.js';
import { createCoverageCollector } from './coverage.js';
import type { ReportItem, ValidateReport } from './report-types.js';

export interface BuildOptions {
  paths: readonly string[];
  cwd: string;
  strict: boolean;
  coverage: boolean;
  allowEmpty: boolean;
  /** Standard input, read for the path `-`; undefined when it is a terminal (nothing piped into it). */
  stdin?: AsyncIterable<Uint8Array>;
  /** Called with each item as soon as it is checked, in input order (to print while reading). */
  onItem?: (item: ReportItem) => void;
  /** The checking thread of large files: its module (checkerModule() unless given) and the size from which it is used (WORKER_MIN_BYTES unless given); null: every file on this thread. */
  worker?: { module?: CheckerModule; minBytes?: number } | null;
}

/** How `file` is checked: in a worker started from the module returned, or on this thread (undefined). */
function workerFor(file: InputFile, options: BuildOptions): CheckerModule | undefined {
  if (file.stdin) return undefined;
  let bytes: number;
  try {
    bytes = statSync(file.path).size;
  } catch {
    return undefined;
  }
  if (options.worker === null || !checksInWorker(bytes, { coverage: options.coverage, minBytes: options.worker?.minBytes })) return undefined;
  return options.worker?.module ?? checkerModule();
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
  const check = createChecker(options.strict);
  for (const file of files) {
    const worker = workerFor(file, options);
    if (worker) {
      for await (const item of checkFileInWorker(file.path, file.label, options.strict, worker, check, checkThreads())) add(item);
      continue;
    }
    const { stdin } = options;
    if (file.stdin && !stdin) {
      add(unreadableInput(file.label, 'standard input is a terminal: pipe a capture or HAR into it (cat capture.json | social-analytics-api validate -)'));
      continue;
    }
    const read = file.stdin && stdin ? readStreamItems(stdin, file.label) : readInputItems(file.path, file.label);
    for await (const item of read) {
      if (item.kind === 'response') {
        coverage?.add(item);
        add({ kind: 'response', ...(await check(item)) });
      } else add(item);
    }
  }
  return reportOf(items, { allowEmpty: options.allowEmpty, coverage: coverage?.result() });
}

/** The report of checked items (in input order): the summary counts them, the exit code follows. */
export function reportOf(items: ReportItem[], options: { allowEmpty: boolean; coverage?: ValidateReport['coverage'] }): ValidateReport {
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
    ...(options.coverage ? { coverage: options.coverage } : {}),
  };
}
