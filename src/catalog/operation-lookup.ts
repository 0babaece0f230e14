/**
 * Operation lookup, the one module for it: by the exact path a server receives
 * (`operationAtPath`, the mock), and by a method and a captured request path or full URL
 * (`lookupOperation`, the validators and the CLI), where a path under a base path
 * (`/api/2/facebook/metrics`) matches by its API suffix. Unknown operations give a message
 * listing what exists, never a throw.
 */
import { operations, type OperationInfo, type OperationKey } from '../../generated/operations.js';

export type OperationLookup = { operation: OperationInfo & { key: OperationKey }; error?: undefined } | { operation?: undefined; error: string };

const byKey = new Map<string, OperationInfo & { key: OperationKey }>(operations.map((op) => [op.key, op]));
const versions = [...new Set(operations.map((op) => op.version))].sort();
const byPath = new Map<string, OperationInfo & { key: OperationKey }>(operations.map((op) => [op.path, op]));

/** The operation at exactly this path (any method), as a server routes it; undefined if none. */
export function operationAtPath(path: string): (OperationInfo & { key: OperationKey }) | undefined {
  return byPath.get(path);
}

/** The path part of a request path or URL: no scheme, host, query, fragment or trailing slash. */
export function requestPathname(pathOrUrl: string): string {
  let path = pathOrUrl.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      path = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
    }
  }
  path = path.replace(/[?#].*$/s, '');
  if (!path.startsWith('/')) path = `/${path}`;
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

function matchPath(pathname: string, method?: string) {
  return operations.filter((op) => (method === undefined || op.method === method) && (pathname === op.path || pathname.endsWith(op.path)));
}

/**
 * Answers by `method`, then `path`, as given: a CI run validates many captures of few
 * operations. Two lookups of the given strings: no key is built per call.
 */
const answers = new Map<string, Map<string, OperationLookup>>();
const MAX_ANSWERS = 512;
let answerCount = 0;

/** The operation of `method` and `path`, or an error naming the paths that exist (answers cached by the pair). */
export function lookupOperation(method: string, path: string): OperationLookup {
  if (typeof method !== 'string' || typeof path !== 'string') return findOperation(method, path);
  let byPath = answers.get(method);
  let answer = byPath?.get(path);
  if (answer === undefined) {
    if (answerCount >= MAX_ANSWERS) {
      answers.clear();
      answerCount = 0;
      byPath = undefined;
    }
    if (!byPath) answers.set(method, (byPath = new Map()));
    answer = findOperation(method, path);
    byPath.set(path, answer);
    answerCount++;
  }
  return answer;
}

function findOperation(method: string, path: string): OperationLookup {
  const verb = String(method ?? '').trim().toUpperCase();
  const pathname = requestPathname(String(path ?? ''));
  const exact = byKey.get(`${verb} ${pathname}`);
  if (exact) return { operation: exact };
  const suffix = matchPath(pathname, verb);
  if (suffix.length) return { operation: suffix.sort((a, b) => b.path.length - a.path.length)[0] };
  const otherMethods = matchPath(pathname);
  if (otherMethods.length) {
    return { error: `${verb || '(no method)'} ${pathname} is not an operation: ${otherMethods.map((op) => op.key).join(', ')} is` };
  }
  const version = versions.find((v) => pathname === `/${v}` || pathname.startsWith(`/${v}/`) || pathname.includes(`/${v}/`));
  if (version === undefined) {
    return { error: `unknown operation ${verb} ${pathname}: API paths start with ${versions.map((v) => `/${v}/`).join(' or ')}` };
  }
  const known = operations.filter((op) => op.version === version).map((op) => op.key);
  return { error: `unknown operation ${verb} ${pathname}; version ${version} has: ${known.join(', ')}` };
}
