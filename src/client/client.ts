/**
 * `createClient`: the typed client of the social analytics API. Its policies (the Basic
 * authorization header, a timeout per attempt, redirects kept within the API's origin, ApiError
 * for failures, retries of transient failures, a requests-per-hour budget, redaction of echoed
 * credentials, response validation) are one fetch wrapper (policy-fetch.ts): `send()` calls it
 * with the typed request, `paginate()` and `metrics()` through `send()`, and the openapi-fetch
 * clients `raw.v1` / `raw.v2` use it as their fetch (raw.ts).
 */
import type { ApiRequest, ResponseOf } from '../../generated/operations.js';
import { authorizationHeader, checkBaseUrl, checkCredentials, insecureHostsOf } from './auth.js';
import { RequestBudget, type BudgetOptions, type Clock } from './budget.js';
import { ClientConfigError } from './errors.js';
import { paginate, type CallOptions, type PostOfAnswer } from './paginate.js';
import type { ExchangeCapture } from './exchange.js';
import { policyFetch, type ClientPolicy, type ResponseValidator, type RetryInfo } from './policy-fetch.js';
import { mergeMetricsAnswers } from './merge.js';
import { mapWithConcurrency } from './pool.js';
import { rawClients, type RawClients } from './raw.js';
import { DEFAULT_MAX_BODY_BYTES, MAX_BODY_BYTES_LIMIT } from './read-body.js';
import { Redactor } from './redact.js';
import type { RequestLike } from './request-like.js';
import { apiVersionOf } from '../operations/operation-of.js';
import { resolveRetry, type RetryOptions } from './retry.js';
import { planMetricsSplit } from './split-plan.js';
import { globalFetch, requestTransport } from './transport.js';

export type { CallOptions } from './paginate.js';

/** The default `timeout`: 30 s for one attempt. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export { DEFAULT_MAX_BODY_BYTES };

/** The longest timer setTimeout keeps (a longer one fires at once). */
const MAX_TIMER_MS = 2_147_483_647;

export interface ClientOptions {
  /** API token (first half of the Basic credentials). */
  token: string;
  /** API secret. Never appears in an error, a log line or a thrown object. */
  secret: string;
  /** `https://...`; plain `http:` only for loopback hosts (a local mock server) and the hosts of `allowInsecureHost`. */
  baseUrl: string;
  /**
   * Host names to which plain `http:` is allowed beside loopback: the mock as a CI service or a
   * compose service (`allowInsecureHost: 'mock'` for `baseUrl: 'http://mock:4010'`). The
   * credentials travel in clear text to them: for test networks only. None by default.
   */
  allowInsecureHost?: string | readonly string[];
  /**
   * A fetch implementation (default: the global fetch). It receives one standard `Request` (with
   * the headers, body, abort signal and `redirect: "manual"` set) and returns a `Response`.
   */
  fetch?: (input: Request) => Promise<Response>;
  /**
   * Checks every success body; a mismatch throws ResponseValidationError. Pass `validateResponse`
   * from `social-analytics-api/validators` (or a function of the same shape):
   * `createClient({ ..., validate: validateResponse })`. Off by default, so that an app that does
   * not validate never loads the validators.
   */
  validate?: ResponseValidator;
  /**
   * Milliseconds one attempt may take, from sending to the last byte of the body (default
   * 30000; `Infinity`: no limit). A timeout is an ApiError of kind `timeout`, retried like a
   * network failure.
   */
  timeout?: number;
  /**
   * Bytes of a response body the client reads at most, counted decoded as they arrive (default
   * 64 MiB, twice the largest answer the documented limits allow). A longer body is an ApiError
   * of kind `too-large`, never retried: reading stops at the cap, so an endless body or a
   * compression bomb costs the client at most about the cap.
   */
  maxBodyBytes?: number;
  /** Retry policy for codes 10/11, HTTP 500, network failures and timeouts; `false` disables retries. */
  retry?: RetryOptions | false;
  /** Client-side budget: at most this many requests per hour (number or options). */
  budget?: number | BudgetOptions;
  /** Requests in flight at once for `metrics()` splits (default 4). */
  concurrency?: number;
  /** Injectable time for retry delays and the budget: `now()` in ms and `sleep(ms)` (default: real time). */
  clock?: Partial<Clock>;
  /** Random numbers 0..1 for retry jitter (default Math.random). */
  random?: () => number;
  /** Called before each retry (no credentials in the arguments). */
  onRetry?: (info: RetryInfo) => void;
  /**
   * Called with every answer the client reads (each attempt, retries and failure answers
   * included) as a capture in the format `social-analytics-api validate` reads, with every echo
   * of the credentials redacted and no header kept. The call waits for a returned promise; an
   * error it throws is the call's error. `writeCaptures(dir)` from `social-analytics-api/captures`
   * writes each to a file.
   */
  onExchange?: (capture: ExchangeCapture) => unknown;
}

/** Response type of a request: the builder's phantom type, or unknown for plain objects. */
export type AnswerOf<R> = R extends ApiRequest<any, any, any> ? (unknown extends R['__response'] ? unknown : ResponseOf<R>) : unknown;

export interface SocialAnalyticsClient {
  /** Sends one request (from a builder, or any `{ method, path, body, operation }`) and returns the success body. */
  send<R extends RequestLike>(request: R, options?: CallOptions): Promise<AnswerOf<R>>;
  /**
   * Iterates every post of a posts request, page by page (`after` = previous `next`). Ends by
   * itself: a cursor sent twice, or PAGES_WITHOUT_PROGRESS (3) pages in a row without posts or
   * with a `remaining` that did not decrease, end it with an ApiError of kind `no-progress`.
   */
  paginate<R extends RequestLike>(request: R, options?: CallOptions): AsyncIterable<PostOfAnswer<AnswerOf<R>>>;
  /** Sends a metrics request of any size: split within the limits, merged into one answer. */
  metrics<R extends RequestLike>(request: R, options?: CallOptions): Promise<AnswerOf<R>>;
  /**
   * The typed openapi-fetch clients, for calls in the shape of the OpenAPI paths: the same
   * credentials, timeout, ApiError on failures, retries, budget and validation as `send()`.
   * Middleware added with `use()` applies to raw calls only.
   */
  readonly raw: RawClients;
}

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The `validate` option as a function, or undefined; a clear error for anything else (`true`). */
function validatorOf(validate: unknown): ResponseValidator | undefined {
  if (validate === undefined || validate === null || validate === false) return undefined;
  if (typeof validate === 'function') return validate as ResponseValidator;
  throw new ClientConfigError(`createClient: option "validate" takes a function: pass { validate: validateResponse } from 'social-analytics-api/validators'`);
}

/** The `onExchange` option as a function, or undefined. */
function onExchangeOf(onExchange: unknown): ClientPolicy['onExchange'] {
  if (onExchange == null || typeof onExchange === 'function') return (onExchange ?? undefined) as ClientPolicy['onExchange'];
  throw new ClientConfigError('createClient: option "onExchange" takes a function, such as writeCaptures(dir)');
}

/** The `timeout` option in ms (Infinity: none). */
function timeoutOf(timeout = DEFAULT_TIMEOUT_MS): number {
  if (timeout === Infinity || (typeof timeout === 'number' && timeout > 0 && timeout <= MAX_TIMER_MS)) return timeout;
  throw new ClientConfigError(`createClient: option "timeout" must be milliseconds from 1 to ${MAX_TIMER_MS} or Infinity, got ${String(timeout)}`);
}

/** The `maxBodyBytes` option in bytes. */
function maxBodyBytesOf(bytes = DEFAULT_MAX_BODY_BYTES): number {
  if (Number.isInteger(bytes) && bytes >= 1 && bytes <= MAX_BODY_BYTES_LIMIT) return bytes;
  throw new ClientConfigError(`createClient: option "maxBodyBytes" must be a whole number of bytes from 1 to ${MAX_BODY_BYTES_LIMIT}, got ${String(bytes)}`);
}

/** Checks the shape of a request given to send(). */
function checkRequest(request: RequestLike): void {
  if (typeof request !== 'object' || request === null || (request.method !== 'GET' && request.method !== 'POST') || typeof request.path !== 'string' || apiVersionOf(request.path) === undefined) {
    throw new TypeError('client.send: expected a request { method: "GET" | "POST", path: "/1/..." | "/2/...", body } (from the request builders)');
  }
}

const JSON_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'application/json; charset=utf-8' };
const NO_HEADERS: Readonly<Record<string, string>> = {};

/** Creates a client. Throws ClientConfigError for a missing credential, a non-https base address or a bad option. */
export function createClient(options: ClientOptions): SocialAnalyticsClient {
  if (typeof options !== 'object' || options === null) throw new ClientConfigError('createClient: options { token, secret, baseUrl } are required');
  checkCredentials(options.token, options.secret);
  const baseUrl = checkBaseUrl(options.baseUrl, insecureHostsOf(options.allowInsecureHost));
  const authorization = authorizationHeader(options.token, options.secret);
  const redact = new Redactor(options.token, options.secret);
  const clock: Clock = { now: options.clock?.now ?? realClock.now, sleep: options.clock?.sleep ?? realClock.sleep };
  const budget = options.budget === undefined ? undefined : new RequestBudget(typeof options.budget === 'number' ? { requestsPerHour: options.budget } : options.budget, clock);
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new ClientConfigError(`createClient: option "concurrency" must be a whole number >= 1, got ${String(concurrency)}`);

  const callApi = policyFetch({
    authorization,
    transport: options.fetch ? requestTransport(options.fetch) : globalFetch(),
    origin: new URL(baseUrl).origin,
    timeoutMs: timeoutOf(options.timeout),
    maxBodyBytes: maxBodyBytesOf(options.maxBodyBytes),
    redact,
    retry: resolveRetry(options.retry),
    clock,
    random: options.random ?? Math.random,
    budget,
    validate: validatorOf(options.validate),
    onRetry: options.onRetry,
    onExchange: onExchangeOf(options.onExchange),
  });

  async function send(request: RequestLike, callOptions?: CallOptions): Promise<unknown> {
    checkRequest(request);
    const body = request.method === 'GET' ? undefined : JSON.stringify(request.body ?? {});
    const delivered = await callApi({
      operation: `${request.method} ${request.path}`,
      method: request.method,
      path: request.path,
      url: baseUrl + request.path,
      headers: body === undefined ? NO_HEADERS : JSON_HEADERS,
      body,
      request: request.body,
      signal: callOptions?.signal,
    });
    return delivered.body;
  }

  async function metrics(request: RequestLike, callOptions?: CallOptions): Promise<unknown> {
    const plan = planMetricsSplit(request);
    const answers = await mapWithConcurrency(plan.parts, concurrency, (part) => send(part.request, callOptions));
    if (answers.length === 1) return answers[0];
    return mergeMetricsAnswers(plan, answers, redact);
  }
  return {
    send: send as SocialAnalyticsClient['send'],
    paginate: ((request: RequestLike, callOptions?: CallOptions) => paginate(send, request, redact, callOptions)) as SocialAnalyticsClient['paginate'],
    metrics: metrics as SocialAnalyticsClient['metrics'],
    raw: rawClients(baseUrl, authorization, callApi),
  };
}
