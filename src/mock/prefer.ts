/**
 * The `Prefer` request header as Prism reads it (RFC 7240 preferences): `code=N` answers the
 * documented failure with error code N (200: the usual answer), `example=NAME` the named example
 * of the operation's HTTP 200 answer in the OpenAPI documents. Other preferences are ignored, as
 * the RFC asks; a code or example the operation does not have is a failure (code 400) naming the
 * ones it has.
 */
import { catalogs } from '../catalog/catalogs.js';
import type { OperationInfo } from '../../generated/operations.js';
import { responseExamples } from '../../generated/response-examples.js';
import type { ErrorCode } from '../catalog/types.js';
import { quoted } from './echo.js';
import { MockFailure } from './failures.js';

/** What a request prefers: a failure, an example body, or nothing (the usual answer). */
export type Preferred = { failure: number } | { example: unknown } | undefined;

/** The error codes the error catalog lists for the operation. */
export function failureCodesOf(op: Pick<OperationInfo, 'key' | 'version'>): number[] {
  return (catalogs.errors as readonly ErrorCode[])
    .filter((e) => e.endpoints === 'all' || ((op.version === 1 ? e.endpoints.v1 : e.endpoints.v2) ?? []).includes(op.key))
    .map((e) => e.code);
}

/** The `code` and `example` preferences of a Prefer header (the first of each; parameters after `;` dropped). */
function preferences(header: string): { code?: string; example?: string } {
  const found: { code?: string; example?: string } = {};
  for (const item of header.split(',')) {
    const [name, ...rest] = item.split(';')[0].split('=');
    const key = name.trim().toLowerCase();
    const value = rest.join('=').trim().replace(/^"(.*)"$/, '$1');
    if ((key === 'code' || key === 'example') && found[key] === undefined) found[key] = value;
  }
  return found;
}

/** The answer a Prefer header asks of `op`; throws MockFailure (code 400) for a code or example it does not have. */
export function preferredAnswer(header: string | string[] | undefined, op: Pick<OperationInfo, 'key' | 'version'>): Preferred {
  if (header === undefined) return undefined;
  const { code, example } = preferences(Array.isArray(header) ? header.join(',') : header);
  if (code !== undefined && code !== '200') {
    const codes = failureCodesOf(op);
    const n = /^\d{1,3}$/.test(code) ? Number(code) : NaN;
    if (!codes.includes(n)) throw new MockFailure(400, [`Prefer: code=${quoted(code)} is not a failure of ${op.key}; it has codes ${codes.join(', ')} (or 200).`]);
    if (example !== undefined) throw new MockFailure(400, [`Prefer: asks for code=${n} and example=${quoted(example)}; the examples are HTTP 200 answers, ask for one of the two.`]);
    return { failure: n };
  }
  if (example === undefined) return undefined;
  const named = responseExamples[op.key] ?? {};
  if (!Object.hasOwn(named, example)) {
    const names = Object.keys(named);
    throw new MockFailure(400, [`Prefer: example=${quoted(example)} is not an example of ${op.key}; ${names.length ? `it has ${names.join(', ')}` : 'it has none'}.`]);
  }
  return { example: named[example] };
}
