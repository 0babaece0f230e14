/** Credentials: the Basic authorization header and the base address rule. */
import { ClientConfigError } from './errors.js';
import { base64 } from './redact.js';

/** `Basic base64(token:secret)`. */
export function authorizationHeader(token: string, secret: string): string {
  return `Basic ${base64(`${token}:${secret}`)}`;
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

/** Whether a host name is a loopback address (localhost, 127.0.0.0/8, ::1). */
function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Checks `baseUrl` and returns it without a trailing slash: it must be an absolute `https:` URL,
 * or `http:` on a loopback host (a local mock server) or on a host named in `insecureHosts` (the
 * mock as a CI service: `http://mock:4010`). Credentials never travel in clear text elsewhere.
 */
export function checkBaseUrl(baseUrl: unknown, insecureHosts: readonly string[] = []): string {
  if (typeof baseUrl !== 'string' || baseUrl === '') throw new ClientConfigError('createClient: option "baseUrl" is required (e.g. "https://api.example.com")');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ClientConfigError(`createClient: option "baseUrl" is not an absolute URL: "${baseUrl}"`);
  }
  if (url.username || url.password) throw new ClientConfigError('createClient: option "baseUrl" must not hold credentials; pass "token" and "secret"');
  if (url.protocol === 'https:') return baseUrl.replace(/\/+$/, '');
  if (url.protocol === 'http:' && (isLoopbackHost(url.hostname) || insecureHosts.includes(url.hostname))) return baseUrl.replace(/\/+$/, '');
  throw new ClientConfigError(`createClient: option "baseUrl" must use https: (plain http: only to loopback hosts such as 127.0.0.1, or to a host of option "allowInsecureHost"), got "${url.protocol}//${url.host}"`);
}

/** The `allowInsecureHost` option as a list of lower-case host names. */
export function insecureHostsOf(option: unknown): string[] {
  const list: unknown[] = option === undefined ? [] : Array.isArray(option) ? option : [option];
  if (list.some((h) => typeof h !== 'string' || /[^\w.-]/.test(h))) throw new ClientConfigError(`createClient: option "allowInsecureHost" takes host names (such as "mock"), got ${JSON.stringify(option)}`);
  return (list as string[]).map((h) => h.toLowerCase());
}

/** Checks that token and secret are non-empty strings without a colon in the token. */
export function checkCredentials(token: unknown, secret: unknown): void {
  if (typeof token !== 'string' || token === '') throw new ClientConfigError('createClient: option "token" is required (a non-empty string)');
  if (token.includes(':')) throw new ClientConfigError('createClient: option "token" must not contain ":"');
  if (typeof secret !== 'string' || secret === '') throw new ClientConfigError('createClient: option "secret" is required (a non-empty string)');
}
