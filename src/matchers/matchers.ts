/**
 * The matchers, for any runner's `expect.extend(matchers)` (jest, vitest): they import no test
 * runner. `toBeValidResponse` passes when `validateResponse` finds no error (with `strict`, no
 * warning either: broken inferred rules are errors then); the failure message lists errors and
 * warnings, each with its rule. Given a whole capture `{ method, path, request?, response,
 * status? }`, it checks the capture's `response` with its `request` and `status`, and the
 * operation argument may be left out.
 *
 * `toSatisfyApi(sentRequest?)` checks an answer as it comes: a fetch `Response` (awaited: `await
 * expect(res).toSatisfyApi(sentRequest)`, its body read from a clone, at most the client's size
 * cap) or a plain `{ status, body }`. The operation is the sent request's (`{ method, path, body }`,
 * as the builders make, or a fetch `Request`), else the response URL's path.
 *
 * A passing assertion with warnings shows them (warnings.ts).
 */
import { isPlainObject } from '../shared/values.js';
import type { ValidationError } from '../validators/types.js';
import { explainRuleLine } from '../catalog/rule-command.js';
// The package's validators entry: one bundled file once compiled (scripts/compile-javascript.mjs).
import { formatError, validateResponse } from '../validators/index.js';
import { operationOf } from '../operations/operation-of.js';
import { splitOperationKey } from '../operations/request-path.js';
import { DEFAULT_MAX_BODY_BYTES, readBody } from '../client/read-body.js';
import type { CaptureCase, SatisfyOptions, ValidResponseOptions } from './types.js';
import { showWarnings } from './warnings.js';
import { readCapture } from '../captures/capture-file.js';

/** What a runner's `expect.extend` gives a matcher as `this`: jest and vitest both set `isNot` (vitest adds the running test). */
export interface MatcherThis {
  readonly isNot?: boolean;
}

/** What a matcher returns, as jest and vitest read it. */
export interface MatcherResult {
  pass: boolean;
  message: () => string;
}

/** A capture object (it has `response` and is not itself a response body, which has `success`). */
const isCapture = (value: unknown): value is Partial<CaptureCase> & Record<string, unknown> =>
  isPlainObject(value) && ('response' in value || 'problem' in value) && !('success' in value);

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * `  /data/0: expected number, got "x" (rule v2.metrics.data-numbers)`, one line per problem; an
 * error of an inferred rule (strict), which the problem marks `inferred`, says so: `(rule shared.response.no-extra-members, inferred: an error because of strict)`.
 */
const lines = (problems: readonly ValidationError[]) =>
  problems.map((p) => `  ${formatError(p)} (rule ${p.rule}${p.inferred ? ', inferred: an error because of strict' : ''})`).join('\n');

/** The error and warning lines of a result, and how to read the first rule. */
function problemText(result: { errors: readonly ValidationError[]; warnings: readonly ValidationError[] }): string {
  const parts = [`${count(result.errors.length, 'error')}:\n${lines(result.errors)}`];
  if (result.warnings.length) parts.push(`${count(result.warnings.length, 'warning')}:\n${lines(result.warnings)}`);
  const first = result.errors[0] ?? result.warnings[0];
  if (first) parts.push(explainRuleLine(first.rule));
  return parts.join('\n');
}

/** The text of a passing assertion's warnings: what passed, each warning with its rule, and how to make them errors. */
const warningText = (what: string, warnings: readonly ValidationError[]) =>
  `social-analytics-api: ${what} passed with ${count(warnings.length, 'warning')} (broken inferred rules; { strict: true } makes them errors):\n${lines(warnings)}\n${explainRuleLine(warnings[0].rule)}`;

/** Shows the warnings of a result that passed a non-negated assertion. */
function warnIfAny(state: MatcherThis, valid: boolean, what: string, warnings: readonly ValidationError[]): void {
  if (valid && !state.isNot && warnings.length) showWarnings(state, warningText(what, warnings));
}

const isFetchRequest = (value: unknown): value is Request => typeof Request !== 'undefined' && value instanceof Request;
const isFetchResponse = (value: unknown): value is Response => typeof Response !== 'undefined' && value instanceof Response;

type RequestParts = { method?: string; path?: string; body?: unknown };

/** The method, path and body of a sent request that is not a fetch Request, or why it is not one. */
function plainRequestOf(request: unknown): RequestParts | string {
  if (request === undefined) return {};
  if (isPlainObject(request) && typeof request.method === 'string' && typeof request.path === 'string') return { method: request.method, path: request.path, body: request.body };
  const got = isPlainObject(request) ? `an object without ${['method', 'path'].filter((k) => typeof request[k] !== 'string').map((k) => `"${k}"`).join(' and ')}` : describeKind(request);
  const body = isPlainObject(request) && !('method' in request) && !('path' in request) ? ': a request body alone names no operation, pass { method, path, body }' : '';
  return `toSatisfyApi: expected the request as sent, { method, path, body? } (a built request is one) or a fetch Request, got ${got}${body}`;
}

/** The method, path and body of the request argument (a fetch Request's body is read from a clone). */
async function requestOf(request: unknown): Promise<RequestParts | string> {
  if (!isFetchRequest(request)) return plainRequestOf(request);
  const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
  return { method: request.method, path: request.url, body: text === '' ? undefined : text };
}

const describeKind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);

/** Judges an answer (status, body or the reason it has none) against the request. */
function satisfies(state: MatcherThis, answer: { status: number; body: unknown; url?: string; problem?: string }, request: RequestParts, options: SatisfyOptions): MatcherResult {
  const isNot = state.isNot === true;
  const path = request.path ?? answer.url;
  if (!path) return { pass: isNot, message: () => 'toSatisfyApi: no operation to check against: pass the sent request (expect(res).toSatisfyApi(sentRequest)), or a response with its URL' };
  const method = request.method?.toUpperCase() ?? operationOf('GET', path)?.method ?? operationOf('POST', path)?.method;
  const op = method ? operationOf(method, path) : undefined;
  if (!method || !op) return { pass: isNot, message: () => `toSatisfyApi: ${method ? `${method} ` : ''}${path} is no operation of the API` };
  const title = `${op.key}${request.body !== undefined ? ' for the given request' : ''}${options.strict ? ' (strict)' : ''}`;
  if (answer.problem !== undefined) return { pass: false, message: () => `expected an answer of ${title}; ${answer.problem}` };
  const result = validateResponse({ method, path, body: answer.body, request: request.body, status: answer.status, strict: options.strict === true });
  warnIfAny(state, result.valid, `the answer (HTTP ${answer.status}) of ${title}`, result.warnings);
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

function toSatisfyApi(this: MatcherThis, received: unknown, sentRequest?: unknown, options: SatisfyOptions = {}): MatcherResult | Promise<MatcherResult> {
  const isNot = this.isNot === true;
  if (isFetchResponse(received)) {
    return (async () => {
      const req = await requestOf(sentRequest);
      if (typeof req === 'string') return { pass: isNot, message: () => req };
      return satisfies(this, await answerOf(received), req, options);
    })();
  }
  if (!isPlainObject(received) || typeof received.status !== 'number' || !('body' in received)) {
    return { pass: isNot, message: () => `toSatisfyApi: expected a fetch Response or { status, body }, got ${describeKind(received)}` };
  }
  const answer = { status: received.status, body: received.body, ...(typeof received.url === 'string' ? { url: received.url } : {}) };
  const judge = (req: RequestParts | string): MatcherResult => (typeof req === 'string' ? { pass: isNot, message: () => req } : satisfies(this, answer, req, options));
  return isFetchRequest(sentRequest) ? requestOf(sentRequest).then(judge) : judge(plainRequestOf(sentRequest));
}

function toBeValidResponse(this: MatcherThis, received: unknown, operationOrOptions?: unknown, maybeOptions?: ValidResponseOptions): MatcherResult {
  // A capture that names its path `url` is read as a capture file is: `url` is its path, and one
  // naming both is refused.
  const given = isCapture(received) ? received : undefined;
  const read = given && 'url' in given && given.problem === undefined ? readCapture(given, 'the capture') : undefined;
  const capture = read === undefined ? given : read.kind === 'response' ? { ...given, path: read.path } : { ...given, problem: read.kind === 'unreadable' ? read.message : 'not a capture' };
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
  warnIfAny(this, result.valid, `${source}${what} of ${title}`, result.warnings);
  return {
    pass: result.valid,
    message: () =>
      result.valid
        ? `${source}expected ${what} not to be a valid response of ${title}, but it is`
        : `${source}expected ${capture ? `${what} to be ` : ''}a valid response of ${title}; ${problems()}`,
  };
}

/** The matchers, for `expect.extend(matchers)` in jest or vitest. */
export const matchers: {
  toBeValidResponse(this: MatcherThis, received: unknown, operationOrOptions?: unknown, options?: ValidResponseOptions): MatcherResult;
  toSatisfyApi(this: MatcherThis, received: unknown, sentRequest?: unknown, options?: SatisfyOptions): MatcherResult | Promise<MatcherResult>;
} = { toBeValidResponse, toSatisfyApi };
