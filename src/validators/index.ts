/**
 * `social-analytics-api/validators`: checks that a response body is one the API can produce,
 * with precompiled JSON Schema validators (generated/validators) and request-aware checks; and
 * `checkRequest` for a request of either version, the check the builders, the mock and the
 * refusal rules run (`/v1` and `/v2` export one version's).
 */
export { createResponseValidator, validateResponse, type ResponseValidatorInstance, type ValidateResponseOptions } from './validate-response.js';
export { formatError, formatErrors } from '../core/problems/problem-lines.js';
export { checkRequest, type CheckRequestOptions, type RequestProblem } from '../request-checks/check.js';
export { lookupOperation, type Operation, type OperationInfo, type OperationKey, type OperationLookup } from '../operations/operation-of.js';
export type { OperationKind } from '../../generated/operations.js';
export type { ResponseProblem, RuleId, Severity, ValidateResponseInput, ValidationError, ValidationResult } from './types.js';
