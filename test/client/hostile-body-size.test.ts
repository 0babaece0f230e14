/**
 * Answers without end: a server on 127.0.0.1 that streams a body far past the client's cap
 * (64 MiB against a 1 MiB cap, as good as endless), a gzip bomb (64 MiB of JSON in about 64 kB),
 * an HTTP 500 with a long body, a Content-Length past the cap. The client stops reading at the cap
 * with an ApiError of kind `too-large`, never retried; what it reads is counted through an
 * injected fetch (decoded bytes, as the client sees them), so no test depends on time or on how
 * much memory the process happens to hold.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClientConfigError, createClient, DEFAULT_MAX_BODY_BYTES, type ClientOptions } from '../../src/client/index.js';
import { rejection, startServer, type HostileServer } from './support/hostile.js';

const MiB = 1024 * 1024;
const CAP = 1 * MiB;
const FAR_PAST = 64 * MiB;
/** What the counting fetch may read past the cap: the chunks in flight when the client stops. */
const SLACK = 1 * MiB;
const HANG_GUARD = 20_000;

const head = Buffer.from('{"success":true,"data":"');
const tail = Buffer.from('"}');
let bomb: Buffer;
let api: HostileServer;

beforeAll(async () => {
  bomb = gzipSync(Buffer.concat([head, Buffer.alloc(FAR_PAST, '0'), tail]));
  const chunk = Buffer.alloc(64 * 1024, 'x');
  api = await startServer({
    /** A valid JSON body of 64 MiB, written as fast as the client reads it, until it stops. */
    '/2/endless': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(head);
      let sent = 0;
      const more = () => {
        while (sent < FAR_PAST) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end(tail);
      };
      res.on('close', () => (sent = FAR_PAST));
      more();
    },
    '/2/gzip-bomb': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
      res.end(bomb);
    },
    '/2/long-500': (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end(Buffer.alloc(4 * MiB, 'e'));
    },
    '/2/declared-long': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(FAR_PAST) });
      res.write(head);
    },
    '/2/just-fits': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.concat([head, Buffer.alloc(CAP - head.length - tail.length, 'y'), tail]));
    },
  });
});
afterAll(() => api.close());
beforeEach(() => api.reset());

/** A client of the server whose fetch counts the body bytes it hands over (decoded). */
function countingClient(options: Partial<ClientOptions> = {}) {
  const counted = { bytes: 0, responses: 0 };
  const client = createClient({
    token: 'token-1',
    secret: 'secret-1',
    baseUrl: api.url,
    maxBodyBytes: CAP,
    timeout: HANG_GUARD,
    retry: { retries: 3, baseDelayMs: 1 },
    clock: { now: () => 0, sleep: async () => undefined },
    fetch: async (request) => {
      const response = await fetch(request);
      counted.responses++;
      const counter = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          counted.bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      return new Response(response.body?.pipeThrough(counter) ?? null, { status: response.status, statusText: response.statusText, headers: response.headers });
    },
    ...options,
  });
  return { client, counted };
}

const post = (path: string) => ({ method: 'POST' as const, path, body: {} });

describe('a cap on the size of an answer', () => {
  it('a body streamed far past the cap: kind too-large after reading about the cap, not retried', { timeout: HANG_GUARD }, async () => {
    const { client, counted } = countingClient();
    const error = await rejection(client.send(post('/2/endless')));
    expect([error.kind, error.httpStatus, error.meaning]).toEqual(['too-large', 200, 'The response body is larger than the client accepts.']);
    expect(error.message).toContain(`longer than ${CAP} bytes (option "maxBodyBytes")`);
    expect(counted.bytes).toBeGreaterThan(CAP);
    expect(counted.bytes).toBeLessThanOrEqual(CAP + SLACK);
    expect(api.hits('/2/endless')).toBe(1);
  });

  it('a gzip bomb: counted decoded, it stops at the cap after reading a few kB of the compressed body', { timeout: HANG_GUARD }, async () => {
    const { client, counted } = countingClient();
    const error = await rejection(client.send(post('/2/gzip-bomb')));
    expect(error.kind).toBe('too-large');
    expect(counted.bytes).toBeLessThanOrEqual(CAP + SLACK);
    expect(api.hits('/2/gzip-bomb')).toBe(1);
  });

  it('an HTTP 500 with a body past the cap is not retried (a 500 otherwise is)', { timeout: HANG_GUARD }, async () => {
    const { client } = countingClient();
    expect((await rejection(client.send(post('/2/long-500')))).kind).toBe('too-large');
    expect(api.hits('/2/long-500')).toBe(1);
  });

  it('a Content-Length past the cap is refused before reading', { timeout: HANG_GUARD }, async () => {
    const { client, counted } = countingClient();
    expect((await rejection(client.send(post('/2/declared-long')))).kind).toBe('too-large');
    expect(counted.bytes).toBeLessThan(64 * 1024);
  });

  it('a body of exactly the cap is read whole, by send() and by the raw clients', { timeout: HANG_GUARD }, async () => {
    const { client } = countingClient();
    expect(((await client.send(post('/2/just-fits'))) as { data: string }).data).toHaveLength(CAP - head.length - tail.length);
    const raw = client.raw.v2 as unknown as { POST(path: string, init: object): Promise<{ data?: { data: string } }> };
    expect((await raw.POST('/2/just-fits', { body: {} })).data?.data).toHaveLength(CAP - head.length - tail.length);
    expect((await rejection(raw.POST('/2/endless', { body: {} }))).kind).toBe('too-large');
  });

  it(`the default is ${DEFAULT_MAX_BODY_BYTES / MiB} MiB; the option takes whole bytes up to the longest string`, () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(64 * MiB);
    for (const maxBodyBytes of [0, -1, 1.5, Number.NaN, Infinity, 2 ** 30, '1MB']) {
      expect(() => countingClient({ maxBodyBytes: maxBodyBytes as number }), String(maxBodyBytes)).toThrow(ClientConfigError);
    }
    expect(() => countingClient({ maxBodyBytes: 512 * MiB - 1024 })).not.toThrow();
  });
});
