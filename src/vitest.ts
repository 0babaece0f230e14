/**
 * `import 'social-analytics-api/vitest'` adds the matchers of `social-analytics-api/matchers` to
 * vitest (`expect.extend(matchers)` on import) and to its `Matchers` type:
 * `expect(body).toBeValidResponse('POST /2/facebook/metrics', { request, status, strict })`,
 * `await expect(response).toSatisfyApi(sentRequest)`. It also exports `captureCases` and
 * `captureCasesSync`, for `test.each(await captureCases('captures'))('%s', (c) => expect(c).toBeValidResponse())`.
 * Warnings of a passing assertion become test annotations (src/matchers/warnings.ts).
 */
import { expect } from 'vitest';
import { matchers } from './matchers/matchers.js';
import type { ApiMatchers } from './matchers/types.js';

export { captureCases, captureCasesSync } from './matchers/capture-cases.js';
export type { CaptureCase, CaptureCaseOptions, PlainAnswer, ResponseOperation, SatisfyOptions, SatisfyRequest, ValidResponseOptions } from './matchers/types.js';

// Like vitest's own assertions (`toBe`, `toEqual`: `=> void`), the matchers return nothing, so
// `test.each(cases)('%s', (c) => expect(c).toBeValidResponse())` fits the test function's type
// (`=> Awaitable<void>`); `expect(...).resolves` and `.rejects` make it a Promise<void> as usual.
declare module 'vitest' {
  interface Matchers<T = any> extends ApiMatchers<void, T> {}
}

expect.extend(matchers);
