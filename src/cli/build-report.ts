/** Reads the inputs and checks every captured response, handing out each report item in input order; or collects them into the whole report. */
import { listInputs, openInputItems, readStreamItems, type InputFile } from '../captures/read-inputs.js';
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
  const listing = listInputs(options.paths, options.cwd, options.root);
  const { shard } = options;
  // The run's inputs (RunInputs): their count, and a digest of their names, the paths that cannot be read first, each file's as it is taken.
  const hash = createHash('sha256');
  for (const u of listing.unreadable) hash.update(`${u.source}\n`);
  let listed = 0;
  /** Every file of the run, in input order, with its position among the run's files; the names hashed as they go by. */
  function* allFiles(): Generator<{ file: InputFile; index: number }> {
    for (const file of listing.files()) {
      hash.update(`${file.label}\n`);
      yield { file, index: listed++ };
    }
  }
  // A shard's files are chosen among them all by their sizes (shard.ts): that choice lists the files whole.
  const mine = shard ? shardPositions([...listing.files()], shard) : undefined;
  const files = mine ? shardFiles(allFiles(), mine.positions) : allFiles();
  // The paths that cannot be read are the first shard's.
  if (!shard || shard.index === 1) for (const [i, u] of listing.unreadable.entries()) (at = i), add(u);
  /** Files taken from `files` for the checking threads and not yet by the loop below (the batches in flight at most). */
  const ahead: { file: InputFile; index: number }[] = [];
  /**
   * The next file for the loop below: once the threads check the files, the next they took (they
   * keep batches in flight as long as `files` has more, so none is left when they took none), else
   * the next of `files`.
   */
  const nextFile = () => (pool ? ahead.shift() : (files.next().value as { file: InputFile; index: number } | undefined));
  /** The regular files for the threads: `first` (the loop's), then those taken from `files` (standard input left to the loop), each kept in `ahead` for the loop. */
  function* forThreads(first: InputFile): Generator<InputFile> {
    yield first;
    for (let got = files.next(); !got.done; got = files.next()) {
      ahead.push(got.value);
      if (!got.value.file.stdin) yield got.value.file;
    }
  }
  const coverage = options.coverage ? createCoverageCollector() : undefined;
  const check = createItemChecker(options.strict);
  // Many files: the files (standard input aside) are read and checked on threads, their items taken in input order;
  // unless `threads` asks for them, from the file at which this thread has read FOLDER_MIN_BYTES of them on.
  const stdinFiles = options.paths.filter((p) => p === '-').length;
  const regular = mine ? mine.regular : listing.count - stdinFiles;
  const threads = options.threads ?? checkThreads();
  const poolAfter = options.threads === undefined ? (options.worker?.folderMinBytes ?? FOLDER_MIN_BYTES) : 0;
  const minFiles = options.worker?.minFiles ?? FOLDER_MIN_FILES;
  /** True while the files may still go to threads: enough of them, threads allowed, a second core. */
  let spread = options.worker !== null && threads > 0 && filesInWorkers(regular, { minFiles });
  /** The names the threads' responses exercised (each thread collects those of its batches). */
  const onCoverage = coverage ? (names: CoverageNames) => coverage.addNames(names) : undefined;
  let pool: AsyncGenerator<FileOutcome> | undefined;
  /** Regular files taken so far (checked here or by the threads), and the bytes of those read here. */
  let taken = 0;
  let readHere = 0;
  try {
    for (let next = nextFile(); next; next = nextFile()) {
      at = listing.unreadable.length + next.index;
      await checkFile(next.file);
    }
  } finally {
    await pool?.return(undefined);
  }
  const firstRule = tally.firstRule();
  // Every file was listed (a shard's loop skips the others): the rest of a listing left by an early end is counted in.
  for (let rest = files.next(); !rest.done; rest = files.next());
  const inputs: RunInputs = { count: listing.unreadable.length + listed, digest: hash.digest('hex'), ...(shard ? { shard: { index: shard.index, count: shard.count } } : {}), strict: options.strict, coverage: options.coverage, allowEmpty: options.allowEmpty };
  return { summary: tally.summary(), ...(coverage ? { coverage: coverage.result() } : {}), ...(firstRule ? { firstRule } : {}), inputs };

  async function checkFile(file: InputFile): Promise<void> {
    if (!file.stdin) {
      if (spread && readHere >= poolAfter && regular - taken >= minFiles) {
        spread = false;
        const module = options.worker?.module ?? checkerModule();
        if (module) pool = checkFilesInWorkers(forThreads(file), options.strict, module, threads, options.worker?.minBytes, onCoverage);
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

/** The positions among `files` of the shard's (standard input included in the first), and how many of them are regular files. */
function shardPositions(files: InputFile[], shard: Shard): { positions: Set<number>; regular: number } {
  const chosen = new Set(filesOfShard(files, shard));
  const positions = new Set<number>();
  let regular = 0;
  for (const [i, file] of files.entries()) {
    if (!chosen.has(file)) continue;
    positions.add(i);
    if (!file.stdin) regular++;
  }
  return { positions, regular };
}

/** The files of `all` at `positions` (a shard's), with their positions among all. */
function* shardFiles(all: Generator<{ file: InputFile; index: number }>, positions: ReadonlySet<number>): Generator<{ file: InputFile; index: number }> {
  for (const got of all) if (positions.has(got.index)) yield got;
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
