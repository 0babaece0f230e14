/**
 * `startProxy({ target })`: a validating, recording HTTP proxy in front of the API (or the mock).
 * Every request is forwarded to `target` as it came and the target's answer returned as it was
 * sent (forward.ts); each exchange with an API path is then checked with the request-aware
 * validators, as `social-analytics-api validate` checks a capture: the exchange is made into a
 * capture redacted with the credentials of the Authorization header it carried, the capture is
 * checked, and with `record` written to a file (so `validate` on that folder gives the same
 * verdicts). What is not an API path, a CORS preflight, an answer without a body to check (204,
 * 304, redirects) and an exchange the target did not complete are passed through and reported
 * as skipped.
 */
import { Agent as HttpAgent, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS } from '../client/client.js';
import { exchangeCapture, type ExchangeCapture } from '../client/exchange.js';
import { Redactor } from '../client/redact.js';
import { readCapture } from '../captures/capture-file.js';
import type { SkipReason } from '../captures/types.js';
import { writeCaptures, type CaptureWriter } from '../captures/write-captures.js';
import { reportOf } from '../report/report-of.js';
import { createChecker } from '../report/check-response.js';
import type { ReportItem, ValidateReport } from '../report/report-types.js';
import { operationOf } from '../operations/operation-of.js';
import { forward, rawHeader, type Forwarded } from './forward.js';

export interface ProxyOptions {
  /** Where requests go: `http://127.0.0.1:4010`, `https://api.example.com` (a base path is kept). */
  target: string;
  /** Address to listen on (default 127.0.0.1; 0.0.0.0 in a container). */
  host?: string;
  /** Port to listen on (default 0: any free port). */
  port?: number;
  /** Broken inferred rules make an exchange invalid too (by default they are warnings). */
  strict?: boolean;
  /** Folder to write one capture file per API exchange to (redacted; see writeCaptures). */
  record?: string;
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
  /** Refuse to start when the target cannot be connected to (default true). */
  checkTarget?: boolean;
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
  /** The report of the exchanges so far, as `validate` builds it (every reporter renders it). */
  report(): ValidateReport;
  /** Stops listening, ends open connections and waits for the checks and files under way. */
  close(): Promise<void>;
}

/** Report items kept; later valid and skipped exchanges are counted only (invalid ones are kept until twice as many). */
export const MAX_REPORT_ITEMS = 10_000;

/** Redactors kept per Authorization value (a busy proxy sees few distinct credentials). */
const MAX_REDACTORS = 64;

const NO_REDACTION = { text: (text: string) => text, value: (value: unknown) => value };

/** The token and secret of a Basic Authorization header, or undefined. */
function basicCredentials(header: string | undefined): { token: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!m) return undefined;
  const pair = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  return colon < 0 ? undefined : { token: pair.slice(0, colon), secret: pair.slice(colon + 1) };
}

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
  if (options.checkTarget !== false) await probe(target, connectTimeout);
  const check = createChecker(options.strict === true);
  const recorder: CaptureWriter | undefined = options.record === undefined ? undefined : writeCaptures(options.record);
  const agentOptions = { keepAlive: true, maxSockets: 256 };
  const agent = target.protocol === 'https:' ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
  const forwarding = { target, hostname: target.hostname.replace(/^\[|\]$/g, ''), basePath: target.pathname.replace(/\/+$/, ''), agent, maxBodyBytes, timeoutMs };
  const redactors = new Map<string, Redactor>();
  const items: KeptItem[] = [];
  const omitted = { valid: 0, invalid: 0, skipped: 0 };
  const pending = new Set<Promise<void>>();
  let count = 0;

  const redactorFor = (authorization: string | undefined) => {
    if (!authorization) return NO_REDACTION;
    const known = redactors.get(authorization);
    if (known) return known;
    const credentials = basicCredentials(authorization);
    if (!credentials) return NO_REDACTION;
    if (redactors.size >= MAX_REDACTORS) redactors.clear();
    const redact = new Redactor(credentials.token, credentials.secret);
    redactors.set(authorization, redact);
    return redact;
  };

  const keep = (item: ReportItem) => {
    const invalid = item.kind === 'response' && !item.valid;
    if (items.length < MAX_REPORT_ITEMS || (invalid && items.length < 2 * MAX_REPORT_ITEMS)) items.push(kept(item));
    else if (item.kind === 'skipped') omitted.skipped++;
    else if (invalid) omitted.invalid++;
    else omitted.valid++;
  };

  /** The report item of a forwarded exchange, and its capture when it holds an answer to check. */
  async function judge(method: string, path: string, result: Forwarded, redact: typeof NO_REDACTION, source: string): Promise<{ item: ReportItem; capture?: ExchangeCapture }> {
    if (result.kind === 'failed') return { item: { kind: 'skipped', source, reason: 'no response', detail: `${method} ${path}: ${result.reason}` } };
    const skip = skipOf(method, path, result.status);
    if (skip) return { item: { kind: 'skipped', source, reason: skip, detail: `${method} ${path} ${result.status}` } };
    if (result.responseText === undefined) {
      const message = `not checked: ${result.untapped ?? 'its body was not read'}`;
      return { item: { kind: 'response', source, method, path, status: result.status, operation: operationOf(method, path)?.key ?? null, valid: false, errors: [{ pointer: '', message, rule: null, severity: 'error' }], warnings: [], groups: [{ rule: null, severity: 'error', shape: '', message, count: 1, pointers: [''] }], groupsOmitted: 0 } };
    }
    const capture = exchangeCapture({ method, path, requestText: result.requestText, status: result.status, text: result.responseText }, redact);
    const read = readCapture(capture, source);
    if (read.kind !== 'response') return { item: read, capture };
    const { durationMs: _, ...report } = await check(read);
    return { item: { kind: 'response', ...report }, capture };
  }

  async function exchange(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const n = ++count;
    const method = (req.method ?? 'GET').toUpperCase();
    const redact = redactorFor(rawHeader(req.rawHeaders, 'authorization'));
    const path = redact.text(req.url ?? '/');
    const api = method !== 'OPTIONS' && operationOf(method, req.url ?? '/') !== undefined;
    const result = await forward(req, res, { ...forwarding, tap: api });
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
  const server = createServer(timeouts, (req, res) => {
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
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    target: `${target.origin}${target.pathname.replace(/\/+$/, '')}`,
    report() {
      const report = reportOf(items.map(itemOf), { allowEmpty: true });
      const { summary } = report;
      summary.responses += omitted.valid + omitted.invalid;
      summary.valid += omitted.valid;
      summary.invalid += omitted.invalid;
      summary.skipped += omitted.skipped;
      summary.exitCode = summary.unreadable > 0 ? 2 : summary.invalid > 0 ? 1 : 0;
      return report;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
