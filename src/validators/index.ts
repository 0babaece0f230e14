/**
 * `social-analytics-api/validators`: checks that a response body is one the API can produce,
 * with precompiled JSON Schema validators (generated/validators) and request-aware checks.
 */
export { validateResponse } from './validate-response.js';
export { formatError, formatErrors } from './format.js';
export { lookupOperation, type OperationLookup } from '../operations/operation-of.js';
export type { Severity, ValidateResponseInput, ValidationError, ValidationResult } from './types.js';
