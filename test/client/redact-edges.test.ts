/**
 * Redaction at its edges: a piece of exactly FRAGMENT_MIN characters (of the pair or of its
 * Base64 at each byte alignment) standing alone, at the start or at the end of a text; Base64
 * forms of a short pair (whole words of 4 characters and more, never a 3-character one); letters
 * whose lower case is longer than they are, before a credential in another letter case; an
 * excerpt cut inside a form written with the longest character references the reach allows;
 * and the copy of a value of every JSON type. Every redacted text is judged by the checker
 * written apart from the redactor (test/proxy/support/credentials.ts).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { base64, FRAGMENT_MIN, REDACTED, Redactor } from '../../src/client/redact.js';
import { holdsCredentialPiece } from '../proxy/support/credentials.js';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TOKEN = 'team-token';
const SECRET = 'p4ss/w+rd-long';
const PAIR = `${TOKEN}:${SECRET}`;
// Made before each test, not when the file loads: a redactor that fails to build fails the tests.
let redactor: Redactor;
beforeEach(() => {
  redactor = new Redactor(TOKEN, SECRET);
});
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
  let short: Redactor;
  beforeEach(() => {
    short = new Redactor('a', 'b');
  });

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

describe('letters compared in lower case, not in upper case', () => {
  it('keeps a text that differs from the credential by a dotless ı, whose upper case is an I like i\'s', () => {
    const dotted = new Redactor('tok', 'mini-wiki-pin-1');
    expect('ı'.toUpperCase()).toBe('I');
    for (const text of ['x mını-wıkı-pın-1 y', 'to:mını-wıkı-pın-1mını']) expect(dotted.text(text), text).toBe(text);
    expect(dotted.text('x MINI-WIKI-PIN-1 y')).toBe(`x ${REDACTED} y`);
  });
});

describe('a credential ending in a capital sigma', () => {
  it('is found whole wherever it stands, though the lower case of a text writes a sigma ending a word "ς"', () => {
    const sigma = new Redactor('team-token', 'PASSWORDΣ');
    for (const [text, redacted] of [
      ['x PASSWORDΣ y', `x ${REDACTED} y`],
      ['x PASSWORDΣy', `x ${REDACTED}y`],
      ['x passwordσ y', `x ${REDACTED} y`],
      ['x passwordς', `x ${REDACTED}`],
      ['İ PASSWORDΣz', `İ ${REDACTED}z`],
      // A text whose lower case is longer is lowered character by character: a "ς" it holds is a sigma there too.
      ['İ passwordς', `İ ${REDACTED}`],
    ]) expect(sigma.text(text), text).toBe(redacted);
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

describe('the Base64 of the pair after other bytes', () => {
  it('replaces the characters that hold only bits of the pair, not the first ones, which hold bits of the byte before it', () => {
    for (const before of [[0], [0xff], [1, 2]]) {
      const text = Buffer.concat([Buffer.from(before), Buffer.from(PAIR)]).toString('base64');
      expect(redactor.text(text), String(before)).toBe(`${text.slice(0, 4)}${REDACTED}`);
    }
  });
});

describe('an excerpt of a text that repeats a credential far past the cut', () => {
  it('searches only the text near the cut: the forms there are replaced, the rest counted, not searched', () => {
    const periodic = new Redactor('tok', 'ab'.repeat(6));
    const text = 'ab'.repeat(50_000);
    const shown = periodic.excerpt(text, 10);
    expect(shown).toMatch(/^\[redacted\]\.\.\. \((\d+) more characters\)$/);
    // The form that crosses the cut is replaced to its end, and the forms after it within the text searched; far fewer than the whole.
    const more = Number(/\((\d+) more/.exec(shown)![1]);
    expect(more).toBeGreaterThan(text.length - 1_000);
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

describe('edges of the forms, each judged exactly', () => {
  it('lets a short credential ending (beginning) with a sign touch a letter after (before) it', () => {
    const signs = new Redactor('t0', 'k+');
    expect(signs.text('go k+now')).toBe(`go ${REDACTED}now`);
    expect(new Redactor('t0', '+k').text('go now+k')).toBe(`go now${REDACTED}`);
    expect(signs.text('go kk+ now')).toBe('go kk+ now');
    // A text of escapes alone: a JSON-escaped backslash is one backslash, replaced once.
    expect(new Redactor('t', '\\').text('\\\\')).toBe(REDACTED);
  });

  it('redacts a URL-safe Base64 value whose standard spelling holds both "+" and "/"', () => {
    const secret = 'key>>>?>?ok';
    const basic = base64(`team-token:${secret}`);
    expect(basic).toMatch(/\+.*\//);
    const urlSafe = basic.replace(/\+/g, '-').replace(/\//g, '_');
    const redactor = new Redactor('team-token', secret);
    expect(redactor.text(`Basic ${urlSafe} end`)).toBe(`Basic ${REDACTED} end`);
    expect(redactor.text(`Basic ${basic} end`)).toBe(`Basic ${REDACTED} end`);
    // Its tail alone (a piece of the form at another byte alignment), URL-safe.
    expect(redactor.text(`(${urlSafe.slice(9)})`)).toBe(`(${REDACTED})`);
  });

  it('replaces overlapping and touching forms as one, and keeps the text between apart forms', () => {
    expect(redactor.text(`${SECRET}${SECRET}`)).toBe(`${REDACTED}${REDACTED}`);
    expect(redactor.text(`${PAIR}|${SECRET}`)).toBe(`${REDACTED}|${REDACTED}`);
    // The pair holds the secret: the secret's range lies inside the pair's, which is replaced once.
    expect(redactor.text(`a ${PAIR} b ${SECRET.slice(0, 9)} c`)).toBe(`a ${REDACTED} b ${REDACTED} c`);
    // A secret that repeats itself is found at every shift in a longer repetition: one replacement.
    const periodic = new Redactor('tok', 'ab'.repeat(6));
    expect(periodic.text(`<${'ab'.repeat(11)}>`)).toBe(`<${REDACTED}>`);
    expect(periodic.text(`tok:${'ab'.repeat(12)}`)).toBe(REDACTED);
  });

  it('finds a piece of the shortest length at each place of a secret that repeats a part of it', () => {
    // "abcde" stands twice in the pair "tok:abcdeXYZabcdeQRS": the piece of 8 that begins at its first place is found too.
    const repeating = new Redactor('tok', 'abcdeXYZabcdeQRS');
    for (const piece of ['abcdeXYZ', 'XYZabcde', 'abcdeQRS']) expect(repeating.text(`x ${piece} y`), piece).toBe(`x ${REDACTED} y`);
  });

  it('ends an excerpt at the end of a form that reaches the end of the text, with no count of 0 more', () => {
    const text = `${'x'.repeat(10)}${SECRET}`;
    expect(redactor.excerpt(text, 20)).toBe(`${'x'.repeat(10)}${REDACTED}`);
    expect(redactor.excerpt(`${text}y`, 20)).toBe(`${'x'.repeat(10)}${REDACTED}... (1 more characters)`);
  });

  it('copies an array item by item, whatever a key of it would read as a credential', () => {
    const digits = new Redactor('0', '1');
    const copy = digits.value(['a', 'b', { 1: 'c' }]) as unknown[];
    expect(Array.isArray(copy)).toBe(true);
    expect(Object.keys(copy)).toEqual(['0', '1', '2']);
    expect(copy).toEqual(['a', 'b', { [REDACTED]: 'c' }]);
  });

  it('makes each key of a copied object an ordinary property: listed, writable and deletable', () => {
    const copy = redactor.value({ k: 1, [SECRET]: 2 }) as Record<string, unknown>;
    for (const key of ['k', REDACTED]) expect(Object.getOwnPropertyDescriptor(copy, key), key).toEqual({ value: key === 'k' ? 1 : 2, enumerable: true, writable: true, configurable: true });
    expect(JSON.stringify(copy)).toBe(`{"k":1,"${REDACTED}":2}`);
  });

  it('builds a redactor for every length of pair, around the shortest piece and the short forms', () => {
    // Pairs of 3 to 12 characters: the short forms (whole words) below FRAGMENT_MIN, pieces from it.
    for (let n = 1; n <= 10; n++) {
      const token = 't';
      const secret = 's'.repeat(n);
      const r = new Redactor(token, secret);
      const pair = `${token}:${secret}`;
      expect(r.text(`[${pair}]`), pair).toBe(`[${REDACTED}]`);
      // The Base64 without its padding (a short form is a whole word: the padding after it stays).
      expect(r.text(`[${base64(pair).replace(/=+$/, '')}]`), pair).toBe(`[${REDACTED}]`);
      // Glued to letters, a pair of FRAGMENT_MIN characters or more is still found; a shorter one is not.
      expect(r.text(`x${pair}x`), pair).toBe(pair.length >= FRAGMENT_MIN ? `x${REDACTED}x` : `x${pair}x`);
    }
  });
});

describe('an empty credential', () => {
  // Run in a child process: the search for an empty form never ended (`indexOf('')` finds it at
  // every index, the last one forever), which no test timeout can stop inside its own thread.
  // The 60 s bound is a hang guard; the script itself takes well under a second.
  it('is no form: the other credential is still redacted and the search ends', () => {
    const script = [
      "import { Redactor } from './src/client/redact.ts';",
      "const cases = [['', 'a-long-secret-here'], ['team-token', ''], ['', ''], ['', 'b']];",
      "const text = 'x a-long-secret-here y team-token z b';",
      'console.log(JSON.stringify(cases.map(([t, s]) => new Redactor(t, s).text(text))));',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(run.error, 'the child ended by itself').toBeUndefined();
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      `x ${REDACTED} y team-token z b`,
      `x a-long-secret-here y ${REDACTED} z b`,
      'x a-long-secret-here y team-token z b',
      `x a-long-secret-here y team-token z ${REDACTED}`,
    ]);
  });
});
