/**
 * `startMockServer`: a real HTTP server on 127.0.0.1 for every v1 and v2 operation, answering
 * from the catalogs with deterministic fake data and the documented behaviour: 401 for missing
 * or wrong credentials, 404 unknown path, 405 wrong method, 400 unreadable body, a body that is
 * not JSON by its Content-Type or that arrives too slowly, codes 3-8 for invalid requests, 11 and
 * 10 after the hourly budgets of a user and of the account; plus optional fault injection. CORS
 * is on by default, so that a web app served from another origin can call it. Connections that
 * send their headers or body too slowly are closed, and the request log keeps the last requests
 * only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dayNumber } from '../calendar/days.js';
import { buildAccount, type MockAccount } from './account.js';
import { jsonDepth, MAX_REQUEST_BYTES, MAX_REQUEST_DEPTH } from './bounds.js';
import { checkBudgetLimits, HourlyBudgets, type BudgetLimits } from './budget.js';
import { failureBody, httpStatusOf, MockFailure, type FailureEntry } from './failures.js';
import { FaultInjector, type Fault, type FaultOptions } from './faults.js';
import { operationAtPath } from '../operations/operation-of.js';
import { answer, type HandlerState } from './handlers.js';
import { contentTypeProblem } from './content-type.js';
import { preferredAnswer } from './prefer.js';
import { shortened } from './echo.js';
import { appendToLog, DEFAULT_LOG_SIZE, loggedPath } from './request-log.js';

export interface MockUser {
  token: string;
  secret: string;
}

export interface MockServerOptions {
  /** Port (default 0: any free port). */
  port?: number;
  /**
   * Address to listen on (default 127.0.0.1, this machine only). `0.0.0.0` (or `::`) serves other
   * machines too, as the mock does as a CI or compose service; `url` stays a loopback address.
   */
  host?: string;
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
  /**
   * Milliseconds a client has to send the request line and headers (default 30 000); a slower
   * connection is closed (Node answers 408 before any request exists).
   */
  headersTimeoutMs?: number;
  /**
   * Milliseconds a client has to send the request body once the headers are in (default 30 000);
   * a slower one is answered with HTTP 400 (code 400) and its connection closed.
   */
  bodyTimeoutMs?: number;
  /** Requests the log keeps, the last ones (default 10 000; 0 keeps none). */
  logSize?: number;
}

export interface MockLogEntry {
  method: string;
  path: string;
  status: number;
  /** Error code of a failure body. */
  code?: number;
  fault?: Exclude<Fault, undefined>;
}

export interface MockServer {
  /** `http://127.0.0.1:<port>` (the address listened on; loopback when listening on every interface) */
  url: string;
  port: number;
  /**
   * The last requests received (at most `logSize`, default 10 000), oldest first; an entry's path
   * is cut to 200 characters.
   */
  log: MockLogEntry[];
  /** The account served (profiles, labels). */
  account: MockAccount;
  /** Replaces the fault options. */
  setFaults(faults: FaultOptions | undefined): void;
  /** Forgets the requests counted by the hourly budgets. */
  resetBudgets(): void;
  close(): Promise<void>;
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

/** Marks a body that did not arrive within the body timeout. */
const LATE = Symbol('late body');

/**
 * The request body as text, undefined once it grows past MAX_REQUEST_BYTES (the rest is not
 * kept), or LATE when it has not all arrived after `timeoutMs`.
 */
function readBody(req: IncomingMessage, timeoutMs: number): Promise<string | undefined | typeof LATE> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => resolve(LATE), timeoutMs);
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      clearTimeout(timer);
      resolve(size > MAX_REQUEST_BYTES ? undefined : Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** A timeout option: a whole number of milliseconds from 1 (else RangeError naming it). */
function timeoutOption(name: string, value: number | undefined): number {
  if (value === undefined) return 30_000;
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`startMockServer: ${name} must be a whole number of milliseconds from 1, got ${value}`);
  return value;
}

function credentialsOf(header: string | undefined): string | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/.exec(header ?? '');
  return m ? Buffer.from(m[1], 'base64').toString('utf8') : undefined;
}

/** Starts the mock server; resolves once it listens. */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const seed = options.seed ?? 1;
  const historyStart = dayNumber(options.historyStart ?? '2015-01-01');
  if (historyStart === undefined) throw new RangeError(`startMockServer: historyStart must be a day YYYY-MM-DD, got ${JSON.stringify(options.historyStart)}`);
  const users = [{ token: options.token ?? 'mock-token', secret: options.secret ?? 'mock-secret' }, ...(options.users ?? [])];
  const accepted = new Map(users.map((u) => [`${u.token}:${u.secret}`, u.token]));
  const account = buildAccount();
  const budgets = new HourlyBudgets(checkBudgetLimits(options.budgets), options.now ?? Date.now);
  const state: HandlerState = { account, seed, limits: options.limits ?? true, historyStart };
  const forbidden = new Set(options.forbidden ?? []);
  let faults = new FaultInjector(options.faults ?? {}, seed);
  const log: MockLogEntry[] = [];
  const logSize = options.logSize ?? DEFAULT_LOG_SIZE;
  if (!Number.isInteger(logSize) || logSize < 0) throw new RangeError(`startMockServer: logSize must be a whole number from 0, got ${logSize}`);
  const headersTimeout = timeoutOption('headersTimeoutMs', options.headersTimeoutMs);
  const bodyTimeout = timeoutOption('bodyTimeoutMs', options.bodyTimeoutMs);
  const cors = options.cors ?? true;
  const corsHeaders = cors ? CORS_HEADERS : {};

  const send = (res: ServerResponse, entry: MockLogEntry, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    entry.status = status;
    res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text), ...corsHeaders, ...headers });
    res.end(text);
  };
  const fail = (res: ServerResponse, entry: MockLogEntry, entries: FailureEntry[], headers?: Record<string, string>) => {
    entry.code = entries[0].code;
    send(res, entry, httpStatusOf(entries[0].code), failureBody(entries), headers);
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0];
    const entry: MockLogEntry = { method: req.method ?? '', path: loggedPath(path), status: 0 };
    appendToLog(log, entry, logSize);
    const raw = await readBody(req, bodyTimeout);
    if (raw === LATE) {
      return fail(res, entry, [{ code: 400, details: [`The request body did not arrive within ${bodyTimeout / 1000} s.`] }], { Connection: 'close' });
    }
    if (cors && req.method === 'OPTIONS') {
      entry.status = 204;
      res.writeHead(204, PREFLIGHT_HEADERS);
      res.end();
      return;
    }
    const delay = faults.latency();
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    const fault = faults.next();
    if (fault) entry.fault = fault;
    if (fault === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault === 'server-error') return fail(res, entry, [{ code: 500, details: ['Injected fault.'] }]);
    if (fault === 'malformed') {
      entry.status = 200;
      res.writeHead(200, { 'Content-Type': JSON_TYPE, ...corsHeaders });
      res.end('{"success":true,"da');
      return;
    }
    const user = accepted.get(credentialsOf(req.headers.authorization) ?? '');
    if (user === undefined) return fail(res, entry, [{ code: 401, details: [] }]);
    const op = operationAtPath(path);
    if (!op) return fail(res, entry, [{ code: 404, details: [`Unknown path: ${shortened(path)}`] }]);
    // RFC 9110 15.5.6: a 405 lists the methods the resource supports.
    if (req.method !== op.method) return fail(res, entry, [{ code: 405, details: [`${shortened(path)} takes ${op.method}, got ${shortened(req.method ?? '')}.`] }], { Allow: op.method });
    let preferred;
    try {
      preferred = preferredAnswer(req.headers.prefer, op);
    } catch (error) {
      if (error instanceof MockFailure) return fail(res, entry, error.entries);
      throw error;
    }
    // An answer chosen by Prefer: neither the body nor the budgets are looked at.
    if (preferred && 'failure' in preferred) return fail(res, entry, [{ code: preferred.failure, details: [`Answered as the request asked: Prefer: ${preferred.asked}.`] }]);
    if (preferred) return send(res, entry, 200, preferred.example);
    if (forbidden.has(op.key)) return fail(res, entry, [{ code: 403, details: [] }]);
    const over = budgets.take(user);
    if (over) return fail(res, entry, [{ code: over, details: [] }]);
    if (fault === 'unknown-error') return fail(res, entry, [{ code: 99, details: ['Injected fault.'] }]);
    if (raw === undefined) {
      return fail(res, entry, [{ code: 400, details: [`The request body is larger than ${MAX_REQUEST_BYTES} bytes.`] }], { Connection: 'close' });
    }
    let body: unknown;
    if (op.method === 'POST' && raw.trim() !== '') {
      const mediaProblem = contentTypeProblem(req.headers['content-type']);
      if (mediaProblem) return fail(res, entry, [{ code: 400, details: [mediaProblem] }]);
      if (jsonDepth(raw) > MAX_REQUEST_DEPTH) return fail(res, entry, [{ code: 400, details: [`The request body nests deeper than ${MAX_REQUEST_DEPTH} levels.`] }]);
      try {
        body = JSON.parse(raw);
      } catch {
        return fail(res, entry, [{ code: 400, details: ['The request body is not JSON.'] }]);
      }
    }
    try {
      send(res, entry, 200, answer(op, body, state));
    } catch (error) {
      if (error instanceof MockFailure) return fail(res, entry, error.entries);
      throw error;
    }
  }

  /** Node's timeouts: headers, the whole request behind the mock's own body timeout, and how often it looks (its default is 30 s). */
  const timeouts = {
    headersTimeout,
    requestTimeout: headersTimeout + bodyTimeout,
    connectionsCheckingInterval: Math.max(5, Math.min(1000, Math.floor(headersTimeout / 4))),
  };
  const server = createServer(timeouts, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      const text = JSON.stringify(failureBody([{ code: 500, details: [error instanceof Error ? error.message : String(error)] }]));
      res.writeHead(500, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text), ...corsHeaders });
      res.end(text);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address, family } = server.address() as AddressInfo;
  // Every interface (0.0.0.0, ::) is reached on loopback; another address as it is.
  const shown = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : family === 'IPv6' ? `[${address}]` : address;
  return {
    url: `http://${shown}:${port}`,
    port,
    log,
    account,
    setFaults: (f) => {
      faults = new FaultInjector(f ?? {}, seed);
    },
    resetBudgets: () => budgets.reset(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
