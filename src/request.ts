/**
 * The plain request object every builder returns and the client sends: method, path and
 * body, plus a phantom type of the success body the API answers with.
 */
import type { OperationKey } from '../generated/operations.js';

export interface ApiRequest<TBody = unknown, TResponse = unknown, TKey extends OperationKey = OperationKey> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body: TBody;
  /** "POST /2/facebook/metrics" */
  readonly operation: TKey;
  /** Type-only: the success body of this request. Never set at run time. */
  readonly __response?: TResponse;
}

/**
 * The success body type of a built request: its phantom `__response` without the `undefined` of
 * the optional member. A member lookup rather than an inference against ApiRequest, and an
 * intersection with `{}` (which drops `undefined`) rather than `Exclude`, a conditional type
 * distributed over the member's union for every request: together about a third of the type
 * instantiations of a builder call.
 */
export type ResponseOf<R extends { readonly __response?: unknown }> = R['__response'] & {};
