/**
 * `import 'social-analytics-api/vitest'` adds the matcher
 * `expect(body).toBeValidResponse('POST /2/facebook/metrics', { request, status, strict })` to
 * vitest. It passes when `validateResponse` finds no error (with `strict`, no warning either:
 * broken inferred rules are errors then); the failure message lists errors and warnings. Given
 * a whole capture `{ method, path, request?, response, status? }`, it checks the capture's
 * `response` with its `request` and `status`, and the operation argument may be left out.
 *
 * `expect(response).toSatisfyApi(request?)` checks an answer as it comes: a fetch `Response`
 * (awaited: `await expect(res).toSatisfyApi(request)`, its body read from a clone, at most the
 * client's size cap) or a plain `{ status, body }`. The operation is the request's (`{ method,
 * path, body }`, as the builders make, or a fetch `Request`), else the response URL's path.
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
import { ruleLevel } from '../generated/rule-levels.js';
import { operationOf, splitOperationKey } from './operations/operation-of.js';
import { DEFAULT_MAX_BODY_BYTES, readBody } from './client/read-body.js';

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
    /**
     * The received answer (a fetch `Response`, or `{ status, body, url? }`) is one the API can
     * give to `request` (`{ method, path, body? }`, a built request, or a fetch `Request`; without
     * it, the operation of the response URL's path, and no request-aware check). Async for a
     * `Response` or a fetch `Request` (a body is read): `await expect(res).toSatisfyApi(request)`.
     */
    toSatisfyApi<R extends SatisfyRequest | Request | undefined = undefined>(request?: R, options?: SatisfyOptions): T extends Response ? Promise<void> : R extends Request ? Promise<void> : void;
  }
}

/** The request an answer is checked against: a built request or any `{ method, path, body? }`. */
export interface SatisfyRequest {
  method: string;
  /** The path or full URL. */
  path: string;
  /** The request body as sent (a value, or its JSON text). */
  body?: unknown;
}

/** A plain answer: the status and the parsed body (and the URL it came from, when no request is given). */
export interface PlainAnswer {
  status: number;
  body: unknown;
  url?: string;
}

/** Options of `toSatisfyApi`. */
export interface SatisfyOptions {
  /** Broken inferred rules fail the assertion too (by default they are warnings). */
  strict?: boolean;
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

/**
 * `  /data/0: expected number, got "x" (rule v2.metrics.data-numbers)`, one line per problem; an
 * error of an inferred rule (strict) says so: `(rule shared.response.no-extra-members, inferred: an error because of strict)`.
 */
const lines = (problems: readonly ValidationError[]) =>
  problems.map((p) => `  ${formatError(p)} (rule ${p.rule}${p.severity === 'error' && ruleLevel(p.rule) === 'inferred' ? ', inferred: an error because of strict' : ''})`).join('\n');

/** The error and warning lines of a result, and how to read the first rule. */
function problemText(result: { errors: readonly ValidationError[]; warnings: readonly ValidationError[] }): string {
  const parts = [`${count(result.errors.length, 'error')}:\n${lines(result.errors)}`];
  if (result.warnings.length) parts.push(`${count(result.warnings.length, 'warning')}:\n${lines(result.warnings)}`);
  const first = result.errors[0] ?? result.warnings[0];
  if (first) parts.push(explainRuleLine(first.rule));
  return parts.join('\n');
}

type MatcherResult = { pass: boolean; message: () => string };

const isFetchRequest = (value: unknown): value is Request => typeof Request !== 'undefined' && value instanceof Request;
const isFetchResponse = (value: unknown): value is Response => typeof Response !== 'undefined' && value instanceof Response;

type RequestParts = { method?: string; path?: string; body?: unknown };

/** The method, path and body of a request argument that is not a fetch Request, or why it is not one. */
function plainRequestOf(request: unknown): RequestParts | string {
  if (request === undefined) return {};
  if (isPlainObject(request) && typeof request.method === 'string' && typeof request.path === 'string') return { method: request.method, path: request.path, body: request.body };
  return `toSatisfyApi: expected the request as { method, path, body? } (a built request) or a fetch Request, got ${describeKind(request)}`;
}

/** The method, path and body of the request argument (a fetch Request's body is read from a clone). */
async function requestOf(request: unknown): Promise<RequestParts | string> {
  if (!isFetchRequest(request)) return plainRequestOf(request);
  const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
  return { method: request.method, path: request.url, body: text === '' ? undefined : text };
}

const describeKind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);

/** Judges an answer (status, body or the reason it has none) against the request. */
function satisfies(answer: { status: number; body: unknown; url?: string; problem?: string }, request: { method?: string; path?: string; body?: unknown }, options: SatisfyOptions, isNot: boolean): MatcherResult {
  const path = request.path ?? answer.url;
  if (!path) return { pass: isNot, message: () => 'toSatisfyApi: no operation to check against: pass the request (expect(res).toSatisfyApi(request)), or a response with its URL' };
  const method = request.method?.toUpperCase() ?? operationOf('GET', path)?.method ?? operationOf('POST', path)?.method;
  const op = method ? operationOf(method, path) : undefined;
  if (!method || !op) return { pass: isNot, message: () => `toSatisfyApi: ${method ? `${method} ` : ''}${path} is no operation of the API` };
  const title = `${op.key}${request.body !== undefined ? ' for the given request' : ''}${options.strict ? ' (strict)' : ''}`;
  if (answer.problem !== undefined) return { pass: false, message: () => `expected an answer of ${title}; ${answer.problem}` };
  const result = validateResponse({ method, path, body: answer.body, request: request.body, status: answer.status, strict: options.strict === true });
  return {
    pass: result.valid,
    message: () => (result.valid ? `expected the answer (HTTP ${answer.status}) not to satisfy ${title}, but it does` : `expected the answer (HTTP ${answer.status}) to satisfy ${title}; ${problemText(result)}`),
  };
}

/** The status, URL and parsed body of a fetch Response, read from a clone with the client's cap. */
async function answerOf(response: Response): Promise<{ status: number; body: unknown; url?: string; problem?: string }> {
  const read = await readBody(response.clone(), DEFAULT_MAX_BODY_BYTES, (work) => work);
  const base = { status: response.status, ...(response.url ? { url: response.url } : {}) };
  if ('tooLarge' in read) return { ...base, body: undefined, problem: `its body is longer than ${DEFAULT_MAX_BODY_BYTES} bytes` };
  try {
    return { ...base, body: JSON.parse(read.text) as unknown };
  } catch {
    return { ...base, body: undefined, problem: `its body is not JSON: ${JSON.stringify(read.text.slice(0, 60))}${read.text.length > 60 ? '...' : ''}` };
  }
}

expect.extend({
  toSatisfyApi(received: unknown, request?: unknown, options: SatisfyOptions = {}): MatcherResult | Promise<MatcherResult> {
    const isNot = this.isNot === true;
    if (isFetchResponse(received)) {
      return (async () => {
        const req = await requestOf(request);
        if (typeof req === 'string') return { pass: isNot, message: () => req };
        return satisfies(await answerOf(received), req, options, isNot);
      })();
    }
    if (!isPlainObject(received) || typeof received.status !== 'number' || !('body' in received)) {
      return { pass: isNot, message: () => `toSatisfyApi: expected a fetch Response or { status, body }, got ${describeKind(received)}` };
    }
    const answer = { status: received.status, body: received.body, ...(typeof received.url === 'string' ? { url: received.url } : {}) };
    const judge = (req: RequestParts | string): MatcherResult => (typeof req === 'string' ? { pass: isNot, message: () => req } : satisfies(answer, req, options, isNot));
    return isFetchRequest(request) ? requestOf(request).then(judge) : judge(plainRequestOf(request));
  },
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
    const problems = () => problemText(result);
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
