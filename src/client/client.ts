/**
 * `createClient`: the typed client of the social analytics API, built on openapi-fetch.
 * Its policies (the Basic authorization header, ApiError for failures, retries of transient
 * failures, a requests-per-hour budget, response validation) are one openapi-fetch middleware
 * on the two typed clients `raw.v1` / `raw.v2` (see middleware.ts); `send()` goes through those
 * clients, and `paginate()` / `metrics()` through `send()`.
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import type { paths as PathsV1 } from '../../generated/types/v1.js';
import type { paths as PathsV2 } from '../../generated/types/v2.js';
import type { ApiRequest, ResponseOf } from '../request.js';
import { readAnswer } from './answer.js';
import { authorizationHeader, checkBaseUrl, checkCredentials } from './auth.js';
import { RequestBudget, type BudgetOptions, type Clock } from './budget.js';
import { ApiError, ClientConfigError } from './errors.js';
import { parsedBodyOf, policyMiddleware, type ResponseValidator, type RetryInfo } from './middleware.js';
import { paginate, type PostOf } from './paginate.js';
import { mapWithConcurrency } from './pool.js';
import { resolveRetry, type RetryOptions } from './retry.js';
import { Redactor, secretForms } from './redact.js';
import { operationOf, type RequestLike } from './request-like.js';
import { planMetricsSplit } from './split-plan.js';
import { sendRequest } from './transport.js';

export type { ResponseValidator } from './middleware.js';

export interface ClientOptions {
  /** API token (first half of the Basic credentials). */
  token: string;
  /** API secret. Never appears in an error, a log line or a thrown object. */
  secret: string;
  /** `https://...`; plain `http:` only for loopback hosts (a local mock server). */
  baseUrl: string;
  /**
   * A fetch implementation (default: the global fetch). It receives one standard `Request`
   * (openapi-fetch builds it, with the headers and body set) and returns a `Response`.
   */
  fetch?: (input: Request) => Promise<Response>;
  /** Check every success response with the package's validators; mismatches throw ResponseValidationError. */
  validate?: boolean | ResponseValidator;
  /** Retry policy for codes 10/11, HTTP 500 and network failures; `false` disables retries. */
  retry?: RetryOptions | false;
  /** Client-side budget: at most this many requests per hour (number or options). */
  budget?: number | BudgetOptions;
  /** Requests in flight at once for `metrics()` splits (default 4). */
  concurrency?: number;
  /** Injectable time: `now()` in ms and `sleep(ms)` (default: real time). */
  clock?: Partial<Clock>;
  /** Random numbers 0..1 for retry jitter (default Math.random). */
  random?: () => number;
  /** Called before each retry (no credentials in the arguments). */
  onRetry?: (info: RetryInfo) => void;
}

/** Response type of a request: the builder's phantom type, or unknown for plain objects. */
type Answer<R> = R extends ApiRequest<any, any, any> ? (unknown extends R['__response'] ? unknown : ResponseOf<R>) : unknown;

export interface SocialAnalyticsClient {
  /** Sends one request (from a builder, or any `{ method, path, body, operation }`) and returns the success body. */
  send<R extends RequestLike>(request: R): Promise<Answer<R>>;
  /** Iterates every post of a posts request, page by page (`after` = previous `next`). */
  paginate<R extends RequestLike>(request: R): AsyncIterable<PostOf<Answer<R>>>;
  /** Sends a metrics request of any size: split within the limits, merged into one answer. */
  metrics<R extends RequestLike>(request: R): Promise<Answer<R>>;
  /**
   * The typed openapi-fetch clients `send()` goes through: the same credentials, ApiError on
   * failures, retries, budget and validation. `use()` adds your own middleware to them.
   */
  readonly raw: { readonly v1: Client<PathsV1>; readonly v2: Client<PathsV2> };
}

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

let defaultValidator: Promise<ResponseValidator> | undefined;

async function loadValidator(): Promise<ResponseValidator> {
  // Loaded lazily so that clients without `validate` never load the validators.
  const mod = await import('../validators/index.js');
  return mod.validateResponse as ResponseValidator;
}

/** Creates a client. Throws ClientConfigError for a missing credential or a non-https base address. */
export function createClient(options: ClientOptions): SocialAnalyticsClient {
  if (typeof options !== 'object' || options === null) throw new ClientConfigError('createClient: options { token, secret, baseUrl } are required');
  checkCredentials(options.token, options.secret);
  const baseUrl = checkBaseUrl(options.baseUrl);
  const header = authorizationHeader(options.token, options.secret);
  const redact = new Redactor(secretForms(options.token, options.secret));
  const retry = resolveRetry(options.retry);
  const clock: Clock = { now: options.clock?.now ?? realClock.now, sleep: options.clock?.sleep ?? realClock.sleep };
  const random = options.random ?? Math.random;
  const budget = options.budget === undefined ? undefined : new RequestBudget(typeof options.budget === 'number' ? { requestsPerHour: options.budget } : options.budget, clock);
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new ClientConfigError(`createClient: option "concurrency" must be a whole number >= 1, got ${String(concurrency)}`);

  let validator: Promise<ResponseValidator> | undefined;
  if (typeof options.validate === 'function') validator = Promise.resolve(options.validate);
  else if (options.validate) validator = defaultValidator ??= loadValidator();

  const policy = policyMiddleware({ authorization: header, redact, retry, clock, random, budget, validator, onRetry: options.onRetry });
  const fetchOptions = {
    baseUrl,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    bodySerializer: policy.bodySerializer,
    fetch: options.fetch ?? sendRequest,
  };
  const v1 = createFetchClient<PathsV1>(fetchOptions);
  const v2 = createFetchClient<PathsV2>(fetchOptions);
  v1.use(policy.middleware);
  v2.use(policy.middleware);

  async function send(request: RequestLike): Promise<unknown> {
    if (typeof request !== 'object' || request === null || (request.method !== 'GET' && request.method !== 'POST') || typeof request.path !== 'string' || !/^\/[12]\//.test(request.path)) {
      throw new TypeError('client.send: expected a request { method: "GET" | "POST", path: "/1/..." | "/2/...", body } (from the request builders)');
    }
    const raw = (request.path.startsWith('/1/') ? v1 : v2) as Client<any>;
    // parseAs "stream": the middleware has parsed the body already (parsedBodyOf); nothing reads it again.
    const init: Record<string, unknown> = { parseAs: 'stream', bodySerializer: policy.sendBodySerializer };
    if (request.method !== 'GET') init.body = request.body ?? {};
    const { response } = await (raw.request as (m: string, p: string, i: unknown) => Promise<{ response: Response }>)(request.method.toLowerCase(), request.path, init);
    const parsed = parsedBodyOf(response);
    if (parsed) return parsed.body;
    // A Response from a user's onRequest middleware (it skips fetch and onResponse): read it here.
    const answer = await readAnswer(response, operationOf(request), redact);
    if (answer instanceof ApiError) throw answer;
    return answer.body;
  }

  async function metrics(request: RequestLike): Promise<unknown> {
    const plan = planMetricsSplit(request);
    const answers = await mapWithConcurrency(plan.parts, concurrency, (part) => send(part.request));
    if (answers.length === 1) return answers[0];
    // The merge code loads with the first answer that needs merging: most apps never split.
    const { mergeMetricsAnswers } = await import('./merge.js');
    return mergeMetricsAnswers(plan, answers, redact);
  }
  return {
    send: send as SocialAnalyticsClient['send'],
    paginate: ((request: RequestLike) => paginate(send, request)) as SocialAnalyticsClient['paginate'],
    metrics: metrics as SocialAnalyticsClient['metrics'],
    raw: { v1, v2 },
  };
}
