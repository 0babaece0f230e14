/** Types of the one problem type: response and request problems, results, the client's issues. */
import { expectTypeOf, test } from 'vitest';
import type { ValidationIssue } from '../../src/client/index.js';
import type { Problem as ReportProblem } from '../../src/report/report-types.js';
import type { RequestProblem } from '../../src/index.js';
import type { Problem, ResponseProblem } from '../../src/core/problems/problem.js';
import { createResponseValidator, validateResponse, type ValidationError, type ValidationResult } from '../../src/validators/index.js';

test('response and request problems are the one Problem type, placed by pointer or by parameter', () => {
  expectTypeOf<ValidationError>().toEqualTypeOf<ResponseProblem>();
  expectTypeOf<ResponseProblem>().toExtend<Problem>();
  expectTypeOf<RequestProblem>().toExtend<Problem>();
  expectTypeOf<ValidationError['pointer']>().toEqualTypeOf<string>();
  expectTypeOf<RequestProblem['parameter']>().toEqualTypeOf<string>();
  expectTypeOf<RequestProblem['code']>().toEqualTypeOf<number>();
  expectTypeOf<Problem['severity']>().toEqualTypeOf<'error' | 'warning'>();
  // The CLI's report problems, and the client's issues, are read as response problems.
  expectTypeOf<ResponseProblem>().toExtend<ReportProblem>();
  expectTypeOf<ResponseProblem>().toExtend<ValidationIssue>();
  const problem = {} as ValidationError;
  // @ts-expect-error a problem is read-only
  problem.message = 'changed';
  // @ts-expect-error a response problem has no parameter
  void problem.parameter;
});

test('results are read-only, and every validator has the signature of validateResponse', () => {
  const result = validateResponse({ method: 'GET', path: '/2/facebook/profiles', body: {} });
  expectTypeOf(result).toEqualTypeOf<ValidationResult>();
  expectTypeOf(result.errors).toEqualTypeOf<readonly ValidationError[]>();
  // @ts-expect-error the lists of a result are read-only
  result.errors.push(problem());
  // @ts-expect-error so is its verdict
  result.valid = true;
  expectTypeOf(createResponseValidator().validate).toEqualTypeOf(validateResponse);
});

const problem = (): ValidationError => ({ pointer: '', message: 'x', rule: 'shared.response.json', severity: 'error' });
