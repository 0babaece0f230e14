/**
 * The reports a command was given (`--reporter NAME[=FILE]`), written as the items come: each
 * reporter's streaming writer (src/report/reporters/) into where its text goes (report-output.ts):
 * standard output, a file written beside its place and renamed at the end, a FIFO or character
 * device, or the GitHub job summary (appended to, with the markdown reporter's report). No item
 * is kept: what a format needs before its items is spooled to disk (src/report/spool.ts).
 * `validate`, `merge-reports` (src/cli/stream-reports.ts) and `proxy` share it.
 */
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ReportClosing, ReportItem, ReportWriter } from '../report/report-types.js';
import { closingText } from '../report/reporters/text.js';
import { JOB_SUMMARY_REPORTER, reporterOf, writerOf, type WriterRun } from '../report/reporters/table.js';
import { DEFAULT_REPORTER } from '../shared/reporter-names.js';
import type { SpoolMaker } from '../report/spool.js';
import { fileOutput, laterOutput, liveOutput, memoryOutput, type ReportOutput } from './report-output.js';
import { reasonOf } from './report-path-error.js';
import type { ReporterChoice } from './validate-args.js';
import { isStandardOutput } from './write-report.js';

/** What reporters need beside the report: where annotation paths start, where the docs are. */
export type RenderContext = Omit<WriterRun, 'spool'>;

export interface ReportRun {
  out(text: string): void;
  err(text: string): void;
  /** A promise while what `out` wrote waits for its reader, else undefined: the end of a report waits for it between chunks. */
  backlog?(): Promise<void> | undefined;
  /** The environment (GITHUB_STEP_SUMMARY). */
  env: Readonly<Record<string, string | undefined>>;
  /** Where relative report paths start. */
  cwd: string;
  context: RenderContext;
  spool: SpoolMaker;
  /** The command, for messages: `validate`. */
  command: string;
  /**
   * How standard output takes the reports: `first` (validate) writes the first report to it as
   * it is made, each later one after it; `closing` (proxy: standard output carries a line per
   * exchange while it runs) writes every report to it at the end, the default text reporter
   * given first without a file as its closing lines only (the lines per exchange stand for its
   * item lines).
   */
  standardOutput: 'first' | 'closing';
}

export interface OpenReports {
  /** Whether some report goes to standard output. */
  readonly standardOutput: boolean;
  /** Hands an item to every report (`at`: the position of its input, as ReportWriter.item takes it). */
  item(item: ReportItem, at?: number): void;
  /** Writes what follows the items of every report and puts each where it goes, in the order given. */
  close(closing: ReportClosing): Promise<void>;
  /** Drops every report file not yet in place (the run ended before its reports were due). */
  abandon(): Promise<void>;
  /** Says on `err` that a report could not be written (also for files the command writes beside them). */
  failed(reporter: { name: string; output?: string }, error: unknown): void;
  /** Whether a report could not be opened or written. */
  readonly writeFailed: boolean;
}

/** The default text reporter's closing lines only: what follows lines printed per item. */
const closingOnly = (write: (text: string) => void): ReportWriter => ({
  item: () => undefined,
  *close(closing) {
    write(closingText(closing));
  },
});

/**
 * Opens every report's output and writer before any item comes, so that a path that cannot be
 * written is known at once (one line naming it and the reason; the others are written all the
 * same, and `writeFailed` says so).
 */
export async function openReports(reporters: readonly ReporterChoice[], run: ReportRun): Promise<OpenReports> {
  const { cwd, env, spool, context } = run;
  let writeFailed = false;
  const failed = (reporter: { name: string; output?: string }, error: unknown) => {
    run.err(`social-analytics-api ${run.command}: cannot write the ${reporter.name} report to ${reporter.output}: ${reasonOf(error)}`);
    writeFailed = true;
  };
  // The job summary of a step holds what every command of the step wrote to it: it is appended to, never replaced.
  const summaryFile = env.GITHUB_STEP_SUMMARY ? resolve(cwd, env.GITHUB_STEP_SUMMARY) : undefined;
  const appendSummary = (text: string) => {
    try {
      appendFileSync(summaryFile!, `${text}\n`);
    } catch (error) {
      run.err(`social-analytics-api ${run.command}: cannot append the job summary to GITHUB_STEP_SUMMARY (${env.GITHUB_STEP_SUMMARY}): ${(error as Error).message}`);
      writeFailed = true;
    }
  };
  const toSummary = (reporter: ReporterChoice) => reporterOf(reporter.name).jobSummary === true && reporter.output !== undefined && resolve(cwd, reporter.output) === summaryFile;
  const behind = () => run.backlog?.();
  const reports: { reporter: { name: string; output?: string }; output: ReportOutput; writer: ReportWriter }[] = [];
  let standardOutput = false;
  for (const [i, reporter] of reporters.entries()) {
    if (reporter.output === undefined || isStandardOutput(reporter.output)) {
      const closingLines = run.standardOutput === 'closing' && i === 0 && reporter.name === DEFAULT_REPORTER && reporter.output === undefined;
      const output = (run.standardOutput === 'first' && !standardOutput) || closingLines ? liveOutput(run.out) : laterOutput(run.out, spool, behind);
      standardOutput = true;
      reports.push({ reporter, output, writer: closingLines ? closingOnly(output.write) : await writerOf(reporterOf(reporter.name), output.write, { ...context, spool }) });
      continue;
    }
    let output: ReportOutput;
    if (toSummary(reporter)) output = memoryOutput(appendSummary);
    else {
      try {
        output = await fileOutput(resolve(cwd, reporter.output), spool);
      } catch (error) {
        failed(reporter, error);
        continue;
      }
    }
    reports.push({ reporter, output, writer: await writerOf(reporterOf(reporter.name), output.write, { ...context, spool }) });
  }
  // With github on a runner, the Markdown summary goes to the job summary too (unless a markdown report already does).
  if (summaryFile && reporters.some((r) => reporterOf(r.name).addsJobSummary) && !reporters.some(toSummary)) {
    const output = memoryOutput(appendSummary);
    reports.push({ reporter: { name: JOB_SUMMARY_REPORTER.name, output: summaryFile }, output, writer: await writerOf(JOB_SUMMARY_REPORTER, output.write, { ...context, spool }) });
  }
  return {
    standardOutput,
    item(item, at) {
      for (const { writer } of reports) writer.item(item, at);
    },
    async close(closing) {
      for (const { reporter, output, writer } of reports) {
        // A reader of standard output that is behind is waited for between the steps of a report's end (its spooled lists).
        for (const _step of writer.close(closing)) {
          const wait = behind();
          if (wait) await wait;
        }
        try {
          await output.finish();
        } catch (error) {
          failed(reporter, error);
        }
      }
    },
    async abandon() {
      for (const { output } of reports) await output.abort?.();
    },
    failed,
    get writeFailed() {
      return writeFailed;
    },
  };
}
