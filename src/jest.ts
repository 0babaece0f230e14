/**
 * `social-analytics-api/jest`: the matchers and capture cases of `social-analytics-api/matchers`,
 * typed for jest: `expect.extend(matchers)` (in a test file or a `setupFilesAfterEach` module)
 * adds `toBeValidResponse` and `toSatisfyApi` to jest's `expect`, for the typings of
 * `@jest/globals` (the `expect` package of jest 30) and of `@types/jest` (the `jest` namespace).
 * CommonJS tests `require()` it: `test.each(captureCasesSync('captures'))('%s', ...)` needs no
 * `await`. A passing assertion's warnings go to the test's console (src/matchers/warnings.ts).
 */
// The augmentation below needs jest's `expect` package in the program (an augmentation alone does not load it).
/// <reference types="expect" preserve="true" />
import type { ApiMatchers } from './matchers/types.js';

export { matchers, type MatcherThis, type MatcherResult } from './matchers/matchers.js';
export { captureCases, captureCasesSync } from './matchers/capture-cases.js';
export type { ApiMatchers, CaptureCase, CaptureCaseOptions, PlainAnswer, ResponseOperation, SatisfyOptions, SatisfyRequest, ValidResponseOptions } from './matchers/types.js';

declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends ApiMatchers<R, T> {}
}

declare global {
  // The namespace of @types/jest, whose `expect` is a global.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Matchers<R, T = {}> extends ApiMatchers<R, T> {}
  }
}
