/**
 * The client against a misbehaving server: a real node:http server on 127.0.0.1 that never
 * sends headers, drips its body a byte at a time, cuts its body off, redirects to another origin
 * or within its own, asks for a wait with Retry-After, fails with HTTP 500 and no JSON, and echoes
 * the credentials in every form a server may use. The client must never hang, never send the
 * request to another origin, wait as asked, and never let a credential into an error.
 *
 * Timeouts in these tests are short (300 ms) and each test has a generous hang guard; nothing
 * asserts how long anything took.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type ClientOptions } from '../../src/client/index.js';
import { base64 } from '../../src/client/redact.js';
import { json, rejection, startServer, views, type Handler } from './support/hostile.js';

const TOKEN = 'tok_A1b2C3';
const SECRET = 'S3cr3t+/Key9';
const PAIR = `${TOKEN}:${SECRET}`;
const BASIC = base64(PAIR);
const HANG_GUARD = 60_000;
/**
 * The timeout of the tests that want one: only against a server that never answers (or drips
 * slower than it), so the outcome is a timeout however loaded the machine is.
 */
const TIMEOUT = 300;
/** The timeout of every other call: a hang bound, never reached by an answer of the local server. */
const ANSWER_TIMEOUT = 30_000;

const OK = { success: true, labels: ['ok'] };

/** A failure body whose detail text is `text`. */
const failure = (text: string) => ({ success: false, errors: [{ code: 3, errors: ['Input validation error.', text] }] });

/** Every form of the credentials the echoing route writes, from the Authorization header it received. */
const ECHOES: Record<string, (basic: string) => string> = {
  'the token alone': () => `unknown token ${TOKEN}`,
  'the pair with ":"': () => `user ${PAIR} refused`,
  'a Base64 value cut off in the middle': (basic) => `header was Basic ${basic.slice(0, 25)}`,
  'lower-case percent-encoding': () => `query secret=${encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())}&x=1`,
  'upper-case percent-encoding of the pair': () => `auth=${encodeURIComponent(PAIR)}`,
  'HTML character references': () => `<pre>${SECRET.replace('+', '&#43;').replace('/', '&#x2f;')}</pre>`,
  'Base64 of the secret alone': () => `secret (base64) ${base64(SECRET)}`,
  'JSON escapes': () => `"${SECRET.replace('+', '\\u002B').replace('/', '\\/')}"`,
};

const routes: Record<string, Handler> = {
  '/2/silent': () => undefined,
  '/2/drip': (_req, res) => {
    const text = JSON.stringify(OK);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length) });
    let sent = 0;
    const timer = setInterval(() => {
      if (sent >= text.length || res.destroyed) return clearInterval(timer);
      res.write(text[sent++]);
    }, 50);
    res.on('close', () => clearInterval(timer));
  },
  '/2/truncated': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    // Cut off once the part is written: no timer, so no race with the client's timeout.
    res.write('{"success":tr', () => res.destroy());
  },
  '/2/redirect-within': (_req, res) => {
    res.writeHead(307, { location: '/2/echo' });
    res.end();
  },
  '/2/loop': (_req, res) => {
    res.writeHead(307, { location: '/2/loop' });
    res.end();
  },
  '/2/bad-location': (_req, res) => {
    res.writeHead(302, { location: 'http://[not-a-host' });
    res.end();
  },
  '/2/see-other': (_req, res) => {
    res.writeHead(303, { location: '/2/echo' });
    res.end();
  },
  '/2/echo': (req, res, { body }) => json(res, 200, { success: true, method: req.method, body, authorized: req.headers.authorization === `Basic ${BASIC}` }),
  '/2/retry-after-seconds': (_req, res, { hit }) => (hit === 1 ? json(res, 200, { success: false, errors: [{ code: 11, errors: ['User limit reached.'] }] }, { 'retry-after': '2' }) : json(res, 200, OK)),
  '/2/retry-after-date': (_req, res, { hit }) => (hit === 1 ? json(res, 500, failure('busy'), { 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }) : json(res, 200, OK)),
  '/2/retry-after-long': (_req, res, { hit }) => (hit === 1 ? json(res, 500, failure('busy'), { 'retry-after': '7200' }) : json(res, 200, OK)),
  '/2/500-empty': (_req, res, { hit }) => {
    if (hit > 1) return json(res, 200, OK);
    res.writeHead(500);
    res.end();
  },
  '/2/500-html': (_req, res, { hit }) => {
    if (hit > 1) return json(res, 200, OK);
    res.writeHead(500, { 'content-type': 'text/html' });
    res.end('<html><body><h1>Internal Server Error</h1></body></html>');
  },
  '/2/echo-credentials': (req, res, { url }) => {
    const basic = String(req.headers.authorization).replace(/^Basic /, '');
    json(res, 401, failure(ECHOES[url.searchParams.get('form')!](basic)));
  },
  '/2/long-failure': (_req, res) => json(res, 200, failure('x'.repeat(5_000_000))),
  '/2/short-secret': (_req, res) => json(res, 200, failure('profiles s and t do not exist in /profiles; see /tests')),
  '/2/facebook/metrics': () => undefined,
  '/2/facebook/page/posts': (_req, res, { hit }) => json(res, 200, { success: true, data: { posts: [{ id: `p${hit}` }], next: `c${hit}` } }),
};

let api: Awaited<ReturnType<typeof startServer>>;
let elsewhere: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  elsewhere = await startServer({ '/2/stolen': (_req, res) => json(res, 200, { success: true, stolen: true }) });
  api = await startServer({
    ...routes,
    '/2/redirect-away': (_req, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/2/stolen` });
      res.end();
    },
    '/2/redirect-away-get': (_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/2/stolen` });
      res.end();
    },
  });
});
afterAll(async () => {
  await api.close();
  await elsewhere.close();
});
beforeEach(() => {
  api.reset();
  elsewhere.reset();
});

/** A client of the hostile server; retry sleeps are recorded, not slept. */
function client(options: Partial<ClientOptions> = {}) {
  const sleeps: number[] = [];
  const made = createClient({
    token: TOKEN,
    secret: SECRET,
    baseUrl: api.url,
    timeout: ANSWER_TIMEOUT,
    retry: false,
    clock: { now: () => Date.parse('2026-01-01T00:00:00Z'), sleep: async (ms) => void sleeps.push(ms) },
    ...options,
  });
  return { client: made, sleeps };
}

const post = (path: string, body: unknown = { x: 1 }) => ({ method: 'POST' as const, path, body });
const get = (path: string) => ({ method: 'GET' as const, path });

describe('no hang: a timeout for each attempt, the whole body included', () => {
  it('a server that never sends headers: ApiError of kind timeout', { timeout: HANG_GUARD }, async () => {
    const error = await rejection(client({ timeout: TIMEOUT }).client.send(post('/2/silent')));
    expect([error.kind, error.httpStatus]).toEqual(['timeout', undefined]);
    expect(error.message).toContain(`within ${TIMEOUT} ms`);
    expect(error.meaning).toBe('Timed out.');
  });

  it('a body that drips one byte at a time: ApiError of kind timeout', { timeout: HANG_GUARD }, async () => {
    const error = await rejection(client({ timeout: TIMEOUT }).client.send(post('/2/drip')));
    expect(error.kind).toBe('timeout');
  });

  it('a timeout is retried like a network failure', { timeout: HANG_GUARD }, async () => {
    const retried: string[] = [];
    const { client: c, sleeps } = client({ timeout: TIMEOUT, retry: { retries: 2, baseDelayMs: 1 }, onRetry: ({ error }) => void retried.push(error.kind) });
    expect((await rejection(c.send(post('/2/silent')))).kind).toBe('timeout');
    expect(api.hits('/2/silent')).toBe(3);
    expect(retried).toEqual(['timeout', 'timeout']);
    expect(sleeps).toHaveLength(2);
  });

  it('a body cut off before its length: ApiError of kind network, retried', { timeout: HANG_GUARD }, async () => {
    const error = await rejection(client({ retry: { retries: 1, baseDelayMs: 1 } }).client.send(post('/2/truncated')));
    expect(error.kind).toBe('network');
    expect(api.hits('/2/truncated')).toBe(2);
  });

  it('raw calls have the same timeout', { timeout: HANG_GUARD }, async () => {
    const raw = client({ timeout: TIMEOUT }).client.raw.v2 as unknown as { POST(path: string, init: object): Promise<unknown> };
    expect((await rejection(raw.POST('/2/silent', { body: {} }))).kind).toBe('timeout');
  });

  it('the timeout option is checked', () => {
    for (const timeout of [0, -1, Number.NaN, 2 ** 31, true, '5s']) expect(() => client({ timeout: timeout as number })).toThrow(/option "timeout"/);
    expect(() => client({ timeout: Infinity })).not.toThrow();
  });
});

/** Resolves once the server has received a request to `path` (polled; the hang guard bounds it). */
async function whenHit(path: string): Promise<void> {
  while (api.hits(path) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('cancellation: send, paginate and metrics take a signal', () => {
  it('send(request, { signal }): an abort ends the call at once and is not retried', { timeout: HANG_GUARD }, async () => {
    const { client: c, sleeps } = client({ timeout: ANSWER_TIMEOUT, retry: { retries: 3, baseDelayMs: 1 } });
    const controller = new AbortController();
    void whenHit('/2/silent').then(() => controller.abort());
    const error = await rejection(c.send(post('/2/silent'), { signal: controller.signal }));
    expect(error.kind).toBe('network');
    expect((error.cause as Error).name).toBe('AbortError');
    expect(error.message).toContain('abort signal');
    expect(api.hits('/2/silent')).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('an already aborted signal sends nothing', async () => {
    const error = await rejection(client().client.send(post('/2/echo'), { signal: AbortSignal.abort() }));
    expect((error.cause as Error).name).toBe('AbortError');
    expect(api.received).toEqual([]);
  });

  it('paginate(request, { signal }) stops between pages', { timeout: HANG_GUARD }, async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const pages = client().client.paginate(post('/2/facebook/page/posts', { profiles: ['1'] }), { signal: controller.signal });
    const error = await rejection(
      (async () => {
        for await (const post of pages as AsyncIterable<{ id: string }>) {
          seen.push(post.id);
          if (seen.length === 2) controller.abort();
        }
      })(),
    );
    expect((error.cause as Error).name).toBe('AbortError');
    expect(seen).toEqual(['p1', 'p2']);
    expect(api.hits('/2/facebook/page/posts')).toBe(2);
  });

  it('metrics(request, { signal }) ends when the signal aborts', { timeout: HANG_GUARD }, async () => {
    const controller = new AbortController();
    void whenHit('/2/facebook/metrics').then(() => controller.abort());
    const body = { date_start: '2025-01-01', date_end: '2025-01-31', profiles: ['1'], metrics: ['fans_change'] };
    const error = await rejection(client({ timeout: ANSWER_TIMEOUT }).client.metrics(post('/2/facebook/metrics', body), { signal: controller.signal }));
    expect((error.cause as Error).name).toBe('AbortError');
  });
});

describe('redirects: followed within the base origin only', () => {
  it('a 307 to another origin is an ApiError naming the host, and nothing is sent there', async () => {
    const { client: c } = client({ retry: { retries: 3, baseDelayMs: 1 } });
    const error = await rejection(c.send(post('/2/redirect-away')));
    expect([error.kind, error.httpStatus]).toEqual(['redirect', 307]);
    expect(error.message).toContain(elsewhere.host);
    expect(elsewhere.received).toEqual([]);
    expect(api.hits('/2/redirect-away')).toBe(1);
  });

  it('a 302 to another origin after a GET, and a raw call, are refused too', async () => {
    const { client: c } = client();
    expect((await rejection(c.send(get('/2/redirect-away-get')))).kind).toBe('redirect');
    const raw = c.raw.v2 as unknown as { POST(path: string, init: object): Promise<unknown> };
    expect((await rejection(raw.POST('/2/redirect-away', { body: { x: 1 } }))).message).toContain(elsewhere.host);
    expect(elsewhere.received).toEqual([]);
  });

  it('a 307 within the origin is followed with the same method, body and credentials', async () => {
    expect(await client().client.send(post('/2/redirect-within', { a: 1 }))).toEqual({ success: true, method: 'POST', body: '{"a":1}', authorized: true });
  });

  it('a redirect loop within the origin ends after 20 redirects; a Location that is no URL is refused', { timeout: HANG_GUARD }, async () => {
    const loop = await rejection(client({ timeout: ANSWER_TIMEOUT }).client.send(post('/2/loop')));
    expect([loop.kind, loop.message]).toEqual(['redirect', expect.stringContaining('more than 20 redirects')]);
    expect(api.hits('/2/loop')).toBe(21);
    expect((await rejection(client().client.send(get('/2/bad-location')))).kind).toBe('redirect');
  });

  it('a 303 within the origin becomes a GET without a body', async () => {
    expect(await client().client.send(post('/2/see-other', { a: 1 }))).toEqual({ success: true, method: 'GET', body: '', authorized: true });
  });
});

describe('retries as documented', () => {
  it('Retry-After in seconds sets the delay', async () => {
    const { client: c, sleeps } = client({ retry: { retries: 2, baseDelayMs: 10, jitter: 0 } });
    expect(await c.send(post('/2/retry-after-seconds'))).toEqual(OK);
    expect(sleeps).toEqual([2000]);
  });

  it('Retry-After as an HTTP date sets the delay (from the client clock)', async () => {
    const { client: c, sleeps } = client({ retry: { retries: 2, baseDelayMs: 10, jitter: 0 } });
    expect(await c.send(post('/2/retry-after-date'))).toEqual(OK);
    expect(sleeps).toEqual([5000]);
  });

  it('Retry-After is capped by maxDelayMs', async () => {
    const { client: c, sleeps } = client({ retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 60_000 } });
    expect(await c.send(post('/2/retry-after-long'))).toEqual(OK);
    expect(sleeps).toEqual([60_000]);
  });

  it.each(['/2/500-empty', '/2/500-html'])('HTTP 500 is retried whatever its body: %s', async (path) => {
    const { client: c, sleeps } = client({ retry: { retries: 2, baseDelayMs: 10, jitter: 0 } });
    expect(await c.send(post(path))).toEqual(OK);
    expect(api.hits(path)).toBe(2);
    expect(sleeps).toEqual([10]);
  });
});

describe('credentials echoed in any form never reach an error', () => {
  it.each(Object.keys(ECHOES))('%s', async (form) => {
    const error = await rejection(client().client.send(get(`/2/echo-credentials?form=${encodeURIComponent(form)}`)));
    const echoed = ECHOES[form](BASIC);
    const text = views(error);
    for (const secret of [TOKEN, SECRET, PAIR, BASIC.slice(0, 12), base64(SECRET).slice(0, 12), echoed]) expect(text).not.toContain(secret);
    expect(error.messages[1]).toContain('[redacted]');
  });

  it('leaves the rest of the text readable', async () => {
    const error = await rejection(client().client.send(get(`/2/echo-credentials?form=${encodeURIComponent('a Base64 value cut off in the middle')}`)));
    expect(error.messages[1]).toBe('header was Basic [redacted]');
    const html = await rejection(client().client.send(get(`/2/echo-credentials?form=${encodeURIComponent('HTML character references')}`)));
    expect(html.messages[1]).toBe('<pre>[redacted]</pre>');
  });

  it('a one-letter secret does not garble the words that hold its letter', async () => {
    const error = await rejection(client({ token: 't', secret: 's' }).client.send(post('/2/short-secret')));
    expect(error.messages[1]).toBe('profiles [redacted] and [redacted] do not exist in /profiles; see /tests');
  });

  it('a 5 MB failure text makes a message of about 2,000 characters that says how much was left out', async () => {
    const error = await rejection(client({ timeout: HANG_GUARD / 2 }).client.send(post('/2/long-failure')));
    expect(error.message.length).toBeLessThan(2_200);
    expect(error.message).toContain(`(${5_000_000 - 2_000} more characters)`);
    expect(error.messages[1].length).toBeLessThan(2_100);
  });
});
