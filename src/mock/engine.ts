/**
 * The mock's answer engine: one request in (method, path, headers, body bytes), one answer out
 * (status, headers, body bytes), with no transport of its own and no Node.js module, so that it
 * runs in a browser too. The node:http server (server.ts) and the msw handlers (src/msw/) are two
 * transports of it: the same request, seed and state give the same answer byte for byte. It
 * holds the state a mock keeps between requests: the account, the users' hourly budgets and the
 * fault sequence.
 */
import { dayNumber } from '../calendar/days.js';
import { decodeBase64, utf8Bytes, utf8Text } from '../core/base64.js';
import { operationAtPath } from '../operations/operation-of.js';
import { buildAccount, type MockAccount } from './account.js';
import { jsonDepth, MAX_REQUEST_BYTES, MAX_REQUEST_DEPTH } from './bounds.js';
import { checkBudgetLimits, HourlyBudgets, type BudgetLimits } from './budget.js';
import { contentTypeProblem } from './content-type.js';
import { shortened } from './echo.js';
import { failureBody, httpStatusOf, MockFailure, type FailureEntry } from './failures.js';
import { FaultInjector, type Fault, type FaultOptions } from './faults.js';
import { answer, type HandlerState } from './handlers.js';
import { preferredAnswer } from './prefer.js';

export interface MockUser {
  token: string;
  secret: string;
}

/** What the mock answers, whatever carries its requests (the server's options beyond its socket). */
export interface MockEngineOptions {
  /** Credentials of the account's user (default "mock-token" / "mock-secret"). */
  token?: string;
  secret?: string;
  /** Further users of the same account (they share the account budget). */
  users?: MockUser[];
  /** Seed of the fake data and faults (default 1). */
  seed?: number;
  /**
   * Enforce the profiles / metrics / months limits per metrics request (catalogs/limits.yaml; default
   * true). With `false` the mock answers requests the documents refuse with code 4, so
   * `validateResponse` given such a request reports its answer (`shared.response.limit-refused`).
   */
  limits?: boolean;
  /**
   * Hourly budgets: `perUser` requests per user before code 11, `perAccount` requests of all users
   * together before code 10 (defaults: the documented limits, catalogs/limits.yaml). A member of
   * another name or a value that is not a whole number from 0 throws a TypeError naming it.
   */
  budgets?: BudgetLimits;
  /** Clock for the budgets, ms (default Date.now). */
  now?: () => number;
  /** First day with data; an earlier date_start gives code 6 (default 2015-01-01). */
  historyStart?: string;
  /** Operations ("POST /2/facebook/metrics") answered with 403 (action not permitted). */
  forbidden?: string[];
  /** Fault injection (default none). */
  faults?: FaultOptions;
  /**
   * Answer cross-origin requests from web pages (default true, as Prism does): preflights
   * (`OPTIONS`) get 204 without credentials, and every answer carries
   * `Access-Control-Allow-Origin: *`. `false` sends no CORS header and treats `OPTIONS` as any
   * other method (401 without credentials, 405 with them).
   */
  cors?: boolean;
}

/** One request as the engine reads it. */
export interface MockRequest {
  /** HTTP method as sent ("POST"). */
  method: string;
  /** Path below the API root, without the query ("/2/facebook/metrics"). */
  path: string;
  /** Headers by lowercase name (a header sent twice: its values joined with ", ", or as a list). */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The body's bytes (empty for none); undefined when it was longer than MAX_REQUEST_BYTES (the rest not read). */
  body: Uint8Array | undefined;
}

/** One answer of the engine, for a transport to send as it is. */
export interface MockAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
  /** The error code of a failure body. */
  code?: number;
  /** The fault drawn for the request, if any. */
  fault?: Exclude<Fault, undefined>;
  /** Send nothing and close the connection (the `drop` fault): a transport's network error. */
  drop?: boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Headers of every answer when CORS is on: any origin may read the answers. */
const CORS_HEADERS: Record<string, string> = { 'Access-Control-Allow-Origin': '*' };

/**
 * Headers of the answer to a preflight: the methods of the API and the two request headers it
 * needs (Fetch standard, CORS protocol). No credentials are asked: a browser never sends them
 * with a preflight.
 */
const PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Prefer',
  'Access-Control-Max-Age': '600',
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The `token:secret` of a Basic Authorization header, or undefined. */
function credentialsOf(header: string | readonly string[] | undefined): string | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/.exec(typeof header === 'string' ? header : '');
  return m ? utf8Text(decodeBase64(m[1])) : undefined;
}

const single = (header: string | readonly string[] | undefined) => (typeof header === 'string' ? header : undefined);

/** The answers of one mock: its account, users, budgets and faults. */
export class MockEngine {
  /** The account served (profiles, labels). */
  readonly account: MockAccount;
  readonly #seed: number;
  readonly #state: HandlerState;
  readonly #accepted: Map<string, string>;
  readonly #budgets: HourlyBudgets;
  readonly #forbidden: Set<string>;
  readonly #corsHeaders: Record<string, string>;
  readonly #cors: boolean;
  #faults: FaultInjector;

  /** Throws a RangeError or TypeError naming a bad option (`caller` names the function in it). */
  constructor(options: MockEngineOptions = {}, caller = 'startMockServer') {
    const seed = options.seed ?? 1;
    const historyStart = dayNumber(options.historyStart ?? '2015-01-01');
    if (historyStart === undefined) throw new RangeError(`${caller}: historyStart must be a day YYYY-MM-DD, got ${JSON.stringify(options.historyStart)}`);
    const users = [{ token: options.token ?? 'mock-token', secret: options.secret ?? 'mock-secret' }, ...(options.users ?? [])];
    this.#accepted = new Map(users.map((u) => [`${u.token}:${u.secret}`, u.token]));
    this.account = buildAccount();
    this.#budgets = new HourlyBudgets(checkBudgetLimits(options.budgets), options.now ?? Date.now);
    this.#seed = seed;
    this.#state = { account: this.account, seed, limits: options.limits ?? true, historyStart };
    this.#forbidden = new Set(options.forbidden ?? []);
    this.#faults = new FaultInjector(options.faults ?? {}, seed);
    this.#cors = options.cors ?? true;
    this.#corsHeaders = this.#cors ? CORS_HEADERS : {};
  }

  /** Replaces the fault options (the fault sequence starts again from its seed). */
  setFaults(faults: FaultOptions | undefined): void {
    this.#faults = new FaultInjector(faults ?? {}, this.#seed);
  }

  /** Forgets the requests counted by the hourly budgets. */
  resetBudgets(): void {
    this.#budgets.reset();
  }

  /** A JSON answer with `status` and `body`. */
  json(status: number, body: unknown, headers: Record<string, string> = {}): MockAnswer {
    const bytes = utf8Bytes(JSON.stringify(body));
    return { status, headers: { 'Content-Type': JSON_TYPE, 'Content-Length': String(bytes.length), ...this.#corsHeaders, ...headers }, body: bytes };
  }

  /** The failure answer of `entries` (its HTTP status that of the first code). */
  failure(entries: FailureEntry[], headers?: Record<string, string>): MockAnswer {
    return { ...this.json(httpStatusOf(entries[0].code), failureBody(entries), headers), code: entries[0].code };
  }

  /**
   * The answer to `request`, after the injected latency (waited with `wait`, default a timer).
   * Never rejects: an error inside the mock is an answer with HTTP 500 naming it.
   */
  async answer(request: MockRequest, wait: (ms: number) => Promise<void> = sleep): Promise<MockAnswer> {
    if (!this.#isPreflight(request)) {
      const delay = this.#faults.latency();
      if (delay > 0) await wait(delay);
    }
    return this.answerNow(request);
  }

  /**
   * The answer to `request` at once, the injected latency not drawn: what {@link answer} gives
   * without a latency fault. Never throws: an error inside the mock is an answer with HTTP 500.
   */
  answerNow(request: MockRequest): MockAnswer {
    try {
      if (this.#isPreflight(request)) return { status: 204, headers: { ...PREFLIGHT_HEADERS }, body: new Uint8Array(0) };
      const fault = this.#faults.next();
      const answered = this.#afterFault(request, fault);
      return fault ? { ...answered, fault } : answered;
    } catch (error) {
      return this.failure([{ code: 500, details: [error instanceof Error ? error.message : String(error)] }]);
    }
  }

  #isPreflight(request: MockRequest): boolean {
    return this.#cors && request.method === 'OPTIONS';
  }

  /** The answer once the request's fault (if any) is drawn. */
  #afterFault(request: MockRequest, fault: Fault): MockAnswer {
    if (fault === 'drop') return { status: 0, headers: {}, body: new Uint8Array(0), drop: true };
    if (fault === 'server-error') return this.failure([{ code: 500, details: ['Injected fault.'] }]);
    if (fault === 'malformed') return { status: 200, headers: { 'Content-Type': JSON_TYPE, ...this.#corsHeaders }, body: utf8Bytes('{"success":true,"da') };
    const { method, path, headers } = request;
    const user = this.#accepted.get(credentialsOf(headers.authorization) ?? '');
    if (user === undefined) return this.failure([{ code: 401, details: [] }]);
    const op = operationAtPath(path);
    if (!op) return this.failure([{ code: 404, details: [`Unknown path: ${shortened(path)}`] }]);
    // RFC 9110 15.5.6: a 405 lists the methods the resource supports.
    if (method !== op.method) return this.failure([{ code: 405, details: [`${shortened(path)} takes ${op.method}, got ${shortened(method)}.`] }], { Allow: op.method });
    let preferred;
    try {
      preferred = preferredAnswer(headers.prefer as string | string[] | undefined, op);
    } catch (error) {
      if (error instanceof MockFailure) return this.failure(error.entries);
      throw error;
    }
    // An answer chosen by Prefer: neither the body nor the budgets are looked at.
    if (preferred && 'failure' in preferred) return this.failure([{ code: preferred.failure, details: [`Answered as the request asked: Prefer: ${preferred.asked}.`] }]);
    if (preferred) return this.json(200, preferred.example);
    if (this.#forbidden.has(op.key)) return this.failure([{ code: 403, details: [] }]);
    const over = this.#budgets.take(user);
    if (over) return this.failure([{ code: over, details: [] }]);
    if (fault === 'unknown-error') return this.failure([{ code: 99, details: ['Injected fault.'] }]);
    if (request.body === undefined) {
      return this.failure([{ code: 400, details: [`The request body is larger than ${MAX_REQUEST_BYTES} bytes.`] }], { Connection: 'close' });
    }
    const raw = utf8Text(request.body);
    let body: unknown;
    if (op.method === 'POST' && raw.trim() !== '') {
      const mediaProblem = contentTypeProblem(single(headers['content-type']));
      if (mediaProblem) return this.failure([{ code: 400, details: [mediaProblem] }]);
      if (jsonDepth(raw) > MAX_REQUEST_DEPTH) return this.failure([{ code: 400, details: [`The request body nests deeper than ${MAX_REQUEST_DEPTH} levels.`] }]);
      try {
        body = JSON.parse(raw);
      } catch {
        return this.failure([{ code: 400, details: ['The request body is not JSON.'] }]);
      }
    }
    try {
      return this.json(200, answer(op, body, this.#state));
    } catch (error) {
      if (error instanceof MockFailure) return this.failure(error.entries);
      throw error;
    }
  }
}
