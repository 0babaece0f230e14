/**
 * One attempt of a call: send the request, follow redirects within the API's origin and read the
 * whole body, all within the client's `timeout`; stop at once when the caller's signal aborts.
 * Every way it can end without a complete answer is an ApiError (returned, for the retry policy):
 * `timeout`, `redirect` (to another origin: nothing is sent there), `too-large` (a body longer
 * than `maxBodyBytes`, counted as it arrives: reading stops there), `network` (no answer, a body
 * cut off, or the caller's abort).
 *
 * Redirects are never left to fetch (`redirect: "manual"`): fetch would re-send the body and the
 * Authorization header to wherever the server points. Within the origin they are followed as fetch
 * would (303, and 301/302 after a POST, become a GET without a body). A browser hides the target
 * of a redirect from script, so there every redirect is refused.
 */
import { untilAborted } from './abort.js';
import { networkFailure, timeoutFailure, tooLargeFailure } from './answer.js';
import { ApiError } from './errors.js';
import { readBody } from './read-body.js';
import type { Redactor } from './redact.js';

/**
 * Sends one HTTP request, with the semantics of `fetch(url, init)`. `watchesSignal`: it ends the
 * request and its body when `init.signal` aborts, as fetch does; otherwise the attempt stops
 * waiting for it on its own.
 */
export interface Transport {
  (url: string, init: RequestInit): Promise<Response>;
  watchesSignal?: boolean;
}

/** What an attempt sends. Header names are lower-case. */
export interface Outgoing {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Other members of a raw call's Request (credentials, cache, mode, ...). */
  init?: RequestInit;
}

/** An answer read whole. */
export interface Received {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
}

export interface AttemptContext {
  /** "POST /2/facebook/metrics", for errors. */
  operation: string;
  transport: Transport;
  /** The base URL's origin: redirects are followed only within it. */
  origin: string;
  /** Milliseconds for the attempt, the whole body included; Infinity: no limit. */
  timeoutMs: number;
  /** Bytes of a response body (decoded) read at most; a longer body is an ApiError of kind `too-large`. */
  maxBodyBytes: number;
  redact: Redactor;
  /** The caller's signal. */
  signal: AbortSignal | undefined;
}

/** As many redirects as fetch follows. */
const MAX_REDIRECTS = 20;

/** Sends `out` once (see the module comment). */
export async function attempt(out: Outgoing, context: AttemptContext): Promise<Received | ApiError> {
  const { signal, operation, redact } = context;
  if (signal?.aborted) return networkFailure(signal.reason, operation, redact, true);
  const controller = new AbortController();
  let timedOut = false;
  const timer = Number.isFinite(context.timeoutMs)
    ? setTimeout(() => {
        timedOut = true;
        controller.abort(new DOMException('timeout', 'TimeoutError'));
      }, context.timeoutMs)
    : undefined;
  const onAbort = () => controller.abort(signal!.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const waitFor = <T>(work: Promise<T>) => (context.transport.watchesSignal ? work : untilAborted(work, controller.signal));
  let response: Response | undefined;
  try {
    let request = out;
    for (let redirects = 0; ; redirects++) {
      const init: RequestInit = { ...request.init, method: request.method, headers: request.headers, body: request.body, signal: controller.signal, redirect: 'manual' };
      response = await waitFor(context.transport(request.url, init));
      const next = redirectOf(response, request, redirects, context);
      if (next === undefined) break;
      void response.body?.cancel().catch(() => undefined);
      if (next instanceof ApiError) return next;
      request = next;
    }
    const body = await readBody(response, context.maxBodyBytes, waitFor);
    if ('tooLarge' in body) return tooLargeFailure(context.maxBodyBytes, operation, response.status);
    return { status: response.status, statusText: response.statusText, headers: response.headers, text: body.text };
  } catch (error) {
    void response?.body?.cancel().catch(() => undefined);
    if (timedOut) return timeoutFailure(context.timeoutMs, operation);
    if (signal?.aborted) return networkFailure(signal.reason, operation, redact, true);
    return networkFailure(error, operation, redact);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * What a redirect answer leads to: the request to send next (within the origin), an ApiError
 * (elsewhere, too many, hidden), or undefined when `response` is no redirect to follow.
 */
function redirectOf(response: Response, current: Outgoing, redirects: number, context: AttemptContext): Outgoing | ApiError | undefined {
  const { operation, origin } = context;
  if (response.type === 'opaqueredirect') {
    return new ApiError({ kind: 'redirect', operation, detail: 'the server redirected; a browser hides where to' });
  }
  const location = /^30[12378]$/.test(String(response.status)) ? response.headers.get('location') : null;
  if (location === null) return undefined;
  const httpStatus = response.status;
  let target: URL;
  try {
    target = new URL(location, current.url);
  } catch {
    return new ApiError({ kind: 'redirect', operation, httpStatus, detail: 'the server redirected to no URL' });
  }
  if (target.origin !== origin) {
    return new ApiError({ kind: 'redirect', operation, httpStatus, detail: `the server redirected to another host, ${context.redact.text(target.host)}; nothing was sent there (redirects are followed within ${origin} only)` });
  }
  if (redirects >= MAX_REDIRECTS) return new ApiError({ kind: 'redirect', operation, httpStatus, detail: `more than ${MAX_REDIRECTS} redirects` });
  // 301, 302 and 303 turn a POST into a GET without a body, as in fetch (the API has only GET and POST).
  if (httpStatus > 303 || current.method === 'GET') return { ...current, url: target.href };
  const { 'content-type': _dropped, ...headers } = current.headers;
  return { ...current, url: target.href, method: 'GET', headers, body: undefined };
}
