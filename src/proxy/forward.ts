/**
 * Forwarding one request through the proxy: the request goes to the target as it came (method,
 * path and query, headers but the hop-by-hop ones, body streamed), and the target's answer comes
 * back as it was sent (status, headers but the hop-by-hop ones, body streamed, still encoded).
 * Beside the streams, the bodies are tapped for the check: the request body up to
 * MAX_REQUEST_BYTES, the response body decoded (gzip, deflate, br) up to `maxBodyBytes`, past
 * which tapping stops and the answer is still passed on whole.
 *
 * When the target gives no answer the caller gets one from the proxy (text/plain, one line
 * naming the target and the reason): 502 when the target cannot be reached or answers with
 * something that is not HTTP, 504 when it sends no headers within `timeoutMs`. An answer cut off
 * by the target (or taking longer than `timeoutMs` in all) is cut off for the caller too.
 */
import { request as httpRequest, type Agent, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';

/** Headers that concern one connection only (RFC 9110 7.6.1), never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

/** Bytes of a request body tapped for the check (the mock's limit: a longer body is refused by it). */
export const MAX_TAPPED_REQUEST_BYTES = 1024 * 1024;

/** What came of one forwarded request. */
export type Forwarded =
  | {
      kind: 'answered';
      status: number;
      /** The request body tapped (undefined when none was sent or it passed the tap's limit). */
      requestText: string | undefined;
      /** The decoded response body, or undefined when it was longer than `maxBodyBytes` or could not be decoded. */
      responseText: string | undefined;
      /** Why `responseText` is missing. */
      untapped?: string;
    }
  /** The proxy answered for the target (502, 504), or the answer was cut off. */
  | { kind: 'failed'; status: number; reason: string };

export interface ForwardContext {
  target: URL;
  agent: Agent;
  maxBodyBytes: number;
  timeoutMs: number;
  /** Whether to tap the bodies (API paths only). */
  tap: boolean;
}

function headersOf(incoming: IncomingHttpHeaders, drop: ReadonlySet<string>): OutgoingHttpHeaders {
  const connectionNamed = String(incoming.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase());
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name) || drop.has(name) || connectionNamed.includes(name)) continue;
    out[name] = value;
  }
  return out;
}

const NO_DROP = new Set<string>();
const DROP_HOST = new Set(['host']);

/** A decoder of `content-encoding`, or undefined for identity; null for an encoding not known. */
function decoderOf(encoding: string | undefined): Transform | undefined | null {
  const e = (encoding ?? 'identity').trim().toLowerCase();
  if (e === 'identity' || e === '') return undefined;
  if (e === 'gzip' || e === 'x-gzip') return createGunzip();
  if (e === 'deflate') return createInflate();
  if (e === 'br') return createBrotliDecompress();
  return null;
}

/** Collects chunks up to `limit` bytes; `over` once more came. */
function collector(limit: number) {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let over = false;
  return {
    add(chunk: Buffer) {
      if (over) return;
      bytes += chunk.length;
      if (bytes > limit) {
        over = true;
        chunks.length = 0;
      } else chunks.push(chunk);
    },
    get over() {
      return over;
    },
    text: () => (over ? undefined : Buffer.concat(chunks).toString('utf8')),
  };
}

/** The one-line text/plain answer the proxy gives for a target that did not answer. */
function answerFor(res: ServerResponse, status: number, reason: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = `social-analytics-api proxy: ${reason}\n`;
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text), 'x-proxy-error': status === 504 ? 'timeout' : 'target' });
  res.end(text);
}

/** A system error's code, or its message when it has none. */
const reasonOf = (error: unknown): string => {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200);
};

/** Forwards `req` to the target and its answer to `res`; resolves once the exchange is over. */
export function forward(req: IncomingMessage, res: ServerResponse, context: ForwardContext): Promise<Forwarded> {
  const { target } = context;
  const base = target.pathname.replace(/\/+$/, '');
  const requestTap = context.tap ? collector(MAX_TAPPED_REQUEST_BYTES) : undefined;
  let sentBody = false;
  return new Promise<Forwarded>((resolve) => {
    let settled = false;
    const finish = (result: Forwarded) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const fail = (status: number, reason: string) => {
      upstream.destroy();
      answerFor(res, status, reason);
      finish({ kind: 'failed', status, reason });
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstream = send({
      protocol: target.protocol,
      hostname: target.hostname.replace(/^\[|\]$/g, ''),
      port: target.port || undefined,
      method: req.method,
      path: `${base}${req.url ?? '/'}`,
      headers: { ...headersOf(req.headers, DROP_HOST), host: target.host },
      agent: context.agent,
    });
    const timer = setTimeout(() => {
      if (!res.headersSent) fail(504, `the target ${target.origin} sent no answer within ${context.timeoutMs} ms`);
      else {
        upstream.destroy();
        res.destroy();
        finish({ kind: 'failed', status: res.statusCode, reason: `the target's answer took longer than ${context.timeoutMs} ms: cut off` });
      }
    }, context.timeoutMs);
    upstream.on('error', (error) => {
      if (!res.headersSent) fail(502, `no answer from the target ${target.origin} (${reasonOf(error)})`);
      else {
        res.destroy();
        finish({ kind: 'failed', status: res.statusCode, reason: `the target cut its answer off (${reasonOf(error)})` });
      }
    });
    // The caller went away: so does the request to the target.
    res.on('close', () => {
      if (!res.writableFinished && !settled) {
        upstream.destroy();
        finish({ kind: 'failed', status: res.headersSent ? res.statusCode : 0, reason: 'the caller closed the connection before the answer was complete' });
      }
    });
    req.on('data', (chunk: Buffer) => {
      sentBody = true;
      requestTap?.add(chunk);
    });
    req.pipe(upstream);
    upstream.on('response', (answer) => {
      const status = answer.statusCode ?? 502;
      res.writeHead(status, answer.statusMessage, headersOf(answer.headers, NO_DROP));
      const tapping = context.tap && req.method !== 'HEAD';
      const decoder = tapping ? decoderOf(answer.headers['content-encoding']) : undefined;
      const responseTap = tapping ? collector(context.maxBodyBytes) : undefined;
      let untapped: string | undefined = decoder === null ? `its content-encoding "${String(answer.headers['content-encoding'])}" is not one the proxy decodes` : undefined;
      if (decoder && responseTap) {
        decoder.on('data', (chunk: Buffer) => {
          responseTap.add(chunk);
          if (responseTap.over) decoder.destroy();
        });
        decoder.on('error', (error) => {
          untapped ??= `its body could not be decoded (${reasonOf(error)})`;
        });
      }
      answer.on('data', (chunk: Buffer) => {
        if (decoder && !decoder.destroyed) decoder.write(chunk);
        else if (decoder === undefined) responseTap?.add(chunk);
      });
      answer.on('aborted', () => {
        res.destroy();
        finish({ kind: 'failed', status, reason: 'the target cut its answer off' });
      });
      answer.on('error', () => undefined);
      answer.pipe(res);
      const done = () => {
        if (responseTap?.over) untapped = `its body is longer than ${context.maxBodyBytes} bytes (decoded)`;
        finish({ kind: 'answered', status, requestText: sentBody ? requestTap?.text() : undefined, responseText: untapped || !responseTap ? undefined : responseTap.text(), ...(untapped ? { untapped } : {}) });
      };
      res.on('finish', () => {
        if (!answer.complete) return;
        if (decoder && !decoder.destroyed) {
          decoder.end();
          decoder.once('end', done);
          decoder.once('error', done);
          decoder.once('close', done);
        } else done();
      });
    });
  });
}
