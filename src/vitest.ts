/**
 * `import 'social-analytics-api/vitest'` adds the matcher
 * `expect(body).toBeValidResponse('POST /2/facebook/metrics', { request, status })` to vitest.
 * It passes when `validateResponse` finds no error; the failure message lists the errors.
 */
import { expect } from 'vitest';
import { formatErrors } from './validators/format.js';
import { validateResponse } from './validators/validate-response.js';
import type { OperationKey } from '../generated/operations.js';

/** Options of `toBeValidResponse`. */
export interface ValidResponseOptions {
  /** The request body that was sent (or a built request); enables the request-aware checks. */
  request?: unknown;
  /** HTTP status of the response; 200 when omitted. */
  status?: number;
}

/** `"POST /2/facebook/metrics"`, or any `"METHOD path-or-URL"`. */
export type ResponseOperation = OperationKey | `${'GET' | 'POST' | 'get' | 'post'} ${string}`;

declare module 'vitest' {
  interface Matchers<T = any> {
    /** The received body is a response the API can produce for `operation` (and `options.request`). */
    toBeValidResponse(operation: ResponseOperation, options?: ValidResponseOptions): T;
  }
}

function splitOperation(operation: unknown): { method: string; path: string } | undefined {
  if (typeof operation !== 'string') return undefined;
  const match = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(operation);
  return match ? { method: match[1], path: match[2] } : undefined;
}

expect.extend({
  toBeValidResponse(received: unknown, operation: unknown, options?: ValidResponseOptions) {
    const target = splitOperation(operation);
    if (!target) {
      return {
        pass: false,
        message: () => `toBeValidResponse: expected an operation like "POST /2/facebook/metrics", got ${JSON.stringify(operation)}`,
      };
    }
    const result = validateResponse({ ...target, body: received, request: options?.request, status: options?.status });
    const name = result.operation ?? `${target.method.toUpperCase()} ${target.path}`;
    return {
      pass: result.valid,
      message: () =>
        result.valid
          ? `expected the body not to be a valid response of ${name}, but it is`
          : `expected a valid response of ${name}${options?.request !== undefined ? ' for the given request' : ''}; ${result.errors.length} error${result.errors.length === 1 ? '' : 's'}:\n${formatErrors(result.errors, '  ')}`,
    };
  },
});
