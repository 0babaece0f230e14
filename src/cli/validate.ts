/**
 * `social-analytics-api validate <file|dir|har|->... [options]`: checks captured responses and
 * reports them through one or more reporters (text, json, junit, github, markdown, sarif), each to
 * standard output or to a file written atomically; with the github reporter on a GitHub runner,
 * the Markdown summary is also appended to the job summary (GITHUB_STEP_SUMMARY).
 * Exit codes: 0 all valid, 1 some response invalid or nothing checked, 2 unreadable input, a report not written (standard output closed early too) or usage error.
 */
import { resolve } from 'node:path';
import { baselineText, createBaselineGate, readBaseline, type BaselineEntry } from '../report/baseline.js';
import { checkInputs } from './build-report.js';
import { coverageShortfalls, shortfallText } from '../report/coverage-gate.js';
import type { BaselineCounts, CoverageShortfall, ReportClosing } from '../report/report-types.js';
import { summaryLine } from '../report/reporters/problem-text.js';
import { createSpoolFiles, type SpoolMaker } from '../report/spool.js';
import { VALIDATE_USAGE } from './usage.js';
import { parseValidateArgs } from './validate-args.js';
import { writeReport } from './write-report.js';
import { openReports, type RenderContext } from './write-reports.js';

/** The line under a usage error (never the whole help text). */
export const MORE_HELP = 'run social-analytics-api validate --help for more';

/** Where the command writes; tests pass their own. */
export interface ValidateIo {
  out(text: string): void;
  err(text: string): void;
  cwd?: string;
  /** The environment (GITHUB_WORKSPACE, GITHUB_STEP_SUMMARY); process.env unless given. */
  env?: Readonly<Record<string, string | undefined>>;
  /** What `-` reads; process.stdin unless given (nothing when it is a terminal). */
  stdin?: AsyncIterable<Uint8Array>;
  /** A promise while what `out` wrote waits for its reader (a pipe read slowly), else undefined: checking waits for it. */
  backlog?(): Promise<void> | undefined;
}

/**
 * Standard output and error; output lines are written a batch at a time (see batchedLines). A pipe
 * or socket is written asynchronously: once its buffer is full, the backlog lasts until it drains
 * (or closes: a reader gone is never waited for).
 */
function standardIo(): ValidateIo & { flush(): void } {
  let backlog: Promise<void> | undefined;
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        process.stdout.off('drain', done).off('close', done);
        backlog = undefined;
        resolve();
      };
      process.stdout.on('drain', done).on('close', done);
    });
  const out = batchedLines((text) => {
    if (!process.stdout.write(`${text}\n`) && !process.stdout.destroyed) backlog ??= drained();
  });
  return {
    backlog: () => backlog,
    out: out.add,
    err: (t) => {
      out.flush();
      process.stderr.write(`${t}\n`);
    },
    flush: out.flush,
  };
}

/** Bytes of lines, and milliseconds since the last write, after which they are written. */
const BATCH_BYTES = 64 * 1024;
const BATCH_MS = 100;

/**
 * Lines written a batch at a time (a write per line costs more than the check of a small
 * response), at least every BATCH_MS while lines keep coming; `flush` writes what is left.
 */
function batchedLines(write: (text: string) => void) {
  let lines: string[] = [];
  let bytes = 0;
  let since = performance.now();
  const flush = () => {
    if (lines.length) write(lines.join('\n'));
    lines = [];
    bytes = 0;
    since = performance.now();
  };
  return {
    add(text: string) {
      lines.push(text);
      bytes += text.length;
      if (bytes >= BATCH_BYTES || performance.now() - since >= BATCH_MS) flush();
    },
    flush,
  };
}

/** Runs the command; resolves to the exit code. */
export async function runValidate(args: string[], io?: ValidateIo): Promise<number> {
  if (io) return validate(args, io);
  const standard = standardIo();
  try {
    return await validate(args, standard);
  } finally {
    standard.flush();
  }
}

async function validate(args: string[], io: ValidateIo): Promise<number> {
  const parsed = parseValidateArgs(args);
  if ('error' in parsed) {
    io.err(`social-analytics-api validate: ${parsed.error}\n${MORE_HELP}`);
    return 2;
  }
  if (parsed.help) {
    io.out(VALIDATE_USAGE);
    return 0;
  }
  const cwd = io.cwd ?? process.cwd();
  const env = io.env ?? process.env;
  // Every report names the inputs relative to one root (--root, else the checkout on a runner, else
  // here), so that the text, JSON, JUnit, SARIF, Markdown and annotation paths of a file agree.
  const root = resolve(cwd, parsed.root ?? env.GITHUB_WORKSPACE ?? cwd);
  const context: RenderContext = { cwd: root, root, docsUrl: parsed.docsUrl };
  // Standard input is opened only when `-` asks for it; a terminal is not waited on.
  const stdin = !parsed.paths.includes('-') ? undefined : (io.stdin ?? (process.stdin.isTTY ? undefined : process.stdin));
  const spools = createSpoolFiles();
  try {
    return await streamReports(parsed, { io, cwd, env, context, spool: spools.spool, stdin });
  } finally {
    spools.remove();
  }
}

/**
 * Opens every report's output, then checks the inputs, handing each item to every reporter as it
 * is checked (none is kept), and closes them in the order given: the first report to standard
 * output is printed as it is made, each later one after it. A report that cannot be written is
 * one line naming it and the reason, and exit code 2; the others are written all the same.
 */
async function streamReports(
  parsed: Extract<ReturnType<typeof parseValidateArgs>, { paths: string[] }>,
  run: { io: ValidateIo; cwd: string; env: Readonly<Record<string, string | undefined>>; context: RenderContext; spool: SpoolMaker; stdin?: AsyncIterable<Uint8Array> },
): Promise<number> {
  const { io, cwd, env, context, spool } = run;
  const reports = await openReports(parsed.reporters, { out: io.out, err: io.err, ...(io.backlog ? { backlog: () => io.backlog!() } : {}), env, cwd, context, spool, command: 'validate', standardOutput: 'first' });
  // A baseline that cannot be read stops the run before any input is read: a gate that cannot be checked is no gate.
  const known = parsed.baseline === undefined ? undefined : readBaseline(resolve(cwd, parsed.baseline));
  if (known && 'error' in known) {
    io.err(`social-analytics-api validate: ${known.error}`);
    await reports.abandon();
    return 2;
  }
  const gate = known || parsed.writeBaseline !== undefined ? createBaselineGate(known) : undefined;
  const checked = await checkInputs({
    paths: parsed.paths,
    cwd,
    root: context.root,
    strict: parsed.strict,
    coverage: parsed.coverage,
    allowEmpty: parsed.allowEmpty,
    ...(parsed.shard ? { shard: parsed.shard } : {}),
    ...(parsed.threads === undefined ? {} : { threads: parsed.threads }),
    stdin: run.stdin,
    ...(io.backlog ? { backlog: () => io.backlog!() } : {}),
    onItem: (item) => {
      gate?.add(item);
      reports.item(item);
    },
  });
  const gated = known ? againstBaseline(checked, gate!.counts(), parsed.allowEmpty) : checked;
  const closing = parsed.minCoverage && gated.coverage ? belowCoverage(gated, coverageShortfalls(gated.coverage, parsed.minCoverage)) : gated;
  if (closing.summary.coverageBelow) io.err(`social-analytics-api validate: ${shortfallText(closing.summary.coverageBelow)}`);
  await reports.close(closing);
  if (known) reportFixed(io, gate!.fixed());
  if (gate && parsed.writeBaseline !== undefined) {
    try {
      await writeReport(resolve(cwd, parsed.writeBaseline), baselineText(gate.written()));
    } catch (err) {
      reports.failed({ name: 'baseline', output: parsed.writeBaseline }, err);
    }
  }
  // Every report went to a file: the job log still gets the verdict and where the reports are, on
  // standard error, as the messages about the run go (standard output holds reports only).
  if (!reports.standardOutput) {
    const files = parsed.reporters.map((r) => `${r.name}=${r.output}`).join(', ');
    io.err(`social-analytics-api validate: ${summaryLine(closing.summary)} (reports: ${files})`);
  }
  return reports.writeFailed ? 2 : closing.summary.exitCode;
}

/** The closing of a run against a baseline: its counts in the summary, and only new errors fail it. */
function againstBaseline(closing: ReportClosing, baseline: BaselineCounts, allowEmpty: boolean): ReportClosing {
  const { exitCode: _, ...summary } = closing.summary;
  const exitCode = summary.unreadable ? 2 : baseline.new || (summary.empty && !allowEmpty) ? 1 : 0;
  return { ...closing, summary: { ...summary, baseline, exitCode } };
}

/** The closing of a run with coverage thresholds: the kinds below theirs in the summary, and any fails the run. */
function belowCoverage(closing: ReportClosing, shortfalls: CoverageShortfall[]): ReportClosing {
  if (!shortfalls.length) return closing;
  const { exitCode, ...summary } = closing.summary;
  return { ...closing, summary: { ...summary, coverageBelow: shortfalls, exitCode: Math.max(exitCode, 1) } };
}

/** Text read from a baseline with its control characters escaped (no line of it can forge another). */
const visible = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Fixed errors listed on standard error at most this many (the count says how many in all). */
const FIXED_SHOWN = 20;

/** Says on standard error which errors of the baseline the run no longer has, so that the baseline can be written again. */
function reportFixed(io: ValidateIo, fixed: readonly BaselineEntry[]): void {
  if (!fixed.length) return;
  const total = fixed.reduce((n, e) => n + e.count, 0);
  const lines = fixed.slice(0, FIXED_SHOWN).map((e) => `  ${visible(e.file)} ${visible(e.pointer) || '(body)'} [rule ${visible(e.rule)}]${e.count > 1 ? ` x${e.count}` : ''}`);
  if (fixed.length > FIXED_SHOWN) lines.push(`  and ${fixed.length - FIXED_SHOWN} more`);
  io.err(`social-analytics-api validate: ${total === 1 ? '1 error' : `${total} errors`} of the baseline fixed (write it again with --write-baseline to drop them):\n${lines.join('\n')}`);
}
