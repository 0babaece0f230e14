/**
 * The `Prefer` request header (RFC 7240 preferences). Where the header means the same as in
 * Prism, it is read as Prism reads it: `code=S` is an HTTP status, the operation's documented
 * answer of that status (200: the usual answer; 401: the failure with code 401, ...), and
 * `example=NAME` the named example of the operation's HTTP 200 answer in the OpenAPI documents.
 * The API's own error codes, most of which come with HTTP 200, are asked for under a name Prism
 * does not read: `error=N` answers the documented failure with error code N. Other preferences are
 * ignored, as the RFC asks; a status, code or example the operation does not have, or two that
 * contradict each other, is a failure (code 400) naming the ones it has.
 */
import { catalogs } from '../catalog/catalogs.js';
import type { OperationInfo } from '../../generated/operations.js';
import { responseExamples } from '../../generated/response-examples.js';
import type { ErrorCode } from '../shared/catalog-types.js';
import { failuresOf as failuresIn, statusesOf as statusesIn } from '../shared/failures.js';
import { quoted } from './echo.js';
import { MockFailure } from './failures.js';

/** What a request prefers: a failure (by its error code, and the preference that asked for it), an example body, or nothing (the usual answer). */
export type Preferred = { failure: number; asked: string } | { example: unknown } | undefined;

/** The preference names the mock reads. */
const NAMES = ['code', 'error', 'example'] as const;
type Name = (typeof NAMES)[number];

/** The errors of the error catalog the operation can answer. */
export const failuresOf = (op: Pick<OperationInfo, 'key' | 'version'>): readonly ErrorCode[] => failuresIn(catalogs.errors, op);

/** The HTTP statuses the operation answers with: 200 and those of its failures, in order. */
export const statusesOf = (op: Pick<OperationInfo, 'key' | 'version'>): number[] => statusesIn(catalogs.errors, op);

/** The `code`, `error` and `example` preferences of a Prefer header (the first of each; parameters after `;` dropped). */
function preferences(header: string): Partial<Record<Name, string>> {
  const found: Partial<Record<Name, string>> = {};
  for (const item of header.split(',')) {
    const [name, ...rest] = item.split(';')[0].split('=');
    const key = name.trim().toLowerCase() as Name;
    const value = rest.join('=').trim().replace(/^"(.*)"$/, '$1');
    if (NAMES.includes(key) && found[key] === undefined) found[key] = value;
  }
  return found;
}

const number = (text: string) => (/^\d{1,3}$/.test(text) ? Number(text) : NaN);

/** The answer a Prefer header asks of `op`; throws MockFailure (code 400) for what it does not have. */
export function preferredAnswer(header: string | string[] | undefined, op: Pick<OperationInfo, 'key' | 'version'>): Preferred {
  if (header === undefined) return undefined;
  const { code, error, example } = preferences(Array.isArray(header) ? header.join(',') : header);
  const failures = failuresOf(op);
  const refuse = (text: string) => new MockFailure(400, [`Prefer: ${text}`]);
  let failure: ErrorCode | undefined;
  if (error !== undefined) {
    failure = failures.find((e) => e.code === number(error));
    if (!failure) throw refuse(`error=${quoted(error)} is not an error code of ${op.key}; it has ${failures.map((e) => e.code).join(', ')}.`);
  }
  if (code !== undefined) {
    const status = number(code);
    const statuses = statusesOf(op);
    if (!statuses.includes(status)) {
      const asError = failures.some((e) => e.code === status && e.httpStatus !== status) ? ` For the API error code ${status}, ask error=${status}.` : '';
      throw refuse(`code=${quoted(code)} is an HTTP status, as Prism reads it; ${op.key} answers ${statuses.join(', ')}.${asError}`);
    }
    if (failure && failure.httpStatus !== status) throw refuse(`error=${failure.code} comes with HTTP ${failure.httpStatus}, not code=${status}; ask for one of the two.`);
    if (status !== 200) failure ??= failures.find((e) => e.httpStatus === status);
  }
  if (failure) {
    if (example !== undefined) throw refuse(`asks for the failure with code ${failure.code} and example=${quoted(example)}; the examples are success answers, ask for one of the two.`);
    return { failure: failure.code, asked: error !== undefined ? `error=${failure.code}` : `code=${failure.httpStatus}` };
  }
  if (example === undefined) return undefined;
  const named = responseExamples[op.key] ?? {};
  if (!Object.hasOwn(named, example)) {
    const names = Object.keys(named);
    throw refuse(`example=${quoted(example)} is not an example of ${op.key}; ${names.length ? `it has ${names.join(', ')}` : 'it has none'}.`);
  }
  return { example: named[example] };
}
