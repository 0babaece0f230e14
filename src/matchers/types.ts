/** The types of the matchers (`social-analytics-api/matchers`, `/jest`, `/vitest`), runner by runner the same. */
import type { OperationKey } from '../../generated/operations.js';

/** Options of `toBeValidResponse`. */
export interface ValidResponseOptions {
  /** The request body that was sent (or a built request, or its JSON text); enables the request-aware checks. */
  request?: unknown;
  /** HTTP status of the response; 200 when omitted. */
  status?: number;
  /**
   * Broken inferred rules fail the assertion too (by default they are warnings). For answers of
   * your own fakes and fixtures; captures of the real API are checked without it.
   */
  strict?: boolean;
}

/** `"POST /2/facebook/metrics"`, or any `"METHOD path-or-URL"`. */
export type ResponseOperation = OperationKey | `${'GET' | 'POST' | 'get' | 'post'} ${string}`;

/**
 * One recorded response of a capture file or HAR file, shaped as a capture; `name` is the test's
 * name (`captures/a.json#2 POST /2/facebook/metrics`), whole and unique among the cases, and is
 * also what the case gives as a string (`test.each(cases)('%s', ...)` shows it whole).
 */
export interface CaptureCase {
  name: string;
  /** The file, and for an array or a HAR file the entry: `captures/a.json`, `session.har#14`. */
  source: string;
  method: string;
  path: string;
  status?: number;
  request?: unknown;
  /** The response body. */
  response: unknown;
  /** Why the response cannot be checked (the file is unreadable, the body is not JSON): the matcher fails with it. */
  problem?: string;
}

/** Options of `captureCases`. */
export interface CaptureCaseOptions {
  /** Paths are resolved against it, and case names are relative to it; the working directory when omitted. */
  cwd?: string;
  /** Return no cases rather than throw when the inputs hold no API response. */
  allowEmpty?: boolean;
}

/**
 * The request that was sent, whole: its method, its path (or full URL) and its body. A built
 * request (`v2.facebook.metrics({ ... })`) is one; a body alone is not (it names no operation).
 */
export interface SatisfyRequest {
  method: string;
  /** The path or full URL. */
  path: string;
  /** The request body as sent (a value, or its JSON text). */
  body?: unknown;
}

/** A plain answer: the status and the parsed body (and the URL it came from, when no request is given). */
export interface PlainAnswer {
  status: number;
  body: unknown;
  url?: string;
}

/** Options of `toSatisfyApi`. */
export interface SatisfyOptions {
  /** Broken inferred rules fail the assertion too (by default they are warnings). */
  strict?: boolean;
}

/**
 * The matchers as a test runner's `expect` types them: `R` is what an assertion returns (`void`,
 * or a Promise after `.resolves`), `T` the received value's type. `social-analytics-api/vitest`
 * and `/jest` add them to their runner's `Matchers`; another runner's typings can extend it too.
 */
export interface ApiMatchers<R = void, T = unknown> {
  /**
   * `(operation, options?)`: the received body is a response the API can produce for
   * `operation` (and `options.request`). `(options?)`: the received capture (`{ method, path,
   * request?, response, status? }`, a case of `captureCases`) holds a response the API can
   * produce for its request. One signature with both parameter lists (not two overloads), so
   * that `.resolves` and `.rejects`, which keep one signature of a matcher, take both.
   */
  toBeValidResponse(...args: [operation: ResponseOperation, options?: ValidResponseOptions] | [options?: ValidResponseOptions]): R;
  /**
   * The received answer (a fetch `Response`, or `{ status, body, url? }`) is one the API can
   * give to `sentRequest`: the request as a whole (`{ method, path, body? }`, what a builder
   * returns, or a fetch `Request`), never its body alone; without it, the operation of the
   * response URL's path, and no request-aware check. Async for a `Response` or a fetch `Request`
   * (a body is read): `await expect(res).toSatisfyApi(sentRequest)`.
   */
  toSatisfyApi<Q extends SatisfyRequest | Request | undefined = undefined>(sentRequest?: Q, options?: SatisfyOptions): T extends Response ? Promise<void> : Q extends Request ? Promise<void> : R;
}
