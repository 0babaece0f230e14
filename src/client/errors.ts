/**
 * Errors thrown by the client. None of them ever holds the credentials: messages are built
 * from the operation, the API's error codes and texts redacted by redact.ts, and causes are
 * redacted copies.
 */
import { errorMeanings } from '../catalog/request-catalog.js';
import type { ResponseProblem } from '../core/problems/problem.js';

/** What went wrong, in one word. */
export type ApiErrorKind =
  /** The API answered `success: false` (any HTTP status). */
  | 'api'
  /** The API answered a non-2xx status without a failure body. */
  | 'http'
  /** The body was not JSON (or not an object with `success`). */
  | 'invalid-body'
  /**
   * No answer: connection refused, reset, dropped, DNS, a body cut off, ... Also a call stopped by
   * the caller's abort signal (its `cause` is the signal's reason, an `AbortError`): never retried.
   */
  | 'network'
  /** No complete answer (headers and the whole body) within the client's `timeout` for one attempt. */
  | 'timeout'
  /** The server redirected to another origin than the base URL's (nothing was sent there), or too often. */
  | 'redirect'
  /**
   * The response body (counted decoded, as it arrives) is longer than the client's `maxBodyBytes`:
   * the client stopped reading it. Never retried.
   */
  | 'too-large'
  /**
   * `paginate()` stopped: the server sent a cursor it had sent before, or PAGES_WITHOUT_PROGRESS
   * pages in a row brought nothing new (no posts, or a `remaining` that did not decrease).
   */
  | 'no-progress';

/** One error object of a failure body, with its catalog meaning. */
export interface ApiErrorEntry {
  code: number;
  /** The meaning of the code from the error catalog, or "Unknown error code N.". */
  meaning: string;
  /** The API's texts: first a general description, then details. */
  messages: string[];
}

/** The meaning of an error code from the error catalog. */
export function errorMeaning(code: number | undefined): string {
  if (code === undefined) return 'No error code.';
  return errorMeanings[code] ?? `Unknown error code ${code}.`;
}

/** The most characters of failure text an error message quotes. */
export const FAILURE_TEXT_LIMIT = 2000;

/** What a cut text says of the rest. */
export function moreCharacters(count: number): string {
  return `... (${count} more characters)`;
}

/**
 * `text` cut to `limit` characters, saying how many more there were: a server's 5 MB failure text
 * does not make a 5 MB message. Texts from an answer are cut by `Redactor.excerpt`, which redacts
 * across the cut.
 */
export function capText(text: string, limit = FAILURE_TEXT_LIMIT): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}${moreCharacters(text.length - limit)}`;
}

/**
 * A value of an answer as text for a message, without walking nested data (a value nested
 * 100,000 deep would overflow the stack of String() or JSON.stringify): strings as they are,
 * numbers, booleans and null as written, arrays and objects by their kind.
 */
export function shallowText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `(an array of ${value.length})`;
  if (typeof value === 'object' && value !== null) return '(an object)';
  return String(value);
}

/** The detail texts of a failure (after the general description) for a message; one text is an excerpt already. */
function details(messages: string[]): string {
  const shown = messages.length > 1 ? messages.slice(1) : messages;
  return shown.length ? `: ${shown.length > 1 ? capText(shown.join('; ')) : shown[0]}` : '';
}

const KIND_MEANINGS: Partial<Record<ApiErrorKind, string>> = {
  network: 'Network failure.',
  timeout: 'Timed out.',
  redirect: 'Redirected elsewhere.',
  'invalid-body': 'The response body is not a JSON API body.',
  'too-large': 'The response body is larger than the client accepts.',
  'no-progress': 'Pagination made no progress.',
};

export interface ApiErrorInit {
  kind: ApiErrorKind;
  operation: string;
  httpStatus?: number;
  errors?: ApiErrorEntry[];
  detail?: string;
  cause?: unknown;
}

/** A failed API call: a failure body, an unexpected status, a non-JSON body or a network failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The first error code of the failure body (undefined for network and body failures). */
  readonly code: number | undefined;
  /** The catalog meaning of `code`. */
  readonly meaning: string;
  /** The texts of the first error object. */
  readonly messages: string[];
  /** The error objects of the failure body (several may appear; the first 100 are kept). */
  readonly errors: ApiErrorEntry[];
  /** HTTP status, undefined when no response arrived. */
  readonly httpStatus: number | undefined;
  /** "POST /2/facebook/metrics" */
  readonly operation: string;

  constructor(init: ApiErrorInit) {
    const first = init.errors?.[0];
    const what = first
      ? `error ${first.code} (${first.meaning.replace(/\.$/, '')})${details(first.messages)}`
      : capText(init.detail ?? init.kind);
    const status = init.httpStatus === undefined ? '' : ` [HTTP ${init.httpStatus}]`;
    super(`${init.operation} failed: ${what}${status}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.errors = init.errors ?? [];
    this.code = first?.code;
    this.meaning = first?.meaning ?? KIND_MEANINGS[init.kind] ?? errorMeaning(init.httpStatus);
    this.messages = first?.messages ?? (init.detail ? [capText(init.detail)] : []);
    this.httpStatus = init.httpStatus;
    this.operation = init.operation;
  }

  /** Plain data for logs: never holds credentials. */
  toJSON() {
    return { name: this.name, kind: this.kind, operation: this.operation, code: this.code, meaning: this.meaning, messages: this.messages, errors: this.errors, httpStatus: this.httpStatus, message: this.message };
  }
}

/** One mismatch reported by the validators: the part of the package's problem type the client reads. */
export type ValidationIssue = Pick<ResponseProblem, 'pointer' | 'message'>;

/**
 * A response that does not match the API description (with `validate: validateResponse`). The
 * client builds it from redacted copies of the problems and the body.
 */
export class ResponseValidationError extends Error {
  override readonly name = 'ResponseValidationError';
  constructor(
    readonly operation: string,
    readonly errors: readonly ValidationIssue[],
    /** The response body as received (with any echoed credentials redacted). */
    readonly body: unknown,
  ) {
    const shown = errors.slice(0, 5).map((e) => `${e.pointer || '/'}: ${e.message}`).join('; ');
    super(`${operation}: the response does not match the API description (${errors.length} error${errors.length === 1 ? '' : 's'}): ${capText(shown)}${errors.length > 5 ? '; ...' : ''}`);
  }
}

/**
 * `client.metrics()` refuses a request it cannot split and merge exactly; `reason` says why.
 * It is thrown while planning, before any request is sent.
 */
export class SplitRefusedError extends Error {
  override readonly name = 'SplitRefusedError';
  constructor(
    readonly operation: string,
    readonly reason: string,
  ) {
    super(`${operation}: cannot split this request into requests within the limits and merge the answers exactly: ${reason}`);
  }
}

/** One part of a split metrics request: its profiles, metrics and date range. */
export interface SplitChunk {
  profiles: string[];
  metrics: string[];
  /** First day, YYYY-MM-DD. */
  dateStart: string;
  /** Last day, YYYY-MM-DD (included). */
  dateEnd: string;
}

/** A list for a message: the first few items and how many more. */
function shortList(items: readonly string[]): string {
  const shown = items.slice(0, 5).join(', ');
  return items.length > 5 ? `${shown} and ${items.length - 5} more` : shown;
}

/**
 * `client.metrics()` got an answer to one part of a split request that cannot be merged into
 * the answer of the unsplit request (the server answered other rows, cells or shapes than the
 * part asked for). `chunk` is that part; `reason` says what did not fit.
 */
export class MergeError extends Error {
  override readonly name = 'MergeError';
  constructor(
    readonly operation: string,
    /** The part whose answer does not fit. */
    readonly chunk: SplitChunk,
    readonly reason: string,
  ) {
    super(`${operation}: cannot merge the answer of the part for profiles ${shortList(chunk.profiles)}; metrics ${shortList(chunk.metrics)}; dates ${chunk.dateStart}..${chunk.dateEnd}: ${reason}`);
  }
}

/** A bad `createClient` option (the message names the option). */
export class ClientConfigError extends Error {
  override readonly name = 'ClientConfigError';
}
