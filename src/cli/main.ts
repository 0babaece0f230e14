#!/usr/bin/env node
/**
 * The package's command line: `social-analytics-api <command> ...`.
 *   validate <file|dir|har>...   check captured responses (see README)
 *   mock [--port N] ...          run the catalog-aware mock server
 * Exit codes: 0 success, 1 some response invalid, 2 unreadable input or usage error.
 */
const USAGE = `usage: social-analytics-api <command> [options]

commands:
  validate <file|dir|har>... [--json]   check captured responses against the API description
  mock [--port 4010] [--token T --secret S] [--seed N]   run the mock server on 127.0.0.1

run a command with --help for its options.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'validate':
      return (await import('./validate.js')).runValidate(rest);
    case 'mock':
      return (await import('./mock.js')).runMock(rest);
    case undefined:
    case '-h':
    case '--help':
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    default:
      console.error(`social-analytics-api: unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`social-analytics-api: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 2;
  },
);
