/**
 * Redaction at its edges: a piece of exactly FRAGMENT_MIN characters (of the pair or of its
 * Base64 at each byte alignment) standing alone, at the start or at the end of a text; Base64
 * forms of a short pair (whole words of 4 characters and more, never a 3-character one); letters
 * whose lower case is longer than they are, before a credential in another letter case; an
 * excerpt cut inside a form written with the longest character references the reach allows;
 * and the copy of a value of every JSON type. Every redacted text is judged by the checker
 * written apart from the redactor (test/proxy/support/credentials.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64, FRAGMENT_MIN, REDACTED, Redactor } from '../../src/client/redact.js';
import { holdsCredentialPiece } from '../proxy/support/credentials.js';

const TOKEN = 'team-token';
const SECRET = 'p4ss/w+rd-long';
const PAIR = `${TOKEN}:${SECRET}`;
const redactor = new Redactor(TOKEN, SECRET);
const leaks = holdsCredentialPiece(TOKEN, SECRET);

/** The Base64 of the pair placed at byte `shift` of a group of three, as a longer Base64 text holds it. */
const aligned = (shift: number) => {
  const encoded = Buffer.concat([Buffer.alloc(shift), Buffer.from(PAIR)]).toString('base64').replace(/=+$/, '');
  return shift ? encoded.slice(4) : encoded;
};

describe('pieces of exactly the shortest length', () => {
  it('redacts every piece of FRAGMENT_MIN characters of the pair or its Base64 alone, first or last in a text', () => {
    const forms = [PAIR, PAIR.toUpperCase(), aligned(0), aligned(1), aligned(2)];
    for (const form of forms) {
      for (let from = 0; from + FRAGMENT_MIN <= form.length; from++) {
        const piece = form.slice(from, from + FRAGMENT_MIN);
        for (const text of [piece, `${piece} .`, `. ${piece}`]) {
          const redacted = redactor.text(text);
          expect(redacted, `${form} ${from} ${JSON.stringify(text)}`).toBe(text.replace(piece, REDACTED));
          expect(leaks(redacted)).toBe(false);
        }
      }
    }
  });

  it('leaves pieces one character shorter, alone or first or last', () => {
    for (const form of [PAIR, aligned(0)]) {
      for (let from = 0; from + FRAGMENT_MIN - 1 <= form.length; from++) {
        const piece = form.slice(from, from + FRAGMENT_MIN - 1);
        for (const text of [piece, `${piece} .`, `. ${piece}`]) expect(redactor.text(text), `${form} ${from}`).toBe(text);
      }
    }
  });

  it('grows a random piece of the pair to its whole length, however it is cut and placed (fast-check)', () => {
    fc.assert(
      fc.property(fc.nat(PAIR.length - FRAGMENT_MIN), fc.nat(PAIR.length), fc.string({ unit: fc.constantFrom(' ', '.', '<', '>'), maxLength: 3 }), fc.string({ unit: fc.constantFrom(' ', '.', '<', '>'), maxLength: 3 }), (from, extra, before, after) => {
        const piece = PAIR.slice(from, Math.max(from + FRAGMENT_MIN, Math.min(PAIR.length, from + extra)));
        expect(redactor.text(`${before}${piece}${after}`)).toBe(`${before}${REDACTED}${after}`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('short credentials and their Base64', () => {
  // "a:b" is "YTpi" in Base64; at byte alignments 1 and 2 its own characters are "Yg" and "OmI".
  const short = new Redactor('a', 'b');

  it('redacts a Base64 form of 4 characters as a whole word, at either end of a text', () => {
    expect(base64('a:b')).toBe('YTpi');
    expect(short.text('YTpi')).toBe(REDACTED);
    expect(short.text('Basic YTpi')).toBe(`Basic ${REDACTED}`);
    expect(short.text('YTpi, then')).toBe(`${REDACTED}, then`);
    expect(short.text('xYTpi YTpix')).toBe('xYTpi YTpix');
  });

  it('leaves Base64 forms of fewer than 4 characters, which occur by chance', () => {
    expect(short.text('OmI Yg')).toBe('OmI Yg');
  });

  it('redacts the short pair, token and secret standing alone or at either end, not inside a word', () => {
    expect(short.text('a')).toBe(REDACTED);
    expect(short.text('a:b')).toBe(REDACTED);
    expect(short.text('b c')).toBe(`${REDACTED} c`);
    expect(short.text('c a')).toBe(`c ${REDACTED}`);
    expect(short.text('abc cab')).toBe('abc cab');
  });
});

describe('letter case', () => {
  it('finds a credential in another case after letters whose lower case is longer (İ), and replaces it in place', () => {
    expect('İ'.toLowerCase()).toHaveLength(2);
    for (const text of [`İİ ${SECRET.toUpperCase()} tail`, `İ${PAIR.toUpperCase()}İ`]) {
      const redacted = redactor.text(text);
      expect(redacted, text).toBe(text.replace(/ [^ ]+ /, ` ${REDACTED} `).replace(PAIR.toUpperCase(), REDACTED));
      expect(leaks(redacted)).toBe(false);
    }
  });
});

describe('an excerpt cut inside an escaped form', () => {
  it('replaces the whole Base64 value written in 12-character references from one character before the cut', () => {
    const spelled = [...base64(PAIR).replace(/=+$/, '')].map((c) => `&#${String(c.codePointAt(0)).padStart(9, '0')};`).join('');
    const limit = 30;
    const text = `${'x'.repeat(limit - 1)}${spelled} after`;
    expect(redactor.excerpt(text, limit)).toBe(`${'x'.repeat(limit - 1)}${REDACTED}... (6 more characters)`);
  });
});

describe('the copy of a value', () => {
  it('copies every JSON type: strings and keys redacted, other values kept, arrays as arrays, the source untouched', () => {
    const source = { list: [SECRET, 1, null, true, { [PAIR]: [SECRET] }, []], n: 2, b: false, z: null, s: `x ${SECRET}` };
    const copy = redactor.value(source) as typeof source;
    expect(copy).toEqual({ list: [REDACTED, 1, null, true, { [REDACTED]: [REDACTED] }, []], n: 2, b: false, z: null, s: `x ${REDACTED}` });
    expect(Array.isArray(copy.list) && Array.isArray(copy.list[5])).toBe(true);
    expect(source.list[0]).toBe(SECRET);
    expect(leaks(JSON.stringify(copy))).toBe(false);
    for (const scalar of [1, null, true, undefined]) expect(redactor.value(scalar)).toBe(scalar);
    expect(redactor.value(`a ${SECRET}`)).toBe(`a ${REDACTED}`);
  });
});
