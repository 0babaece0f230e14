/** Reads the inputs and checks every captured response, handing out each report item in input order; or collects them into the whole report. */
import { expandPaths, openInputItems, readStreamItems, type InputFile } from '../captures/read-inputs.js';
import { unreadable as unreadableInput, type CaptureItem, type CapturedResponse } from '../captures/types.js';
import { createItemChecker } from '../report/check-response.js';
import { checkerModule, checkFileInWorker, checksInWorker, checkThreads, type CheckerModule } from './checks-in-worker.js';
import { createCoverageCollector, type CoverageNames } from '../report/coverage.js';
import { checkFilesInWorkers, FOLDER_MIN_BYTES, FOLDER_MIN_FILES, filesInWorkers, type FileOutcome } from './files-in-workers.js';
import { createHash } from 'node:crypto';
import type { ReportClosing, ReportItem, RunInputs, ValidateReport } from '../report/report-types.js';
import { reportOf } from '../report/report-of.js';
import { createTally } from '../report/tally.js';
import { filesOfShard, type Shard } from './shard.js';

export interface BuildOptions {
  paths: readonly string[];
  cwd: string;
  /** The folder the inputs are named relative to in the report (`--root`, GITHUB_WORKSPACE); `cwd` unless given. */
  root?: string;
  strict: boolean;
  coverage: boolean;
  allowEmpty: boolean;
  /** Standard input, read for the path `-`; undefined when it is a terminal (nothing piped into it). */
  stdin?: AsyncIterable<Uint8Array>;
  /** Called with each item as soon as it is checked, in input order (to print while reading), and the position of its input among the whole run's (RunInputs). */
  onItem?: (item: ReportItem, at: number) => void;
  /**
   * The checking threads: their module (checkerModule() unless given), the size from which a file
   * gets threads of its own (WORKER_MIN_BYTES unless given), the number of files from which a
   * folder's files are spread over threads (FOLDER_MIN_FILES unless given) and, when `threads` is
   * not given, the bytes read on this thread before they are (FOLDER_MIN_BYTES unless given);
   * null: every file on this thread.
   */
  worker?: { module?: CheckerModule; minBytes?: number; minFiles?: number; folderMinBytes?: number } | null;
  /** `--shard i/n`: only the files of that shard are checked (shard.ts). */
  shard?: Shard;
  /** Checking threads at most (`--threads`): 0 checks every file on this thread; checkThreads() unless given. */
  threads?: number;
  /**
   * A promise while the report's reader is behind (standard output waiting to drain), else
   * undefined: checking waits for it after an item, so a slow reader holds the inputs back rather
   * than the report piling up in memory.
   */
  backlog?: () => Promise<void> | undefined;
}

/** How a file of `bytes` is checked: in a worker started from the module returned, or on this thread (undefined). */
function workerFor(bytes: number, options: BuildOptions): CheckerModule | undefined {
  if (options.worker === null || options.threads === 0 || !checksInWorker(bytes, { minBytes: options.worker?.minBytes })) return undefined;
  return options.worker?.module ?? checkerModule();
}

/**
 * Checks every input, handing each item to `onItem` as soon as it is checked, in input order; keeps
 * none of them (a response's body is dropped once it is checked, coverage keeps only names): what
 * follows the items is counted as they go by.
 */
export async function checkInputs(options: BuildOptions & { onItem: (item: ReportItem, at: number) => void }): Promise<ReportClosing> {
  const tally = createTally(options.allowEmpty);
  /** The position of the input being read among the whole run's: the unreadable paths, then the files. */
  let at = 0;
  /** Hands out an item; returns the reader's backlog to wait for (see BuildOptions.backlog). */
  const add = (item: ReportItem): Promise<void> | undefined => {
    tally.add(item);
    options.onItem(item, at);
    return options.backlog?.();
  };
  const expanded = expandPaths(options.paths, options.cwd, options.root);
  const { shard } = options;
  const files = shard ? filesOfShard(expanded.files, shard) : expanded.files;
  const inputs = runInputs(expanded, options);
  // The paths that cannot be read are the first shard's.
  if (!shard || shard.index === 1) for (const [i, u] of expanded.unreadable.entries()) (at = i), add(u);
  /** Where the next file of `files` is in expanded.files (the files of a shard are in their order). */
  let next = 0;
  const placeOf = (file: InputFile) => {
    while (expanded.files[next] !== file) next++;
    return expanded.unreadable.length + next;
  };
  const coverage = options.coverage ? createCoverageCollector() : undefined;
  const check = createItemChecker(options.strict);
  // Many files: the files (standard input aside) are read and checked on threads, their items taken in input order;
  // unless `threads` asks for them, from the file at which this thread has read FOLDER_MIN_BYTES of them on.
  const regular = files.filter((f) => !f.stdin);
  const threads = options.threads ?? checkThreads();
  const poolAfter = options.threads === undefined ? (options.worker?.folderMinBytes ?? FOLDER_MIN_BYTES) : 0;
  const minFiles = options.worker?.minFiles ?? FOLDER_MIN_FILES;
  /** True while the files may still go to threads: enough of them, threads allowed, a second core. */
  let spread = options.worker !== null && threads > 0 && filesInWorkers(regular.length, { minFiles });
  /** The names the threads' responses exercised (each thread collects those of its batches). */
  const onCoverage = coverage ? (names: CoverageNames) => coverage.addNames(names) : undefined;
  let pool: AsyncGenerator<FileOutcome> | undefined;
  /** Regular files taken so far (checked here or by the threads), and the bytes of those read here. */
  let taken = 0;
  let readHere = 0;
  try {
    for (const file of files) {
      at = placeOf(file);
      await checkFile(file);
    }
  } finally {
    await pool?.return(undefined);
  }
  const firstRule = tally.firstRule();
  return { summary: tally.summary(), ...(coverage ? { coverage: coverage.result() } : {}), ...(firstRule ? { firstRule } : {}), inputs };

  async function checkFile(file: InputFile): Promise<void> {
    if (!file.stdin) {
      if (spread && readHere >= poolAfter && regular.length - taken >= minFiles) {
        spread = false;
        const module = options.worker?.module ?? checkerModule();
        if (module) pool = checkFilesInWorkers(regular.slice(taken), options.strict, module, threads, options.worker?.minBytes, onCoverage);
      }
      taken++;
    }
    if (pool && !file.stdin) {
      const outcome = (await pool.next()).value;
      if (outcome && 'items' in outcome) {
        for (const item of outcome.items) add(item);
        await options.backlog?.();
        return;
      }
      // A file for threads of its own: checked below.
    }
    const { stdin } = options;
    if (file.stdin && !stdin) {
      add(unreadableInput(file.label, 'standard input is a terminal: pipe a capture or HAR into it (cat capture.json | social-analytics-api validate -)'));
      return;
    }
    // A file is opened once: its size says whether workers check it.
    const opened = file.stdin ? undefined : openInputItems(file.path, file.label);
    readHere += opened?.size ?? 0;
    const worker = opened && workerFor(opened.size, options);
    if (worker) {
      opened.close();
      const checkHere = (response: CapturedResponse) => (coverage?.add(response), check(response));
      for await (const item of checkFileInWorker(file.path, file.label, options.strict, worker, checkHere, threads, onCoverage)) await add(item);
      return;
    }
    // A file's items are read synchronously (no promise per item); standard input's as they come.
    if (opened) {
      for (const item of opened.whole ?? opened.items) {
        const backlog = add(await checked(item));
        if (backlog) await backlog;
      }
    } else for await (const item of readStreamItems(stdin!, file.label)) await add(await checked(item));
  }

  /** An item's report item: a response's once it is checked (a promise), any other the item itself. */
  function checked(item: CaptureItem): ReportItem | Promise<ReportItem> {
    if (item.kind !== 'response') return item;
    coverage?.add(item);
    return check(item);
  }
}

/** The inputs of the whole run as a shard's report records them (RunInputs). */
function runInputs(expanded: { files: InputFile[]; unreadable: { source: string }[] }, options: BuildOptions): RunInputs {
  const hash = createHash('sha256');
  for (const u of expanded.unreadable) hash.update(`${u.source}\n`);
  for (const f of expanded.files) hash.update(`${f.label}\n`);
  const { shard, strict, coverage, allowEmpty } = options;
  return { count: expanded.unreadable.length + expanded.files.length, digest: hash.digest('hex'), ...(shard ? { shard: { index: shard.index, count: shard.count } } : {}), strict, coverage, allowEmpty };
}

/** Checks every input and collects the whole report (its items kept: for tests and library use; the command streams). */
export async function buildReport(options: BuildOptions): Promise<ValidateReport> {
  const items: ReportItem[] = [];
  const closing = await checkInputs({
    ...options,
    onItem: (item, at) => {
      items.push(item);
      options.onItem?.(item, at);
    },
  });
  return reportOf(items, { allowEmpty: options.allowEmpty, coverage: closing.coverage });
}
