/**
 * `social-analytics-api/msw`: msw handlers that answer as the mock server does (`createHandlers`),
 * and `validateAnswers`, which fails a test whose app received an answer the API cannot give.
 * msw is an optional peer dependency: only this entry imports it.
 */
export { createHandlers, type MockHandlers, type MockHandlersOptions } from './handlers.js';
export { validateAnswers, type AnswerValidation, type InvalidAnswer, type MswLifeCycle, type ValidateAnswersOptions } from './validate-answers.js';
export type { MockUser, MockEngineOptions } from '../mock/engine.js';
export type { Fault, FaultOptions } from '../mock/faults.js';
export type { BudgetLimits } from '../mock/budget.js';
export type { MockAccount, MockProfile, MockLabel } from '../mock/account.js';
