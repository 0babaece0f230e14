/**
 * The default fetch of the typed clients: sends the standard `Request` openapi-fetch built (and
 * the middleware saw) as `fetch(url, init)` from its parts. `fetch(request)` with a body makes
 * fetch copy the request through a proxy stream (a TransformStream per call in Node's fetch), a
 * measurable share of the per-request cost on loopback; `fetch(url, init)` sends the same
 * method, headers, body, signal and options without it. A request the middleware did not note
 * (replaced by a user's middleware) goes as it is.
 */

/** What the middleware noted about a request about to be sent. */
interface Noted {
  /** The body text (exactly what the body stream holds), or undefined for no body. */
  text: string | undefined;
  /** Whether the caller may have given an abort signal (raw calls); send() never does. */
  signal: boolean;
}

const noted = new WeakMap<Request, Noted>();

/** Notes the body text of `request` and whether its signal must be passed on. */
export function noteRequest(request: Request, text: string | undefined, signal: boolean): void {
  noted.set(request, { text, signal });
}

/** Sends `request` with the global fetch (resolved at call time, so test doubles apply). */
export function sendRequest(request: Request): Promise<Response> {
  const note = noted.get(request);
  if (!note) return globalThis.fetch(request);
  const init: RequestInit = { method: request.method, headers: request.headers, body: note.text };
  // Only what differs from fetch's defaults: every member given costs a conversion per call.
  if (note.signal) init.signal = request.signal;
  if (request.redirect !== 'follow') init.redirect = request.redirect;
  if (request.credentials !== 'same-origin') init.credentials = request.credentials;
  if (request.cache !== 'default') init.cache = request.cache;
  if (request.mode !== 'cors') init.mode = request.mode;
  if (request.keepalive) init.keepalive = true;
  if (request.integrity) init.integrity = request.integrity;
  if (request.referrerPolicy) init.referrerPolicy = request.referrerPolicy;
  return globalThis.fetch(request.url, init);
}
