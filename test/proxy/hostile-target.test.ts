/**
 * Nothing a target sends crashes the proxy: a raw-socket target (node:net, no HTTP library
 * between it and the proxy) answers with generated status lines, reason phrases, headers and
 * bodies. An answer HTTP allows comes back with its status and body; any other becomes a 502 from
 * the proxy and an invalid exchange in the report, with a message holding no raw control
 * character; the proxy keeps serving. Interim answers (101, 103), trailers and statuses outside
 * 100-599 are cases of their own.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeLine } from '../../src/cli/proxy.js';
import { answerFault } from '../../src/proxy/forward.js';
import { startProxy, type ProxyExchange, type ProxyServer } from '../../src/proxy/index.js';

/** A target that reads each request's head, then writes the bytes `answer` gives for it and closes. */
async function rawTarget(answer: (head: string) => Buffer | string | ((socket: Socket) => void)) {
  const server: Server = createServer((socket) => {
    let head = '';
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      if (head.includes('\r\n\r\n')) return;
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      const reply = answer(head);
      if (typeof reply === 'function') reply(socket);
      else socket.end(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** One raw call: status, headers, body bytes and trailers, or the error when the connection was cut. */
function call(base: string, path: string, method = 'GET', headers: Record<string, string> = {}) {
  const url = new URL(base);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; trailers: Record<string, string | undefined>; hints: string[] } | Error>((resolve) => {
    const hints: string[] = [];
    const req = httpRequest({ hostname: url.hostname, port: url.port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), trailers: res.trailers, hints }));
      res.on('error', resolve);
    });
    req.on('information', (info) => hints.push(`${info.statusCode} ${String(info.headers.link)}`));
    req.on('error', resolve);
    req.end();
  });
}

/** A proxy whose exchanges are collected; `next()` resolves with the next one reported. */
async function proxyTo(target: string, options: Partial<Parameters<typeof startProxy>[0]> = {}) {
  const exchanges: ProxyExchange[] = [];
  let wake: (() => void) | undefined;
  const proxy = await startProxy({
    target,
    ...options,
    onExchange: (e) => {
      exchanges.push(e);
      wake?.();
    },
  });
  const reported = async (n: number) => {
    while (exchanges.length < n) await new Promise<void>((resolve) => (wake = resolve));
    return exchanges[n - 1];
  };
  return { proxy, exchanges, reported };
}

const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;
const byteString = (bytes: number[]) => Buffer.from(bytes).toString('latin1');
/** Characters HTTP allows in a reason phrase or field value. */
const fieldOk = (text: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(text);

describe('a raw-socket target sending generated answers', () => {
  let answer: Buffer = Buffer.alloc(0);
  let target: Awaited<ReturnType<typeof rawTarget>>;
  let proxied: Awaited<ReturnType<typeof proxyTo>>;
  beforeAll(async () => {
    target = await rawTarget(() => answer);
    proxied = await proxyTo(target.url);
  });
  afterAll(async () => {
    await proxied.proxy.close(0);
    await target.close();
  });

  it('passes on what HTTP allows, answers 502 with an invalid exchange for the rest, and keeps serving', async () => {
    const byte = fc.integer({ min: 0, max: 255 });
    const fieldByte = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) }, { weight: 1, arbitrary: fc.constantFrom(0x09, 0x7f, 0x1b, 0x00, 0x01, 0x80, 0x9b, 0xff, 0x0d, 0x0a) });
    const answerArb = fc.record({
      status: fc.oneof(fc.integer({ min: 200, max: 599 }), fc.integer({ min: 0, max: 999 }).filter((s) => s < 100 || s >= 200)),
      reason: fc.array(fieldByte, { maxLength: 20 }).map(byteString),
      headers: fc.array(fc.tuple(fc.oneof(fc.stringMatching(/^[a-z0-9!#$%&'*+.^_`|~-]{1,12}$/), fc.array(byte, { minLength: 1, maxLength: 8 }).map(byteString)), fc.array(fieldByte, { maxLength: 24 }).map(byteString)), { maxLength: 4 }),
      body: fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.constantFrom('{"success":true,"profiles":[]}', '\ufeff{"success":true}', '{"a":').map((t) => new Uint8Array(Buffer.from(t)))),
      framing: fc.constantFrom('length', 'chunked', 'close'),
    });
    let n = proxied.exchanges.length;
    await fc.assert(
      fc.asyncProperty(answerArb, async ({ status, reason, headers, body, framing }) => {
        const named = headers.map(([name, value]) => [`x-${name}`, value] as const);
        const framingHead = framing === 'length' ? `Content-Length: ${body.length}\r\n` : framing === 'chunked' ? 'Transfer-Encoding: chunked\r\n' : '';
        const bodyBytes = framing === 'chunked' ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from(body.length ? '\r\n0\r\n\r\n' : '\r\n')]) : Buffer.from(body);
        const head = `HTTP/1.1 ${String(status).padStart(3, '0')} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\n${named.map(([k, v]) => `${k}: ${v}\r\n`).join('')}${framingHead}\r\n`;
        answer = Buffer.concat([Buffer.from(head, 'latin1'), bodyBytes]);
        const got = await call(proxied.proxy.url, '/2/facebook/profiles');
        const exchange = await proxied.reported(++n);
        // Fields without CR or LF frame as written: the verdict is known beforehand.
        const framed = ![reason, ...named.flat()].some((t) => /[\r\n]/.test(t));
        const allowed = status >= 200 && status <= 599 && fieldOk(reason) && named.every(([k, v]) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(k) && fieldOk(v.trim()));
        if (!(got instanceof Error) && got.status === 502 && got.headers['x-proxy-error']) {
          expect(exchange.item).toMatchObject({ kind: 'response', valid: false });
          if (framed) expect(allowed).toBe(false);
        } else if (framed && allowed && !(got instanceof Error)) {
          expect(got.status).toBe(status);
          if (framing !== 'chunked' || body.length) expect(got.body.equals(Buffer.from(body))).toBe(true);
        }
        if (framed && !allowed) expect(got instanceof Error ? 0 : got.status).toBe(502);
        expect(exchangeLine(exchange)).not.toMatch(CONTROL);
      }),
      { numRuns: 150 },
    );
    // Still serving.
    answer = Buffer.from('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}');
    const last = await call(proxied.proxy.url, '/2/facebook/profiles');
    expect(last).toMatchObject({ status: 200 });
  }, 120_000);

  it.each([
    ['a DEL in the reason phrase', 'HTTP/1.1 200 O\x7fK', 'its reason phrase holds U+007F, which HTTP does not allow there'],
    ['an ESC in the reason phrase', 'HTTP/1.1 200 O\x1b[31mK', 'its reason phrase holds U+001B, which HTTP does not allow there'],
    ['status 600', 'HTTP/1.1 600 Too Far', 'its status 600 is outside the range HTTP defines (100-599)'],
    ['status 999', 'HTTP/1.1 999 Too Far', 'its status 999 is outside the range HTTP defines (100-599)'],
  ])('answers 502 to %s, reports it invalid with a clear message, and keeps serving', async (_name, statusLine, fault) => {
    const body = '{"success":true,"profiles":[]}';
    answer = Buffer.from(`${statusLine}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`, 'latin1');
    const before = proxied.exchanges.length;
    const got = await call(proxied.proxy.url, '/2/facebook/profiles');
    expect(got).toMatchObject({ status: 502, headers: { 'x-proxy-error': 'target' } });
    const exchange = await proxied.reported(before + 1);
    expect(exchange.item).toMatchObject({ kind: 'response', valid: false, status: 502 });
    expect(exchangeLine(exchange)).toBe(`GET /2/facebook/profiles 502 invalid: the target's answer was refused: ${fault}; the caller got a 502`);
    expect(proxied.proxy.report().summary.exitCode).toBe(1);
  });

  it('names a body that starts with a byte order mark as such, and checks the rest', async () => {
    const body = '\ufeff{"success":true,"profiles":[]}';
    answer = Buffer.from(`HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const before = proxied.exchanges.length;
    const got = await call(proxied.proxy.url, '/2/facebook/profiles');
    expect(got).toMatchObject({ status: 200 });
    expect((got as { body: Buffer }).body.toString()).toBe(body);
    const { item } = await proxied.reported(before + 1);
    expect(item.kind === 'response' && item.groups.map((g) => g.message)).toEqual(['the body starts with a byte order mark (U+FEFF), which JSON text sent over a network must not (RFC 8259 8.1); the rest was checked']);
  });
});

describe('interim answers, trailers and request targets', () => {
  let proxy: ProxyServer | undefined;
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await proxy?.close(0);
    await close?.();
  });

  it('refuses a 101 with a 502 at once, passes a 103 with its Link header, passes trailers', async () => {
    const target = await rawTarget((head) => {
      if (head.startsWith('GET /switch')) return 'HTTP/1.1 101 Switching Protocols\r\nConnection: upgrade\r\nUpgrade: websocket\r\n\r\n';
      if (head.startsWith('GET /hints')) return 'HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\nHTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok';
      return (socket) => {
        // The trailer comes after the body, in a second write.
        socket.write('HTTP/1.1 200 OK\r\nConnection: close\r\nTrailer: x-checksum\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n');
        setImmediate(() => socket.end('0\r\nx-checksum: abc123\r\n\r\n'));
      };
    });
    close = target.close;
    // The answer timeout is long: a 101 waiting for it would fail the test's own timeout.
    const proxied = await proxyTo(target.url, { timeoutMs: 600_000 });
    proxy = proxied.proxy;
    const switched = await call(proxy.url, '/switch');
    expect(switched).toMatchObject({ status: 502 });
    expect(exchangeLine(await proxied.reported(1))).toBe("GET /switch 502 invalid: the target's answer was refused: it switched protocols (101) though no upgrade was asked for; the caller got a 502");
    const hinted = await call(proxy.url, '/hints');
    expect(hinted).toMatchObject({ status: 200, hints: ['103 </style.css>; rel=preload'] });
    const trailed = await call(proxy.url, '/trailers');
    expect(trailed).toMatchObject({ status: 200, headers: { trailer: 'x-checksum' }, trailers: { 'x-checksum': 'abc123' } });
    expect((trailed as { body: Buffer }).body.toString()).toBe('ok');
  });

  it('resolves dot segments, takes the path of an absolute-form target, refuses "*" and a path above the root with 400, CONNECT with 405', async () => {
    const seen: string[] = [];
    const target = await rawTarget((head) => {
      seen.push(head.split(' ')[1]);
      return 'HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';
    });
    const proxied = await proxyTo(`${target.url}/base`);
    try {
      expect(await call(proxied.proxy.url, '/a/./b/../c?x=/../y')).toMatchObject({ status: 200 });
      expect(await call(proxied.proxy.url, '/a/%2e%2E/d/.')).toMatchObject({ status: 200 });
      expect(await call(proxied.proxy.url, 'http://elsewhere.example/e/f?g=1')).toMatchObject({ status: 200 });
      expect(seen).toEqual(['/base/a/c?x=/../y', '/base/d/', '/base/e/f?g=1']);
      const above = await call(proxied.proxy.url, '/../admin');
      expect(above).toMatchObject({ status: 400 });
      expect((above as { body: Buffer }).body.toString()).toBe('social-analytics-api proxy: the path climbs above the root with ".."\n');
      expect(await call(proxied.proxy.url, '*', 'OPTIONS')).toMatchObject({ status: 400 });
      expect(seen).toHaveLength(3);
      const tunnel = await new Promise<string>((resolve) => {
        const req = httpRequest({ hostname: '127.0.0.1', port: proxied.proxy.port, method: 'CONNECT', path: 'example.com:443', agent: false });
        req.on('connect', (res, socket) => {
          socket.destroy();
          resolve(String(res.statusCode));
        });
        req.on('response', (res) => resolve(String(res.statusCode)));
        req.on('error', (e) => resolve(e.message));
        req.end();
      });
      expect(tunnel).toBe('405');
    } finally {
      await proxied.proxy.close(0);
      await target.close();
    }
  });

  it('answerFault names the first fault of a head without quoting it', () => {
    expect(answerFault(200, 'OK', ['x-a', 'b'])).toBeUndefined();
    expect(answerFault(200, 'caf\xe9', ['x-a', '\xff'])).toBeUndefined();
    expect(answerFault(99, 'OK', [])).toBe('its status 99 is outside the range HTTP defines (100-599)');
    expect(answerFault(200, 'OK', ['x a', 'b'])).toBe('the name of its header #1 holds U+0020, which a header name cannot');
    expect(answerFault(200, 'OK', ['x-a', 'b\x1b'])).toBe('its header x-a holds U+001B, which HTTP does not allow in a value');
  });
});
