/**
 * `createHandlers`: msw request handlers that answer as the mock server does, from the same
 * answer engine (src/mock/engine.ts): for the same request, seed and options, the same status,
 * headers and body bytes. One handler per operation of both versions, then one for every other
 * request under `baseUrl` (401, 404, 405, as the API answers them). They run wherever msw runs:
 * `setupServer` (msw/node) and `setupWorker` (msw/browser, a service worker).
 */
import { http, type HttpHandler } from 'msw';
import { operations } from '../../generated/operations.js';
import { MAX_REQUEST_BYTES } from '../mock/bounds.js';
import { MockEngine, type MockAnswer, type MockEngineOptions } from '../mock/engine.js';
import type { MockAccount } from '../mock/account.js';
import type { FaultOptions } from '../mock/faults.js';

export interface MockHandlersOptions extends MockEngineOptions {
  /**
   * Where the app sends its requests: the `baseUrl` it gives `createClient`
   * ("https://api.example.test", or with a path prefix). Every request under it is answered.
   */
  baseUrl: string;
}

/** The handlers (spread them into `setupServer` or `setupWorker`), with the mock's account and state. */
export type MockHandlers = HttpHandler[] & {
  /** The account served (profiles, labels): the same as the mock server's. */
  readonly account: MockAccount;
  /** Replaces the fault options. */
  setFaults(faults: FaultOptions | undefined): void;
  /** Forgets the requests counted by the hourly budgets. */
  resetBudgets(): void;
};

/** `baseUrl` as an origin and a path prefix without a trailing slash; a TypeError naming what is wrong otherwise. */
export function apiRoot(baseUrl: unknown, caller: string): { origin: string; prefix: string } {
  let url: URL | undefined;
  try {
    url = typeof baseUrl === 'string' ? new URL(baseUrl) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new TypeError(`${caller}: baseUrl must be an http(s) URL without query, fragment or credentials, such as "https://api.example.test", got ${JSON.stringify(baseUrl) ?? String(baseUrl)}`);
  }
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/** The response msw sends for an engine answer (a network error for a dropped connection). */
function responseOf(answer: MockAnswer): Response {
  if (answer.drop) return Response.error();
  // A 204 (the preflight) has no body: a Response refuses one.
  return new Response(answer.body.length === 0 ? null : answer.body, { status: answer.status, headers: answer.headers });
}

/** Request headers by lowercase name (a repeated header's values joined with ", ", as fetch joins them). */
function headersOf(headers: Headers): Record<string, string> {
  const byName: Record<string, string> = {};
  headers.forEach((value, name) => {
    byName[name] = value;
  });
  return byName;
}

/** msw handlers answering as `startMockServer({ ...options })` does for requests under `options.baseUrl`. */
export function createHandlers(options: MockHandlersOptions): MockHandlers {
  if (typeof options !== 'object' || options === null) throw new TypeError('createHandlers: options { baseUrl } are required');
  const { origin, prefix } = apiRoot(options.baseUrl, 'createHandlers');
  const engine = new MockEngine(options, 'createHandlers');
  const base = origin + prefix;
  const resolve = async ({ request }: { request: Request }): Promise<Response | undefined> => {
    const { pathname } = new URL(request.url);
    if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return undefined;
    const bytes = new Uint8Array(await request.arrayBuffer());
    const answer = await engine.answer({
      method: request.method,
      path: pathname.slice(prefix.length) || '/',
      headers: headersOf(request.headers),
      body: bytes.length > MAX_REQUEST_BYTES ? undefined : bytes,
    });
    return responseOf(answer);
  };
  const perOperation = operations.map((op) => (op.method === 'GET' ? http.get : http.post)(base + op.path, resolve));
  const handlers = [...perOperation, http.all(`${base}/*`, resolve)];
  return Object.assign(handlers, {
    account: engine.account,
    setFaults: (faults: FaultOptions | undefined) => engine.setFaults(faults),
    resetBudgets: () => engine.resetBudgets(),
  });
}
