/** The catalog-aware mock server of the social analytics API. */
export { startMockServer, type MockServer, type MockServerOptions, type MockUser, type MockLogEntry } from './server.js';
export type { Fault, FaultOptions } from './faults.js';
export type { BudgetLimits } from './budget.js';
export type { MockAccount, MockProfile, MockLabel } from './account.js';
export { EXTRA_DIMENSION_KEYS } from './values.js';
