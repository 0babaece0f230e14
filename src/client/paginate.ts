/**
 * Cursor pagination of post lists: resend every parameter unchanged plus `after` = the
 * previous `next`, until an answer has no `next`. Each page is fetched exactly once.
 *
 * The iteration ends by itself even when the server never stops sending cursors: a cursor sent
 * before ends it at once, and PAGES_WITHOUT_PROGRESS pages in a row that bring nothing new (no
 * posts, or a `remaining` that did not decrease) end it after the last of them; both with an
 * ApiError of kind `no-progress`. Every error it throws is an ApiError.
 */
import { ApiError } from './errors.js';
import type { Redactor } from './redact.js';
import type { RequestLike } from './request-like.js';

/** Options of one call: `signal` aborts it (a page in flight, and the pages after it). */
export interface CallOptions {
  signal?: AbortSignal;
}

/** The post type of a posts answer `{ data: { posts: P[] } }`. */
export type PostOfAnswer<A> = A extends { data: { posts: (infer P)[] } } ? P : unknown;

interface PostsAnswer {
  data?: { posts?: unknown[]; next?: unknown; remaining?: unknown };
}

/** Pages in a row without progress (no posts, or `remaining` not decreasing) that end the iteration. */
export const PAGES_WITHOUT_PROGRESS = 3;

/** The most characters of a cursor a message quotes. */
const CURSOR_SHOWN = 40;

/** Async iterable over the posts of every page. */
export function paginate(send: (request: RequestLike, options?: CallOptions) => Promise<unknown>, request: RequestLike, redact: Redactor, options?: CallOptions): AsyncIterable<any> {
  if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
    throw new TypeError(`client.paginate: ${request.method} ${request.path} has no request body object to paginate`);
  }
  const operation = `${request.method} ${request.path}`;
  const stop = (detail: string, kind: 'no-progress' | 'invalid-body' = 'no-progress') => new ApiError({ kind, operation, detail: `client.paginate: ${detail}` });
  return {
    async *[Symbol.asyncIterator]() {
      let after: string | undefined;
      const seen = new Set<string>();
      let remaining = Infinity;
      let idle = 0;
      for (let page = 1; ; page++) {
        const body = after === undefined ? request.body : { ...(request.body as object), after };
        const answer = (await send({ ...request, body }, options)) as PostsAnswer;
        const data = answer.data;
        if (!data || !Array.isArray(data.posts)) throw stop(`page ${page} came without data.posts; is it a posts request?`, 'invalid-body');
        yield* data.posts;
        if (typeof data.next !== 'string' || data.next === '') return;
        if (seen.has(data.next)) {
          throw stop(`page ${page} sent the cursor ${JSON.stringify(redact.excerpt(data.next, CURSOR_SHOWN))} again, which leads to a page already read; stopping to avoid a loop`);
        }
        const fewer = typeof data.remaining !== 'number' || data.remaining < remaining;
        idle = data.posts.length > 0 && fewer ? 0 : idle + 1;
        if (idle >= PAGES_WITHOUT_PROGRESS) {
          throw stop(`${idle} pages in a row (up to page ${page}) brought nothing new (no posts, or "remaining" did not decrease); stopping to avoid an endless iteration`);
        }
        if (typeof data.remaining === 'number') remaining = data.remaining;
        seen.add(data.next);
        after = data.next;
      }
    },
  };
}
