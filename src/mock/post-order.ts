/**
 * The order of a posts query and its cursors. Every post has a key: the values of the requested
 * sort keys, then its creation instant (newest first), then its id; the query's posts are in the
 * order of their keys. A cursor holds the key of the last post of its page, tied to the query's
 * parameters, so resending them unchanged plus `after` resumes exactly after that post, and no
 * answer needs the posts before it.
 */
import type { PostField } from '../shared/catalog-types.js';
import type { MockAccount } from './account.js';
import { MockFailure } from './failures.js';
import { fieldValue, type PostSkeleton } from './post-data.js';
import { hashString } from './random.js';
import { quoted } from './echo.js';
import { decodeBase64, encodeBase64Url, utf8Bytes, utf8Text } from '../core/base64.js';

export interface SortKey {
  field: PostField;
  member?: string;
  descending: boolean;
}

/** A post's key: sort values (`-Infinity` where the post has none), creation ms, id. */
export type PostKey = (number | string)[];

export interface PostOrder {
  sort: SortKey[];
  keyOf(post: PostSkeleton): PostKey;
  /** Negative when `a` comes before `b`. */
  compare(a: PostKey, b: PostKey): number;
}

function sortValue(post: PostSkeleton, key: SortKey, account: MockAccount): number | string {
  if (key.field.name === 'created_time') return post.createdMs;
  const v = fieldValue(post, key.field, account);
  const value = key.member === undefined ? v : (v as Record<string, unknown> | undefined)?.[key.member];
  return typeof value === 'number' || typeof value === 'string' ? value : -Infinity;
}

/** The order of a query sorted by `sort` (the requested keys, possibly none). */
export function postOrder(sort: SortKey[], account: MockAccount): PostOrder {
  return {
    sort,
    keyOf: (post) => [...sort.map((k) => sortValue(post, k, account)), post.createdMs, post.id],
    compare(a, b) {
      for (let i = 0; i < sort.length; i++) {
        const x = a[i];
        const y = b[i];
        if (x === y) continue;
        const less = x < y ? -1 : 1;
        return sort[i].descending ? -less : less;
      }
      const n = sort.length;
      if (a[n] !== b[n]) return (b[n] as number) - (a[n] as number);
      return a[n + 1] < b[n + 1] ? -1 : a[n + 1] > b[n + 1] ? 1 : 0;
    },
  };
}

/** The cursor after the post with key `key` in the query `query`. */
export function encodeCursor(query: string, key: PostKey): string {
  const k = key.map((v) => (v === -Infinity ? null : v));
  return encodeBase64Url(utf8Bytes(JSON.stringify({ q: hashString(query).toString(36), k })));
}

/** The key a cursor of `query` resumes after; code 3 for anything else. */
export function decodeCursor(after: unknown, query: string, order: PostOrder): PostKey {
  if (typeof after !== 'string') throw new MockFailure(3, ['Parameter after must be a string (the next value of the previous page).']);
  try {
    const c = JSON.parse(utf8Text(decodeBase64(after))) as { q?: unknown; k?: unknown };
    const n = order.sort.length;
    if (c.q === hashString(query).toString(36) && Array.isArray(c.k) && c.k.length === n + 2) {
      const k = c.k as unknown[];
      const valuesOk = k.slice(0, n).every((v) => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)));
      if (valuesOk && Number.isFinite(k[n]) && typeof k[n + 1] === 'string') return k.map((v) => (v === null ? -Infinity : v)) as PostKey;
    }
  } catch {
    // fall through
  }
  throw new MockFailure(3, [`Invalid cursor in parameter after (resend every other parameter unchanged): ${quoted(after)}`]);
}
