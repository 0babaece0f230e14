/**
 * Forwarding one request through the proxy: the request goes to the target as it came (method,
 * path and query, headers but the hop-by-hop ones, body streamed), and the target's answer comes
 * back as it was sent (status, headers but the hop-by-hop ones, body streamed, still encoded).
 * Beside the streams, the bodies are tapped for the check: the request body up to
 * MAX_REQUEST_BYTES, the response body decoded (gzip, deflate, br) up to `maxBodyBytes`, past
 * which tapping stops and the answer is still passed on whole.
 *
 * When the target gives no answer the caller gets one from the proxy (text/plain, one line
 * naming the target and the reason): 502 when the target cannot be reached, 504 when it sends no
 * headers within `timeoutMs`. An answer cut off by the target (or taking longer than `timeoutMs`
 * in all) is cut off for the caller too.
 *
 * What the target sends is relayed only as HTTP allows (`answerFault`): an answer that is not
 * HTTP, a status outside 100-599, a 101 (the proxy forwards no Upgrade), a reason phrase or header
 * holding a character HTTP forbids becomes a 502 for the caller and a `refused` result (an
 * invalid exchange in the report), never an exception. A 103 Early Hints passes its Link headers
 * on; other interim answers (100, 102) concern one hop and are dropped. Trailers pass on after a
 * chunked body; chunk extensions are dropped (they belong to one connection's framing).
 * `stop` cuts an exchange still under way (the proxy's drain deadline passed): `cut`.
 */
import { request as httpRequest, type Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform, Writable } from 'node:stream';

/** Headers that concern one connection only (RFC 9110 7.6.1), never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'upgrade']);

/** Bytes of a request body tapped for the check (the mock's limit: a longer body is refused by it). */
const MAX_TAPPED_REQUEST_BYTES = 1024 * 1024;

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
  | { kind: 'failed'; status: number; reason: string }
  /** The target answered with something HTTP does not allow to relay: the caller got a 502 (or, past the headers, a cut-off answer). */
  | { kind: 'refused'; status: number; reason: string }
  /** The proxy stopped and its drain deadline passed before the answer was complete. */
  | { kind: 'cut'; status: number; reason: string };

export interface ForwardContext {
  target: URL;
  /** The target's host name as a socket takes it (an IPv6 address without brackets). */
  hostname: string;
  /** The target's base path without its trailing slashes ('' for none). */
  basePath: string;
  agent: Agent;
  maxBodyBytes: number;
  timeoutMs: number;
  /** Whether to tap the bodies (API paths only). */
  tap: boolean;
  /** The path and query to send, below the base path (normalised: request-target.ts). */
  path: string;
  /** Aborted when the proxy's drain deadline passes: an exchange still under way is cut. */
  stop: AbortSignal;
}

/** Characters HTTP allows in a reason phrase or a field value (RFC 9110 5.5, RFC 9112 4): HTAB, SP, VCHAR, obs-text. */
const FIELD_TEXT = /^[\t\x20-\x7e\x80-\xff]*$/;
/** A field name (RFC 9110 5.1): a token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** `U+007F` for the first character of `text` that `allowed` refuses. */
function firstBad(text: string, allowed: RegExp): string {
  for (const c of text) if (!allowed.test(c)) return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return 'a character';
}

/**
 * Why the target's status line and headers cannot be relayed as HTTP allows, or undefined. The
 * message names the status, the header (by its position when its name is what is wrong) and the
 * character, never quoting raw text.
 */
export function answerFault(status: number, reason: string, raw: readonly string[]): string | undefined {
  if (!Number.isInteger(status) || status < 100 || status > 599) return `its status ${status} is outside the range HTTP defines (100-599)`;
  if (!FIELD_TEXT.test(reason)) return `its reason phrase holds ${firstBad(reason, /[\t\x20-\x7e\x80-\xff]/)}, which HTTP does not allow there`;
  for (let i = 0; i < raw.length; i += 2) {
    if (!TOKEN.test(raw[i])) return `the name of its header #${i / 2 + 1} holds ${firstBad(raw[i], /[!#$%&'*+.^_`|~0-9A-Za-z-]/)}, which a header name cannot`;
    if (!FIELD_TEXT.test(raw[i + 1])) return `its header ${raw[i]} holds ${firstBad(raw[i + 1], /[\t\x20-\x7e\x80-\xff]/)}, which HTTP does not allow in a value`;
  }
  return undefined;
}

/**
 * The headers to pass on, as a flat list of names and values in the order and spelling they came
 * in (`rawHeaders`): all but the hop-by-hop ones, those the Connection header names, and `drop`.
 * Reading the raw list spares Node building a header object for every message.
 */
export function passedHeaders(raw: readonly string[], drop: ReadonlySet<string>): string[] {
  let named: string[] | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].length === 10 && raw[i].toLowerCase() === 'connection') (named ??= []).push(...raw[i + 1].split(',').map((h) => h.trim().toLowerCase()));
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (HOP_BY_HOP.has(name) || drop.has(name) || named?.includes(name)) continue;
    out.push(raw[i], raw[i + 1]);
  }
  return out;
}

/** The first value of header `name` (lower case) in a raw header list. */
export function rawHeader(raw: readonly string[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === name.length && raw[i].toLowerCase() === name) return raw[i + 1];
  return undefined;
}

const NO_DROP = new Set<string>();
const DROP_HOST = new Set(['host']);
const DROP_TRAILER = new Set(['trailer']);

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

/** Node's HTTP parser's complaint about what the target sent (`HPE_INVALID_HEADER_TOKEN: Invalid header value char`), or undefined for any other error. */
function parseFault(error: unknown): string | undefined {
  const { code, reason } = (error ?? {}) as { code?: unknown; reason?: unknown };
  if (typeof code !== 'string' || !code.startsWith('HPE_')) return undefined;
  return `what it sent is not HTTP (${code}${typeof reason === 'string' ? `: ${reason.replace(/[^\x20-\x7e]/g, '?').slice(0, 100)}` : ''})`;
}

/** The target's trailer fields that HTTP allows, as a flat list of names and values. */
function trailersOf(raw: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) if (TOKEN.test(raw[i]) && FIELD_TEXT.test(raw[i + 1]) && !HOP_BY_HOP.has(raw[i].toLowerCase())) out.push([raw[i], raw[i + 1]]);
  return out;
}

/** Writes `chunk` to `to`, pausing `from` until `to` drains when its buffer is full (what `pipe` does, without its listeners). */
function relay(from: IncomingMessage, to: Writable, chunk: Buffer): void {
  if (!to.write(chunk) && !to.destroyed) {
    from.pause();
    to.once('drain', () => from.resume());
  }
}

/** Forwards `req` to the target and its answer to `res`; resolves once the exchange is over. */
export function forward(req: IncomingMessage, res: ServerResponse, context: ForwardContext): Promise<Forwarded> {
  const { target } = context;
  const requestTap = context.tap ? collector(MAX_TAPPED_REQUEST_BYTES) : undefined;
  let sentBody = false;
  return new Promise<Forwarded>((resolve) => {
    let settled = false;
    const finish = (result: Forwarded) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      context.stop.removeEventListener('abort', cut);
      resolve(result);
    };
    const fail = (status: number, reason: string) => {
      upstream.destroy();
      answerFor(res, status, reason);
      finish({ kind: 'failed', status, reason });
    };
    /** The target sent what HTTP does not allow to relay: a 502 for the caller, or its answer cut off once under way. */
    const refuse = (fault: string) => {
      upstream.destroy();
      const status = res.headersSent ? res.statusCode : 502;
      if (res.headersSent) res.destroy();
      else answerFor(res, 502, `the target ${target.origin} answered with what HTTP does not allow: ${fault}`);
      finish({ kind: 'refused', status, reason: `the target's answer was refused: ${fault}${res.headersSent && status !== 502 ? '; the answer was cut off' : '; the caller got a 502'}` });
    };
    const cut = () => {
      if (settled) return;
      upstream.destroy();
      const status = res.headersSent ? res.statusCode : 503;
      if (res.headersSent) res.destroy();
      else answerFor(res, 503, 'the proxy is stopping: its drain deadline passed before the target answered');
      finish({ kind: 'cut', status, reason: 'cut by the proxy: it was stopping and its drain deadline passed before the answer was complete' });
    };
    const headers = passedHeaders(req.rawHeaders, DROP_HOST);
    headers.push('Host', target.host);
    const upstream = (target.protocol === 'https:' ? httpsRequest : httpRequest)({
      protocol: target.protocol,
      hostname: context.hostname,
      port: target.port || undefined,
      method: req.method,
      path: `${context.basePath}${context.path}`,
      headers,
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
    if (context.stop.aborted) queueMicrotask(cut);
    else context.stop.addEventListener('abort', cut);
    upstream.on('error', (error) => {
      if (settled) return;
      const fault = parseFault(error);
      if (fault) refuse(fault);
      else if (!res.headersSent) fail(502, `no answer from the target ${target.origin} (${reasonOf(error)})`);
      else {
        res.destroy();
        finish({ kind: 'failed', status: res.statusCode, reason: `the target cut its answer off (${reasonOf(error)})` });
      }
    });
    // A 101: the proxy forwards no Upgrade header, so the target switched protocols unasked.
    upstream.on('upgrade', (_answer, socket) => {
      socket.destroy();
      refuse('it switched protocols (101) though no upgrade was asked for');
    });
    upstream.on('information', (info) => {
      if (info.statusCode !== 103 || res.headersSent || settled) return;
      const links: string[] = [];
      for (let i = 0; i < info.rawHeaders.length; i += 2) if (info.rawHeaders[i].toLowerCase() === 'link' && FIELD_TEXT.test(info.rawHeaders[i + 1])) links.push(info.rawHeaders[i + 1]);
      if (!links.length) return;
      try {
        res.writeEarlyHints({ link: links });
      } catch {
        // A Link value Node refuses to write: the hint is dropped, the answer still comes.
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
      if (!upstream.destroyed) relay(req, upstream, chunk);
    });
    req.on('end', () => {
      if (!upstream.destroyed) upstream.end();
    });
    upstream.on('response', (answer) => {
      if (settled) return answer.resume();
      const status = answer.statusCode ?? 0;
      const raw = answer.rawHeaders;
      const fault = answerFault(status, answer.statusMessage ?? '', raw);
      if (fault) {
        answer.resume();
        return refuse(fault);
      }
      // A Trailer header is passed only where the caller's answer is chunked (Node refuses it otherwise: trailers could not follow).
      const chunked = rawHeader(raw, 'content-length') === undefined && req.method !== 'HEAD' && status !== 204 && status !== 304 && req.httpVersion !== '1.0';
      const passed = passedHeaders(raw, chunked ? NO_DROP : DROP_TRAILER);
      try {
        res.writeHead(status, answer.statusMessage, passed);
      } catch (error) {
        answer.resume();
        return refuse(`its head could not be relayed (${reasonOf(error)})`);
      }
      const tapping = context.tap && req.method !== 'HEAD';
      const encoding = tapping ? rawHeader(raw, 'content-encoding') : undefined;
      const decoder = tapping ? decoderOf(encoding) : undefined;
      const responseTap = tapping ? collector(context.maxBodyBytes) : undefined;
      let untapped: string | undefined = decoder === null ? `its content-encoding "${String(encoding)}" is not one the proxy decodes` : undefined;
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
        relay(answer, res, chunk);
        if (decoder && !decoder.destroyed) decoder.write(chunk);
        else if (decoder === undefined) responseTap?.add(chunk);
      });
      answer.on('aborted', () => {
        res.destroy();
        finish({ kind: 'failed', status, reason: 'the target cut its answer off' });
      });
      answer.on('error', () => undefined);
      answer.on('end', () => {
        const trailers = trailersOf(answer.rawTrailers);
        if (trailers.length) {
          try {
            res.addTrailers(trailers);
          } catch {
            // Trailers Node refuses to write are dropped; the body is whole.
          }
        }
        res.end();
      });
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
