/**
 * The default fetch of the typed clients: sends the standard `Request` openapi-fetch built (and
 * the middleware saw) as `fetch(url, init)` from its parts, when its JSON body text is known.
 * `fetch(request)` with a body makes fetch copy the request through a proxy stream (a
 * TransformStream per call in Node's fetch), a measurable share of the per-request cost on
 * loopback; `fetch(url, init)` sends the same method, headers, body and signal without it.
 * A request whose body text is not known (replaced by a user's middleware) goes as it is.
 */

/** Body texts of requests about to be sent, noted by the middleware. */
const bodyTexts = new WeakMap<Request, string>();

/** Notes the body text of `request` (exactly the text its body stream holds). */
export function noteBodyText(request: Request, text: string): void {
  bodyTexts.set(request, text);
}

/** Sends `request` with the global fetch (resolved at call time, so test doubles apply). */
export function sendRequest(request: Request): Promise<Response> {
  const text = bodyTexts.get(request);
  if (text === undefined && request.body !== null) return globalThis.fetch(request);
  return globalThis.fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: text,
    signal: request.signal,
    redirect: request.redirect,
    credentials: request.credentials,
    cache: request.cache,
    mode: request.mode,
    keepalive: request.keepalive,
    integrity: request.integrity,
    referrerPolicy: request.referrerPolicy,
  });
}
