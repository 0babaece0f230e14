#!/usr/bin/env node
/**
 * The package's command line: `social-analytics-api <command> ...`.
 *   validate <file|dir|har>...   check captured responses (see README)
 *   merge-reports <shard report>...   the reports of a run split over CI jobs (validate --shard)
 *   rules [id]                   explain a rule of the register (the id every problem names)
 *   --version, help [command]
 *   mock [--port N] ...          run the catalog-aware mock server
 *   proxy --target URL ...       forward to the API or the mock, checking (and recording) each exchange
 * Exit codes: 0 success, 1 some response invalid or nothing checked, 2 unreadable input, standard output closed by its reader, or usage error.
 */
import { readOptions } from './parse-options.js';
import { MAIN_USAGE } from './usage.js';

const COMMANDS = ['validate', 'merge-reports', 'mock', 'proxy', 'rules'] as const;

/** A usage error: one line saying what is wrong, one pointing to the help; exit code 2. */
function usageError(message: string): number {
  console.error(`social-analytics-api: ${message}\nrun social-analytics-api --help for more`);
  return 2;
}

/** `--version`, `-v`, `--help`, `-h` (the options that come before any command). */
async function runGlobalOptions(argv: string[]): Promise<number> {
  const read = readOptions(argv, { version: { type: 'boolean', short: 'v' }, help: { type: 'boolean', short: 'h' } });
  if ('error' in read) return usageError(read.error);
  const extra = read.tokens.find((t) => t.kind === 'positional');
  const version = read.tokens.some((t) => t.kind === 'option' && t.name === 'version');
  // `--help validate` is `validate --help`.
  if (extra && !version && (COMMANDS as readonly string[]).includes(extra.value)) return main([extra.value, '--help']);
  if (extra) return usageError(`${argv[0]} takes no arguments (got ${extra.value}); a command comes first: social-analytics-api validate --help`);
  if (version) console.log((await import('../core/version.js')).packageVersion());
  else console.log(MAIN_USAGE);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) return usageError(`no command given (usage: social-analytics-api <${COMMANDS.join('|')}> [options])`);
  if (command.startsWith('-')) return runGlobalOptions(argv);
  switch (command) {
    case 'validate':
      return (await import('./validate.js')).runValidate(rest);
    case 'merge-reports':
      return (await import('./merge-reports.js')).runMergeReports(rest);
    case 'mock':
      return (await import('./mock.js')).runMock(rest);
    case 'proxy':
      return (await import('./proxy.js')).runProxy(rest);
    case 'rules':
      return (await import('./rules.js')).runRules(rest);
    case 'help':
      if ((COMMANDS as readonly string[]).includes(rest[0])) return main([rest[0], '--help']);
      return runGlobalOptions(['--help']);
    default:
      return usageError(`unknown command "${command}": use ${COMMANDS.join(', ')} or help`);
  }
}

/**
 * A reader of standard output that leaves before the end (`| head`) closes its pipe: what is left
 * to print is dropped (never an unhandled error with its stack), the command runs to its end, so
 * report files are whole, and exits with code 2 after one line saying so.
 */
function watchStandardOutput(): { closed(): boolean } {
  let closed = false;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (closed) return;
    closed = true;
    process.stderr.write(`social-analytics-api: standard output was closed by its reader (${err.code ?? err.message}): the rest of it is not printed\n`);
  });
  return { closed: () => closed };
}

const standardOutput = watchStandardOutput();
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = standardOutput.closed() ? 2 : code;
  },
  (err: unknown) => {
    console.error(`social-analytics-api: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 2;
  },
);
