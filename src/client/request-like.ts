/** The request objects the client sends: a builder's request or any `{ method, path, body }`. */

/** Anything shaped like a builder's request. */
export interface RequestLike {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
  readonly operation?: string;
}

/** The operation key of a request: its own, or "METHOD /path". */
export function requestKey(request: RequestLike): string {
  return request.operation ?? `${request.method} ${request.path}`;
}
