/**
 * The request target a caller sent, as the proxy forwards it, normalised or refused as nginx
 * does (RFC 9112 3.2, RFC 3986 5.2.4):
 *
 * - origin form (`/a/./b/../c?q`): dot segments removed (also written `%2e`), the query kept as
 *   sent; a `..` that would climb above the root is refused (400);
 * - absolute form (`http://host/path?q`, what a caller configured for a forward proxy sends):
 *   its path and query are taken, its host is not (the target is fixed);
 * - asterisk form (`OPTIONS *`) and anything else that is not a path: refused (400).
 *
 * CONNECT (authority form) never gets here: the server answers it 405.
 */

/** A forwarded path and query, or why the request target is refused. */
export type RequestTarget = { path: string } | { refused: string };

const DOT = /^(?:\.|%2e)$/i;
const DOT_DOT = /^(?:\.|%2e){2}$/i;

/** `path` (starting with `/`, no query) with its dot segments removed, or undefined when one climbs above the root. */
function withoutDotSegments(path: string): string | undefined {
  const segments = path.split('/').slice(1);
  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const last = i === segments.length - 1;
    if (DOT.test(segment)) {
      if (last) out.push('');
    } else if (DOT_DOT.test(segment)) {
      if (!out.length) return undefined;
      out.pop();
      if (last) out.push('');
    } else out.push(segment);
  }
  return `/${out.join('/')}`;
}

/** The path and query to forward for the request target `url` as the caller sent it. */
export function requestTarget(url: string): RequestTarget {
  let target = url;
  if (!target.startsWith('/')) {
    if (target === '*') return { refused: 'the asterisk form ("*") names the server, not a resource: the proxy does not forward it' };
    if (!/^https?:\/\//i.test(target)) return { refused: 'the request target is neither a path nor an http(s) URL' };
    let parsed: URL;
    try {
      parsed = new URL(target);
    } catch {
      return { refused: 'the request target is not a valid URL' };
    }
    target = `${parsed.pathname}${parsed.search}`;
  }
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const normalised = withoutDotSegments(path);
  if (normalised === undefined) return { refused: 'the path climbs above the root with ".."' };
  return { path: `${normalised}${q < 0 ? '' : target.slice(q)}` };
}
