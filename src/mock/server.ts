/**
 * `startMockServer`: a real HTTP server on 127.0.0.1 for every v1 and v2 operation, answering
 * from the catalogs with deterministic fake data and the documented behaviour: 401 for missing
 * or wrong credentials, 404 unknown path, 405 wrong method, 400 unreadable body, a body that is
 * not JSON by its Content-Type or that arrives too slowly, codes 3-8 for invalid requests, 11 and
 * 10 after the hourly budgets of a user and of the account; plus optional fault injection. CORS
 * is on by default, so that a web app served from another origin can call it. Connections that
 * send their headers or body too slowly are closed, and the request log keeps the last requests
 * only. The answers come from the mock's engine (engine.ts); this file is its node:http
 * transport: the socket, the body's arrival, the timeouts and the log.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_REQUEST_BYTES } from './bounds.js';
import { MockEngine, type MockAnswer, type MockEngineOptions } from './engine.js';
import type { Fault, FaultOptions } from './faults.js';
import type { MockAccount } from './account.js';
import { appendToLog, DEFAULT_LOG_SIZE, loggedPath } from './request-log.js';

export type { MockUser } from './engine.js';

export interface MockServerOptions extends MockEngineOptions {
  /** Port (default 0: any free port). */
  port?: number;
  /**
   * Address to listen on (default 127.0.0.1, this machine only). `0.0.0.0` (or `::`) serves other
   * machines too, as the mock does as a CI or compose service; `url` stays a loopback address.
   */
  host?: string;
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

/** Marks a body that did not arrive within the body timeout. */
const LATE = Symbol('late body');

/**
 * The request body as text, undefined once it grows past MAX_REQUEST_BYTES (the rest is not
 * kept), or LATE when it has not all arrived after `timeoutMs`.
 */
function readBody(req: IncomingMessage, timeoutMs: number): Promise<Uint8Array | undefined | typeof LATE> {
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
      resolve(size > MAX_REQUEST_BYTES ? undefined : Buffer.concat(chunks));
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

/** Starts the mock server; resolves once it listens. */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const engine = new MockEngine(options);
  const log: MockLogEntry[] = [];
  const logSize = options.logSize ?? DEFAULT_LOG_SIZE;
  if (!Number.isInteger(logSize) || logSize < 0) throw new RangeError(`startMockServer: logSize must be a whole number from 0, got ${logSize}`);
  const headersTimeout = timeoutOption('headersTimeoutMs', options.headersTimeoutMs);
  const bodyTimeout = timeoutOption('bodyTimeoutMs', options.bodyTimeoutMs);

  const send = (res: ServerResponse, entry: MockLogEntry, answer: MockAnswer) => {
    entry.status = answer.status;
    if (answer.code !== undefined) entry.code = answer.code;
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0];
    const entry: MockLogEntry = { method: req.method ?? '', path: loggedPath(path), status: 0 };
    appendToLog(log, entry, logSize);
    const body = await readBody(req, bodyTimeout);
    if (body === LATE) {
      return send(res, entry, engine.failure([{ code: 400, details: [`The request body did not arrive within ${bodyTimeout / 1000} s.`] }], { Connection: 'close' }));
    }
    const answer = await engine.answer({ method: req.method ?? '', path, headers: req.headers, body });
    if (answer.fault) entry.fault = answer.fault;
    if (answer.drop) {
      req.socket.destroy();
      return;
    }
    send(res, entry, answer);
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
      const answer = engine.failure([{ code: 500, details: [error instanceof Error ? error.message : String(error)] }]);
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
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
    account: engine.account,
    setFaults: (f) => engine.setFaults(f),
    resetBudgets: () => engine.resetBudgets(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
