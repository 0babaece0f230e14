/**
 * An echoing server on 127.0.0.1 puts the credentials, whole or in pieces, everywhere an answer
 * can hold text: a field a validator quotes (cut short), a value nested 100 levels deep, a
 * redirect host (which the URL parser writes in lower case), the tail and the middle of the
 * Basic value, HTML references of 8 digits, the start of a body that is no JSON (which V8 quotes
 * in its parse error), a cursor sent twice, the cause of a network failure. No view of the error
 * a call throws (message, String(), JSON.stringify, stack, util.inspect, down its cause chain)
 * may hold any piece of 8 or more characters of the credentials or of their Base64, in any
 * letter case, even once HTML references and percent-encoding are undone.
 */
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ClientOptions } from '../../src/client/index.js';
import { validateResponse } from '../../src/validators/index.js';
import { json, startServer, type HostileServer } from './support/hostile.js';

const TOKEN = 'Tok3nAlpha9';
/** 32 characters, as in the report that found a validator message quoting 26 of them. */
const SECRET = 'S3cr3tK3y-0123456789abcdefghijKL';
const PAIR = `${TOKEN}:${SECRET}`;
const BASIC = Buffer.from(PAIR).toString('base64');
const PIECE = 8;

/** The Base64 of the pair at each byte alignment, without the characters that mix in other bytes. */
const encodedForms = [0, 1, 2].map((shift) => {
  const encoded = Buffer.concat([Buffer.alloc(shift), Buffer.from(PAIR)]).toString('base64').replace(/=+$/, '');
  return shift ? encoded.slice(4) : encoded;
});

const pieces = (text: string) => Array.from({ length: Math.max(0, text.length - PIECE + 1) }, (_, i) => text.slice(i, i + PIECE));
const plainPieces = new Set(pieces(PAIR.toLowerCase()));
const encodedPieces = new Set(encodedForms.flatMap(pieces));

/** A text with HTML character references and percent-encoding undone, as a reader would see it. */
function decoded(text: string): string {
  const references = text.replace(/&#(x?)([0-9a-f]+);?/gi, (whole, hex: string, digits: string) => {
    const code = parseInt(digits, hex ? 16 : 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
  return references.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** Whether a text holds a piece of the credentials (see the module comment). */
function holdsPiece(text: string): boolean {
  for (const form of [text, decoded(text)]) {
    const lower = form.toLowerCase();
    const standard = form.replace(/-/g, '+').replace(/_/g, '/');
    for (let i = 0; i + PIECE <= form.length; i++) {
      if (plainPieces.has(lower.slice(i, i + PIECE)) || encodedPieces.has(standard.slice(i, i + PIECE))) return true;
    }
  }
  return false;
}

/** Every view of an error and of its causes a log may show, by name. */
function viewsOf(error: unknown): [string, string][] {
  const out: [string, string][] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) {
    out.push([`message#${depth}`, e.message], [`String#${depth}`, String(e)], [`JSON#${depth}`, JSON.stringify(e)], [`stack#${depth}`, String(e.stack)]);
    out.push([`inspect#${depth}`, inspect(e, { depth: Infinity, showHidden: true })]);
  }
  return out;
}

/** The views of `error` that hold a piece of the credentials. */
const leakingViews = (error: unknown) => viewsOf(error).filter(([, text]) => holdsPiece(text)).map(([name]) => name);

/** A failure body whose detail text is `text`. */
const failure = (text: string) => ({ success: false, errors: [{ code: 3, errors: ['Input validation error.', text] }] });

let deep: unknown = { note: `echo ${PAIR}`, [SECRET]: 1 };
for (let i = 0; i < 100; i++) deep = { level: deep };

const spelled = (text: string) => [...text].map((c) => `&#${String(c.codePointAt(0)).padStart(8, '0')};`).join('');

let api: HostileServer;
beforeAll(async () => {
  api = await startServer({
    // The validator quotes a string cut at 60 characters: 20 x, the token, ":" and 28 of the secret.
    '/2/facebook/profiles': (_req, res) => json(res, 200, { success: true, profiles: `${'x'.repeat(20)}${PAIR}` }),
    '/2/twitter/profiles': (_req, res) => json(res, 200, { success: true, profiles: 'not a list', deep }),
    '/2/redirect-to-token-host': (_req, res) => {
      res.writeHead(307, { location: `http://${TOKEN}.Example.test/2/stolen` });
      res.end();
    },
    '/2/basic-tail': (req, res) => json(res, 401, failure(`tail ${String(req.headers.authorization).slice(-24)} middle ${BASIC.slice(5, 30)}`)),
    '/2/html-references': (_req, res) => json(res, 401, failure(`<pre>${spelled(SECRET)}</pre>`)),
    '/2/upper-case': (_req, res) => json(res, 401, failure(`AUTH ${PAIR.toUpperCase()}`)),
    '/2/not-json': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`${SECRET} was not expected here`);
    },
    '/2/deep-failure-text': (_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(`{"success":false,"errors":[{"code":3,"errors":["Input validation error.",${'['.repeat(100_000)}"${PAIR}"${']'.repeat(100_000)}]}]}`);
    },
    '/2/facebook/page/posts': (_req, res) => json(res, 200, { success: true, data: { posts: [{ id: '1' }], next: `cursor-${PAIR}`, remaining: 5 } }),
  });
});
afterAll(() => api.close());

function client(options: Partial<ClientOptions> = {}) {
  return createClient({ token: TOKEN, secret: SECRET, baseUrl: api.url, retry: false, timeout: 30_000, ...options });
}

async function thrown(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

const get = (path: string) => ({ method: 'GET' as const, path });

const cases: Record<string, () => Promise<unknown>> = {
  'a field the validator quotes cut at 60 characters': () => client({ validate: validateResponse }).send(get('/2/facebook/profiles')),
  'a value nested 100 levels deep, under a key named after the secret': () => client({ validate: validateResponse }).send(get('/2/twitter/profiles')),
  'a redirect to a host named after the token (written in lower case by the URL parser)': () => client().send(get('/2/redirect-to-token-host')),
  'the tail and the middle of the Basic value': () => client().send(get('/2/basic-tail')),
  'the secret as HTML references of 8 digits': () => client().send(get('/2/html-references')),
  'the pair in upper case': () => client().send(get('/2/upper-case')),
  'a body that is no JSON, starting with the secret (V8 quotes its first 10 characters)': () => client().send(get('/2/not-json')),
  'a cursor holding the pair, sent twice': async () => {
    for await (const _post of client().paginate({ method: 'POST', path: '/2/facebook/page/posts', body: { profiles: ['1'] } }));
  },
  'a network failure whose cause quotes a piece of the pair': () =>
    client({
      fetch: async () => {
        throw new TypeError('fetch failed', { cause: Object.assign(new Error(`socket closed after sending "${PAIR.slice(3, 27)}"`), { code: 'ECONNRESET' }) });
      },
    }).send(get('/2/anything')),
};

describe('no piece of the credentials in any view of an error', () => {
  it.each(Object.keys(cases))('%s', async (name) => {
    const error = await thrown(cases[name]);
    expect(error).toBeInstanceOf(Error);
    expect(leakingViews(error)).toEqual([]);
  });

  it('every one of these errors is an ApiError or a ResponseValidationError', async () => {
    const names = await Promise.all(Object.values(cases).map(async (work) => ((await thrown(work)) as Error).name));
    expect(new Set(names)).toEqual(new Set(['ApiError', 'ResponseValidationError']));
  });

  it('a failure text nested 100,000 deep is an ApiError that names its kind (no stack overflow)', async () => {
    const error = (await thrown(() => client().send(get('/2/deep-failure-text')))) as Error & { kind: string; messages: string[] };
    expect([error.name, error.kind, error.messages]).toEqual(['ApiError', 'api', ['Input validation error.', '(an array of 1)']]);
  });

  it('the leak check finds each piece it looks for (the check can fail)', () => {
    for (const text of [`x${PAIR.slice(10, 18)}x`, BASIC.slice(20, 28), spelled(SECRET.slice(0, 8)), TOKEN.toLowerCase().slice(0, 8), encodedForms[2].slice(3, 11)]) expect(holdsPiece(text), text).toBe(true);
    expect(holdsPiece('GET /2/facebook/profiles failed: [redacted] ... (42 more characters)')).toBe(false);
  });

  it('keeps the texts around the redacted pieces readable', async () => {
    const redirect = (await thrown(cases['a redirect to a host named after the token (written in lower case by the URL parser)'])) as Error;
    expect(redirect.message).toContain('another host, [redacted].example.test');
    const validation = (await thrown(cases['a field the validator quotes cut at 60 characters'])) as Error;
    expect(validation.message).toContain(`/profiles: expected array, got "${'x'.repeat(20)}[redacted]`);
    const cursor = (await thrown(cases['a cursor holding the pair, sent twice'])) as Error & { kind: string };
    expect([cursor.kind, cursor.message]).toEqual(['no-progress', expect.stringContaining('sent the cursor "cursor-[redacted]" again')]);
  });
});
