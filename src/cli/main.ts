#!/usr/bin/env node
/**
 * The package's command line: `social-analytics-api <command> ...`.
 *   validate <file|dir|har>...   check captured responses (see README)
 *   --version, help [command]
 *   mock [--port N] ...          run the catalog-aware mock server
 * Exit codes: 0 success, 1 some response invalid or nothing checked, 2 unreadable input or usage error.
 */
const USAGE = `usage: social-analytics-api <command> [options]

commands:
  validate <file|dir|har>... [options]   check captured responses against the API description
  mock [--port 4010] [--token T --secret S] [--seed N]   run the mock server on 127.0.0.1

options:
  -v, --version   print the package version
  -h, --help      this help

run a command with --help for its options (social-analytics-api validate --help).`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'validate':
      return (await import('./validate.js')).runValidate(rest);
    case 'mock':
      return (await import('./mock.js')).runMock(rest);
    case '-v':
    case '--version':
      console.log((await import('./version.js')).packageVersion());
      return 0;
    case 'help':
      if (rest[0] === 'validate' || rest[0] === 'mock') return main([rest[0], '--help']);
      console.log(USAGE);
      return 0;
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
