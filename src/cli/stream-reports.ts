/**
 * The reports of `validate` and `merge-reports`, written as the items come: every report's output
 * is opened, the command's items handed to every reporter as they come (none is kept), then each
 * report closed in the order given (the first to standard output printed as it is made, each later
 * one after it), with the baseline and the coverage thresholds applied to the closing. A report
 * that cannot be written is one line naming it and the reason, and exit code 2; the others are
 * written all the same.
 */
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { baselineText, createBaselineGate, readBaseline, type BaselineEntry } from '../report/baseline.js';
import { coverageShortfalls, shortfallText, type CoverageMinimums } from '../report/coverage-gate.js';
import type { BaselineCounts, CoverageShortfall, ReportClosing, ReportItem, ReportWriter } from '../report/report-types.js';
import { summaryLine } from '../report/reporters/problem-text.js';
import { JOB_SUMMARY_REPORTER, reporterOf } from '../report/reporters/table.js';
import { writerOf } from '../report/reporters/table.js';
import type { SpoolMaker } from '../report/spool.js';
import { fileOutput, laterOutput, liveOutput, memoryOutput, type ReportOutput } from './report-output.js';
import { reasonOf } from './report-path-error.js';
import type { ReporterChoice } from './validate-args.js';
import { isStandardOutput, writeReport } from './write-report.js';
import type { RenderContext } from './write-reports.js';

/** Where a command writes (ValidateIo's part that reports use). */
export interface ReportIo {
  out(text: string): void;
  err(text: string): void;
  /** A promise while what `out` wrote waits for its reader, else undefined. */
  backlog?(): Promise<void> | undefined;
}

/** The options both commands share: the reports and the gates on the closing. */
export interface ReportOptions {
  reporters: ReporterChoice[];
  allowEmpty: boolean;
  minCoverage?: CoverageMinimums;
  baseline?: string;
  writeBaseline?: string;
}

export interface ReportRun {
  /** The command, as its messages name it (`validate`). */
  command: string;
  io: ReportIo;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  context: RenderContext;
  spool: SpoolMaker;
}

/**
 * Makes the items: hands each to `onItem` with the position of its input, in the order of the
 * report, and resolves to what follows them, or to a message when the items cannot all be made
 * (no report is then put in place: report files are dropped, exit code 2).
 */
export type ItemSource = (onItem: (item: ReportItem, at?: number) => void) => Promise<ReportClosing | { error: string }>;

/** Writes the reports of the items `source` makes; resolves to the exit code. */
export async function streamReports(parsed: ReportOptions, run: ReportRun, source: ItemSource): Promise<number> {
  const { io, cwd, env, context, spool } = run;
  const prefix = `social-analytics-api ${run.command}:`;
  let writeFailed = false;
  const failed = (reporter: { name: string; output?: string }, err: unknown) => {
    io.err(`${prefix} cannot write the ${reporter.name} report to ${reporter.output}: ${reasonOf(err)}`);
    writeFailed = true;
  };
  // The job summary of a step holds what every command of the step wrote to it: it is appended to, never replaced.
  const summaryFile = env.GITHUB_STEP_SUMMARY ? resolve(cwd, env.GITHUB_STEP_SUMMARY) : undefined;
  const appendSummary = (text: string) => {
    try {
      appendFileSync(summaryFile!, `${text}\n`);
    } catch (err) {
      io.err(`${prefix} cannot append the job summary to GITHUB_STEP_SUMMARY (${env.GITHUB_STEP_SUMMARY}): ${(err as Error).message}`);
      writeFailed = true;
    }
  };
  const toSummary = (reporter: ReporterChoice) => reporterOf(reporter.name).jobSummary === true && reporter.output !== undefined && resolve(cwd, reporter.output) === summaryFile;
  const reports: { reporter: { name: string; output?: string }; output: ReportOutput; writer: ReportWriter }[] = [];
  let standardOutput = false;
  for (const reporter of parsed.reporters) {
    let output: ReportOutput;
    if (reporter.output === undefined || isStandardOutput(reporter.output)) {
      output = standardOutput ? laterOutput(io.out, spool, () => io.backlog?.()) : liveOutput(io.out);
      standardOutput = true;
    } else if (toSummary(reporter)) output = memoryOutput(appendSummary);
    else {
      try {
        output = await fileOutput(resolve(cwd, reporter.output), spool);
      } catch (err) {
        failed(reporter, err);
        continue;
      }
    }
    reports.push({ reporter, output, writer: await writerOf(reporterOf(reporter.name), output.write, { ...context, spool }) });
  }
  // With github on a runner, the Markdown summary goes to the job summary too (unless a markdown report already does).
  if (summaryFile && parsed.reporters.some((r) => reporterOf(r.name).addsJobSummary) && !parsed.reporters.some(toSummary)) {
    const output = memoryOutput(appendSummary);
    const reporter = { name: JOB_SUMMARY_REPORTER.name, output: summaryFile };
    reports.push({ reporter, output, writer: await writerOf(JOB_SUMMARY_REPORTER, output.write, { ...context, spool }) });
  }
  const dropAll = async () => {
    for (const { output } of reports) await output.abort?.();
  };
  // A baseline that cannot be read stops the run before any input is read: a gate that cannot be checked is no gate.
  const known = parsed.baseline === undefined ? undefined : readBaseline(resolve(cwd, parsed.baseline));
  if (known && 'error' in known) {
    io.err(`${prefix} ${known.error}`);
    await dropAll();
    return 2;
  }
  const gate = known || parsed.writeBaseline !== undefined ? createBaselineGate(known) : undefined;
  let made: ReportClosing | { error: string };
  try {
    made = await source((item, at) => {
      gate?.add(item);
      for (const { writer } of reports) writer.item(item, at);
    });
  } catch (err) {
    await dropAll();
    throw err;
  }
  if ('error' in made) {
    io.err(`${prefix} ${made.error}`);
    await dropAll();
    return 2;
  }
  const checked = made;
  const gated = known ? againstBaseline(checked, gate!.counts(), parsed.allowEmpty) : checked;
  const closing = parsed.minCoverage && gated.coverage ? belowCoverage(gated, coverageShortfalls(gated.coverage, parsed.minCoverage)) : gated;
  if (closing.summary.coverageBelow) io.err(`${prefix} ${shortfallText(closing.summary.coverageBelow)}`);
  // A reader of standard output that is behind is waited for between the steps of a report's end (its spooled lists).
  const caughtUp = async () => {
    const behind = io.backlog?.();
    if (behind) await behind;
  };
  for (const { reporter, output, writer } of reports) {
    for (const _step of writer.close(closing)) await caughtUp();
    try {
      await output.finish();
    } catch (err) {
      failed(reporter, err);
    }
  }
  if (known) reportFixed(io, prefix, gate!.fixed());
  if (gate && parsed.writeBaseline !== undefined) {
    try {
      await writeReport(resolve(cwd, parsed.writeBaseline), baselineText(gate.written()));
    } catch (err) {
      failed({ name: 'baseline', output: parsed.writeBaseline }, err);
    }
  }
  // Every report went to a file: the job log still gets the verdict and where the reports are, on
  // standard error, as the messages about the run go (standard output holds reports only).
  if (!standardOutput) {
    const files = parsed.reporters.map((r) => `${r.name}=${r.output}`).join(', ');
    io.err(`${prefix} ${summaryLine(closing.summary)} (reports: ${files})`);
  }
  return writeFailed ? 2 : closing.summary.exitCode;
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
function reportFixed(io: ReportIo, prefix: string, fixed: readonly BaselineEntry[]): void {
  if (!fixed.length) return;
  const total = fixed.reduce((n, e) => n + e.count, 0);
  const lines = fixed.slice(0, FIXED_SHOWN).map((e) => `  ${visible(e.file)} ${visible(e.pointer) || '(body)'} [rule ${visible(e.rule)}]${e.count > 1 ? ` x${e.count}` : ''}`);
  if (fixed.length > FIXED_SHOWN) lines.push(`  and ${fixed.length - FIXED_SHOWN} more`);
  io.err(`${prefix} ${total === 1 ? '1 error' : `${total} errors`} of the baseline fixed (write it again with --write-baseline to drop them):\n${lines.join('\n')}`);
}
