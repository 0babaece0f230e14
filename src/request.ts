/**
 * The plain request object every builder returns and the client sends (`ApiRequest`: method,
 * path and body, plus a phantom type of the success body), and the success body type of a built
 * request (`ResponseOf`). Declared in generated/operations.ts beside the operation keys that type
 * it, since the generated builders return it and generated/ imports nothing from src/.
 */
export type { ApiRequest, RequestWarning, ResponseOf } from '../generated/operations.js';
