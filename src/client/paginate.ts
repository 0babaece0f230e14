/**
 * Cursor pagination of post lists: resend every parameter unchanged plus `after` = the
 * previous `next`, until an answer has no `next`. Each page is fetched exactly once.
 */
import type { RequestLike } from './request-like.js';

/** Options of one call: `signal` aborts it (a page in flight, and the pages after it). */
export interface CallOptions {
  signal?: AbortSignal;
}

/** The post type of a posts answer `{ data: { posts: P[] } }`. */
export type PostOf<A> = A extends { data: { posts: (infer P)[] } } ? P : unknown;

interface PostsAnswer {
  data?: { posts?: unknown[]; next?: string; remaining?: number };
}

/** Async iterable over the posts of every page. */
export function paginate(send: (request: RequestLike, options?: CallOptions) => Promise<unknown>, request: RequestLike, options?: CallOptions): AsyncIterable<any> {
  if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
    throw new TypeError(`client.paginate: ${request.method} ${request.path} has no request body object to paginate`);
  }
  return {
    async *[Symbol.asyncIterator]() {
      let after: string | undefined;
      const seen = new Set<string>();
      for (;;) {
        const body = after === undefined ? request.body : { ...(request.body as object), after };
        const answer = (await send({ ...request, body }, options)) as PostsAnswer;
        const data = answer.data;
        if (!data || !Array.isArray(data.posts)) throw new TypeError(`client.paginate: ${request.method} ${request.path} answered without data.posts; is it a posts request?`);
        yield* data.posts;
        if (typeof data.next !== 'string' || data.next === '') return;
        if (seen.has(data.next)) throw new Error(`client.paginate: the server sent the cursor ${JSON.stringify(data.next)} twice; stopping to avoid a loop`);
        seen.add(data.next);
        after = data.next;
      }
    },
  };
}
