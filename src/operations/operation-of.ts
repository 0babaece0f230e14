/**
 * The operation lookup, the one module that matches API paths (read by ./request-path.ts): from a
 * method and a request path or full URL to the generated record of the operation (generated/operations.ts: key, version,
 * network, kind, operationId, schema names). Everything else (client, splitting, matcher, CLI,
 * validators, mock) asks here rather than parsing paths; the builders carry their operation's
 * record (generated/builders/v*-operations.ts). A path under a base path
 * (`/api/2/facebook/metrics`) matches by its API suffix; a URL's scheme, host, query and fragment
 * are ignored. The tables are built once from the generated list and never change: nothing is
 * kept between calls.
 */
import { operations, type OperationInfo, type OperationKey } from '../../generated/operations.js';
import { requestPathname } from './request-path.js';

/** The generated record of one operation. */
export type Operation = Readonly<OperationInfo & { key: OperationKey }>;

/**
 * A found operation, or why there is none; `version`: the API version the path is under when it
 * names no operation (a documented path asked with another method, or an unknown path of a version).
 */
export type OperationLookup = { readonly operation: Operation; readonly error?: undefined } | { readonly operation?: undefined; readonly error: string; readonly version?: number };

/** The answer of each operation, one frozen object per operation (callers may key tables by it). */
const answers: ReadonlyMap<Operation, OperationLookup> = new Map(operations.map((op) => [op, Object.freeze({ operation: op })]));
const byPath: ReadonlyMap<string, Operation> = new Map(operations.map((op) => [op.path, op]));
/** The operations by method, then path (a lookup of both without building a key string). */
const byMethodAndPath: ReadonlyMap<string, ReadonlyMap<string, Operation>> = operations.reduce(
  (table, op) => table.set(op.method, (table.get(op.method) ?? new Map<string, Operation>()).set(op.path, op)),
  new Map<string, Map<string, Operation>>(),
);
// Stryker disable next-line MethodExpression: the generated list holds version 1's operations before version 2's, so the versions come sorted either way
const versions: readonly number[] = [...new Set(operations.map((op) => op.version))].sort();

/** The operation at exactly this path (any method), as a server routes it; undefined if none. */
export function operationAtPath(path: string): Operation | undefined {
  return byPath.get(path);
}

/** The last segments of the operations' paths (`/metrics`, ...): a path ending with an operation's path ends with one of them. */
const lastSegments: ReadonlySet<string> = new Set(operations.map((op) => op.path.slice(op.path.lastIndexOf('/'))));

/** The operations whose path `pathname` is or ends with, of `method` if given, longest path first. */
function matchPath(pathname: string, method?: string): Operation[] {
  // Most paths that are no operation (a page's assets) end with no operation's last segment.
  if (!lastSegments.has(pathname.slice(pathname.lastIndexOf('/')))) return [];
  // An operation's path starts with "/": a path that ends with it ends with it at a segment.
  const found = operations.filter((op) => (method === undefined || op.method === method) && pathname.endsWith(op.path));
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: no operation's path ends with another's and none has two methods (test/operations/operation-lookup.test.ts checks the generated list), so at most one operation matches and the order is moot
  return found.sort((a, b) => b.path.length - a.path.length);
}

/** The API version whose paths `path` is under (`/1/...`, `/2/...`), undefined if none. */
export function apiVersionOf(path: string): number | undefined {
  return versions.find((v) => path.startsWith(`/${v}/`));
}

/** A path segment of lowercase letters and underscores (a network, `page`, `profile`). */
function isWord(segment: string): boolean {
  if (segment.length === 0) return false;
  for (const c of segment) if (!((c >= 'a' && c <= 'z') || c === '_')) return false;
  return true;
}

/**
 * The version and network segment of a path (or URL) that reads as a post list's,
 * `/<version>/<network>[/<segment>...]/posts` (under a base path too), whether the documents
 * list it or not; undefined for any other path.
 */
export function postListPathOf(path: string): { readonly version: number; readonly network: string } | undefined {
  const segments = requestPathname(path).split('/');
  const last = segments.length - 1;
  if (segments[last] !== 'posts') return undefined;
  for (let i = 1; i + 1 < last; i++) {
    const version = Number(segments[i]);
    if (!versions.includes(version) || segments[i] !== String(version)) continue;
    const rest = segments.slice(i + 1, last);
    return rest.every(isWord) ? { version, network: rest[0] } : undefined;
  }
  return undefined;
}

/**
 * The operation of `method` ("GET", "post") and `path` (a request path, a path under a base path,
 * or a full URL with host and query), or undefined when no operation of the API matches.
 */
export function operationOf(method: string, path: string): Operation | undefined {
  // A method and path as the builders write them: two map reads, no normalising.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: a fast path: normalisedOperationOf finds the same operation for any method and path, a string or not
  return (typeof path === 'string' ? byMethodAndPath.get(method)?.get(path) : undefined) ?? normalisedOperationOf(method, path);
}

/** {@link operationOf} of a method and path written any way: any case, padded, a URL, under a base path. */
function normalisedOperationOf(method: string, path: string): Operation | undefined {
  // Stryker disable next-line StringLiteral: no method is no operation, whatever text stands for it
  const verb = String(method ?? '').trim().toUpperCase();
  // Stryker disable next-line StringLiteral: no path is no operation, whatever text stands for it
  const pathname = requestPathname(String(path ?? ''));
  return byMethodAndPath.get(verb)?.get(pathname) ?? matchPath(pathname, verb)[0];
}

/**
 * {@link operationOf} with the reason when there is no operation: a message naming the methods
 * the path has, or the operations of the path's version. Never throws. The answer of a found
 * operation is the same frozen object at every call.
 */
export function lookupOperation(method: string, path: string): OperationLookup {
  const found = operationOf(method, path);
  if (found) return answers.get(found)!;
  // No operation: the method and path normalised again, only to say why.
  const verb = String(method ?? '').trim().toUpperCase();
  const pathname = requestPathname(String(path ?? ''));
  const otherMethods = matchPath(pathname);
  if (otherMethods.length) {
    // Stryker disable next-line StringLiteral: no path of the API has two methods (test/operations/operation-lookup.test.ts), so one key is listed
    const keys = otherMethods.map((op) => op.key).join(', ');
    return { error: `${verb || '(no method)'} ${pathname} is not an operation: ${keys} is`, version: otherMethods[0].version };
  }
  const version = versions.find((v) => pathname === `/${v}` || pathname.includes(`/${v}/`));
  if (version === undefined) {
    return { error: `unknown operation ${verb} ${pathname}: API paths start with ${versions.map((v) => `/${v}/`).join(' or ')}` };
  }
  const known = operations.filter((op) => op.version === version).map((op) => op.key);
  return { error: `unknown operation ${verb} ${pathname}; version ${version} has: ${known.join(', ')}`, version };
}

export type { OperationInfo, OperationKey };
