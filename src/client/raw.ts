/**
 * `client.raw.v1` / `client.raw.v2`: the typed openapi-fetch clients, for calls in the shape of
 * the OpenAPI paths. Their `fetch` is the client's policy wrapper (policy-fetch.ts), so a raw call
 * gets the same credentials, timeout, redirect rule, ApiError on failures, retries, budget,
 * redaction and validation as `send()`; a success comes back as a Response holding the body.
 * The Authorization header is also a default header of these clients, so that middleware added
 * with `use()` sees the request as it is sent.
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import type { paths as PathsV1 } from '../../generated/types/v1.js';
import type { paths as PathsV2 } from '../../generated/types/v2.js';
import type { PolicyFetch } from './policy-fetch.js';

export interface RawClients {
  readonly v1: Client<PathsV1>;
  readonly v2: Client<PathsV2>;
}

/** The path of `url` under `baseUrl`, without the query ("/2/facebook/metrics"). */
function pathOf(url: string, baseUrl: string): string {
  const rest = url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length) : new URL(url).pathname;
  return rest.replace(/[?#].*$/, '');
}

/** A JSON text as a value (for validation), or the text itself when it is not JSON. */
function parsedBody(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The members of a Request that fetch takes besides method, headers, body and signal. */
function initOf({ credentials, cache, mode, keepalive, integrity, referrerPolicy }: Request): RequestInit {
  return { credentials, cache, mode, keepalive, integrity, referrerPolicy };
}

/** The raw clients of a client whose calls go through `callApi`. */
export function rawClients(baseUrl: string, authorization: string, callApi: PolicyFetch): RawClients {
  const fetch = async (request: Request): Promise<Response> => {
    const body = request.body === null ? undefined : await request.text();
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const path = pathOf(request.url, baseUrl);
    const delivered = await callApi({ operation: `${request.method} ${path}`, method: request.method, path, url: request.url, headers, body, request: parsedBody(body), signal: request.signal, init: initOf(request) });
    return new Response(delivered.text, { status: delivered.status, statusText: delivered.statusText, headers: delivered.headers });
  };
  const options = { baseUrl, headers: { Authorization: authorization }, fetch };
  return { v1: createFetchClient<PathsV1>(options), v2: createFetchClient<PathsV2>(options) };
}
