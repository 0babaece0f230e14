/**
 * A lightweight stand-in for the WHATWG `Request` that openapi-fetch builds for every call.
 * A real `Request` with a string body turns the body into a stream that fetch must read back;
 * keeping the URL and init and calling `fetch(url, init)` sends the same request with less
 * work (a measurable share of the per-request overhead on loopback). Used only with the global
 * fetch: a user-supplied `fetch` receives real `Request` objects.
 */
export class LightRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  constructor(
    url: string,
    readonly init: RequestInit & { headers: Headers },
  ) {
    this.url = url;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = init.headers;
  }
}

/** fetch for LightRequest objects (and anything else, passed through). */
export function lightFetch(input: unknown, init?: RequestInit): Promise<Response> {
  if (input instanceof LightRequest) return globalThis.fetch(input.url, input.init);
  return globalThis.fetch(input as Request, init);
}
