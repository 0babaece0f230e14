/**
 * `import 'social-analytics-api/vitest'` adds the matcher
 * `expect(body).toBeValidResponse('POST /2/facebook/metrics', { request, status, strict })` to
 * vitest. It passes when `validateResponse` finds no error (with `strict`, no warning either:
 * broken inferred rules are errors then); the failure message lists errors and warnings.
 */
import { expect } from 'vitest';
import type { ValidationError } from './validators/types.js';
// The package's validators entry: one bundled file once compiled (scripts/compile-javascript.mjs).
import { formatError, validateResponse } from './validators/index.js';
import type { OperationKey } from '../generated/operations.js';

/** Options of `toBeValidResponse`. */
export interface ValidResponseOptions {
  /** The request body that was sent (or a built request, or its JSON text); enables the request-aware checks. */
  request?: unknown;
  /** HTTP status of the response; 200 when omitted. */
  status?: number;
  /** Broken inferred rules fail the assertion too (by default they are warnings). */
  strict?: boolean;
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

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `  /data/0: expected number, got "x" (rule v2.metrics.data-numbers)`, one line per problem. */
const lines = (problems: readonly ValidationError[]) => problems.map((p) => `  ${formatError(p)} (rule ${p.rule})`).join('\n');

expect.extend({
  toBeValidResponse(received: unknown, operation: unknown, options?: ValidResponseOptions) {
    const target = splitOperation(operation);
    if (!target) {
      return {
        pass: false,
        message: () => `toBeValidResponse: expected an operation like "POST /2/facebook/metrics", got ${JSON.stringify(operation)}`,
      };
    }
    const strict = options?.strict === true;
    const result = validateResponse({ ...target, body: received, request: options?.request, status: options?.status, strict });
    const name = result.operation ?? `${target.method.toUpperCase()} ${target.path}`;
    const problems = () => {
      const parts = [`${count(result.errors.length, 'error')}:\n${lines(result.errors)}`];
      if (result.warnings.length) parts.push(`${count(result.warnings.length, 'warning')}:\n${lines(result.warnings)}`);
      return parts.join('\n');
    };
    return {
      pass: result.valid,
      message: () =>
        result.valid
          ? `expected the body not to be a valid response of ${name}${strict ? ' (strict)' : ''}, but it is`
          : `expected a valid response of ${name}${options?.request !== undefined ? ' for the given request' : ''}${strict ? ' (strict)' : ''}; ${problems()}`,
    };
  },
});
