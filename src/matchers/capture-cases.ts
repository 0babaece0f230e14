/**
 * `captureCases(paths)`: capture files and HAR files (the inputs of the `validate` command) as
 * one named case per recorded response, for a test runner's `test.each`. The files are read
 * synchronously, so `captureCasesSync` serves where a test file cannot await (a CommonJS jest
 * test); `captureCases` is the same list as a Promise.
 */
import { resolve } from 'node:path';
import { displayPath, expandPaths, readInputItems } from '../captures/read-inputs.js';
import type { CaptureCase, CaptureCaseOptions } from './types.js';

/** `https://api.example.com` in a HAR entry's URL: case names show the path alone. */
const ORIGIN = /^[a-z][a-z\d+.-]*:\/\/[^/]+/i;

/** A case whose string is its name (non-enumerable, so the case stays shaped as a capture). */
function named(value: Omit<CaptureCase, 'name'>, name: string): CaptureCase {
  const testCase: CaptureCase = { name, ...value };
  Object.defineProperty(testCase, 'toString', { value: () => name });
  return testCase;
}

/**
 * The recorded responses under `paths` (files and directories of capture files and HAR files,
 * as the `validate` command reads them), one named case each, in the order of the files; a file
 * reached by two paths is read once, so names are unique. An unreadable file is a case too,
 * which fails with the reason; HAR entries that hold no API response (assets, preflights, ...)
 * are left out. Throws when no API response is found, unless `allowEmpty`.
 */
export function captureCasesSync(paths: string | readonly string[], options: CaptureCaseOptions = {}): CaptureCase[] {
  const list = typeof paths === 'string' ? [paths] : paths;
  const cwd = options.cwd ?? process.cwd();
  const { files, unreadable } = expandPaths(list, cwd);
  const cases = unreadable.map((u) => named({ source: u.source, method: '', path: '', response: undefined, problem: u.message }, `${u.source} (unreadable)`));
  const read = new Set<string>();
  let skipped = 0;
  for (const file of files) {
    if (read.has(file.path)) continue;
    read.add(file.path);
    for (const item of readInputItems(file.path, file.label)) {
      if (item.kind === 'skipped') skipped++;
      else if (item.kind === 'unreadable') cases.push(named({ source: item.source, method: '', path: '', response: undefined, problem: item.message }, `${item.source} (unreadable)`));
      else {
        const { source, method, path, status, request, body, bodyProblem } = item;
        cases.push(named({ source, method, path, status, request, response: body, ...(bodyProblem ? { problem: bodyProblem } : {}) }, `${source} ${method} ${path.replace(ORIGIN, '')}`));
      }
    }
  }
  if (!cases.length && !options.allowEmpty) {
    const where = list.map((p) => displayPath(resolve(cwd, p), cwd)).join(', ') || '(no path given)';
    throw new Error(`captureCases: no API response found in ${where}${skipped ? ` (${skipped} HAR entries skipped: not API responses)` : ''}; pass { allowEmpty: true } to accept that`);
  }
  return cases;
}

/** The cases of captureCasesSync, as a Promise (rejected where it throws). */
export async function captureCases(paths: string | readonly string[], options: CaptureCaseOptions = {}): Promise<CaptureCase[]> {
  return captureCasesSync(paths, options);
}
