/**
 * No view of a thrown error holds the credentials, even when the server or a proxy echoes them:
 * an HTML 5xx page quoting the Authorization header, failure texts, a 401 body, a non-JSON 200,
 * a body the validators refuse, a network error whose cause quotes the header. Checked in the
 * message, stack, String(), JSON.stringify and util.inspect of the error and its cause chain.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type ClientOptions } from '../../src/client/index.js';
import { base64, FRAGMENT_MIN, REDACTED, Redactor, WHOLE_WORD_BELOW } from '../../src/client/redact.js';
import { validateResponse } from '../../src/validators/index.js';

const TOKEN = 'team-token';
const SECRET = 'p4ss/w+rd?&=Ü'; // URL-encoding, base64 '+' and '/', and non-ASCII all differ from the raw text
const PAIR = `${TOKEN}:${SECRET}`;
const HEADER = `Basic ${base64(PAIR)}`;
const FORMS = [SECRET, PAIR, base64(PAIR), base64(PAIR).replace(/=+$/, ''), encodeURIComponent(SECRET), encodeURIComponent(PAIR)];

/** What the echoing server answers, by the first path segment after the version. */
const answers: Record<string, (auth: string) => { status: number; type: string; body: string }> = {
  profiles: (auth) => ({ status: 500, type: 'text/html', body: `<html><body><h1>500</h1><pre>Authorization: ${auth}\nuser ${PAIR}</pre></body></html>` }),
};

let server: Server;
let baseUrl: string;
let mode = 'html-500';

function reply(auth: string): { status: number; type: string; body: string } {
  switch (mode) {
    case 'html-500':
      return answers.profiles(auth);
    case 'failure-texts':
      return { status: 200, type: 'application/json', body: JSON.stringify({ success: false, errors: [{ code: 3, errors: ['Input validation error.', `header ${auth}`, `secret ${SECRET}`, `pair ${PAIR}`] }] }) };
    case '401':
      return { status: 401, type: 'application/json', body: JSON.stringify({ success: false, errors: [{ code: 401, errors: [`invalid credentials: ${auth}`, encodeURIComponent(SECRET)] }] }) };
    case 'non-json-200':
      // The secret straddles the 80th character, where the client cuts the body it quotes.
      return { status: 200, type: 'text/plain', body: `${'x'.repeat(74)}${SECRET} and ${auth}` };
    case 'invalid-body':
      return { status: 200, type: 'application/json', body: JSON.stringify({ success: true, profiles: auth, [SECRET]: PAIR }) };
    default:
      return { status: 200, type: 'application/json', body: '{"success":true,"profiles":[]}' };
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = reply(String(req.headers.authorization));
    res.writeHead(answer.status, { 'content-type': answer.type });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function thrown(options: Partial<ClientOptions> = {}): Promise<Error> {
  const client = createClient({ token: TOKEN, secret: SECRET, baseUrl, retry: false, ...options });
  try {
    await client.send({ method: 'GET', path: '/2/facebook/profiles', operation: 'GET /2/facebook/profiles' });
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the request to fail');
}

/** Every view of an error and of its causes a log may show. */
function views(error: Error): Record<string, string> {
  const out: Record<string, string> = {};
  let e: unknown = error;
  for (let depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) {
    out[`message#${depth}`] = e.message;
    out[`stack#${depth}`] = String(e.stack);
    out[`String#${depth}`] = String(e);
    out[`JSON#${depth}`] = JSON.stringify(e);
    out[`inspect#${depth}`] = inspect(e, { depth: Infinity, showHidden: true });
    out[`props#${depth}`] = JSON.stringify(Object.fromEntries(Object.getOwnPropertyNames(e).map((k) => [k, (e as unknown as Record<string, unknown>)[k]])));
  }
  return out;
}

function leaks(error: Error): string[] {
  return Object.entries(views(error)).flatMap(([view, text]) => FORMS.filter((form) => text.includes(form)).map((form) => `${view} holds ${JSON.stringify(form)}`));
}

describe('credentials echoed by the server never reach a thrown error', () => {
  it.each(['html-500', 'failure-texts', '401', 'non-json-200', 'invalid-body'])('%s', async (answer) => {
    mode = answer;
    const error = await thrown(answer === 'invalid-body' ? { validate: validateResponse } : {});
    expect(error.name).toMatch(/ApiError|ResponseValidationError/);
    expect(leaks(error)).toEqual([]);
    expect(JSON.stringify(views(error))).not.toContain(HEADER.slice('Basic '.length));
  });

  it('keeps the redacted texts readable: what was echoed shows as [redacted]', async () => {
    mode = 'failure-texts';
    const error = (await thrown()) as Error & { messages: string[] };
    expect(error.messages).toEqual(['Input validation error.', 'header Basic [redacted]', 'secret [redacted]', 'pair [redacted]']);
    mode = 'non-json-200';
    expect((await thrown()).message).toMatch(new RegExp(`not JSON: "${'x'.repeat(74)}\\[redacted\\]\\.\\.\\. \\(\\d+ more characters\\)"`));
  });

  it('a network error whose cause quotes the header, with its system code in the message', async () => {
    const failing = (async () => {
      const cause = Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:9 (sent ${HEADER}, user ${PAIR})`), { code: 'ECONNREFUSED' });
      throw new TypeError('fetch failed', { cause });
    }) as unknown as typeof fetch;
    const error = await thrown({ fetch: failing });
    expect(leaks(error)).toEqual([]);
    expect(error.message).toContain('ECONNREFUSED');
    expect((error.cause as Error & { code?: string }).cause).toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('Redactor', () => {
  // Made before each test, not when the file loads: a redactor that fails to build fails the tests.
  let redactor: Redactor;
  let encoded: string;
  beforeEach(() => {
    redactor = new Redactor(TOKEN, SECRET);
    encoded = base64(PAIR);
  });

  it('replaces every spelling of the credentials, glued to other text or not', () => {
    const spellings = [
      PAIR,
      SECRET,
      TOKEN,
      encoded,
      encoded.replace(/=+$/, ''),
      encoded.replace(/\+/g, '-').replace(/\//g, '_'),
      encodeURIComponent(SECRET),
      encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
      encodeURIComponent(encoded),
      JSON.stringify(SECRET).slice(1, -1),
      SECRET.replace('/', '\\/').replace('Ü', '\\u00dc'),
      SECRET.replace('&', '&amp;').replace('+', '&#43;').replace('?', '&#x3F;').replace('Ü', '&#220;'),
      base64(SECRET),
    ];
    for (const spelling of spellings) expect(redactor.text(`<${spelling}>`), spelling).toBe(`<${REDACTED}>`);
    expect(redactor.text(`xx${SECRET}yy`)).toBe(`xx${REDACTED}yy`);
  });

  it(`redacts any piece of ${FRAGMENT_MIN} or more characters of the Basic value (a prefix, a tail, the middle), not less`, () => {
    const unpadded = encoded.replace(/=+$/, '');
    for (let from = 0; from + FRAGMENT_MIN <= unpadded.length; from++) {
      for (let to = from + FRAGMENT_MIN; to <= encoded.length; to++) expect(redactor.text(`Basic ${encoded.slice(from, to)}...`), `${from}..${to}`).toBe(`Basic ${REDACTED}...`);
    }
    const short = encoded.slice(3, 3 + FRAGMENT_MIN - 1);
    expect(redactor.text(`Basic ${short}...`)).toBe(`Basic ${short}...`);
  });

  it('redacts the Base64 of any piece of the credentials at any byte alignment (as inside a longer encoded text)', () => {
    for (const prefix of ['', 'x', 'xy', 'user=']) {
      const encodedAround = base64(`${prefix}${PAIR} trailing words`);
      expect(redactor.text(encodedAround), prefix).toContain(REDACTED);
      expect(redactor.text(encodedAround).length, prefix).toBeLessThan(encodedAround.length);
    }
  });

  it(`redacts any piece of ${FRAGMENT_MIN} or more characters of the pair, in any letter case`, () => {
    for (let from = 0; from + FRAGMENT_MIN <= PAIR.length; from++) {
      const piece = PAIR.slice(from, from + FRAGMENT_MIN);
      expect(redactor.text(`<${piece}>`), piece).toBe(`<${REDACTED}>`);
      expect(redactor.text(`<${piece.toUpperCase()}>`), piece).toBe(`<${REDACTED}>`);
    }
    expect(redactor.text(`host ${TOKEN.toLowerCase()}.example.com`)).toBe(`host ${REDACTED}.example.com`);
  });

  it('reads HTML character references of any length, with or without ";"', () => {
    const spelled = [...SECRET].map((c) => `&#${String(c.codePointAt(0)).padStart(8, '0')};`).join('');
    expect(redactor.text(`<${spelled}>`)).toBe(`<${REDACTED}>`);
    const hex = [...SECRET].map((c) => `&#x${'0'.repeat(12)}${c.codePointAt(0)!.toString(16)}`).join('');
    expect(redactor.text(`<${hex}>`)).toBe(`<${REDACTED}>`);
  });

  it('copies a value of any depth, redacting its strings and keys in time linear in the value', () => {
    let deep: unknown = { [SECRET]: PAIR };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let copy = redactor.value(deep);
    for (let i = 0; i < 100_000; i++) copy = (copy as unknown[])[0];
    expect(copy).toEqual({ [REDACTED]: REDACTED });
    const proto = redactor.value(JSON.parse('{"__proto__": {"x": 1}}')) as object;
    expect(Object.keys(proto)).toEqual(['__proto__']);
  });

  it('excerpt: cuts after redacting, replaces a form across the cut whole and counts the rest', () => {
    const escaped = SECRET.replace('/', '%2f').replace('+', '&#43;');
    expect(redactor.excerpt(`${'x'.repeat(1990)}${escaped}${'y'.repeat(100)}`, 2000)).toBe(`${'x'.repeat(1990)}${REDACTED}... (100 more characters)`);
    expect(redactor.excerpt(`${'x'.repeat(2000)}${SECRET}`, 2000)).toBe(`${'x'.repeat(2000)}... (${SECRET.length} more characters)`);
    expect(redactor.excerpt(`short ${SECRET}`, 2000)).toBe(`short ${REDACTED}`);
  });

  it('finds an encoded secret next to percent-encoded bytes that are no UTF-8', () => {
    expect(new Redactor('tok', '/+secretvalue').text('q=%FF%2F%2Bsecretvalue&r=1')).toBe(`q=${REDACTED}&r=1`);
  });

  it(`matches forms shorter than ${WHOLE_WORD_BELOW} characters as whole words only`, () => {
    const short = new Redactor('t', 's');
    expect(short.text('profiles s, t and t:s; /tests/s')).toBe(`profiles ${REDACTED}, ${REDACTED} and ${REDACTED}; /tests/${REDACTED}`);
    expect(new Redactor('tok', 'pw+').text('pw+ and xpw+')).toBe(`${REDACTED} and xpw+`);
  });
});
