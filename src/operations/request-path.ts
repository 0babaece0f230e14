/**
 * How a request's path is read, apart from any operation: the path part of a path or URL, and
 * the method and path of a "METHOD /path" key. The operation lookup (./operation-of.ts) reads
 * paths through these; a module that needs only them (the request checks) imports this one,
 * which holds no operation table, so a one-version bundle carries no operation of the other.
 */

/** The path part of a request path or URL: no scheme, host, query, fragment or trailing slash. */
export function requestPathname(pathOrUrl: string): string {
  // Scheme and host, then query and fragment; no URL parser, so that the module (which the
  // builders reach) compiles without DOM or Node types.
  let path = pathOrUrl.trim();
  // An http(s) URL, the common case, cut without a regular expression: its host runs to the first
  // "/", "?" or "#", or to the end (`!==`: the loop stops there, never reading past it).
  const host = path.startsWith('https://') ? 8 : path.startsWith('http://') ? 7 : 0;
  if (host > 0) {
    let end = host;
    while (end !== path.length && path[end] !== '/' && path[end] !== '?' && path[end] !== '#') end++;
    path = path.slice(end);
  } else path = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const query = path.search(/[?#]/);
  if (query >= 0) path = path.slice(0, query);
  if (!path.startsWith('/')) path = `/${path}`;
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

/**
 * The method and path of an operation written "METHOD /path" ("POST /2/facebook/metrics", or
 * with a full URL), undefined when `text` is not of that form.
 */
export function splitOperationKey(text: unknown): { method: string; path: string } | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(text);
  return match ? { method: match[1], path: match[2] } : undefined;
}

