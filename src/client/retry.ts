/**
 * Retry policy: exponential backoff with jitter for transient failures. Retried: error codes
 * 10 and 11 (hourly request limits), HTTP 500 whatever its body (JSON, HTML, empty), network
 * failures and timeouts. Never retried: other 4xx, codes 3 to 8, a redirect away from the API,
 * a call stopped by the caller's signal, a body past `maxBodyBytes` (even with HTTP 500) and every
 * other failure (they would fail the same way
 * again). A `Retry-After` header (seconds or an HTTP date) on a retried answer sets the delay,
 * capped at `maxDelayMs`.
 */
import { ApiError } from './errors.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 3); 0 disables retrying. */
  retries?: number;
  /** Delay before the first retry in ms (default 1000). */
  baseDelayMs?: number;
  /** Growth per retry (default 2). */
  factor?: number;
  /** Upper bound of one delay in ms (default 60000), a server's `Retry-After` included. */
  maxDelayMs?: number;
  /** Share of the delay that is random, 0..1 (default 0.5: delay/2 + random * delay/2). */
  jitter?: number;
}

export type ResolvedRetry = Required<RetryOptions>;

const DEFAULT_RETRY: ResolvedRetry = { retries: 3, baseDelayMs: 1000, factor: 2, maxDelayMs: 60_000, jitter: 0.5 };

/** Fills defaults; `false` means no retries. */
export function resolveRetry(options: RetryOptions | false | undefined): ResolvedRetry {
  if (options === false) return { ...DEFAULT_RETRY, retries: 0 };
  const r = { ...DEFAULT_RETRY, ...(options ?? {}) };
  for (const key of Object.keys(DEFAULT_RETRY) as (keyof ResolvedRetry)[]) {
    if (typeof r[key] !== 'number' || !Number.isFinite(r[key]) || r[key] < 0) throw new RangeError(`createClient: option "retry.${key}" must be a number >= 0, got ${String(r[key])}`);
  }
  if (r.jitter > 1) throw new RangeError('createClient: option "retry.jitter" must be between 0 and 1');
  return r;
}

/** The delay before retry number `retry` (0-based), with jitter from `random` (0..1). */
export function backoffDelay(policy: ResolvedRetry, retry: number, random: () => number): number {
  const plain = Math.min(policy.maxDelayMs, policy.baseDelayMs * policy.factor ** retry);
  return plain * (1 - policy.jitter) + random() * plain * policy.jitter;
}

/**
 * The delay a `Retry-After` header asks for, in ms from `now`: delay-seconds or an HTTP date
 * (RFC 9110, 10.2.3); undefined when absent or unreadable.
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its day and month ("Thu, 01 Jan 2026 00:00:05 GMT"); "1.5" or "-1" are no date.
  const date = /^[A-Za-z]{3}/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The delay before retry number `retry` (0-based): the server's `Retry-After` if any (capped), else the backoff. */
export function retryDelay(policy: ResolvedRetry, retry: number, random: () => number, retryAfter: number | undefined): number {
  return retryAfter === undefined ? backoffDelay(policy, retry, random) : Math.min(policy.maxDelayMs, retryAfter);
}

const RATE_LIMIT_CODES = new Set([10, 11]);

/** Whether a failure is transient and worth retrying (see the module comment). */
export function isRetriable(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind === 'too-large' || error.kind === 'no-progress') return false;
  if (error.kind === 'network' || error.kind === 'timeout' || error.httpStatus === 500) return true;
  return error.kind === 'api' && error.errors.length > 0 && error.errors.every((e) => RATE_LIMIT_CODES.has(e.code));
}
