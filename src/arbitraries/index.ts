/**
 * `social-analytics-api/arbitraries`: fast-check arbitraries from the catalogs: valid requests
 * per operation, the mock's answers to a request, and invalid requests per request rule.
 * fast-check is an optional peer dependency: only this entry imports it.
 */
export { answerTo, anyValidRequest, arbitraryAccount, validRequest, type ArbitraryRequest, type RequestArbitraryOptions } from './arbitraries.js';
export { BREAKABLE_RULES, IMPLIED_RULES, invalidRequest, operationsBreaking, unknownOperationRequest, type BreakableRule, type RequestBody } from './invalid.js';
