/**
 * The client's policies as one openapi-fetch middleware, registered on both typed clients
 * (`client.raw.v1`, `client.raw.v2`); `send()` goes through the same clients, so a raw call and
 * `send()` get the same credentials, errors, retries, budget and validation:
 *
 * - `onRequest` sets the Authorization header, takes a slot of the requests-per-hour budget and
 *   notes the request body (for retries and request-aware validation);
 * - `onResponse` reads the answer: a failure (`success: false` at any status, another non-2xx
 *   status, a body that is not JSON) becomes an ApiError; codes 10/11 and HTTP 500 are retried
 *   with backoff and jitter (each retry takes a budget slot); a success body is validated
 *   (`validate`) and handed on as a fresh Response holding the same text;
 * - `onError` (fetch threw: no answer) retries network failures the same way, or ends in an
 *   ApiError of kind `network`.
 *
 * The middleware is registered first, so its `onRequest` runs before any middleware a user adds
 * and its `onResponse` / `onError` run last: user middleware sees the Authorization header, and
 * the raw answers before they are judged. A retry resends the request as the last `onRequest`
 * left it (URL, method, headers) with the body as serialized.
 */
import type { Middleware, MiddlewareCallbackParams } from 'openapi-fetch';
import { networkFailure, readAnswer, type Answer } from './answer.js';
import type { Clock, RequestBudget } from './budget.js';
import { ApiError, ResponseValidationError, type ValidationIssue } from './errors.js';
import type { Redactor } from './redact.js';
import { backoffDelay, isRetriable, type ResolvedRetry } from './retry.js';
import { noteRequest } from './transport.js';

/** Checks a response body against the API description; the package's validators by default. */
export type ResponseValidator = (input: { method: string; path: string; body: unknown; request?: unknown }) => { valid: boolean; errors: ValidationIssue[] } | Promise<{ valid: boolean; errors: ValidationIssue[] }>;

/** Information given to `onRetry` before each retry (no credentials in it). */
export interface RetryInfo {
  operation: string;
  retry: number;
  delayMs: number;
  error: ApiError;
}

/** What the middleware enforces; built once per client by createClient. */
export interface ClientPolicy {
  /** The Authorization header value. */
  authorization: string;
  redact: Redactor;
  retry: ResolvedRetry;
  clock: Clock;
  random: () => number;
  budget?: RequestBudget;
  validator?: Promise<ResponseValidator>;
  onRetry?: (info: RetryInfo) => void;
}

/** A request body as sent: the value (for validation) and its JSON text (for retries). */
interface SentBody {
  value: unknown;
  text: string;
}

/** One call through a typed client, from onRequest to the final answer. */
interface Call {
  operation: string;
  method: string;
  path: string;
  sent?: SentBody;
  /** Made by send(), which takes the parsed body (parsedBodyOf) and never reads the Response. */
  fromSend: boolean;
  /** Recovered in onError: openapi-fetch then runs every onResponse, so the Response must be readable. */
  recovered?: boolean;
  /** The Response this middleware handed on (onError recovered; onResponse lets it pass). */
  final?: Response;
}

/** Parsed success bodies of the Responses the middleware hands on, so send() parses once. */
const parsedBodies = new WeakMap<Response, unknown>();

/** The success body the middleware parsed for `response`, if it handed it on. */
export function parsedBodyOf(response: Response): { body: unknown } | undefined {
  return parsedBodies.has(response) ? { body: parsedBodies.get(response) } : undefined;
}

/** The middleware and the body serializers that must be set on the same openapi-fetch clients. */
export interface PolicyMiddleware {
  middleware: Middleware;
  /** JSON.stringify that also notes the body for the middleware (see onRequest). */
  bodySerializer: (body: unknown) => string;
  /** The same, passed by send() on each call: it marks the call as send()'s. */
  sendBodySerializer: (body: unknown) => string;
}

/** Builds the middleware enforcing `policy` (see the module comment). */
export function policyMiddleware(policy: ClientPolicy): PolicyMiddleware {
  const { redact, retry, clock, budget } = policy;
  // Calls by openapi-fetch's frozen per-call options object (the same in every callback).
  const calls = new WeakMap<object, Call>();
  // openapi-fetch calls the body serializer and then, in the same synchronous run, the first
  // middleware's onRequest (this one): the body noted here is the body of that request.
  let serialized: SentBody | undefined;
  const bodySerializer = (body: unknown): string => {
    const text = JSON.stringify(body);
    serialized = { value: body, text };
    return text;
  };
  const sendBodySerializer = (body: unknown): string => bodySerializer(body);

  async function sentBody(request: Request, options: MiddlewareCallbackParams['options'], noted: SentBody | undefined): Promise<SentBody | undefined> {
    if (request.body === null) return undefined;
    if (noted && (options.bodySerializer === bodySerializer || options.bodySerializer === sendBodySerializer)) return noted;
    // A body serialized by the caller's own bodySerializer: read it from a copy.
    const text = await request.clone().text();
    let value: unknown = text;
    try {
      value = JSON.parse(text);
    } catch {
      // not JSON: validation sees the text
    }
    return { value, text };
  }

  /**
   * A success answer: validated, then handed on as a fresh Response with the same text (to
   * send(), which reads nothing, the response itself, unless other middleware still sees it).
   */
  async function deliver(call: Call, response: Response, answer: Answer): Promise<Response> {
    if (policy.validator) {
      const check = await policy.validator;
      const result = await check({ method: call.method, path: call.path, body: answer.body, request: call.sent?.value });
      if (!result.valid) {
        const errors = result.errors.map((e) => ({ ...e, pointer: redact.text(e.pointer), message: redact.text(e.message) }));
        throw new ResponseValidationError(call.operation, errors, redact.value(answer.body));
      }
    }
    const out = call.fromSend && !call.recovered ? response : new Response(answer.text, { status: response.status, statusText: response.statusText, headers: response.headers });
    parsedBodies.set(out, answer.body);
    call.final = out;
    return out;
  }

  /** Retries a failed attempt (number `attempt`, 0-based) while the policy allows, then delivers or throws. */
  async function settle(call: Call, request: Request, fetch: typeof globalThis.fetch, failure: ApiError, attempt: number): Promise<Response> {
    let error = failure;
    for (let retryIndex = attempt; ; retryIndex++) {
      if (retryIndex >= retry.retries || !isRetriable(error) || request.signal.aborted) throw error;
      const delayMs = backoffDelay(retry, retryIndex, policy.random);
      policy.onRetry?.({ operation: call.operation, retry: retryIndex + 1, delayMs, error });
      await clock.sleep(delayMs);
      if (budget) await budget.acquire();
      let response: Response;
      try {
        const again = new Request(request.url, { method: request.method, headers: request.headers, body: call.sent?.text, signal: request.signal });
        noteRequest(again, call.sent?.text, !call.fromSend);
        response = await fetch(again);
      } catch (thrown) {
        error = networkFailure(thrown, call.operation, redact);
        continue;
      }
      const answer = await readAnswer(response, call.operation, redact);
      if (!(answer instanceof ApiError)) return deliver(call, response, answer);
      error = answer;
    }
  }

  const middleware: Middleware = {
    async onRequest({ request, schemaPath, options }) {
      const noted = serialized;
      serialized = undefined;
      request.headers.set('Authorization', policy.authorization);
      const call: Call = { operation: `${request.method} ${schemaPath}`, method: request.method, path: schemaPath, fromSend: options.bodySerializer === sendBodySerializer };
      calls.set(options, call);
      call.sent = await sentBody(request, options, noted);
      noteRequest(request, call.sent?.text, !call.fromSend);
      if (budget) await budget.acquire();
      return request;
    },
    async onResponse({ request, response, options }) {
      const call = calls.get(options);
      if (!call || call.final === response) return response;
      const answer = await readAnswer(response, call.operation, redact);
      if (!(answer instanceof ApiError)) return deliver(call, response, answer);
      return settle(call, request, options.fetch, answer, 0);
    },
    async onError({ request, error, options }) {
      const call = calls.get(options);
      if (!call) return undefined;
      call.recovered = true;
      try {
        return await settle(call, request, options.fetch, networkFailure(error, call.operation, redact), 0);
      } catch (failure) {
        return failure instanceof Error ? failure : new Error(String(failure));
      }
    },
  };
  return { middleware, bodySerializer, sendBodySerializer };
}
