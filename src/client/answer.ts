/**
 * Judging one answer of the API: the response body, read as text, parsed, with every failure
 * turned into an ApiError (`success: false` at any status, an unexpected status, a body that is
 * not JSON, no answer at all, no complete answer in time, an abort). Every text an error keeps
 * from the answer or the failure is redacted.
 */
import { ApiError, errorMeaning, shallowText, type ApiErrorEntry } from './errors.js';
import type { Redactor } from './redact.js';

/** A success answer: the parsed body and the text it was parsed from. */
export interface Answer {
  body: unknown;
  text: string;
}

/**
 * Reads a failure body's `errors` into entries with catalog meanings (texts redacted and cut
 * to FAILURE_TEXT_LIMIT characters; the first FAILURE_ENTRIES_KEPT entries and texts of each),
 * or undefined when it is not one.
 */
function failureEntries(body: unknown, redact: Redactor): ApiErrorEntry[] | undefined {
  if (typeof body !== 'object' || body === null || (body as { success?: unknown }).success !== false) return undefined;
  const list = (body as { errors?: unknown }).errors;
  if (!Array.isArray(list)) return [];
  return list.slice(0, FAILURE_ENTRIES_KEPT).map((e: unknown) => {
    const code = typeof (e as { code?: unknown })?.code === 'number' ? (e as { code: number }).code : -1;
    const texts = (e as { errors?: unknown })?.errors;
    return { code, meaning: errorMeaning(code), messages: Array.isArray(texts) ? texts.slice(0, FAILURE_ENTRIES_KEPT).map((t) => redact.excerpt(shallowText(t))) : [] };
  });
}

/** The most error objects of a failure body, and texts of one, an ApiError keeps (a body may hold millions). */
const FAILURE_ENTRIES_KEPT = 100;

/**
 * The ApiError of a request that got no answer (refused, reset, dropped, DNS, ...), or that the
 * caller's abort signal stopped (`aborted`; `error` is the signal's reason).
 */
export function networkFailure(error: unknown, operation: string, redact: Redactor, aborted = false): ApiError {
  const cause = redact.error(error);
  const hint = !aborted && isUnexplained(error) ? `; ${UNEXPLAINED_HINT}` : '';
  return new ApiError({ kind: 'network', operation, detail: `${aborted ? "stopped by the caller's abort signal" : 'no answer from the server'} (${networkReason(cause)})${hint}`, cause });
}

/** What the message adds when fetch failed without saying why. */
const UNEXPLAINED_HINT =
  "fetch gave no reason: in a browser this is how a request refused by CORS (the API does not allow this page's origin) shows, as well as a network failure (offline, DNS, TLS, a blocked request); the browser's console names the cause";

/**
 * Whether fetch rejected with a bare TypeError: no cause and no system code, as browsers reject
 * for CORS and network failures alike ("Failed to fetch", "Load failed", "NetworkError when
 * attempting to fetch resource."). Node's fetch gives a cause with a code.
 */
function isUnexplained(error: unknown): boolean {
  return error instanceof TypeError && error.cause === undefined && (error as { code?: unknown }).code === undefined;
}

/** The ApiError of a body longer than `limit` bytes (counted decoded). */
export function tooLargeFailure(limit: number, operation: string, httpStatus: number): ApiError {
  return new ApiError({ kind: 'too-large', operation, httpStatus, detail: `the response body is longer than ${limit} bytes (option "maxBodyBytes"); the client stopped reading it` });
}

/**
 * The engine's words of a JSON.parse error without the piece of the body it quotes (V8 quotes
 * the text around the error, `Unexpected token 'x', "...text..." is not valid JSON`): the piece
 * may hold a part of a credential too short to be recognised, and the message quotes the body's
 * beginning, redacted, anyway.
 */
function parseErrorWords(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const quoted = message.indexOf('"');
  return quoted < 0 ? message : message.slice(0, quoted).replace(/[\s,]+$/, '');
}

/** The ApiError of an attempt that got no complete answer within `timeoutMs`. */
export function timeoutFailure(timeoutMs: number, operation: string): ApiError {
  return new ApiError({ kind: 'timeout', operation, detail: `no complete answer within ${timeoutMs} ms (option "timeout", per attempt)` });
}

/**
 * Judges an answer read whole: the parsed success body (`success: true` with a 2xx status), or
 * the ApiError it stands for (returned, not thrown, so that the caller decides whether to retry).
 */
export function judgeAnswer(status: number, text: string, operation: string, redact: Redactor): Answer | ApiError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const shown = redact.excerpt(text, 80);
    const cause = redact.error(new SyntaxError(parseErrorWords(error)));
    return new ApiError({ kind: 'invalid-body', operation, httpStatus: status, detail: `the response body is not JSON: ${JSON.stringify(shown)}`, cause });
  }
  const entries = failureEntries(body, redact);
  if (entries) return new ApiError({ kind: 'api', operation, httpStatus: status, errors: entries.length ? entries : [{ code: status, meaning: errorMeaning(status), messages: [] }] });
  if (status < 200 || status > 299) return new ApiError({ kind: 'http', operation, httpStatus: status, detail: `unexpected HTTP status ${status}` });
  if (typeof body !== 'object' || body === null || (body as { success?: unknown }).success !== true) {
    return new ApiError({ kind: 'invalid-body', operation, httpStatus: status, detail: 'the response body is not an API body (no "success": true or false)' });
  }
  return { body, text };
}

/**
 * Why no answer came, for the message: the cause chain's message and its system error code
 * (`ECONNREFUSED`, `ENOTFOUND`), which fetch hides behind "fetch failed".
 */
function networkReason(error: Error): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    parts.push(typeof code === 'string' && !e.message.includes(code) ? `${e.message} (${code})` : e.message);
  }
  return parts.join(': ');
}
