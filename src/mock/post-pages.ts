/**
 * One page of a posts query and the count of the posts after it, without the posts of the whole
 * range. Two ways, both exact and in the query's one order ({@link PostOrder}):
 * - by time (no filter, sorted by nothing or by `created_time` alone): a merge of the profiles'
 *   days from the cursor on, so a page costs its own posts whatever the range; the count after
 *   it is arithmetic ({@link countPosts}) except on the three days around the page's last post;
 * - by scanning (any filter or another sort key): one pass over the query's posts keeping only
 *   the best `limit` after the cursor, refused with code 4 past {@link MAX_SCANNED_POSTS} posts.
 */
import { MAX_SCANNED_POSTS } from './bounds.js';
import type { MockProfile } from './account.js';
import { MockFailure } from './failures.js';
import { Heap } from './heap.js';
import { countPosts, dayEndMs, dayStartMs, postsOfDay, type PostSkeleton } from './post-data.js';
import type { PostKey, PostOrder } from './post-order.js';

export interface PostQuery {
  seed: number;
  /** Distinct profiles. */
  profiles: MockProfile[];
  /** Local days, inclusive. */
  start: number;
  end: number;
  order: PostOrder;
  /** Key of the last post of the previous page. */
  after?: PostKey;
  limit: number;
}

export interface PostPage {
  posts: PostSkeleton[];
  /** Posts of the query after the page. */
  remaining: number;
}

const MS_PER_DAY = 86_400_000;

/** Whether the query's order is by creation time alone; `descending` for newest first. */
export function timeOrder(order: PostOrder): { descending: boolean } | undefined {
  if (order.sort.length === 0) return { descending: true };
  const [key] = order.sort;
  return order.sort.length === 1 && key.field.name === 'created_time' && key.member === undefined ? { descending: key.descending } : undefined;
}

/**
 * Posts of a profile after `key` in a time order. A local day's posts lie within 14 hours of its
 * UTC day: days two or more away from the day of the key's instant are wholly before or after it
 * and counted; the three days around it are looked at post by post.
 */
function countAfter(q: PostQuery, profile: MockProfile, key: PostKey, descending: boolean): number {
  const day = Math.floor((key[key.length - 2] as number) / MS_PER_DAY);
  const [from, to] = [Math.max(q.start, day - 1), Math.min(q.end, day + 1)];
  let count = descending ? countPosts(q.seed, profile, q.start, Math.min(q.end, day - 2)) : countPosts(q.seed, profile, Math.max(q.start, day + 2), q.end);
  for (let d = from; d <= to; d++) for (const post of postsOfDay(q.seed, profile, d)) if (q.order.compare(q.order.keyOf(post), key) > 0) count++;
  return count;
}

type Entry = { ms: number; post: PostSkeleton; key: PostKey } | { ms: number; profile: MockProfile; day: number };

/** A page of a query in a time order: the profiles' days merged newest (or oldest) first from the cursor on. */
export function pageByTime(q: PostQuery, descending: boolean): PostPage {
  const { order, after } = q;
  // A day's entry stands for its posts: its bound (latest or earliest instant) comes first, so
  // the day is opened before any post it could precede; posts of one instant go by id.
  const before = (a: Entry, b: Entry) => {
    if (a.ms !== b.ms) return descending ? a.ms > b.ms : a.ms < b.ms;
    if (!('post' in a)) return 'post' in b;
    return 'post' in b && order.compare(a.key, b.key) < 0;
  };
  const heap = new Heap<Entry>(before);
  const bound = (profile: MockProfile, day: number) => (descending ? dayEndMs(profile, day) : dayStartMs(profile, day));
  const afterDay = after && Math.floor((after[after.length - 2] as number) / MS_PER_DAY);
  for (const profile of q.profiles) {
    const first = descending ? Math.min(q.end, afterDay === undefined ? q.end : afterDay + 1) : Math.max(q.start, afterDay === undefined ? q.start : afterDay - 1);
    if (first >= q.start && first <= q.end) heap.push({ ms: bound(profile, first), profile, day: first });
  }
  const posts: PostSkeleton[] = [];
  while (posts.length < q.limit && heap.size) {
    const entry = heap.pop()!;
    if ('post' in entry) {
      if (!after || order.compare(entry.key, after) > 0) posts.push(entry.post);
      continue;
    }
    for (const post of postsOfDay(q.seed, entry.profile, entry.day)) heap.push({ ms: post.createdMs, post, key: order.keyOf(post) });
    const next = entry.day + (descending ? -1 : 1);
    if (next >= q.start && next <= q.end) heap.push({ ms: bound(entry.profile, next), profile: entry.profile, day: next });
  }
  const last = posts.at(-1);
  const remaining = posts.length < q.limit || !last ? 0 : q.profiles.reduce((sum, p) => sum + countAfter(q, p, order.keyOf(last), descending), 0);
  return { posts, remaining };
}

/**
 * A page of a query in any order, with a filter: one pass over the query's posts, keeping the
 * best `limit` after the cursor (memory for one page). Code 4 when the query holds more than
 * {@link MAX_SCANNED_POSTS} posts before filtering.
 */
export function pageByScan(q: PostQuery, matches: (post: PostSkeleton) => boolean): PostPage {
  const total = q.profiles.reduce((sum, p) => sum + countPosts(q.seed, p, q.start, q.end), 0);
  if (total > MAX_SCANNED_POSTS) {
    throw new MockFailure(4, [
      `The query holds ${total} posts; the mock server filters or sorts (other than by created_time) at most ${MAX_SCANNED_POSTS} posts per request. Ask for fewer profiles or days, or drop the filter and the sort.`,
    ]);
  }
  const { order, after } = q;
  // The worst kept post on top, to be dropped when a better one comes.
  const kept = new Heap<{ post: PostSkeleton; key: PostKey }>((a, b) => order.compare(a.key, b.key) > 0);
  let count = 0;
  for (const profile of q.profiles) {
    for (let day = q.start; day <= q.end; day++) {
      for (const post of postsOfDay(q.seed, profile, day)) {
        if (!matches(post)) continue;
        const key = order.keyOf(post);
        if (after && order.compare(key, after) <= 0) continue;
        count++;
        if (kept.size < q.limit) kept.push({ post, key });
        else if (order.compare(key, kept.peek()!.key) < 0) {
          kept.pop();
          kept.push({ post, key });
        }
      }
    }
  }
  const page: { post: PostSkeleton; key: PostKey }[] = [];
  while (kept.size) page.push(kept.pop()!);
  page.reverse();
  return { posts: page.map((p) => p.post), remaining: count - page.length };
}
