/**
 * The reports of `validate` and `merge-reports`, written as the items come: every report's output
 * is opened, the command's items handed to every reporter as they come (none is kept), then each
 * report closed in the order given (the first to standard output printed as it is made, each later
 * one after it), with the baseline and the coverage thresholds applied to the closing. A report
 * that cannot be written is one line naming it and the reason, and exit code 2; the others are
 * written all the same.
 */
import { resolve } from 'node:path';
import { baselineText, createBaselineGate, readBaseline, type BaselineEntry } from '../report/baseline.js';
import { coverageShortfalls, shortfallText, type CoverageMinimums } from '../report/coverage-gate.js';
import type { BaselineCounts, CoverageShortfall, ReportClosing, ReportItem } from '../report/report-types.js';
import { summaryLine } from '../report/reporters/problem-text.js';
import { safeText } from '../report/reporters/safe-text.js';
import type { SpoolMaker } from '../report/spool.js';
import type { ReporterChoice } from './validate-args.js';
import { writeReport } from './write-report.js';
import { openReports, type RenderContext } from './write-reports.js';

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
  const reports = await openReports(parsed.reporters, { out: io.out, err: io.err, ...(io.backlog ? { backlog: () => io.backlog!() } : {}), env, cwd, context, spool, command: run.command, standardOutput: 'first' });
  const dropAll = () => reports.abandon();
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
      reports.item(item, at);
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
  await reports.close(closing);
  if (known) reportFixed(io, prefix, gate!.fixed());
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
    io.err(`${prefix} ${summaryLine(closing.summary)} (reports: ${files})`);
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

/** Fixed errors listed on standard error at most this many (the count says how many in all). */
const FIXED_SHOWN = 20;

/** Says on standard error which errors of the baseline the run no longer has, so that the baseline can be written again. */
function reportFixed(io: ReportIo, prefix: string, fixed: readonly BaselineEntry[]): void {
  if (!fixed.length) return;
  const total = fixed.reduce((n, e) => n + e.count, 0);
  const lines = fixed.slice(0, FIXED_SHOWN).map((e) => `  ${safeText(e.file)} ${safeText(e.pointer) || '(body)'} [rule ${safeText(e.rule)}]${e.count > 1 ? ` x${e.count}` : ''}`);
  if (fixed.length > FIXED_SHOWN) lines.push(`  and ${fixed.length - FIXED_SHOWN} more`);
  io.err(`${prefix} ${total === 1 ? '1 error' : `${total} errors`} of the baseline fixed (write it again with --write-baseline to drop them):\n${lines.join('\n')}`);
}
