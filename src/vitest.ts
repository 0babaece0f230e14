/**
 * `import 'social-analytics-api/vitest'` adds the matcher
 * `expect(body).toBeValidResponse('POST /2/facebook/metrics', { request, status, strict })` to
 * vitest. It passes when `validateResponse` finds no error (with `strict`, no warning either:
 * broken inferred rules are errors then); the failure message lists errors and warnings. Given
 * a whole capture `{ method, path, request?, response, status? }`, it checks the capture's
 * `response` with its `request` and `status`, and the operation argument may be left out.
 *
 * `captureCases(paths)` reads capture files and HAR files (the inputs of the `validate` command)
 * into one named case per recorded response, for `test.each`:
 * `test.each(await captureCases('captures'))('$name', (c) => expect(c).toBeValidResponse())`.
 */
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { isPlainObject } from './core/values.js';
import { displayPath, expandPaths, readInputItems } from './captures/read-inputs.js';
import type { ValidationError } from './validators/types.js';
import { explainRuleLine } from './catalog/rule-command.js';
// The package's validators entry: one bundled file once compiled (scripts/compile-javascript.mjs).
import { formatError, validateResponse } from './validators/index.js';
import type { OperationKey } from '../generated/operations.js';
import { splitOperationKey } from './operations/operation-of.js';

/** Options of `toBeValidResponse`. */
export interface ValidResponseOptions {
  /** The request body that was sent (or a built request, or its JSON text); enables the request-aware checks. */
  request?: unknown;
  /** HTTP status of the response; 200 when omitted. */
  status?: number;
  /** Broken inferred rules fail the assertion too (by default they are warnings). */
  strict?: boolean;
}

/** `"POST /2/facebook/metrics"`, or any `"METHOD path-or-URL"`. */
export type ResponseOperation = OperationKey | `${'GET' | 'POST' | 'get' | 'post'} ${string}`;

/**
 * One recorded response of a capture file or HAR file, shaped as a capture; `name` is the test's
 * name (`captures/a.json#2 POST /2/facebook/metrics`).
 */
export interface CaptureCase {
  name: string;
  /** The file, and for an array or a HAR file the entry: `captures/a.json`, `session.har#14`. */
  source: string;
  method: string;
  path: string;
  status?: number;
  request?: unknown;
  /** The response body. */
  response: unknown;
  /** Why the response cannot be checked (the file is unreadable, the body is not JSON): the matcher fails with it. */
  problem?: string;
}

/** Options of `captureCases`. */
export interface CaptureCaseOptions {
  /** Paths are resolved against it, and case names are relative to it; the working directory when omitted. */
  cwd?: string;
  /** Return no cases rather than throw when the inputs hold no API response. */
  allowEmpty?: boolean;
}

// Like vitest's own assertions (`toBe`, `toEqual`: `=> void`), the matcher returns nothing, so
// `test.each(cases)('$name', (c) => expect(c).toBeValidResponse())` fits the test function's type
// (`=> Awaitable<void>`); `expect(...).resolves` and `.rejects` make it a Promise<void> as usual.
declare module 'vitest' {
  interface Matchers<T = any> {
    /**
     * `(operation, options?)`: the received body is a response the API can produce for
     * `operation` (and `options.request`). `(options?)`: the received capture (`{ method, path,
     * request?, response, status? }`, a case of `captureCases`) holds a response the API can
     * produce for its request. One signature with both parameter lists (not two overloads), so
     * that `.resolves` and `.rejects`, which keep one signature of a matcher, take both.
     */
    toBeValidResponse(...args: [operation: ResponseOperation, options?: ValidResponseOptions] | [options?: ValidResponseOptions]): void;
  }
}

/** `https://api.example.com` in a HAR entry's URL: case names show the path alone. */
const ORIGIN = /^[a-z][a-z\d+.-]*:\/\/[^/]+/i;

/**
 * The recorded responses under `paths` (files and directories of capture files and HAR files,
 * as the `validate` command reads them), one named case each, in the order of the files. An
 * unreadable file is a case too, which fails with the reason; HAR entries that hold no API
 * response (assets, preflights, ...) are left out. Throws when no API response is found,
 * unless `allowEmpty`.
 */
export async function captureCases(paths: string | readonly string[], options: CaptureCaseOptions = {}): Promise<CaptureCase[]> {
  const list = typeof paths === 'string' ? [paths] : paths;
  const cwd = options.cwd ?? process.cwd();
  const { files, unreadable } = expandPaths(list, cwd);
  const cases: CaptureCase[] = unreadable.map((u) => ({ name: `${u.source} (unreadable)`, source: u.source, method: '', path: '', response: undefined, problem: u.message }));
  let skipped = 0;
  for (const file of files) {
    for await (const item of readInputItems(file.path, file.label)) {
      if (item.kind === 'skipped') skipped++;
      else if (item.kind === 'unreadable') cases.push({ name: `${item.source} (unreadable)`, source: item.source, method: '', path: '', response: undefined, problem: item.message });
      else {
        const { source, method, path, status, request, body, bodyProblem } = item;
        cases.push({ name: `${source} ${method} ${path.replace(ORIGIN, '')}`, source, method, path, status, request, response: body, ...(bodyProblem ? { problem: bodyProblem } : {}) });
      }
    }
  }
  if (!cases.length && !options.allowEmpty) {
    const where = list.map((p) => displayPath(resolve(cwd, p), cwd)).join(', ') || '(no path given)';
    throw new Error(`captureCases: no API response found in ${where}${skipped ? ` (${skipped} HAR entries skipped: not API responses)` : ''}; pass { allowEmpty: true } to accept that`);
  }
  return cases;
}

/** A capture object (it has `response` and is not itself a response body, which has `success`). */
const isCapture = (value: unknown): value is Partial<CaptureCase> & Record<string, unknown> =>
  isPlainObject(value) && ('response' in value || 'problem' in value) && !('success' in value);

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `  /data/0: expected number, got "x" (rule v2.metrics.data-numbers)`, one line per problem. */
const lines = (problems: readonly ValidationError[]) => problems.map((p) => `  ${formatError(p)} (rule ${p.rule})`).join('\n');

expect.extend({
  toBeValidResponse(received: unknown, operationOrOptions?: unknown, maybeOptions?: ValidResponseOptions) {
    const capture = isCapture(received) ? received : undefined;
    const operationGiven = typeof operationOrOptions === 'string' || (operationOrOptions !== undefined && !isPlainObject(operationOrOptions));
    const options = (operationGiven ? maybeOptions : (operationOrOptions as ValidResponseOptions | undefined)) ?? {};
    if (capture?.problem !== undefined) {
      return { pass: false, message: () => `${capture.source ?? 'the capture'} cannot be checked: ${capture.problem}` };
    }
    const ownOperation = typeof capture?.method === 'string' && typeof capture.path === 'string' ? `${capture.method} ${capture.path}` : undefined;
    const operation = operationGiven ? operationOrOptions : ownOperation;
    const target = splitOperationKey(operation);
    if (!target) {
      const hint = capture ? ' (or a capture with "method" and "path")' : '';
      return {
        pass: false,
        message: () => `toBeValidResponse: expected an operation like "POST /2/facebook/metrics"${hint}, got ${JSON.stringify(operation)}`,
      };
    }
    const strict = options.strict === true;
    const request = options.request ?? capture?.request;
    const status = options.status ?? (typeof capture?.status === 'number' ? capture.status : undefined);
    const body = capture ? capture.response : received;
    const result = validateResponse({ ...target, body, request, status, strict });
    const name = result.operation ?? `${target.method.toUpperCase()} ${target.path}`;
    const problems = () => {
      const parts = [`${count(result.errors.length, 'error')}:\n${lines(result.errors)}`];
      if (result.warnings.length) parts.push(`${count(result.warnings.length, 'warning')}:\n${lines(result.warnings)}`);
      const first = result.errors[0] ?? result.warnings[0];
      if (first) parts.push(explainRuleLine(first.rule));
      return parts.join('\n');
    };
    const source = typeof capture?.source === 'string' ? `${capture.source}: ` : '';
    const what = capture ? "the capture's response" : 'the body';
    const forRequest = options.request !== undefined ? ' for the given request' : request !== undefined ? ' for its request' : '';
    const title = `${name}${forRequest}${strict ? ' (strict)' : ''}`;
    return {
      pass: result.valid,
      message: () =>
        result.valid
          ? `${source}expected ${what} not to be a valid response of ${title}, but it is`
          : `${source}expected ${capture ? `${what} to be ` : ''}a valid response of ${title}; ${problems()}`,
    };
  },
});
