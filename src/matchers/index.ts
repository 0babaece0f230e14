/**
 * `social-analytics-api/matchers`: the matchers and capture cases for any test runner, importing
 * none: `expect.extend(matchers)` adds `toBeValidResponse` and `toSatisfyApi`;
 * `captureCases(paths)` (a Promise) and `captureCasesSync(paths)` read capture and HAR files into
 * named cases for `test.each`. Typed for no runner: `/jest` and `/vitest` add the matchers to
 * their runner's types (`ApiMatchers` is the shape to add for another).
 */
export { matchers, type MatcherThis, type MatcherResult } from './matchers.js';
export { captureCases, captureCasesSync } from './capture-cases.js';
export type { ApiMatchers, CaptureCase, CaptureCaseOptions, PlainAnswer, ResponseOperation, SatisfyOptions, SatisfyRequest, ValidResponseOptions } from './types.js';
