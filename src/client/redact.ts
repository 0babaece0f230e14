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

const NAMED_REFERENCES: Record<string, string[]> = { '&': ['&amp;'], '<': ['&lt;'], '>': ['&gt;'], '"': ['&quot;'], "'": ['&apos;'] };
/** Letters, digits and `_`; every character past ASCII counts as a letter (a cheap class to compile). */
const WORD = '[A-Za-z0-9_\\u0080-\\uffff]';
const WORD_CHAR = new RegExp(`^${WORD}$`, 'u');
const NOT_AFTER_WORD = `(?<!${WORD})`;
const NOT_BEFORE_WORD = `(?!${WORD})`;

/** `c` escaped for a regular expression with the `u` flag. */
function literal(c: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c;
}

/** Hex digits matching either case: 2b -> 2[bB]. */
function anyCaseHex(value: number, width: number): string {
  return [...value.toString(16).padStart(width, '0')].map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d)).join('');
}

/** Every way a server may write one character when it echoes a text (a regular expression). */
function spellings(c: string): string {
  const code = c.codePointAt(0)!;
  const ways = [literal(c)];
  ways.push([...new TextEncoder().encode(c)].map((byte) => `%${anyCaseHex(byte, 2)}`).join(''));
  ways.push(`&#0*${code};`, `&#[xX]0*${anyCaseHex(code, 1)};`, ...(NAMED_REFERENCES[c] ?? []));
  if (code < 0x10000) ways.push(`\\\\[uU]${anyCaseHex(code, 4)}`);
  if (c === '"' || c === '\\' || c === '/') ways.push(`\\\\${literal(c)}`);
  if (c === ' ') ways.push('\\+');
  return `(?:${ways.join('|')})`;
}

/** `pattern`, the expression of `chars`, as a whole word when they are few (see the module comment). */
function bounded(chars: string[], pattern: string): string {
  if (chars.length >= WHOLE_WORD_BELOW) return pattern;
  const before = WORD_CHAR.test(chars[0]) ? NOT_AFTER_WORD : '';
  const after = WORD_CHAR.test(chars[chars.length - 1]) ? NOT_BEFORE_WORD : '';
  return `${before}${pattern}${after}`;
}

/** A form in any spelling. */
function anySpelling(form: string): string {
  const chars = [...form];
  return bounded(chars, chars.map(spellings).join(''));
}

/** The URL-safe Base64 alphabet writes `+` and `/` as `-` and `_`. */
const URL_SAFE: Record<string, string> = { '+': '-', '/': '_' };

/** A Base64 character in any spelling, standard or URL-safe. */
function base64Spellings(c: string): string {
  return URL_SAFE[c] ? `(?:${spellings(c)}|${URL_SAFE[c]})` : spellings(c);
}

/**
 * A Base64 value (standard or URL-safe) or any prefix of it of at least BASE64_PREFIX_MIN
 * characters, with the padding of the whole value.
 */
function base64Prefix(value: string): string {
  const chars = [...value.replace(/=+$/, '')];
  const head = Math.min(BASE64_PREFIX_MIN, chars.length);
  let tail = `(?:${spellings('=')})*`;
  for (let i = chars.length - 1; i >= head; i--) tail = `(?:${base64Spellings(chars[i])}${tail})?`;
  return bounded(chars.slice(0, head), `${chars.slice(0, head).map(base64Spellings).join('')}${tail}`);
}

/**
 * The regular expression of every form of the credentials (see the module comment). Longer forms
 * come first, so that where several match, the longest is replaced whole.
 */
export function credentialPattern(token: string, secret: string): RegExp {
  const pair = `${token}:${secret}`;
  const forms: { length: number; source: string }[] = [pair, secret, token].map((form) => ({ length: form.length, source: anySpelling(form) }));
  for (const encoded of [base64(pair), base64(secret)]) forms.push({ length: encoded.length, source: base64Prefix(encoded) });
  forms.sort((a, b) => b.length - a.length);
  return new RegExp([...new Set(forms.map((f) => f.source))].join('|'), 'gu');
}

export class Redactor {
  readonly #token: string;
  readonly #secret: string;
  /** Built on first use: a client that never fails never pays for it. */
  #pattern: RegExp | undefined;

  constructor(token: string, secret: string) {
    this.#token = token;
    this.#secret = secret;
  }

  /** `text` with every form of the credentials replaced. */
  text(text: string): string {
    this.#pattern ??= credentialPattern(this.#token, this.#secret);
    return text.replace(this.#pattern, REDACTED);
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
