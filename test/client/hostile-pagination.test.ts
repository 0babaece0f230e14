/**
 * Pagination against servers that never stop sending cursors: pages without posts and a new
 * cursor each time, pages whose `remaining` never decreases, a cursor sent twice. The iteration
 * ends by itself with an ApiError of kind `no-progress` after PAGES_WITHOUT_PROGRESS such pages in
 * a row (at once for a repeated cursor); the requests the server received are counted. A server
 * that makes progress, even with an empty page on the way, is read to its end.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createClient, PAGES_WITHOUT_PROGRESS } from '../../src/client/index.js';
import { json, rejection, startServer, type HostileServer } from './support/hostile.js';

/** The servers stop sending cursors after this many pages, so that a client without the rule ends too. */
const GIVE_UP = 200;
const HANG_GUARD = 20_000;

const page = (posts: unknown[], next: string | undefined, remaining?: number) => ({ success: true, data: { posts, ...(next === undefined ? {} : { next }), ...(remaining === undefined ? {} : { remaining }) } });

/** A legitimate list of 3 posts over 4 pages, the second of them empty. */
const PROGRESS = [page([{ id: 'p1' }], 'c1', 3), page([], 'c2', 2), page([{ id: 'p2' }], 'c3', 1), page([{ id: 'p3' }], undefined, 0)];

let api: HostileServer;
beforeAll(async () => {
  api = await startServer({
    '/2/empty-pages': (_req, res, { hit }) => json(res, 200, page([], hit < GIVE_UP ? `cursor-${hit}` : undefined, 100)),
    '/2/stuck-remaining': (_req, res, { hit }) => json(res, 200, page([{ id: `p${hit}` }], hit < GIVE_UP ? `cursor-${hit}` : undefined, 100)),
    '/2/repeated-cursor': (_req, res, { hit }) => json(res, 200, page([{ id: `p${hit}` }], hit < GIVE_UP ? 'the-same-cursor' : undefined, 100 - hit)),
    '/2/progress': (_req, res, { hit }) => json(res, 200, PROGRESS[hit - 1]),
    '/2/no-posts': (_req, res) => json(res, 200, { success: true, data: { items: [] } }),
  });
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const client = () => createClient({ token: 'token-1', secret: 'secret-1', baseUrl: api.url, retry: false, timeout: HANG_GUARD });

async function readAll(path: string): Promise<{ posts: unknown[]; error: unknown }> {
  const posts: unknown[] = [];
  try {
    for await (const post of client().paginate({ method: 'POST', path, body: { profiles: ['1'] } })) posts.push(post);
  } catch (error) {
    return { posts, error };
  }
  return { posts, error: undefined };
}

describe('pagination ends by itself', () => {
  it(`pages without posts and a new cursor each time: kind no-progress after ${PAGES_WITHOUT_PROGRESS} pages`, { timeout: HANG_GUARD }, async () => {
    const { error } = await readAll('/2/empty-pages');
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('no-progress');
    expect((error as ApiError).message).toContain(`${PAGES_WITHOUT_PROGRESS} pages in a row (up to page ${PAGES_WITHOUT_PROGRESS}) brought nothing new`);
    expect(api.hits('/2/empty-pages')).toBe(PAGES_WITHOUT_PROGRESS);
  });

  it('pages with posts whose "remaining" never decreases: the first page and then as many', { timeout: HANG_GUARD }, async () => {
    const { posts, error } = await readAll('/2/stuck-remaining');
    expect((error as ApiError).kind).toBe('no-progress');
    expect(api.hits('/2/stuck-remaining')).toBe(1 + PAGES_WITHOUT_PROGRESS);
    expect(posts).toHaveLength(1 + PAGES_WITHOUT_PROGRESS);
  });

  it('a cursor sent twice ends it at once, with an ApiError quoting the cursor', { timeout: HANG_GUARD }, async () => {
    const { error } = await readAll('/2/repeated-cursor');
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('no-progress');
    expect((error as ApiError).message).toContain('the cursor "the-same-cursor" again');
    expect(api.hits('/2/repeated-cursor')).toBe(2);
  });

  it('a server that makes progress is read to its end, an empty page on the way included', { timeout: HANG_GUARD }, async () => {
    expect(await readAll('/2/progress')).toEqual({ posts: [{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }], error: undefined });
    expect(api.received.map((r) => JSON.parse(r.body).after)).toEqual([undefined, 'c1', 'c2', 'c3']);
  });

  it('an answer without data.posts is an ApiError of kind invalid-body', { timeout: HANG_GUARD }, async () => {
    const error = await rejection(readAll('/2/no-posts').then(({ error }) => Promise.reject(error)));
    expect([error.kind, error.message]).toEqual(['invalid-body', expect.stringContaining('page 1 came without data.posts')]);
  });
});
