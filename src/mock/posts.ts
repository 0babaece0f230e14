/**
 * The posts operations of the mock: fields, sort, filter (field and match_any forms), page size
 * and cursors. A cursor is the offset into the query's stable order, tied to the query's
 * parameters, so resending them unchanged plus `after` resumes exactly.
 */
import { catalogs } from '../../generated/catalogs.js';
import type { PostCatalog, PostField } from '../catalog/types.js';
import { accountProfiles, checkHistory, checkInsights, checkRules, dateRange, requireObject, type CheckContext } from './checks.js';
import type { MockProfile } from './account.js';
import { MockFailure } from './failures.js';
import { fieldValue, postLabels, postsOfDay, postView, type PostSkeleton } from './post-data.js';
import { hashString } from './random.js';

type Condition = (post: PostSkeleton) => boolean;

interface SortKey {
  field: PostField;
  member?: string;
  descending: boolean;
}

function catalogOf(ctx: CheckContext): PostCatalog {
  return (catalogs[`v${ctx.version}`].posts as Record<string, PostCatalog>)[ctx.network];
}

/**
 * The sort keys of a body that passed checkRules. The documents show only `desc`; the mock
 * also sorts `asc` ascending and answers any other order with code 3.
 */
function parseSort(body: Record<string, unknown>, catalog: PostCatalog): SortKey[] {
  const items = (body.sort ?? []) as { field: string; order: string }[];
  const badOrders = items.filter((item) => item.order !== 'asc' && item.order !== 'desc');
  if (badOrders.length) throw new MockFailure(3, badOrders.map((item) => `Unknown sort order: ${item.order}`));
  return items.map(({ field, order }) => {
    const whole = catalog.fields.find((f) => f.name === field);
    const dot = field.indexOf('.');
    const f = whole ?? catalog.fields.find((x) => x.name === field.slice(0, dot))!;
    return { field: f, member: whole ? undefined : field.slice(dot + 1), descending: order === 'desc' };
  });
}

/** The filter conditions of a body that passed checkRules; unknown content labels give code 8. */
function parseFilter(body: Record<string, unknown>, catalog: PostCatalog, ctx: CheckContext): { conditions: Condition[]; fields: string[] } {
  const labelIds = new Set(ctx.account.contentLabels.map((l) => l.id));
  const unknownLabels: string[] = [];
  const fields: string[] = [];
  const condition = (field: string, value: string | string[]): Condition => {
    const values = typeof value === 'string' ? [value] : value;
    fields.push(field);
    if (field === 'post_labels') {
      for (const v of values) if (!labelIds.has(v) && !unknownLabels.includes(v)) unknownLabels.push(v);
      return (post) => postLabels(post, ctx.account.contentLabels).some((l) => values.includes(l.id));
    }
    const def = catalog.fields.find((f) => f.name === field)!;
    return (post) => values.includes(String(fieldValue(post, def, ctx.account)));
  };
  type Element = { field: string; value: string | string[] } | { match_any: { field: string; value: string[] }[] };
  const conditions = ((body.filter ?? []) as Element[]).map((el): Condition => {
    if ('match_any' in el) {
      const any = el.match_any.map((sub) => condition(sub.field, sub.value));
      return (post) => any.some((c) => c(post));
    }
    return condition(el.field, el.value);
  });
  if (unknownLabels.length) throw new MockFailure(8, unknownLabels);
  return { conditions, fields };
}

function sortValue(post: PostSkeleton, key: SortKey, ctx: CheckContext): number | string {
  if (key.field.name === 'created_time') return post.createdMs;
  const v = fieldValue(post, key.field, ctx.account);
  const value = key.member === undefined ? v : (v as Record<string, unknown> | undefined)?.[key.member];
  return typeof value === 'number' || typeof value === 'string' ? value : -Infinity;
}

/** Every post of the query in its stable order: requested sort keys, then newest first, then id. */
function queryPosts(profiles: MockProfile[], start: number, end: number, sort: SortKey[], conditions: Condition[], ctx: CheckContext, seed: number): PostSkeleton[] {
  const posts: PostSkeleton[] = [];
  for (const profile of profiles) {
    for (let day = start; day <= end; day++) {
      for (const post of postsOfDay(seed, profile, day)) if (conditions.every((c) => c(post))) posts.push(post);
    }
  }
  const keyed = posts.map((post) => ({ post, keys: sort.map((k) => sortValue(post, k, ctx)) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < sort.length; i++) {
      const x = a.keys[i];
      const y = b.keys[i];
      if (x === y) continue;
      const less = x < y ? -1 : 1;
      return sort[i].descending ? -less : less;
    }
    if (a.post.createdMs !== b.post.createdMs) return b.post.createdMs - a.post.createdMs;
    return a.post.id < b.post.id ? -1 : a.post.id > b.post.id ? 1 : 0;
  });
  return keyed.map((k) => k.post);
}

/** Query results cached per query (parameters without after/limit/fields), for fast paging. */
export class PostsCache {
  private readonly entries = new Map<string, PostSkeleton[]>();
  get(key: string, build: () => PostSkeleton[]): PostSkeleton[] {
    let hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    hit = build();
    this.entries.set(key, hit);
    if (this.entries.size > 16) this.entries.delete(this.entries.keys().next().value!);
    return hit;
  }
}

function encodeCursor(query: string, offset: number): string {
  return Buffer.from(JSON.stringify({ q: hashString(query).toString(36), o: offset })).toString('base64url');
}

function decodeCursor(after: unknown, query: string): number {
  if (typeof after !== 'string') throw new MockFailure(3, ['Parameter after must be a string (the next value of the previous page).']);
  try {
    const c = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as { q?: unknown; o?: unknown };
    if (c.q === hashString(query).toString(36) && typeof c.o === 'number' && Number.isInteger(c.o) && c.o >= 0) return c.o;
  } catch {
    // fall through
  }
  throw new MockFailure(3, [`Invalid cursor in parameter after (resend every other parameter unchanged): ${after}`]);
}

/** Answers a posts request. */
export function answerPosts(rawBody: unknown, ctx: CheckContext, seed: number, operation: string, cache: PostsCache): unknown {
  const body = requireObject(rawBody);
  checkRules(operation, body, ctx);
  const catalog = catalogOf(ctx);
  const ids = body.profiles as string[];
  const fieldNames = body.fields as string[];
  const [start, end] = dateRange(body);
  const limit = (body.limit as number | undefined) ?? catalogs.limits.pageSize.default;
  const sort = parseSort(body, catalog);
  const { conditions, fields: filterFields } = parseFilter(body, catalog, ctx);
  const profiles = accountProfiles(ids, ctx);
  checkHistory(start, ctx);
  checkInsights([...fieldNames, ...sort.map((k) => k.field.name), ...filterFields], profiles, operation, ctx.version);
  const query = JSON.stringify([operation, ids, body.date_start, body.date_end, body.sort ?? null, body.filter ?? null]);
  const offset = body.after === undefined ? 0 : decodeCursor(body.after, query);
  const all = cache.get(query, () => queryPosts(profiles, start, end, sort, conditions, ctx, seed));
  const fields = fieldNames.map((f) => catalog.fields.find((x) => x.name === f)!);
  const page = all.slice(offset, offset + limit);
  const remaining = Math.max(0, all.length - offset - page.length);
  const data: Record<string, unknown> = { posts: page.map((p) => postView(p, fields, catalog, ctx.account)) };
  if (remaining > 0) {
    data.next = encodeCursor(query, offset + page.length);
    data.remaining = remaining;
  }
  return { success: true, data };
}
