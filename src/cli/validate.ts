/**
 * `social-analytics-api validate <file|dir|har|->... [options]`: checks captured responses and
 * reports them through one or more reporters (text, json, junit, github, markdown, sarif), each to
 * standard output or to a file written atomically; with the github reporter on a GitHub runner,
 * the Markdown summary is also appended to the job summary (GITHUB_STEP_SUMMARY).
 * Exit codes: 0 all valid, 1 some response invalid or nothing checked, 2 unreadable input or usage error.
 */
import { resolve } from 'node:path';
import { buildReport } from './build-report.js';
import type { ReportItem } from './report-types.js';
import { closingText, itemLines } from './reporters/text.js';
import { parseValidateArgs } from './validate-args.js';
import { writeReports, type RenderContext } from './write-reports.js';

export const VALIDATE_USAGE = `usage: social-analytics-api validate <file|dir|har|->... [options]

Checks recorded responses against the API description and the requests that were sent.
  <file>   a capture file { "method", "path", "request"?, "response", "status"? } (or an array of them)
           or a HAR 1.2 file (API entries are checked; assets, preflights, failed requests,
           304/204 and redirects are listed as skipped with their reason)
  <dir>    every *.json and *.har file below it (symbolic links followed, cycles detected)
  -        standard input: a capture, an array of captures or a HAR, named <stdin> in reports

options:
  --reporter NAME[=FILE]   text (default), json, junit, github, markdown or sarif; repeat for
                           several.
                           With =FILE (or --output FILE next to it) the report goes to FILE,
                           written atomically; otherwise to standard output.
                           With github, when GITHUB_STEP_SUMMARY is set (GitHub Actions), the
                           markdown summary is also appended to that file (as is markdown=FILE
                           when FILE is that file)
  --output FILE, -o FILE   the file of the --reporter next to it (just before, else just after)
  --json                   the same as --reporter json
  --strict                 inferred rules fail too (by default they are warnings)
  --coverage               add which operations, metrics, post fields and dimensions were exercised
  --allow-empty            a run in which no API response was found exits 0 instead of 1
  --root DIR               github and sarif paths are relative to DIR (default: GITHUB_WORKSPACE
                           when set, else the working directory)
  --docs-url URL           the published docs site: markdown and sarif reports link each rule
                           to URL/rules.html#<rule id> (without it, rules are named as code)
  -h, --help               this help

exit codes: 0 all valid (warnings allowed), 1 some response invalid or no API response found,
            2 unreadable input or usage error`;

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
}

/** Standard output and error; output lines are written a batch at a time (see batchedLines). */
function standardIo(): ValidateIo & { flush(): void } {
  const out = batchedLines((text) => process.stdout.write(`${text}\n`));
  return {
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
  const context: RenderContext = { cwd, root: resolve(cwd, parsed.root ?? env.GITHUB_WORKSPACE ?? cwd), docsUrl: parsed.docsUrl };
  // Standard input is opened only when `-` asks for it; a terminal is not waited on.
  const stdin = !parsed.paths.includes('-') ? undefined : (io.stdin ?? (process.stdin.isTTY ? undefined : process.stdin));
  // A text report to standard output first in line is printed item by item, as the inputs are read.
  const live = parsed.reporters[0]?.name === 'text' && parsed.reporters[0].output === undefined;
  const onItem = live ? (item: ReportItem) => io.out(itemLines(item).join('\n')) : undefined;
  const report = await buildReport({ paths: parsed.paths, cwd, strict: parsed.strict, coverage: parsed.coverage, allowEmpty: parsed.allowEmpty, stdin, onItem });
  const written = await writeReports(parsed.reporters, report, context, { out: io.out, err: io.err, env, command: 'validate' }, live ? closingText(report) : undefined);
  return written ? report.summary.exitCode : 2;
}
