/**
 * `startProxy({ target })`: a validating, recording HTTP proxy in front of the API (or the mock).
 * Every request is forwarded to `target` as it came and the target's answer returned as it was
 * sent (forward.ts); each exchange with an API path is then checked with the request-aware
 * validators, as `social-analytics-api validate` checks a capture: the exchange is made into a
 * capture redacted with every credential the request carried (credential-names.ts), the capture is
 * checked, and with `record` written to a file (so `validate` on that folder gives the same
 * verdicts). What is not an API path, a CORS preflight, an answer without a body to check (204,
 * 304, redirects) and an exchange the target did not complete are passed through and reported
 * as skipped. An answer the target sent that HTTP does not allow to relay (forward.ts) and an
 * exchange cut by the drain deadline of `close()` are invalid exchanges; a request target that is
 * not a path is refused 400 and CONNECT 405 (request-target.ts), neither forwarded.
 */
import { setMaxListeners } from 'node:events';
import { Agent as HttpAgent, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS } from '../client/client.js';
import { exchangeCapture, type ExchangeCapture } from '../client/exchange.js';
import { redactCredentialQuery, Redactors, requestCredentials, type RequestCredentials } from '../client/credential-names.js';
import { readCapture } from '../captures/capture-file.js';
import type { SkipReason } from '../captures/types.js';
import { writeCaptures, type CaptureWriter, type CaptureWriterOptions } from '../captures/write-captures.js';
import { reportOf } from '../report/report-of.js';
import { createChecker } from '../report/check-response.js';
import type { ReportClosing, ReportItem, ValidateReport } from '../report/report-types.js';
import { createTally } from '../report/tally.js';
import { operationOf } from '../operations/operation-of.js';
import { forward, rawHeader, type Forwarded } from './forward.js';
import { requestTarget } from './request-target.js';

export interface ProxyOptions {
  /** Where requests go: `http://127.0.0.1:4010`, `https://api.example.com` (a base path is kept). */
  target: string;
  /** Address to listen on (default 127.0.0.1; 0.0.0.0 in a container). */
  host?: string;
  /** Port to listen on (default 0: any free port). */
  port?: number;
  /** Broken inferred rules make an exchange invalid too (by default they are warnings). */
  strict?: boolean;
  /** Folder to write one capture file per API exchange to (redacted; see writeCaptures), made when the proxy starts. */
  record?: string;
  /** Permissions of the recorded files and their folder (default 0600 and 0700). */
  recordModes?: CaptureWriterOptions;
  /** Bytes of a response body (decoded) kept for the check (default: the client's, 64 MiB); a longer answer is passed on and reported invalid, unchecked. */
  maxBodyBytes?: number;
  /** Milliseconds the target has for a whole answer (default 30000, the client's timeout): no headers in time is a 504, a body not complete in time is cut off. */
  timeoutMs?: number;
  /** Milliseconds a caller has to send its request line and headers (default 30000, as the mock); a slower connection is closed. */
  headersTimeoutMs?: number;
  /** Milliseconds a caller has to send its request body once the headers are in (default 30000, as the mock); a slower connection is closed. */
  bodyTimeoutMs?: number;
  /** Called with each exchange once it is checked (and recorded). */
  onExchange?: (exchange: ProxyExchange) => void;
  /**
   * Called with each report item as soon as it is judged, in that order (a report writer's
   * `item`: the `proxy` command writes its reports so). Given, the proxy keeps no item, only the
   * counts: `report()` and `closing()` hold the summary, `report()` no item.
   */
  onItem?: (item: ReportItem) => void;
  /** Refuse to start when the target cannot be connected to (default true). */
  checkTarget?: boolean;
  /** Milliseconds `close()` lets the exchanges under way finish before it cuts them (default 5000). */
  drainTimeoutMs?: number;
  /**
   * Milliseconds the start-up check has to open a connection to the target (default 10000). Its
   * own bound, not `timeoutMs`: a short answer timeout must not make a busy machine's slow
   * connect refuse the start.
   */
  connectTimeoutMs?: number;
}

/** One exchange through the proxy, checked. */
export interface ProxyExchange {
  method: string;
  /** The path and query, redacted. */
  path: string;
  /** The status the caller got (0: none). */
  status: number;
  /** The report item: a checked response (`valid`, `errors`, ...) or a skipped exchange with its reason. */
  item: ReportItem;
  /** The capture file written (with `record`). */
  file?: string;
}

export interface ProxyServer {
  /** `http://127.0.0.1:<port>` (the address listened on). */
  url: string;
  port: number;
  /** The target, as an origin and base path. */
  target: string;
  /**
   * The report of the exchanges so far, as `validate` builds it (every reporter renders it): its
   * summary counts every exchange, its items are those kept (none with `onItem`, else at most
   * MAX_REPORT_ITEMS and MAX_KEPT_PROBLEMS).
   */
  report(): ValidateReport;
  /** What follows the items of the report so far (its summary and the first rule its problems name), counted as the items went by. */
  closing(): ReportClosing;
  /** The report items the proxy holds now (0 with `onItem`): bounded by MAX_REPORT_ITEMS and MAX_KEPT_PROBLEMS, whatever the number of exchanges. */
  keptItems(): number;
  /**
   * Stops listening at once, lets the exchanges under way finish for `drainTimeoutMs` (or the
   * `drainMs` given: 0 cuts them now; a later call with a shorter deadline cuts them sooner), cuts
   * the rest (reported invalid, cut by the proxy), then ends the connections and waits for the
   * checks and files under way. The report is complete once it resolves.
   */
  close(drainMs?: number): Promise<void>;
}

/** Report items kept without `onItem`; later valid and skipped exchanges are counted only (invalid ones are kept until twice as many). */
export const MAX_REPORT_ITEMS = 10_000;

/**
 * Problems (errors and warnings) the kept report items hold at most without `onItem`: an item
 * that would go past it is counted only. Items are capped by count, their problems by this: a
 * problem kept costs a few hundred bytes, so the kept items stay within some tens of megabytes
 * however many invalid answers come.
 */
export const MAX_KEPT_PROBLEMS = 100_000;

/** Redactors kept per set of request credentials (a busy proxy sees few distinct credentials). */
const MAX_REDACTORS = 64;


/**
 * A report item as the proxy keeps it until the report is built: a valid exchange without
 * warnings (nearly all of them) as one JSON text of its five fields, any other item as it is.
 * Thousands of kept items of five objects each (the item and its empty problem lists) made the
 * garbage collector's work per exchange grow to about what the check costs.
 */
type KeptItem = ReportItem | string;

function kept(item: ReportItem): KeptItem {
  if (item.kind !== 'response' || !item.valid || item.warnings.length || item.errors.length || item.groups.length || item.groupsOmitted || item.file !== undefined || item.line !== undefined) return item;
  return JSON.stringify([item.source, item.method, item.path, item.status, item.operation]);
}

function itemOf(kept: KeptItem): ReportItem {
  if (typeof kept !== 'string') return kept;
  const [source, method, path, status, operation] = JSON.parse(kept) as [string, string, string, number, string | null];
  return { kind: 'response', source, method, path, status, operation, valid: true, errors: [], warnings: [], groups: [], groupsOmitted: 0 };
}

/** A response item that is invalid for one reason about the exchange as a whole (pointer ''). */
function invalidExchange(source: string, method: string, path: string, status: number, message: string): ReportItem {
  return { kind: 'response', source, method, path, status, operation: operationOf(method, path)?.key ?? null, valid: false, errors: [{ pointer: '', message, rule: null, severity: 'error' }], warnings: [], groups: [{ rule: null, severity: 'error', shape: '', message, count: 1, pointers: [''] }], groupsOmitted: 0 };
}

/** What RFC 8259 8.1 says of a byte order mark before JSON text sent over a network. */
const BOM_MESSAGE = 'the body starts with a byte order mark (U+FEFF), which JSON text sent over a network must not (RFC 8259 8.1); the rest was checked';

/** Milliseconds `close()` gives the exchanges under way by default. */
export const DEFAULT_DRAIN_TIMEOUT_MS = 5000;

/** Why an answer holds nothing to check, or undefined. */
function skipOf(method: string, path: string, status: number): SkipReason | undefined {
  if (method === 'OPTIONS') return 'CORS preflight';
  if (!operationOf(method, path)) return 'not an API operation';
  if (status === 304) return 'not modified';
  if (status === 204) return 'no content';
  if (status >= 300 && status < 400) return 'redirect';
  return undefined;
}

/** Checks that `target` is an http(s) URL without credentials, query or fragment. */
function targetOf(target: unknown): URL {
  let url: URL;
  try {
    url = new URL(String(target));
  } catch {
    throw new TypeError(`startProxy: "target" must be the http(s) URL of the API or the mock, got ${JSON.stringify(target)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`startProxy: "target" must be an http(s) URL, got ${url.protocol}`);
  if (url.username || url.password) throw new TypeError('startProxy: "target" must not hold credentials: callers send their own Authorization header');
  if (url.search || url.hash) throw new TypeError('startProxy: "target" takes no query or fragment');
  return url;
}

/** Milliseconds the start-up check waits for a connection to the target, unless `connectTimeoutMs` says otherwise. */
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

function positive(name: string, value: number | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw new RangeError(`startProxy: "${name}" must be a whole number from 1 to ${max}, got ${String(value)}`);
  return value;
}

/** Resolves once a TCP connection to the target's host and port opens; rejects with the reason otherwise. */
function probe(target: URL, timeoutMs: number): Promise<void> {
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.hostname.replace(/^\[|\]$/g, ''), port });
    const timer = setTimeout(() => socket.destroy(new Error(`no connection within ${timeoutMs} ms`)), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.end();
      resolve();
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot reach the target ${target.origin}: ${(error as { code?: string }).code ?? error.message}`));
    });
  });
}

/** Starts the proxy; resolves once it listens. */
export async function startProxy(options: ProxyOptions): Promise<ProxyServer> {
  if (typeof options !== 'object' || options === null) throw new TypeError('startProxy: options { target } are required');
  const target = targetOf(options.target);
  const maxBodyBytes = positive('maxBodyBytes', options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 2 ** 29);
  const timeoutMs = positive('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS, 2_147_483_647);
  const headersTimeout = positive('headersTimeoutMs', options.headersTimeoutMs, 30_000, 3_600_000);
  const bodyTimeout = positive('bodyTimeoutMs', options.bodyTimeoutMs, 30_000, 3_600_000);
  const connectTimeout = positive('connectTimeoutMs', options.connectTimeoutMs, DEFAULT_CONNECT_TIMEOUT_MS, 3_600_000);
  const drainTimeout = options.drainTimeoutMs === 0 ? 0 : positive('drainTimeoutMs', options.drainTimeoutMs, DEFAULT_DRAIN_TIMEOUT_MS, 3_600_000);
  if (options.checkTarget !== false) await probe(target, connectTimeout);
  const check = createChecker(options.strict === true);
  const recorder: CaptureWriter | undefined = options.record === undefined ? undefined : writeCaptures(options.record, options.recordModes);
  const agentOptions = { keepAlive: true, maxSockets: 256 };
  const agent = target.protocol === 'https:' ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
  const stopping = new AbortController();
  // One listener per exchange under way (forward.ts removes it when the exchange ends): no warning past ten.
  setMaxListeners(0, stopping.signal);
  const forwarding = { target, hostname: target.hostname.replace(/^\[|\]$/g, ''), basePath: target.pathname.replace(/\/+$/, ''), agent, maxBodyBytes, timeoutMs, stop: stopping.signal };
  const redactors = new Map<string, Redactors>();
  const items: KeptItem[] = [];
  let keptProblems = 0;
  const tally = createTally(true);
  const pending = new Set<Promise<void>>();
  let count = 0;
  /** close(): called (`stopped`), its promise, its deadlines, and whether the exchanges under way are over. */
  let stopped = false;
  let closing: Promise<void> | undefined;
  const deadlines: ReturnType<typeof setTimeout>[] = [];
  let drained = false;

  /** The redactors of a request's credentials, kept per set of credentials (a busy proxy sees few). */
  const redactorFor = (credentials: RequestCredentials): Redactors => {
    const key = JSON.stringify(credentials);
    const known = redactors.get(key);
    if (known) return known;
    if (redactors.size >= MAX_REDACTORS) redactors.clear();
    const redact = Redactors.of(credentials);
    redactors.set(key, redact);
    return redact;
  };

  /** Counts an item and hands it to `onItem`, or keeps it while the caps allow (else it is counted only). */
  const keep = (item: ReportItem) => {
    tally.add(item);
    if (options.onItem) return options.onItem(item);
    const invalid = item.kind === 'response' && !item.valid;
    const problems = item.kind === 'response' ? item.errors.length + item.warnings.length : 0;
    if (keptProblems + problems > MAX_KEPT_PROBLEMS) return;
    if (items.length < MAX_REPORT_ITEMS || (invalid && items.length < 2 * MAX_REPORT_ITEMS)) {
      items.push(kept(item));
      keptProblems += problems;
    }
  };

  /** The report item of a forwarded exchange, and its capture when it holds an answer to check. */
  async function judge(method: string, path: string, result: Forwarded, redact: Redactors, source: string): Promise<{ item: ReportItem; capture?: ExchangeCapture }> {
    if (result.kind === 'failed') return { item: { kind: 'skipped', source, reason: 'no response', detail: `${method} ${path}: ${result.reason}` } };
    if (result.kind === 'refused' || result.kind === 'cut') return { item: invalidExchange(source, method, path, result.status, result.reason) };
    const skip = skipOf(method, path, result.status);
    if (skip) return { item: { kind: 'skipped', source, reason: skip, detail: `${method} ${path} ${result.status}` } };
    if (result.responseText === undefined) {
      return { item: invalidExchange(source, method, path, result.status, `not checked: ${result.untapped ?? 'its body was not read'}`) };
    }
    const bom = result.responseText.startsWith('\ufeff');
    const capture = exchangeCapture({ method, path, requestText: result.requestText, status: result.status, text: bom ? result.responseText.slice(1) : result.responseText }, redact);
    const read = readCapture(capture, source);
    if (read.kind !== 'response') return { item: read, capture };
    const { durationMs: _, ...report } = await check(read);
    if (!bom) return { item: { kind: 'response', ...report }, capture };
    const error = { pointer: '', message: BOM_MESSAGE, rule: null, severity: 'error' as const };
    return { item: { kind: 'response', ...report, valid: false, errors: [error, ...report.errors], groups: [{ rule: null, severity: 'error', shape: '', message: BOM_MESSAGE, count: 1, pointers: [''] }, ...report.groups] }, capture };
  }

  async function exchange(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const n = ++count;
    const method = (req.method ?? 'GET').toUpperCase();
    if (stopped) res.shouldKeepAlive = false;
    const sent = requestTarget(req.url ?? '/');
    if ('refused' in sent) {
      req.resume();
      const text = `social-analytics-api proxy: ${sent.refused}\n`;
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text), 'x-proxy-error': 'request', connection: 'close' });
      res.end(text);
      const item: ReportItem = { kind: 'skipped', source: `proxy#${n}`, reason: 'not an API operation', detail: `${method} refused 400: ${sent.refused}` };
      keep(item);
      options.onExchange?.({ method, path: '(refused)', status: 400, item });
      return;
    }
    const api = method !== 'OPTIONS' && operationOf(method, sent.path) !== undefined;
    const result = await forward(req, res, { ...forwarding, tap: api, path: sent.path });
    const redact = redactorFor(requestCredentials(req.rawHeaders, sent.path, result.kind === 'answered' ? result.requestText : undefined));
    const path = redactCredentialQuery(redact.text(sent.path));
    const { item, capture } = await judge(method, path, result, redact, `proxy#${n}`);
    let file: string | undefined;
    if (recorder && capture) {
      try {
        file = await recorder(capture);
      } catch (error) {
        keep({ kind: 'unreadable', source: `proxy#${n}`, message: redact.text((error as Error).message) });
      }
    }
    keep(item);
    options.onExchange?.({ method, path, status: result.status, item, ...(file ? { file } : {}) });
  }

  // The mock's timeouts: headers, then the whole request, checked often enough to close on time.
  const timeouts = { headersTimeout, requestTimeout: headersTimeout + bodyTimeout, connectionsCheckingInterval: Math.max(5, Math.min(1000, Math.floor(headersTimeout / 4))) };
  const answering = new Set<ServerResponse>();
  const server = createServer(timeouts, (req, res) => {
    answering.add(res);
    res.on('close', () => answering.delete(res));
    const work = exchange(req, res)
      .catch((error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(`social-analytics-api proxy: ${error instanceof Error ? error.message.slice(0, 200) : 'failure'}\n`);
        } else res.destroy();
      })
      .finally(() => pending.delete(work));
    pending.add(work);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  server.on('error', () => undefined);
  // CONNECT asks for a tunnel, which a reverse proxy does not open (Node would close the connection silently).
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => undefined);
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 63\r\nConnection: close\r\n\r\nsocial-analytics-api proxy: CONNECT is not served by this proxy\n');
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    target: `${target.origin}${target.pathname.replace(/\/+$/, '')}`,
    report() {
      // The summary counts every item (the tally), not only those kept.
      return { ...reportOf(items.map(itemOf), { allowEmpty: true }), summary: tally.summary() };
    },
    closing() {
      const firstRule = tally.firstRule();
      return { summary: tally.summary(), ...(firstRule ? { firstRule } : {}) };
    },
    keptItems: () => items.length,
    close(drainMs = drainTimeout) {
      stopped = true;
      // The answers under way close their connection: their callers learn the proxy is going.
      for (const res of answering) if (!res.headersSent) res.shouldKeepAlive = false;
      if (drainMs <= 0) stopping.abort();
      else if (!drained && !stopping.signal.aborted) deadlines.push(setTimeout(() => stopping.abort(), drainMs));
      closing ??= (async () => {
        const listening = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        while (pending.size) await Promise.allSettled([...pending]);
        drained = true;
        for (const deadline of deadlines) clearTimeout(deadline);
        server.closeAllConnections();
        await listening;
        agent.destroy();
      })();
      return closing;
    },
  };
}
