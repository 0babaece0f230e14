/**
 * `social-analytics-api merge-reports <shard report>... [options]`: writes the reports of a run
 * split over a CI matrix (`validate --shard I/N --reporter blob=FILE` in each job) from the shards'
 * reports, as one machine checking every input writes them (the check times aside): the same
 * reporters and options as `validate`, the baseline and coverage thresholds applied to the whole.
 * Exit codes: those of `validate`; 2 also when the reports are not the shards of one run, each once.
 */
import { resolve } from 'node:path';
import { mergeShardItems, openShardMerge } from '../report/merge-shards.js';
import { REPORTER_FLAG_OPTIONS } from '../shared/reporter-names.js';
import { createSpoolFiles } from '../report/spool.js';
import { displayPath } from '../captures/read-inputs.js';
import { readOptions, type OptionTable } from './parse-options.js';
import { streamReports, type ReportOptions } from './stream-reports.js';
import { MERGE_REPORTS_USAGE } from './usage.js';
import { standardIo, type ValidateIo } from './validate.js';
import { chooseReporters, readReportToken, type Slot } from './validate-args.js';

const MORE_HELP = 'run social-analytics-api merge-reports --help for more';

export interface MergeOptions extends ReportOptions {
  /** The shards' reports. */
  paths: string[];
  root?: string;
  docsUrl?: string;
  help: boolean;
}

/** The options `merge-reports` takes: those of `validate` that shape the reports, not those that choose or check inputs. */
const MERGE_OPTIONS: OptionTable = {
  reporter: { type: 'string' },
  output: { type: 'string', short: 'o' },
  ...REPORTER_FLAG_OPTIONS,
  root: { type: 'string' },
  'docs-url': { type: 'string' },
  'min-coverage': { type: 'string' },
  baseline: { type: 'string' },
  'write-baseline': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

export function parseMergeArgs(args: readonly string[]): MergeOptions | { error: string } {
  const read = readOptions(args, MERGE_OPTIONS);
  if ('error' in read) return read;
  const options: MergeOptions = { paths: [], reporters: [], allowEmpty: false, help: false };
  const slots: Slot[] = [];
  for (const token of read.tokens) {
    const taken = readReportToken(token, options, slots);
    if (typeof taken === 'object') return taken;
    if (!taken && token.kind === 'option' && token.name === 'help') options.help = true;
  }
  const chosen = chooseReporters(slots, options);
  if ('error' in chosen) return chosen;
  const files = chosen.files;
  const overwritten = [...files, ...(options.writeBaseline === undefined ? [] : [options.writeBaseline])].find((f) => options.paths.includes(f));
  if (overwritten) return { error: `${overwritten} is a shard's report to merge and the file a report is written to` };
  if (!options.help && !options.paths.length) return { error: 'no shard report given (usage: social-analytics-api merge-reports <shard report>... [options])' };
  return options;
}

/** Runs the command; resolves to the exit code. */
export async function runMergeReports(args: string[], io?: ValidateIo): Promise<number> {
  if (io) return mergeReports(args, io);
  const standard = standardIo();
  try {
    return await mergeReports(args, standard);
  } finally {
    standard.flush();
  }
}

async function mergeReports(args: string[], io: ValidateIo): Promise<number> {
  const parsed = parseMergeArgs(args);
  if ('error' in parsed) {
    io.err(`social-analytics-api merge-reports: ${parsed.error}\n${MORE_HELP}`);
    return 2;
  }
  if (parsed.help) {
    io.out(MERGE_REPORTS_USAGE);
    return 0;
  }
  const cwd = io.cwd ?? process.cwd();
  const env = io.env ?? process.env;
  // The reports' paths were written relative to each shard's root; the same root here writes them the same.
  const root = resolve(cwd, parsed.root ?? env.GITHUB_WORKSPACE ?? cwd);
  // Every report is opened and its first line checked before any report is begun.
  const merge = openShardMerge(parsed.paths.map((p) => ({ path: resolve(cwd, p), label: displayPath(resolve(cwd, p), cwd) })));
  if ('error' in merge) {
    io.err(`social-analytics-api merge-reports: ${merge.error}`);
    return 2;
  }
  if (parsed.minCoverage && !merge.coverage) {
    merge.close();
    io.err(`social-analytics-api merge-reports: --min-coverage needs the coverage of the shards: run them with --coverage (or --min-coverage)\n${MORE_HELP}`);
    return 2;
  }
  const spools = createSpoolFiles();
  try {
    return await streamReports({ ...parsed, allowEmpty: merge.allowEmpty }, { command: 'merge-reports', io, cwd, env, context: { cwd: root, root, docsUrl: parsed.docsUrl }, spool: spools.spool }, (onItem) =>
      mergeShardItems(merge, onItem, io.backlog ? () => io.backlog!() : undefined),
    );
  } finally {
    merge.close();
    spools.remove();
  }
}
