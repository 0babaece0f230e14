/**
 * Writing a report through the reporters a command was given (`--reporter NAME[=FILE]`): each to
 * standard output or to where its file path points (src/cli/write-report.ts), the markdown summary appended to GitHub's
 * job summary when asked. `validate` and `proxy` share it.
 */
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ValidateReport } from '../report/report-types.js';
import { JOB_SUMMARY_REPORTER, renderReport, reporterOf, type WriterRun } from '../report/reporters/table.js';
import type { ReporterChoice } from './validate-args.js';
import { reasonOf } from './report-path-error.js';
import { isStandardOutput, writeReport } from './write-report.js';

/** What reporters need beside the report: where annotation paths start, where the docs are. */
export type RenderContext = Omit<WriterRun, 'spool'>;

export interface ReportOutput {
  out(text: string): void;
  err(text: string): void;
  /** The environment (GITHUB_STEP_SUMMARY). */
  env: Readonly<Record<string, string | undefined>>;
  /** The command, for messages: `validate`. */
  command: string;
}

/**
 * Renders `report` with each reporter and writes it; `first` replaces the text of the first
 * reporter (the closing lines of a report printed item by item). Resolves to false when a file
 * could not be written (each such failure is one line on `err`).
 */
export async function writeReports(reporters: readonly ReporterChoice[], report: ValidateReport, context: RenderContext, io: ReportOutput, first?: string): Promise<boolean> {
  const { env, cwd } = { env: io.env, cwd: context.cwd };
  let writeFailed = false;
  // The job summary of a step holds what every command of the step wrote to it: it is appended to, never replaced.
  const summaryFile = env.GITHUB_STEP_SUMMARY ? resolve(cwd, env.GITHUB_STEP_SUMMARY) : undefined;
  let summaryWritten = false;
  const appendSummary = (file: string, text: string) => {
    try {
      appendFileSync(file, `${text}\n`);
    } catch (err) {
      io.err(`social-analytics-api ${io.command}: cannot append the job summary to GITHUB_STEP_SUMMARY (${env.GITHUB_STEP_SUMMARY}): ${(err as Error).message}`);
      writeFailed = true;
    }
    summaryWritten = true;
  };
  for (const [i, reporter] of reporters.entries()) {
    const text = first !== undefined && i === 0 ? first : await renderReport(reporterOf(reporter.name), report, context);
    if (reporter.output === undefined || isStandardOutput(reporter.output)) io.out(text.replace(/\n$/, ''));
    else if (reporterOf(reporter.name).jobSummary && resolve(cwd, reporter.output) === summaryFile) appendSummary(summaryFile, text);
    else {
      try {
        await writeReport(resolve(cwd, reporter.output), text);
      } catch (err) {
        io.err(`social-analytics-api ${io.command}: cannot write the ${reporter.name} report to ${reporter.output}: ${reasonOf(err)}`);
        writeFailed = true;
      }
    }
  }
  if (summaryFile && !summaryWritten && reporters.some((r) => reporterOf(r.name).addsJobSummary)) appendSummary(summaryFile, await renderReport(JOB_SUMMARY_REPORTER, report, context));
  return !writeFailed;
}
