/**
 * `social-analytics-api validate <file|dir|har|->... [options]`: checks captured responses and
 * reports them through one or more reporters (text, json, junit, github, markdown, sarif, blob), each to
 * standard output or to a file written atomically; with the github reporter on a GitHub runner,
 * the Markdown summary is also appended to the job summary (GITHUB_STEP_SUMMARY).
 * Exit codes: 0 all valid, 1 some response invalid or nothing checked, 2 unreadable input, a report not written (standard output closed early too) or usage error.
 */
import { resolve } from 'node:path';
import { checkInputs } from './build-report.js';
import { createSpoolFiles } from '../report/spool.js';
import { streamReports } from './stream-reports.js';
import { VALIDATE_USAGE } from './usage.js';
import { parseValidateArgs } from './validate-args.js';
import type { RenderContext } from './write-reports.js';

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
export function standardIo(): ValidateIo & { flush(): void } {
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
    return await streamReports(parsed, { command: 'validate', io, cwd, env, context, spool: spools.spool }, (onItem) =>
      checkInputs({
        paths: parsed.paths,
        cwd,
        root: context.root,
        strict: parsed.strict,
        coverage: parsed.coverage,
        allowEmpty: parsed.allowEmpty,
        ...(parsed.shard ? { shard: parsed.shard } : {}),
        ...(parsed.threads === undefined ? {} : { threads: parsed.threads }),
        stdin,
        ...(io.backlog ? { backlog: () => io.backlog!() } : {}),
        onItem,
      }),
    );
  } finally {
    spools.remove();
  }
}
