/**
 * The client's policies in one fetch wrapper, the only way a request leaves the client: `send()`,
 * `paginate()` and `metrics()` call it with the typed request, and the raw openapi-fetch clients
 * call it as their `fetch` (raw.ts). For each call, in order:
 *
 * - auth: the Authorization header on every attempt;
 * - budget: a slot of the requests-per-hour budget before every attempt, retries included;
 * - timeout, cancellation, redirects: per attempt (attempt.ts);
 * - errors: every failure an ApiError whose texts are redacted and capped (answer.ts);
 * - retries: transient failures again after the backoff or the server's `Retry-After` (retry.ts),
 *   never after the caller's signal aborted;
 * - validation: the success body checked by the injected validator, with the request; a body that
 *   fails is validated again redacted, so that no message quotes a credential cut short.
 *
 * Everything a call needs is in its arguments: no state outside the call but the budget.
 */
import { untilAborted } from './abort.js';
import { judgeAnswer, networkFailure } from './answer.js';
import { attempt, type Outgoing, type Transport } from './attempt.js';
import type { Clock, RequestBudget } from './budget.js';
import { ApiError, ResponseValidationError, type ValidationIssue } from './errors.js';
import { exchangeCapture, type ExchangeCapture } from './exchange.js';
import type { Redactor } from './redact.js';
import { isRetriable, retryAfterMs, retryDelay, type ResolvedRetry } from './retry.js';

/**
 * Checks a success body against the API description: `validateResponse` from
 * `social-analytics-api/validators`, or your own function of the same shape.
 */
export type ResponseValidator = (input: { method: string; path: string; body: unknown; request?: unknown }) => { valid: boolean; errors: readonly ValidationIssue[] } | Promise<{ valid: boolean; errors: readonly ValidationIssue[] }>;

/** Information given to `onRetry` before each retry (no credentials in it). */
export interface RetryInfo {
  operation: string;
  retry: number;
  /** The wait before the retry: the backoff, or the server's `Retry-After` (capped at `maxDelayMs`). */
  delayMs: number;
  error: ApiError;
}

/** What the wrapper enforces; built once per client by createClient. */
export interface ClientPolicy {
  /** The Authorization header value. */
  authorization: string;
  transport: Transport;
  /** The base URL's origin (redirects stay within it). */
  origin: string;
  timeoutMs: number;
  maxBodyBytes: number;
  redact: Redactor;
  retry: ResolvedRetry;
  clock: Clock;
  random: () => number;
  budget?: RequestBudget;
  validate?: ResponseValidator;
  onRetry?: (info: RetryInfo) => void;
  onExchange?: (capture: ExchangeCapture) => unknown;
}

/** One call to the API. Header names are lower-case. */
export interface ApiCall {
  /** "POST /2/facebook/metrics" */
  operation: string;
  method: string;
  /** The path without the base URL and the query ("/2/facebook/metrics"), for validation. */
  path: string;
  url: string;
  headers: Record<string, string>;
  /** The request body as sent (JSON text), or undefined. */
  body: string | undefined;
  /** The request body as a value, for request-aware validation. */
  request: unknown;
  /** The caller's signal: aborts the call, without retries. */
  signal?: AbortSignal;
  /** Other members of a raw call's Request (credentials, cache, mode, ...). */
  init?: RequestInit;
}

/** A success answer: the parsed (and validated) body, and the answer it came in. */
export interface Delivered {
  body: unknown;
  text: string;
  status: number;
  statusText: string;
  headers: Headers;
}

export type PolicyFetch = (call: ApiCall) => Promise<Delivered>;

/** A copy of a validator's problem with its texts redacted (other members than texts, numbers and flags left out). */
function redactedIssue(issue: ValidationIssue, redact: Redactor): ValidationIssue {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(issue)) {
    if (typeof value === 'string') copy[key] = redact.text(value);
    else if (typeof value === 'number' || typeof value === 'boolean') copy[key] = value;
  }
  return copy as unknown as ValidationIssue;
}

/** The wrapper enforcing `policy` (see the module comment). */
export function policyFetch(policy: ClientPolicy): PolicyFetch {
  const { redact, retry, clock, budget } = policy;

  /** Waits for `work`; the caller's abort ends the call with its ApiError. */
  async function wait(work: Promise<void>, call: ApiCall): Promise<void> {
    try {
      await untilAborted(work, call.signal);
    } catch (error) {
      if (call.signal?.aborted) throw networkFailure(call.signal.reason, call.operation, redact, true);
      throw error;
    }
  }

  async function check(call: ApiCall, body: unknown): Promise<void> {
    if (!policy.validate) return;
    const result = await policy.validate({ method: call.method, path: call.path, body, request: call.request });
    if (result.valid) return;
    // Redact first, then describe: a validator quotes values cut short, and a credential cut
    // short is no longer found in its message. So the redacted copy of the body is validated
    // again and its problems are the ones reported (those of the original if the copy passes).
    const shown = redact.value(body);
    const again = await policy.validate({ method: call.method, path: call.path, body: shown, request: call.request });
    const issues = again.valid ? result.errors : again.errors;
    throw new ResponseValidationError(call.operation, issues.map((issue) => redactedIssue(issue, redact)), shown);
  }

  return async function callApi(call: ApiCall): Promise<Delivered> {
    const out: Outgoing = { url: call.url, method: call.method, headers: { ...call.headers, authorization: policy.authorization }, body: call.body, init: call.init };
    const context = { operation: call.operation, transport: policy.transport, origin: policy.origin, timeoutMs: policy.timeoutMs, maxBodyBytes: policy.maxBodyBytes, redact, signal: call.signal };
    for (let retryIndex = 0; ; retryIndex++) {
      if (budget) await wait(budget.acquire(), call);
      const received = await attempt(out, context);
      let failure: ApiError;
      let retryAfter: number | undefined;
      if (received instanceof ApiError) failure = received;
      else {
        const answer = judgeAnswer(received.status, received.text, call.operation, redact);
        if (policy.onExchange) await policy.onExchange(exchangeCapture({ method: call.method, path: call.path, request: call.request, status: received.status, text: received.text }, redact));
        if (!(answer instanceof ApiError)) {
          await check(call, answer.body);
          return { ...received, body: answer.body };
        }
        failure = answer;
        retryAfter = retryAfterMs(received.headers.get('retry-after'), clock.now());
      }
      if (retryIndex >= retry.retries || !isRetriable(failure) || call.signal?.aborted) throw failure;
      const delayMs = retryDelay(retry, retryIndex, policy.random, retryAfter);
      policy.onRetry?.({ operation: call.operation, retry: retryIndex + 1, delayMs, error: failure });
      await wait(clock.sleep(delayMs), call);
    }
  };
}
