/**
 * Redaction over random credentials and texts (fast-check): every spelling of a credential placed
 * anywhere is gone after redaction, judged by a checker written apart from the redactor
 * (test/proxy/support/credentials.ts), and a text without one is left as it is. Then the copy of
 * an error: every property kept is redacted, what cannot be redacted is left out.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { base64, FRAGMENT_MIN, REDACTED, Redactor } from '../../src/client/redact.js';
import { holdsCredentialPiece } from '../proxy/support/credentials.js';

/** Credentials as APIs issue them: letters, digits and the characters Base64 and URLs treat specially. */
const credential = (min: number) => fc.string({ unit: fc.constantFrom(...'abcXYZ0189+/=_-.~!'), minLength: min, maxLength: 24 });
/** Text around a credential: no letter, digit or character of a credential, so it cannot hold a piece of one. */
const filler = fc.string({ unit: fc.constantFrom(' ', ',', ';', '(', ')', '<', '>', '\n', '"', '#', '@'), maxLength: 30 });

const percentEncoded = (text: string) => [...new TextEncoder().encode(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
const jsonEscaped = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const htmlEscaped = (text: string) => [...text].map((c) => `&#${c.codePointAt(0)};`).join('');
const urlSafe = (text: string) => text.replace(/\+/g, '-').replace(/\//g, '_');

describe('redaction of random credentials', () => {
  it('removes every form of the pair, the secret and the Basic value, wherever it stands', () => {
    fc.assert(
      fc.property(credential(FRAGMENT_MIN), credential(FRAGMENT_MIN), filler, filler, fc.nat(6), (token, secret, before, after, which) => {
        const pair = `${token}:${secret}`;
        const form = [pair, secret, base64(pair), urlSafe(base64(pair)), percentEncoded(pair), jsonEscaped(secret), htmlEscaped(pair)][which];
        const redacted = new Redactor(token, secret).text(`${before}${form}${after}`);
        expect(holdsCredentialPiece(token, secret)(redacted), redacted).toBe(false);
        expect(redacted).toContain(REDACTED);
        expect(redacted.startsWith(before) && redacted.endsWith(after)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('removes a short credential standing as a word, and leaves text without a credential as it is', () => {
    fc.assert(
      fc.property(credential(1), credential(1), filler, (token, secret, text) => {
        const redactor = new Redactor(token, secret);
        expect(redactor.text(text)).toBe(text);
        expect(redactor.text(`say ${secret} now`)).toBe(`say ${REDACTED} now`);
        expect(redactor.excerpt(text, 10)).toBe(text.length <= 10 ? text : `${text.slice(0, 10)}... (${text.length - 10} more characters)`);
      }),
      { numRuns: 300 },
    );
  });

  it('cuts an excerpt after redacting: a form across the cut is replaced whole, the rest counted', () => {
    const redactor = new Redactor('team-token', 'p4ss/w+rd-long');
    const secret = 'p4ss/w+rd-long';
    for (let at = 0; at <= 30; at++) {
      const text = `${'x'.repeat(at)}${secret}${'y'.repeat(40 - at)}`;
      const shown = redactor.excerpt(text, 20);
      expect(shown, String(at)).not.toContain('p4ss');
      // A form that begins before the cut is shown (redacted) to its end; the text goes on to the cut at least.
      const end = at < 20 ? Math.max(20, at + secret.length) : 20;
      const head = at < 20 ? `${'x'.repeat(at)}${REDACTED}${'y'.repeat(end - at - secret.length)}` : 'x'.repeat(20);
      expect(shown, String(at)).toBe(`${head}... (${text.length - end} more characters)`);
    }
    expect(redactor.excerpt('x'.repeat(20), 20)).toBe('x'.repeat(20));
    expect(redactor.excerpt('x'.repeat(21), 20)).toBe(`${'x'.repeat(20)}... (1 more characters)`);
    expect(redactor.excerpt(`${'x'.repeat(10)}${secret}`, 24)).toBe(`${'x'.repeat(10)}${REDACTED}`);
  });
});

describe('the copy of an error', () => {
  const TOKEN = 'team-token';
  const SECRET = 'p4ss/w+rd-long';
  let redactor: Redactor;
  beforeEach(() => {
    redactor = new Redactor(TOKEN, SECRET);
  });
  const leaks = holdsCredentialPiece(TOKEN, SECRET);

  it('keeps name, message, code, errno, syscall, hostname, address and port, each redacted and cut', () => {
    const error = Object.assign(new Error(`connect to ${SECRET} failed`), { code: `E_${SECRET}`, errno: -111, syscall: `connect ${TOKEN}`, hostname: `${SECRET}.example.com`, address: `${TOKEN}:${SECRET}`, port: 443, extra: SECRET, config: { auth: SECRET } });
    error.name = `Bad${SECRET}Error`;
    const copy = redactor.error(error) as Error & Record<string, unknown>;
    expect(copy).toBeInstanceOf(Error);
    expect({ name: copy.name, message: copy.message, code: copy.code, errno: copy.errno, syscall: copy.syscall, hostname: copy.hostname, address: copy.address, port: copy.port }).toEqual({
      name: `Bad${REDACTED}Error`,
      message: `connect to ${REDACTED} failed`,
      code: `E_${REDACTED}`,
      errno: -111,
      syscall: `connect ${REDACTED}`,
      hostname: `${REDACTED}.example.com`,
      address: REDACTED,
      port: 443,
    });
    expect('extra' in copy || 'config' in copy).toBe(false);
    expect(copy.stack).toBe(`Bad${REDACTED}Error: connect to ${REDACTED} failed`);
    expect([copy.name, copy.message, String(copy.stack), ...Object.values(copy).map(String)].filter(leaks)).toEqual([]);
  });

  it('leaves out properties of other types, and cuts long ones', () => {
    const error = Object.assign(new Error('m'), { code: { secret: SECRET }, errno: [SECRET], syscall: true, port: 'x'.repeat(300) });
    error.name = 'N'.repeat(150);
    const copy = redactor.error(error) as Error & Record<string, unknown>;
    expect(['code', 'errno', 'syscall'].filter((key) => key in copy)).toEqual([]);
    expect(copy.port).toBe(`${'x'.repeat(200)}... (100 more characters)`);
    expect(copy.name).toBe(`${'N'.repeat(100)}... (50 more characters)`);
  });

  it('copies the first four causes, each redacted, and no further', () => {
    let error: unknown = new Error(`level 6 ${SECRET}`);
    for (let level = 5; level >= 1; level--) error = new Error(`level ${level} ${SECRET}`, { cause: error });
    const levels: string[] = [];
    for (let e: unknown = redactor.error(error); e instanceof Error; e = e.cause) levels.push(e.message);
    expect(levels).toEqual([1, 2, 3, 4, 5].map((level) => `level ${level} ${REDACTED}`));
    const withValue = redactor.error(new Error('outer', { cause: `inner ${SECRET}` }));
    expect((withValue.cause as Error).message).toBe(`inner ${REDACTED}`);
    expect(redactor.error(new Error('no cause')).cause).toBeUndefined();
  });

  it('turns a thrown value that is no Error into one, redacted', () => {
    const copy = redactor.error(`failed with ${SECRET}`);
    expect(copy).toBeInstanceOf(Error);
    expect(copy.message).toBe(`failed with ${REDACTED}`);
    expect(redactor.error({ toString: () => `object ${SECRET}` }).message).toBe(`object ${REDACTED}`);
  });
});
