/** Command line of `validate`: inputs, reporters with their outputs, and the flags. */
import { reporterForFile } from '../report/reporters/table.js';
import { DEFAULT_REPORTER, isReporterFlag, isReporterName, REPORTER_FLAG_OPTIONS, REPORTER_FLAGS, REPORTER_NAMES, type ReporterFlag, type ReporterName } from '../shared/reporter-names.js';
import { readMinCoverage, type CoverageMinimums } from '../report/coverage-gate.js';
import { readOptions, type ArgToken, type OptionTable } from './parse-options.js';
import { readShard, type Shard } from './shard.js';

export interface ReporterChoice {
  name: ReporterName;
  /** File to write (atomically); standard output when absent. */
  output?: string;
}

interface ValidateOptions {
  paths: string[];
  reporters: ReporterChoice[];
  strict: boolean;
  coverage: boolean;
  allowEmpty: boolean;
  /** `--root DIR`: the folder every report names files relative to (else GITHUB_WORKSPACE, else the working directory). */
  root?: string;
  /** `--docs-url URL`: the docs site the Markdown report links rules to (`URL/rules.html#<rule id>`). */
  docsUrl?: string;
  /** `--threads N`: checking threads at most beside the reading one (0: everything on one thread); one per core, at most two, unless given. */
  threads?: number;
  /** `--min-coverage KIND=PERCENT,...`: coverage thresholds under which the run fails (implies coverage). */
  minCoverage?: CoverageMinimums;
  /** `--shard i/n`: check only shard i of n of the input files. */
  shard?: Shard;
  /** `--baseline FILE`: only errors it does not list fail the run (a baseline file or a JSON report). */
  baseline?: string;
  /** `--write-baseline FILE`: every error of the run written as a baseline. */
  writeBaseline?: string;
  help: boolean;
}

/** The options `validate` takes; a new flag gets a line here, a case below and a line in VALIDATE_USAGE. */
const VALIDATE_OPTIONS: OptionTable = {
  reporter: { type: 'string' },
  output: { type: 'string', short: 'o' },
  ...REPORTER_FLAG_OPTIONS,
  strict: { type: 'boolean' },
  coverage: { type: 'boolean' },
  'allow-empty': { type: 'boolean' },
  root: { type: 'string' },
  'docs-url': { type: 'string' },
  threads: { type: 'string' },
  'min-coverage': { type: 'string' },
  shard: { type: 'string' },
  baseline: { type: 'string' },
  'write-baseline': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

/** The most checking threads `--threads` takes. */
const MAX_THREADS = 16;

/** The reporters and the `--output` options, in command line order, before they are paired. */
export type Slot = { kind: 'reporter'; choice: ReporterChoice } | { kind: 'output'; flag: string; file: string };

/** `--reporter NAME` or `--reporter NAME=FILE`. */
function reporterChoice(spec: string | undefined): ReporterChoice | { error: string } {
  const names = REPORTER_NAMES.join(', ');
  if (spec === undefined || spec === '') return { error: `--reporter needs a value: ${names} (optionally NAME=FILE)` };
  const eq = spec.indexOf('=');
  const name = eq < 0 ? spec : spec.slice(0, eq);
  if (!isReporterName(name)) return { error: `unknown reporter "${name}": use ${names}` };
  if (eq < 0) return { name };
  if (spec.slice(eq + 1) === '') return { error: `--reporter ${name}=: the file name is missing` };
  return { name, output: spec.slice(eq + 1) };
}

/** `--docs-url URL`: an http(s) URL, given as the folder of the site (a missing final `/` is added). */
export function docsUrl(value: string | undefined): string | { error: string } {
  let url: URL;
  try {
    url = new URL(value ?? '');
  } catch {
    return { error: `--docs-url needs the http(s) URL of the docs site, got ${JSON.stringify(value ?? '')}` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: `--docs-url needs an http(s) URL, got ${JSON.stringify(value)}` };
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

/** Whether `option` is one of the report options, whose slots `pairOutputs` pairs. */
export const isReportOption = (option: string): option is 'reporter' | 'output' | ReporterFlag => option === 'reporter' || option === 'output' || isReporterFlag(option);

/** The slot of a report option (`--reporter NAME[=FILE]`, a reporter's flag as `--json`, `--output FILE`), for `pairOutputs`. */
export function reportSlot(option: 'reporter' | 'output' | ReporterFlag, value: string | undefined, rawName: string): Slot | { error: string } {
  if (isReporterFlag(option)) return { kind: 'reporter', choice: { name: REPORTER_FLAGS[option] } };
  if (option === 'output') return value ? { kind: 'output', flag: rawName, file: value } : { error: `${rawName} needs a file name` };
  const choice = reporterChoice(value);
  return 'error' in choice ? choice : { kind: 'reporter', choice };
}

/**
 * Gives each `--output` to the reporter beside it: the `--reporter` just before it when that one
 * has no file yet, else the one just after it (other options and inputs in between do not count).
 */
export function pairOutputs(slots: Slot[]): string | undefined {
  for (const [i, slot] of slots.entries()) {
    if (slot.kind !== 'output') continue;
    const beside = [slots[i - 1], slots[i + 1]].flatMap((s) => (s?.kind === 'reporter' ? [s.choice] : []));
    const free = beside.find((r) => r.output === undefined);
    if (free) {
      free.output = slot.file;
      continue;
    }
    if (beside.length) return `${slot.flag} ${slot.file}: reporter ${beside[0].name} already writes to ${beside[0].output}`;
    return `${slot.flag} ${slot.file}: write it next to the reporter it is for, as in --reporter ${reporterForFile(slot.file)} --output ${slot.file}`;
  }
  return undefined;
}

/** The options `validate` and `merge-reports` share that shape the reports rather than choose inputs. */
export interface SharedReportOptions {
  reporters: ReporterChoice[];
  root?: string;
  docsUrl?: string;
  minCoverage?: CoverageMinimums;
  baseline?: string;
  writeBaseline?: string;
}

/**
 * Reads `token` when both commands take it: an input (a positional), a reporter or output option
 * (into `slots`, paired later by chooseReporters), or one of the shared report options (`--root`,
 * `--docs-url`, `--min-coverage`, `--baseline`, `--write-baseline`). True when read, false when it
 * is an option of the command's own, or what is wrong with its value.
 */
export function readReportToken(token: ArgToken, options: SharedReportOptions & { paths: string[] }, slots: Slot[]): boolean | { error: string } {
  if (token.kind === 'positional') {
    options.paths.push(token.value);
    return true;
  }
  if (isReportOption(token.name)) {
    const slot = reportSlot(token.name, token.value, token.rawName);
    if ('error' in slot) return slot;
    slots.push(slot);
    return true;
  }
  switch (token.name) {
    case 'root':
      if (!token.value) return { error: `${token.rawName} needs a folder` };
      options.root = token.value;
      return true;
    case 'docs-url': {
      const url = docsUrl(token.value);
      if (typeof url !== 'string') return url;
      options.docsUrl = url;
      return true;
    }
    case 'min-coverage': {
      const wrong = readMinCoverage(token.value, (options.minCoverage ??= {}));
      return wrong ? { error: wrong } : true;
    }
    case 'baseline':
      if (!token.value) return { error: `${token.rawName} needs a file: a baseline written by --write-baseline, or a JSON report` };
      options.baseline = token.value;
      return true;
    case 'write-baseline':
      if (!token.value) return { error: `${token.rawName} needs a file to write the baseline to` };
      options.writeBaseline = token.value;
      return true;
    default:
      return false;
  }
}

/**
 * Sets `options.reporters` from the reporter and output options in command line order (the
 * default reporter when none is chosen); what is wrong: an output with no reporter beside it,
 * two reports to one file, a baseline written over a report. Gives the files reports go to.
 */
export function chooseReporters(slots: Slot[], options: SharedReportOptions): { files: string[] } | { error: string } {
  const unpaired = pairOutputs(slots);
  if (unpaired) return { error: unpaired };
  options.reporters = slots.flatMap((s) => (s.kind === 'reporter' ? [s.choice] : []));
  if (!options.reporters.length) options.reporters.push({ name: DEFAULT_REPORTER });
  const files = options.reporters.map((r) => r.output).filter((f): f is string => f !== undefined);
  const twice = files.find((f, i) => files.indexOf(f) !== i);
  if (twice) return { error: `two reporters write to ${twice}` };
  if (options.writeBaseline !== undefined && files.includes(options.writeBaseline)) return { error: `--write-baseline ${options.writeBaseline}: a reporter writes to that file` };
  return { files };
}

/**
 * Parses `args`; `--reporter junit=report.xml`, `--reporter junit --output report.xml` and
 * `--output report.xml --reporter junit` are the same.
 */
export function parseValidateArgs(args: readonly string[]): ValidateOptions | { error: string } {
  const read = readOptions(args, VALIDATE_OPTIONS);
  if ('error' in read) return read;
  const options: ValidateOptions = { paths: [], reporters: [], strict: false, coverage: false, allowEmpty: false, help: false };
  const slots: Slot[] = [];
  for (const token of read.tokens) {
    const taken = readReportToken(token, options, slots);
    if (typeof taken === 'object') return taken;
    if (taken || token.kind !== 'option') continue;
    switch (token.name) {
      case 'strict':
        options.strict = true;
        break;
      case 'coverage':
        options.coverage = true;
        break;
      case 'allow-empty':
        options.allowEmpty = true;
        break;
      case 'threads': {
        const threads = /^\d{1,2}$/.test(token.value ?? '') ? Number(token.value) : NaN;
        if (!(threads <= MAX_THREADS)) return { error: `${token.rawName} needs a number of checking threads from 0 to ${MAX_THREADS}, got ${JSON.stringify(token.value ?? '')}` };
        options.threads = threads;
        break;
      }
      case 'shard': {
        const shard = readShard(token.value);
        if ('error' in shard) return shard;
        options.shard = shard;
        break;
      }
      case 'help':
        options.help = true;
        break;
    }
  }
  // A coverage threshold needs the coverage it is measured on.
  if (options.minCoverage) options.coverage = true;
  const chosen = chooseReporters(slots, options);
  if ('error' in chosen) return chosen;
  if (options.paths.filter((p) => p === '-').length > 1) return { error: '- (standard input) is given twice: it can be read once' };
  if (!options.help && !options.paths.length) return { error: 'no input given (usage: social-analytics-api validate <file|dir|har>... [options])' };
  return options;
}
