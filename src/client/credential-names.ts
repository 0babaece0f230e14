/**
 * Credentials a request carries besides the client's own token and secret, found by where they
 * stand and what they are called, and redacted from what is recorded or printed (redact.ts does
 * the replacing):
 *
 * - every `Authorization` and `Proxy-Authorization` header, however many: a Basic value's token
 *   and secret, any other scheme's credentials (a Bearer token) whole;
 * - every cookie of a `Cookie` header;
 * - query parameters, JSON members and cookies whose name says it holds a credential
 *   ({@link CREDENTIAL_WORDS}): their values are replaced wherever the name stands (path, request
 *   and response bodies), and searched for as echoes anywhere.
 */
import { base64, FRAGMENT_MIN, REDACTED, Redactor } from './redact.js';

/**
 * The one list of what a name says when it names a credential. A name (`api_key`, `accessToken`,
 * `X-Auth`, `client_secret`, `jsessionid`) is split into words at every character that is not a
 * letter or digit and where a lower-case letter meets an upper-case one; it names a credential
 * when one of its words, in lower case, ends with an entry (`apikey`, `oauth` too; `keyword`,
 * `sortKeys` and `author` do not).
 */
export const CREDENTIAL_WORDS = ['key', 'token', 'secret', 'password', 'passwd', 'pwd', 'credential', 'credentials', 'auth', 'authorization', 'signature', 'session', 'sessionid', 'sid', 'cookie'] as const;

/** Whether `name` names a credential (see {@link CREDENTIAL_WORDS}). */
export function isCredentialName(name: string): boolean {
  for (const word of name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[^A-Za-z0-9]+/)) {
    const lower = word.toLowerCase();
    if (lower && CREDENTIAL_WORDS.some((ending) => lower.endsWith(ending))) return true;
  }
  return false;
}

/** A query component decoded (`+` as a space); the text as it is when it is not valid percent-encoding. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The `[name, value]` pairs of the query of `path` (after its first `?`), decoded. */
function queryPairs(path: string): [string, string][] {
  const q = path.indexOf('?');
  if (q < 0) return [];
  return path
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? [decoded(pair), ''] : [decoded(pair.slice(0, eq)), decoded(pair.slice(eq + 1))];
    });
}

/** `path` with the value of every query parameter whose name names a credential replaced by REDACTED. */
export function redactCredentialQuery(path: string): string {
  const q = path.indexOf('?');
  if (q < 0) return path;
  const pairs = path
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq >= 0 && pair.length > eq + 1 && isCredentialName(decoded(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    });
  return `${path.slice(0, q)}?${pairs.join('&')}`;
}

/** A quick look for a member name that may name a credential, before walking a value. */
const MAY_NAME_CREDENTIAL = /key|token|secret|passw|pwd|credential|auth|signature|session|sid|cookie/i;

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * `value` with the value of every member whose name names a credential replaced by REDACTED (a
 * null stays null), at any depth; the same value when no member does. Iterative, linear.
 */
export function redactCredentialMembers(value: unknown): unknown {
  if (!isContainer(value)) return value;
  let found = false;
  const copy = (v: unknown): unknown => (!isContainer(v) ? v : Array.isArray(v) ? new Array<unknown>(v.length) : {});
  const root = copy(value);
  const work: [object, object][] = [[value, root as object]];
  for (let next = work.pop(); next; next = work.pop()) {
    const [source, target] = next;
    const entries: [string | number, unknown][] = Array.isArray(source) ? source.map((item, i) => [i, item]) : Object.entries(source);
    for (const [key, item] of entries) {
      const named = typeof key === 'string' && item !== null && MAY_NAME_CREDENTIAL.test(key) && isCredentialName(key);
      if (named) found = true;
      const copied = named ? REDACTED : copy(item);
      // defineProperty: a key "__proto__" stays a key, as JSON.parse made it.
      if (typeof key === 'number') (target as unknown[])[key] = copied;
      else Object.defineProperty(target, key, { value: copied, enumerable: true, writable: true, configurable: true });
      if (!named && isContainer(item)) work.push([item, copied as object]);
    }
  }
  return found ? root : value;
}

/** The string values of members whose name names a credential, at any depth of a JSON text (none when it is not JSON). */
function credentialMemberValues(text: string | undefined): string[] {
  if (!text || !MAY_NAME_CREDENTIAL.test(text)) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const out: string[] = [];
  const work: unknown[] = [value];
  for (let next = work.pop(); next !== undefined; next = work.pop()) {
    if (!isContainer(next)) continue;
    for (const [key, item] of Object.entries(next)) {
      if (typeof item === 'string' && isCredentialName(key)) out.push(item);
      else if (isContainer(item)) work.push(item);
    }
  }
  return out;
}

/** The token and secret of a Basic value (the Base64 of `token:secret`), or undefined when it is not one. */
function basicPair(credentials: string): [string, string] | undefined {
  let pair: string;
  try {
    const binary = atob(credentials);
    pair = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
  const colon = pair.indexOf(':');
  return colon >= 0 && base64(pair).replace(/=+$/, '') === credentials.replace(/=+$/, '') ? [pair.slice(0, colon), pair.slice(colon + 1)] : undefined;
}

/** What a request carries that must not be recorded or printed: Basic pairs and lone secrets. */
export interface RequestCredentials {
  pairs: [token: string, secret: string][];
  secrets: string[];
}

/**
 * The credentials of a request: from every Authorization and Proxy-Authorization header (given
 * as Node's flat `rawHeaders` list), every cookie, the query parameters and request body members
 * whose names name a credential. A cookie whose name does not name a credential counts only from
 * FRAGMENT_MIN characters on (`lang=en` is not one; a session id is).
 */
export function requestCredentials(rawHeaders: readonly string[], path: string, bodyText?: string): RequestCredentials {
  const pairs: [string, string][] = [];
  const secrets: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    const value = rawHeaders[i + 1].trim();
    if (name === 'authorization' || name === 'proxy-authorization') {
      const [scheme, ...rest] = value.split(/\s+/);
      const credentials = rest.join(' ');
      if (/^basic$/i.test(scheme) && credentials) {
        const pair = basicPair(credentials);
        if (pair) pairs.push(pair);
        else secrets.push(credentials);
      } else secrets.push(credentials || value);
    } else if (name === 'cookie') {
      for (const cookie of value.split(';')) {
        const eq = cookie.indexOf('=');
        const [cookieName, cookieValue] = eq < 0 ? ['', cookie.trim()] : [cookie.slice(0, eq).trim(), cookie.slice(eq + 1).trim()];
        if (cookieValue.length >= FRAGMENT_MIN || (cookieValue && isCredentialName(cookieName))) secrets.push(cookieValue);
      }
    }
  }
  for (const [name, value] of queryPairs(path)) if (value && isCredentialName(name)) secrets.push(value);
  secrets.push(...credentialMemberValues(bodyText));
  return { pairs, secrets: [...new Set(secrets.filter((s) => s.length > 0))] };
}

/** Redactors applied one after the other: each replaces its credentials in what the one before left. */
export class Redactors {
  readonly #each: Redactor[];
  constructor(each: Redactor[]) {
    this.#each = each;
  }
  /** The redactors of a request's credentials (see {@link requestCredentials}). */
  static of({ pairs, secrets }: RequestCredentials): Redactors {
    return new Redactors([...pairs.map(([token, secret]) => new Redactor(token, secret)), ...secrets.map((secret) => new Redactor(secret, secret))]);
  }
  get empty(): boolean {
    return this.#each.length === 0;
  }
  text(text: string): string {
    for (const redactor of this.#each) text = redactor.text(text);
    return text;
  }
  value(value: unknown): unknown {
    for (const redactor of this.#each) value = redactor.value(value);
    return value;
  }
}
