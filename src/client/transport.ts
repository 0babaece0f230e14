/**
 * One HTTP exchange through openapi-fetch: sends a request object, reads the body as text,
 * parses it and turns every failure into an ApiError. No retries here.
 */
import type { Client } from 'openapi-fetch';
import { ApiError, errorMeaning, type ApiErrorEntry } from './errors.js';
import type { Redactor } from './redact.js';

/** Anything shaped like a builder's request. */
export interface RequestLike {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
  readonly operation?: string;
}

/** The operation key of a request: its own, or "METHOD /path". */
export function operationOf(request: RequestLike): string {
  return request.operation ?? `${request.method} ${request.path}`;
}

/**
 * Reads a failure body's `errors` into entries with catalog meanings (texts redacted), or
 * undefined when it is not one.
 */
export function failureEntries(body: unknown, redact: Redactor): ApiErrorEntry[] | undefined {
  if (typeof body !== 'object' || body === null || (body as { success?: unknown }).success !== false) return undefined;
  const list = (body as { errors?: unknown }).errors;
  if (!Array.isArray(list)) return [];
  return list.map((e: unknown) => {
    const code = typeof (e as { code?: unknown })?.code === 'number' ? (e as { code: number }).code : -1;
    const texts = (e as { errors?: unknown })?.errors;
    return { code, meaning: errorMeaning(code), messages: Array.isArray(texts) ? texts.map((t) => redact.text(String(t))) : [] };
  });
}

/**
 * Sends one request and returns the parsed success body (`success: true`), or throws ApiError.
 * Every text an error keeps from the answer or the failure (texts, body, cause) is redacted.
 */
export async function exchange(raw: Client<any>, request: RequestLike, redact: Redactor): Promise<unknown> {
  const operation = operationOf(request);
  let text: string;
  let status: number;
  try {
    const init: Record<string, unknown> = { parseAs: 'text' };
    if (request.method !== 'GET') init.body = request.body ?? {};
    const result = await (raw.request as (m: string, p: string, i: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>)(request.method.toLowerCase(), request.path, init);
    status = result.response.status;
    const payload = result.response.ok ? result.data : result.error;
    text = typeof payload === 'string' ? payload : payload === undefined ? '' : JSON.stringify(payload);
  } catch (error) {
    const cause = redact.error(error);
    throw new ApiError({ kind: 'network', operation, detail: `no answer from the server (${networkReason(cause)})`, cause });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    // Redact before cutting, so that no part of a secret survives at the cut.
    const redacted = redact.text(text);
    const shown = redacted.length > 80 ? `${redacted.slice(0, 80)}...` : redacted;
    throw new ApiError({ kind: 'invalid-body', operation, httpStatus: status, detail: `the response body is not JSON: ${JSON.stringify(shown)}`, cause: redact.error(error) });
  }
  const entries = failureEntries(body, redact);
  if (entries) throw new ApiError({ kind: 'api', operation, httpStatus: status, errors: entries.length ? entries : [{ code: status, meaning: errorMeaning(status), messages: [] }] });
  if (status < 200 || status > 299) throw new ApiError({ kind: 'http', operation, httpStatus: status, detail: `unexpected HTTP status ${status}` });
  if (typeof body !== 'object' || body === null || (body as { success?: unknown }).success !== true) {
    throw new ApiError({ kind: 'invalid-body', operation, httpStatus: status, detail: 'the response body is not an API body (no "success": true or false)' });
  }
  return body;
}

/**
 * Why no answer came, for the message: the cause chain's message and its system error code
 * (`ECONNREFUSED`, `ENOTFOUND`), which fetch hides behind "fetch failed".
 */
export function networkReason(error: Error): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    parts.push(typeof code === 'string' && !e.message.includes(code) ? `${e.message} (${code})` : e.message);
  }
  return parts.join(': ');
}
