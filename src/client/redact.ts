/**
 * Redaction of the credentials from every text the client keeps from an answer. A server or a
 * proxy may echo them (an HTML error page quoting the Authorization header, a failure text, a
 * body that is not JSON, a redirect host, a cursor), and thrown errors end up in CI logs; so every
 * spelling of them is replaced before any text reaches an error's message, property, cause or
 * stack, and before it is cut or quoted:
 *
 * - the pair `token:secret`, and any piece of it of FRAGMENT_MIN or more characters (the secret,
 *   the token, a secret cut off by whoever quoted it), in any letter case (a URL parser writes a
 *   host in lower case);
 * - the Base64 of the pair (the Basic value), standard or URL-safe, and any piece of it of
 *   FRAGMENT_MIN or more characters, at any of the three byte alignments (so the Base64 of the
 *   secret alone, and the tail or the middle of a Basic value, are found too);
 * - each of these with any of its characters percent-encoded (upper- or lower-case hex), written
 *   as an HTML character reference of any length (`&#43;`, `&#x2b;`, `&#00000043;`, `&amp;`) or
 *   JSON-escaped (`\u002b`, `\/`).
 *
 * A credential shorter than FRAGMENT_MIN characters matches as a whole word only: where it begins
 * (ends) with a letter or a digit, no letter or digit may come before (after) it, so that a short
 * secret never garbles a message ("/profiles" keeps its "s" when the secret is "s"). Longer pieces
 * match anywhere, even glued to other text: they do not occur by chance.
 *
 * The search is linear in the text: each form is looked for by a few short anchors (`indexOf`),
 * and a hit is grown to the longest piece of the form around it.
 */

import { FAILURE_TEXT_LIMIT, moreCharacters } from './errors.js';
import { unescapeText } from './unescape.js';

/** Base64 of bytes (no Node Buffer: the client runs in browsers too). */
function base64Bytes(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Base64 of the UTF-8 bytes of `text`. */
export function base64(text: string): string {
  return base64Bytes(new TextEncoder().encode(text));
}

/** The text that replaces a secret. */
export const REDACTED = '[redacted]';

/** The shortest piece of a credential (or of its Base64) that is redacted wherever it stands. */
export const FRAGMENT_MIN = 8;

/** Credentials shorter than this match as whole words only. */
export const WHOLE_WORD_BELOW = FRAGMENT_MIN;

/**
 * Anchors: the pieces of a form of this length starting at every ANCHOR_STEP-th character. Every
 * piece of FRAGMENT_MIN characters holds one (ANCHOR_STEP - 1 + ANCHOR_LENGTH <= FRAGMENT_MIN).
 */
const ANCHOR_STEP = 4;
// Stryker disable next-line ArithmeticOperator: a shorter anchor (FRAGMENT_MIN - ANCHOR_STEP - 1) is held by every piece too and grows to the same pieces, with more hits to grow
const ANCHOR_SLACK = ANCHOR_STEP - 1;
const ANCHOR_LENGTH = FRAGMENT_MIN - ANCHOR_SLACK;

/** Letters, digits and `_`; every character past ASCII counts as a letter. */
const WORD_CHAR = /[A-Za-z0-9_\u0080-\uffff]/;

/** Whether `form` found at `at` in `text` stands as a whole word (see the module comment). */
function isWholeWord(text: string, at: number, form: string): boolean {
  const glued = (inside: string, outside: string | undefined) => outside !== undefined && WORD_CHAR.test(inside) && WORD_CHAR.test(outside);
  return !glued(form[0], text[at - 1]) && !glued(form[form.length - 1], text[at + form.length]);
}

/** Where a short `form` occurs in `text` as a whole word: [start, end) ranges. */
function wholeWords(text: string, form: string): [number, number][] {
  const found: [number, number][] = [];
  for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) if (isWholeWord(text, at, form)) found.push([at, at + form.length]);
  return found;
}

/** A form searched by its pieces: its text and its anchors with where each stands in it. */
interface Pieces {
  form: string;
  anchors: Map<string, number[]>;
}

function piecesOf(form: string): Pieces {
  const anchors = new Map<string, number[]>();
  for (let at = 0; at + ANCHOR_LENGTH <= form.length; at += ANCHOR_STEP) {
    const anchor = form.slice(at, at + ANCHOR_LENGTH);
    const offsets = anchors.get(anchor);
    if (offsets) offsets.push(at);
    else anchors.set(anchor, [at]);
  }
  return { form, anchors };
}

/** Where pieces of FRAGMENT_MIN or more characters of `form` occur in `text`: [start, end) ranges. */
function pieceRanges(text: string, { form, anchors }: Pieces): [number, number][] {
  const found: [number, number][] = [];
  for (const [anchor, offsets] of anchors) {
    for (let at = text.indexOf(anchor); at >= 0; at = text.indexOf(anchor, at + 1)) {
      for (const offset of offsets) {
        // Grown while the form lasts: past either end of the text, it reads undefined, which no character of the form is.
        let before = 0;
        while (before < offset && text[at - before - 1] === form[offset - before - 1]) before++;
        let after = ANCHOR_LENGTH;
        while (offset + after < form.length && text[at + after] === form[offset + after]) after++;
        if (before + after >= FRAGMENT_MIN) found.push([at - before, at + after]);
      }
    }
  }
  return found;
}

/**
 * `text` in lower case, character for character (a character whose lower case is longer stays;
 * a final sigma is a sigma, as a capital sigma is wherever it stands: the whole text's lower case
 * writes one at the end of a word `ς`, which a credential ending there would not match).
 */
function lowerCase(text: string): string {
  const lower = text.toLowerCase().replace(/ς/g, 'σ');
  if (lower.length === text.length) return lower;
  let out = '';
  for (const c of text) {
    const l = c.toLowerCase().replace(/ς/g, 'σ');
    out += l.length === c.length ? l : c;
  }
  return out;
}

/**
 * The Base64 of `bytes` placed at byte `shift` (0..2) of a group of three, without the characters
 * that hold bits of other bytes and without padding: what a piece of a longer Base64 text holds.
 */
function alignedBase64(bytes: Uint8Array, shift: number): string {
  const padded = new Uint8Array(bytes.length + shift);
  padded.set(bytes, shift);
  // Without its padding, the only "=" Base64 writes.
  const encoded = base64Bytes(padded).replace(/=/g, '');
  return shift === 0 ? encoded : encoded.slice(4);
}

/** `text` with the ranges (sorted by start) replaced by REDACTED, overlapping ranges as one. */
function replaceRanges(text: string, ranges: [number, number][]): string {
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    if (start >= at) out += `${text.slice(at, start)}${REDACTED}`;
    at = Math.max(at, end);
  }
  return out + text.slice(at);
}

/** Characters that begin an escape (unescape.ts): a text without them is its own plain form. */
const MAY_ESCAPE = /[%&\\]/;
/** Characters of URL-safe Base64 that standard Base64 writes `+` and `/`. */
// Stryker disable next-line Regex: a text of "-" and "_" alone holds no form: 4 characters "+" or "/" from a group's start encode a first byte from 0xF8, which UTF-8 never writes, and every form starts at one (a piece of 8 holds one)
const URL_SAFE = /[-_]/;

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

export class Redactor {
  /**
   * The pair in lower case, searched by its pieces (letter case ignored); a pair shorter than
   * FRAGMENT_MIN has no such piece, and is a whole word of #short.
   */
  readonly #plain: Pieces;
  /** Credentials shorter than FRAGMENT_MIN, in lower case: whole words only. */
  readonly #short: string[];
  /** The Base64 of the pair at each alignment, searched by its pieces (a short form has none: see #shortBase64). */
  readonly #base64: Pieces[];
  /** Base64 forms shorter than FRAGMENT_MIN: whole words only. */
  readonly #shortBase64: string[];
  /** The most characters one form can take when every character is escaped (`&#x10FFFF;`). */
  readonly #reach: number;

  constructor(token: string, secret: string) {
    const pair = `${token}:${secret}`;
    const plain = [pair, secret, token].map(lowerCase);
    this.#plain = piecesOf(plain[0]);
    // An empty credential is no form: nothing to find (and `indexOf('')` finds it everywhere).
    this.#short = plain.filter((form) => form.length > 0 && form.length < FRAGMENT_MIN);
    const bytes = new TextEncoder().encode(pair);
    // An empty form (of a pair of one or two bytes, past alignment 0) has no anchor and is no whole word below.
    const encoded = [0, 1, 2].map((shift) => alignedBase64(bytes, shift));
    this.#base64 = encoded.map(piecesOf);
    this.#shortBase64 = encoded.filter((form) => form.length < FRAGMENT_MIN && form.length >= 4);
    this.#reach = 12 * Math.max(pair.length, ...encoded.map((form) => form.length)) + 2;
  }

  /** Where the forms of the credentials stand in `text`, sorted by start. */
  #ranges(text: string): [number, number][] {
    const view = MAY_ESCAPE.test(text) ? unescapeText(text) : { text, original: (start: number, end: number): [number, number] => [start, end] };
    const lower = lowerCase(view.text);
    const standard = URL_SAFE.test(view.text) ? view.text.replace(/-/g, '+').replace(/_/g, '/') : view.text;
    const found: [number, number][] = [];
    found.push(...pieceRanges(lower, this.#plain));
    for (const form of this.#short) found.push(...wholeWords(lower, form));
    for (const pieces of this.#base64) {
      for (const range of pieceRanges(standard, pieces)) {
        while (standard[range[1]] === '=') range[1]++;
        found.push(range);
      }
    }
    for (const form of this.#shortBase64) found.push(...wholeWords(standard, form));
    return found.map(([start, end]) => view.original(start, end)).sort((a, b) => a[0] - b[0]);
  }

  /** `text` with every form of the credentials replaced. */
  text(text: string): string {
    const ranges = this.#ranges(text);
    return ranges.length ? replaceRanges(text, ranges) : text;
  }

  /**
   * The first `limit` characters of `text`, redacted, and how many more there were. A form that
   * begins before the cut is replaced whole; only the text near the cut is searched.
   */
  excerpt(text: string, limit = FAILURE_TEXT_LIMIT): string {
    const window = text.slice(0, limit + this.#reach);
    const ranges = this.#ranges(window);
    let end = limit;
    for (const [start, stop] of ranges) if (start < end) end = Math.max(end, stop);
    const shown = ranges.filter(([start]) => start < end);
    return `${replaceRanges(window.slice(0, end), shown)}${end < text.length ? moreCharacters(text.length - end) : ''}`;
  }

  /**
   * A copy of a JSON value with every string (and key) redacted, at any depth: the copy is made
   * with a list of work instead of recursion, in time linear in the value.
   */
  value(value: unknown): unknown {
    // Stryker disable next-line ArrayDeclaration: the items are set from index 0 to the last, which gives an empty array the same length and items
    const copy = (v: unknown): unknown => (typeof v === 'string' ? this.text(v) : !isContainer(v) ? v : Array.isArray(v) ? new Array<unknown>(v.length) : {});
    const root = copy(value);
    const work: [object, object][] = isContainer(value) ? [[value, root as object]] : [];
    for (let next = work.pop(); next; next = work.pop()) {
      const [source, target] = next;
      if (Array.isArray(source)) {
        for (let i = 0; i < source.length; i++) {
          const copied = copy(source[i]);
          (target as unknown[])[i] = copied;
          if (isContainer(source[i])) work.push([source[i] as object, copied as object]);
        }
        continue;
      }
      for (const [key, item] of Object.entries(source)) {
        const copied = copy(item);
        // defineProperty: a key "__proto__" stays a key, as JSON.parse made it.
        Object.defineProperty(target, this.text(key), { value: copied, enumerable: true, writable: true, configurable: true });
        if (isContainer(item)) work.push([item, copied as object]);
      }
    }
    return root;
  }

  /**
   * A copy of an error (and of its first causes) with every text redacted and cut, keeping name,
   * message, code, errno and syscall, and a stack of its first line only (a stack may quote values).
   */
  error(error: unknown, depth = 0): Error {
    if (!(error instanceof Error)) return new Error(this.excerpt(String(error)));
    const innerCause = depth < 4 && error.cause !== undefined ? this.error(error.cause, depth + 1) : undefined;
    const copy = new Error(this.excerpt(error.message), innerCause ? { cause: innerCause } : undefined);
    copy.name = this.excerpt(String(error.name), 100);
    for (const key of ['code', 'errno', 'syscall', 'hostname', 'address', 'port'] as const) {
      const value = (error as unknown as Record<string, unknown>)[key];
      if (typeof value === 'string' || typeof value === 'number') (copy as unknown as Record<string, unknown>)[key] = typeof value === 'string' ? this.excerpt(value, 200) : value;
    }
    copy.stack = `${copy.name}: ${copy.message}`;
    return copy;
  }
}
