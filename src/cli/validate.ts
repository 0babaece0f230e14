/**
 * `social-analytics-api validate <file|dir|har>... [--json]`: checks captured responses.
 * Inputs are capture files `{ method, path, request?, response, status? }` (or arrays of them),
 * directories searched recursively for *.json and *.har, and HAR 1.2 files. One line per
 * response, then a summary; `--json` prints one machine-readable report instead.
 * Exit codes: 0 all valid, 1 some response invalid, 2 unreadable input or usage error.
 */
import { expandPaths, readInputFile } from '../validators/captures/read-inputs.js';
import type { CapturedResponse, SkippedEntry, UnreadableInput } from '../validators/captures/types.js';
import { formatError } from '../validators/format.js';
import { lookupOperation } from '../validators/operation-lookup.js';
import type { ValidationError } from '../validators/types.js';
import { validateResponse } from '../validators/validate-response.js';

export const VALIDATE_USAGE = `usage: social-analytics-api validate <file|dir|har>... [--json]

Checks recorded responses against the API description and the requests that were sent.
  <file>   a capture file { "method", "path", "request"?, "response", "status"? } (or an array of them)
           or a HAR 1.2 file (entries whose URL path is an API operation; others are skipped)
  <dir>    every *.json and *.har file below it
  --json   print a machine-readable report instead of lines

exit codes: 0 all valid, 1 some response invalid, 2 unreadable input or usage error`;

/** Where the command writes; tests pass their own. */
export interface ValidateIo {
  out(text: string): void;
  err(text: string): void;
  cwd?: string;
}

const defaultIo: ValidateIo = { out: (t) => process.stdout.write(`${t}\n`), err: (t) => process.stderr.write(`${t}\n`) };

export interface ResponseReport {
  source: string;
  method: string;
  path: string;
  status: number;
  operation: string | null;
  valid: boolean;
  errors: ValidationError[];
}

export interface ValidateReport {
  summary: { responses: number; valid: number; invalid: number; unreadable: number; skipped: number; exitCode: number };
  results: ResponseReport[];
  unreadable: UnreadableInput[];
  skipped: SkippedEntry[];
}

function parseArgs(args: string[]): { paths: string[]; json: boolean; help: boolean } | { error: string } {
  const paths: string[] = [];
  let json = false;
  let help = false;
  let options = true;
  for (const arg of args) {
    if (options && arg === '--') options = false;
    else if (options && arg === '--json') json = true;
    else if (options && (arg === '-h' || arg === '--help')) help = true;
    else if (options && arg.startsWith('-') && arg !== '-') return { error: `unknown option ${arg}` };
    else paths.push(arg);
  }
  if (!help && !paths.length) return { error: 'no input given' };
  return { paths, json, help };
}

function check(response: CapturedResponse): ResponseReport {
  const status = response.status ?? 200;
  const result = response.bodyProblem
    ? { valid: false, operation: lookupOperation(response.method, response.path).operation?.key, errors: [{ pointer: '', message: response.bodyProblem, rule: 'shared.response.json' as const, severity: 'error' as const }] }
    : validateResponse({ method: response.method, path: response.path, body: response.body, request: response.request, status });
  return { source: response.source, method: response.method, path: response.path, status, operation: result.operation ?? null, valid: result.valid, errors: result.errors };
}

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

function summaryLine(s: ValidateReport['summary']): string {
  const parts = [`${plural(s.responses, 'response')}: ${s.valid} valid, ${s.invalid} invalid`];
  if (s.unreadable) parts.push(`${plural(s.unreadable, 'input')} unreadable`);
  if (s.skipped) parts.push(`${plural(s.skipped, 'HAR entry', 'HAR entries')} skipped (not API operations)`);
  return parts.join('; ');
}

/** Runs the command; resolves to the exit code. */
export async function runValidate(args: string[], io: ValidateIo = defaultIo): Promise<number> {
  const parsed = parseArgs(args);
  if ('error' in parsed) {
    io.err(`social-analytics-api validate: ${parsed.error}\n\n${VALIDATE_USAGE}`);
    return 2;
  }
  if (parsed.help) {
    io.out(VALIDATE_USAGE);
    return 0;
  }
  const report: ValidateReport = { summary: { responses: 0, valid: 0, invalid: 0, unreadable: 0, skipped: 0, exitCode: 0 }, results: [], unreadable: [], skipped: [] };
  const line = (text: string) => {
    if (!parsed.json) io.out(text);
  };
  const { files, unreadable } = expandPaths(parsed.paths, io.cwd);
  for (const u of unreadable) (report.unreadable.push(u), line(`error    ${u.source}: ${u.message}`));
  for (const file of files) {
    const set = readInputFile(file.path, file.label);
    for (const u of set.unreadable) (report.unreadable.push(u), line(`error    ${u.source}: ${u.message}`));
    for (const s of set.skipped) (report.skipped.push(s), line(`skipped  ${s.source}: ${s.reason}`));
    for (const response of set.responses) {
      const result = check(response);
      report.results.push(result);
      const what = `${result.operation ?? `${response.method} ${response.path}`} (HTTP ${result.status})`;
      line(`${result.valid ? 'ok     ' : 'invalid'}  ${result.source}  ${what}`);
      for (const e of result.errors) line(`           ${formatError(e)}`);
    }
  }
  const s = report.summary;
  s.responses = report.results.length;
  s.valid = report.results.filter((r) => r.valid).length;
  s.invalid = s.responses - s.valid;
  s.unreadable = report.unreadable.length;
  s.skipped = report.skipped.length;
  s.exitCode = s.unreadable ? 2 : s.invalid ? 1 : 0;
  if (parsed.json) io.out(JSON.stringify(report, null, 2));
  else io.out(`\n${summaryLine(s)}`);
  return s.exitCode;
}
