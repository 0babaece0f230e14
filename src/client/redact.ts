/**
 * Redaction of the credentials from every text the client keeps from an answer. A server or a
 * proxy may echo them (an HTML error page quoting the Authorization header, a failure text, a
 * body that is not JSON), and thrown errors end up in CI logs; so every spelling of them is
 * replaced before any text reaches an error's message, property, cause or stack:
 *
 * - the pair `token:secret`, the secret alone and the token alone;
 * - the Base64 of the pair (the Basic value) and of the secret alone, standard or URL-safe,
 *   whole or cut off: any prefix of 12 or more characters (a prefix decodes to the token and a
 *   part of the secret);
 * - each of these with any of its characters percent-encoded (upper- or lower-case hex), written
 *   as an HTML character reference (`&#43;`, `&#x2b;`, `&amp;`) or JSON-escaped (`\u002b`, `\/`).
 *
 * A form shorter than WHOLE_WORD_BELOW characters matches as a whole word only: where it begins
 * (ends) with a letter or a digit, no letter or digit may come before (after) it, so that a short
 * secret never garbles a message ("/profiles" keeps its "s" when the secret is "s"). Longer forms
 * match anywhere, even glued to other text: they do not occur by chance.
 */

import { FAILURE_TEXT_LIMIT, moreCharacters } from './errors.js';
import { unescapeText } from './unescape.js';

/** Base64 of the UTF-8 bytes of `text` (no Node Buffer: the client runs in browsers too). */
export function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The text that replaces a secret. */
export const REDACTED = '[redacted]';

/** The shortest cut-off Base64 value that is redacted (a shorter one reveals too little to matter). */
export const BASE64_PREFIX_MIN = 12;

/** Forms shorter than this match as whole words only. */
export const WHOLE_WORD_BELOW = 8;

/** Letters, digits and `_`; every character past ASCII counts as a letter. */
const WORD_CHAR = /[A-Za-z0-9_\u0080-\uffff]/;

/** Whether `form` found at `at` in `text` stands as a whole word (see the module comment). */
function isWholeWord(text: string, at: number, form: string): boolean {
  const glued = (inside: string, outside: string | undefined) => outside !== undefined && WORD_CHAR.test(inside) && WORD_CHAR.test(outside);
  return !glued(form[0], text[at - 1]) && !glued(form[form.length - 1], text[at + form.length]);
}

/** Where `form` occurs in `text`: [start, end) ranges. */
function occurrences(text: string, form: string): [number, number][] {
  const found: [number, number][] = [];
  for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) {
    if (form.length >= WHOLE_WORD_BELOW || isWholeWord(text, at, form)) found.push([at, at + form.length]);
  }
  return found;
}

/**
 * Where a Base64 value (without padding) or a prefix of it of BASE64_PREFIX_MIN or more
 * characters occurs in `text`, standard or URL-safe, with any padding after it.
 */
function base64Occurrences(text: string, value: string): [number, number][] {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  const head = value.slice(0, BASE64_PREFIX_MIN);
  return occurrences(standard, head).map(([start]) => {
    let end = start + head.length;
    while (end - start < value.length && standard[end] === value[end - start]) end++;
    while (standard[end] === '=') end++;
    return [start, end];
  });
}

/** `text` with the ranges (sorted by start) replaced by REDACTED, overlapping ranges as one. */
function replaceRanges(text: string, ranges: [number, number][]): string {
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    if (start >= at) out += `${text.slice(at, start)}${REDACTED}`;
    at = end;
  }
  return out + text.slice(at);
}

export class Redactor {
  /** The pair, the secret and the token. */
  readonly #plain: string[];
  /** The Base64 of the pair and of the secret, without padding. */
  readonly #base64: string[];
  /** The most characters one form can take when every character is escaped (`&#x10FFFF;`). */
  readonly #reach: number;

  constructor(token: string, secret: string) {
    const pair = `${token}:${secret}`;
    this.#plain = [pair, secret, token];
    this.#base64 = [base64(pair), base64(secret)].map((value) => value.replace(/=+$/, ''));
    this.#reach = 12 * Math.max(...[...this.#plain, ...this.#base64].map((form) => form.length)) + 2;
  }

  /** Where the forms of the credentials stand in `text`, sorted by start. */
  #ranges(text: string): [number, number][] {
    const view = unescapeText(text);
    const found = [...this.#plain.flatMap((form) => occurrences(view.text, form)), ...this.#base64.flatMap((value) => base64Occurrences(view.text, value))];
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
    if (text.length <= limit) return this.text(text);
    const window = text.slice(0, limit + this.#reach);
    const ranges = this.#ranges(window);
    let end = limit;
    for (const [start, stop] of ranges) if (start < end) end = Math.max(end, stop);
    const shown = ranges.filter(([start]) => start < end);
    return `${replaceRanges(window.slice(0, end), shown)}${end < text.length ? moreCharacters(text.length - end) : ''}`;
  }

  /** A copy of a JSON value with every string (and key) redacted. */
  value(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.text(value);
    if (typeof value !== 'object' || value === null || depth > 64) return value;
    if (Array.isArray(value)) return value.map((v) => this.value(v, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.text(k), this.value(v, depth + 1)]));
  }

  /**
   * A copy of an error (and its cause chain) with every text redacted, keeping name, message,
   * code, errno and syscall, and a stack of its first line only (a stack may quote values).
   */
  error(error: unknown, depth = 0): Error {
    if (!(error instanceof Error)) return new Error(this.text(String(error)));
    const innerCause = depth < 4 && error.cause !== undefined ? this.error(error.cause, depth + 1) : undefined;
    const copy = new Error(this.text(error.message), innerCause ? { cause: innerCause } : undefined);
    copy.name = this.text(error.name);
    for (const key of ['code', 'errno', 'syscall', 'hostname', 'address', 'port'] as const) {
      const value = (error as unknown as Record<string, unknown>)[key];
      if (typeof value === 'string' || typeof value === 'number') (copy as unknown as Record<string, unknown>)[key] = typeof value === 'string' ? this.text(value) : value;
    }
    copy.stack = `${copy.name}: ${copy.message}`;
    return copy;
  }
}
