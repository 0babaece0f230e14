/**
 * The names of the reporters of `validate` and `proxy` (`--reporter NAME`), the default first:
 * the commands' help texts, which the docs site shows too, and the option parsers read them here.
 * Each name has its entry, with its writer, in the reporter table (src/report/reporters/table.ts),
 * which does not compile with a name missing or one too many.
 */
export const REPORTER_NAMES = ['text', 'json', 'junit', 'github', 'markdown', 'sarif', 'blob'] as const;

export type ReporterName = (typeof REPORTER_NAMES)[number];

/** The reporter a command uses when none is given. */
export const DEFAULT_REPORTER: ReporterName = REPORTER_NAMES[0];

/** The reporters a flag of their own chooses, by flag: `--json` is `--reporter json`. */
export const REPORTER_FLAGS = { json: 'json' } as const satisfies Readonly<Record<string, ReporterName>>;

export type ReporterFlag = keyof typeof REPORTER_FLAGS;

export const isReporterFlag = (option: string): option is ReporterFlag => Object.hasOwn(REPORTER_FLAGS, option);

/** The command line options of the reporter flags (`--json`), for a command's option table. */
export const REPORTER_FLAG_OPTIONS = Object.fromEntries(Object.keys(REPORTER_FLAGS).map((flag) => [flag, { type: 'boolean' }])) as Readonly<Record<ReporterFlag, { type: 'boolean' }>>;

/** The help lines of the reporter flags, their text from column 27 (`  --json   the same as --reporter json`). */
export const reporterFlagHelp = (): string =>
  Object.entries(REPORTER_FLAGS)
    .map(([flag, name]) => `  --${flag}`.padEnd(27) + `the same as --reporter ${name}`)
    .join('\n');

export const isReporterName = (name: string): name is ReporterName => (REPORTER_NAMES as readonly string[]).includes(name);

/** The names for people: `text (default), json, ... or sarif`. */
export function reporterList(): string {
  const names = REPORTER_NAMES.map((name, i) => (i ? name : `${name} (default)`));
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
