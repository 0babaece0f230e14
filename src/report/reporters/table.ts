/**
 * The reporters of `validate` and `proxy`, one entry each: its name (`--reporter NAME`, one of
 * src/shared/reporter-names.ts, which the help texts and the docs site read), the file extension
 * its reports usually have, what its writer needs beside where its text goes, and the writer
 * (loaded when asked for, so a run loads only the reporters it uses). The option parser, the
 * streaming and whole-report dispatch and the tests read this table: a new reporter is its module
 * in this folder, its name in src/shared/reporter-names.ts and its entry here (a name without an
 * entry, or an entry without a name, does not compile).
 */
import { DEFAULT_REPORTER, type ReporterName } from '../../shared/reporter-names.js';
import type { ReportWriter, ValidateReport } from '../report-types.js';
import type { SpoolMaker } from '../spool.js';
import { renderWith } from './whole.js';

/** What a reporter's writer may be given beside where its text goes. */
export interface WriterRun {
  /** Temporary files for what a report writes after its summary (see spool.ts). */
  spool: SpoolMaker;
  /** Where the report's paths start, as the input labels are written. */
  cwd: string;
  /** The folder annotation and result paths are relative to (`--root`). */
  root: string;
  /** The docs site (ending in `/`) rules link to (`--docs-url`). */
  docsUrl?: string;
}

/** One thing a writer needs from the run. */
export type Need = keyof WriterRun;

/** Makes a reporter's writer from where its text goes and what it declared it needs (it is given nothing else). */
export type MakeWriter<N extends Need = Need> = (write: (text: string) => void, run: Pick<WriterRun, N>) => ReportWriter;

export interface Reporter<Name extends string = string, N extends Need = Need> {
  /** `--reporter NAME`. */
  name: Name;
  /** The extension of its report files (`.xml`), for the example in a message about a file without a reporter. */
  extension?: string;
  /** What its writer reads from the run. */
  needs: readonly N[];
  /**
   * The report a GitHub job summary holds: its report to the file GITHUB_STEP_SUMMARY names is
   * appended there, and a reporter with `addsJobSummary` appends it on a runner.
   */
  jobSummary?: true;
  /** On a runner (GITHUB_STEP_SUMMARY set), the job summary's report is appended too. */
  addsJobSummary?: true;
  /** Its writer's maker. */
  writer(): Promise<MakeWriter<N>>;
}

const reporter = <const Name extends ReporterName, N extends Need = never>(entry: Reporter<Name, N>) => entry;

/** Every reporter, the default first. */
export const REPORTERS = [
  reporter({ name: 'text', needs: [], writer: async () => (await import('./text.js')).createTextWriter }),
  reporter({
    name: 'json',
    extension: '.json',
    needs: ['spool'],
    writer: async () => {
      const { createJsonWriter } = await import('./json.js');
      return (write, run) => createJsonWriter(write, run.spool);
    },
  }),
  reporter({
    name: 'junit',
    extension: '.xml',
    needs: ['spool'],
    writer: async () => {
      const { createJunitWriter } = await import('./junit.js');
      return (write, run) => createJunitWriter(write, run.spool);
    },
  }),
  reporter({
    name: 'github',
    needs: ['cwd', 'root'],
    addsJobSummary: true,
    writer: async () => (await import('./github.js')).createGithubWriter,
  }),
  reporter({
    name: 'markdown',
    extension: '.md',
    needs: ['docsUrl'],
    jobSummary: true,
    writer: async () => (await import('./markdown.js')).createMarkdownReportWriter,
  }),
  reporter({
    name: 'sarif',
    extension: '.sarif',
    needs: ['spool', 'cwd', 'root', 'docsUrl'],
    writer: async () => {
      const { createSarifWriter } = await import('./sarif.js');
      return (write, run) => createSarifWriter(write, run.spool, run);
    },
  }),
  reporter({
    name: 'blob',
    extension: '.jsonl',
    needs: ['spool'],
    writer: async () => {
      const { createBlobWriter } = await import('./blob.js');
      return (write, run) => createBlobWriter(write, run.spool);
    },
  }),
] as const satisfies readonly Reporter[];

/** Compiles only while every name of src/shared/reporter-names.ts has its entry above. */
type EveryNameHasItsEntry<Name extends (typeof REPORTERS)[number]['name'] = ReporterName> = Name;

/** The entry of a reporter. */
export const reporterOf = (name: ReporterName): Reporter<ReporterName> => REPORTERS.find((r: Reporter) => r.name === name)! as Reporter<ReporterName>;

/** The reporter whose report a GitHub job summary holds. */
export const JOB_SUMMARY_REPORTER: Reporter<ReporterName> = REPORTERS.find((r: Reporter) => r.jobSummary === true)! as Reporter<ReporterName>;

/** The reporter a file name suggests by its extension (the default when none does). */
export function reporterForFile(file: string): ReporterName {
  const lower = file.toLowerCase();
  return REPORTERS.find((r: Reporter) => r.extension !== undefined && lower.endsWith(r.extension))?.name ?? DEFAULT_REPORTER;
}

/** What of `run` a reporter declared it needs. */
function given(entry: Reporter, run: WriterRun): WriterRun {
  return Object.fromEntries(entry.needs.map((need) => [need, run[need]])) as unknown as WriterRun;
}

/** The writer of `entry`, writing to `write`. */
export async function writerOf(entry: Reporter, write: (text: string) => void, run: WriterRun): Promise<ReportWriter> {
  return (await entry.writer())(write, given(entry, run));
}

/** A whole report in `entry`'s format: its streaming writer over the report's items. */
export async function renderReport(entry: Reporter, report: ValidateReport, run: Omit<WriterRun, 'spool'>): Promise<string> {
  const make = await entry.writer();
  return renderWith((write, spool) => make(write, given(entry, { ...run, spool })), report);
}
