/**
 * The help text of every command, as the commands print it: src/shared/command-help.ts written
 * from the runtime catalogs (the docs site's command line page writes the same text from the
 * model of the same catalogs).
 */
import { catalogs } from '../catalog/catalogs.js';
import { commandHelp } from '../shared/command-help.js';

const help = commandHelp(catalogs);
const textOf = (command: string) => help.find((h) => h.command === command)!.text;

/** `social-analytics-api --help`: the commands. */
export const MAIN_USAGE = textOf('');
/** `validate --help`. */
export const VALIDATE_USAGE = textOf('validate');
/** `merge-reports --help`. */
export const MERGE_REPORTS_USAGE = textOf('merge-reports');
/** `mock --help`. */
export const MOCK_USAGE = textOf('mock');
/** `proxy --help`. */
export const PROXY_USAGE = textOf('proxy');
/** `rules --help`. */
export const RULES_USAGE = textOf('rules');
