/**
 * The posts operations of the mock: fields, sort, filter (field and match_any forms), page size
 * and cursors. A cursor is the offset into the query's stable order, tied to the query's
 * parameters, so resending them unchanged plus `after` resumes exactly.
 */
import { catalogs } from '../../generated/catalogs.js';
import { advancedFilterNames, filterableNames, sortableNames } from '../catalog/names.js';
import type { PostCatalog, PostField } from '../catalog/types.js';
import { accountProfiles, checkHistory, checkInsights, checkKeys, dateRange, requireObject, stringList, type CheckContext } from './checks.js';
import type { MockProfile } from './account.js';
import { MockFailure } from './failures.js';
import { fieldValue, postLabels, postsOfDay, postView, type PostSkeleton } from './post-data.js';
import { hashString } from './random.js';

const KEYS = ['profiles', 'date_start', 'date_end', 'fields', 'limit', 'after', 'sort', 'filter'];

type Condition = (post: PostSkeleton) => boolean;

interface SortKey {
  field: PostField;
  member?: string;
  descending: boolean;
}

function catalogOf(ctx: CheckContext): PostCatalog {
  return (catalogs[`v${ctx.version}`].posts as Record<string, PostCatalog>)[ctx.network];
}

function parseSort(body: Record<string, unknown>, catalog: PostCatalog): SortKey[] {
  if (body.sort === undefined) return [];
  if (!catalog.sort) throw new MockFailure(3, ['Parameter sort is not offered for this network.']);
  if (!Array.isArray(body.sort)) throw new MockFailure(3, ['Parameter sort must be an array of {field, order}.']);
  const allowed = sortableNames(catalog);
  const bad: string[] = [];
  const keys: SortKey[] = [];
  for (const item of body.sort as unknown[]) {
    const { field, order } = (item ?? {}) as { field?: unknown; order?: unknown };
    if (typeof field !== 'string' || !allowed.includes(field)) bad.push(`Unknown sort field: ${String(field)}`);
    else if (order !== 'asc' && order !== 'desc') bad.push(`Unknown sort order: ${String(order)}`);
    else {
      const whole = catalog.fields.find((f) => f.name === field);
      const dot = field.indexOf('.');
      const f = whole ?? catalog.fields.find((x) => x.name === field.slice(0, dot))!;
      keys.push({ field: f, member: whole ? undefined : field.slice(dot + 1), descending: order === 'desc' });
    }
  }
  if (bad.length) throw new MockFailure(3, bad);
  return keys;
}

function parseFilter(body: Record<string, unknown>, catalog: PostCatalog, ctx: CheckContext): { conditions: Condition[]; fields: string[] } {
  if (body.filter === undefined) return { conditions: [], fields: [] };
  if (!Array.isArray(body.filter)) throw new MockFailure(3, ['Parameter filter must be an array.']);
  const filterable = filterableNames(catalog);
  const advanced = advancedFilterNames(catalog);
  const labelIds = new Set(ctx.account.contentLabels.map((l) => l.id));
  const unknownLabels: string[] = [];
  const bad: string[] = [];
  const fields: string[] = [];
  const condition = (field: string, value: unknown): Condition | undefined => {
    const values = typeof value === 'string' ? [value] : Array.isArray(value) && value.length && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
    if (!values) {
      bad.push(`Filter value of ${field} must be a string or an array of strings.`);
      return undefined;
    }
    fields.push(field);
    if (field === 'post_labels') {
      for (const v of values) if (!labelIds.has(v) && !unknownLabels.includes(v)) unknownLabels.push(v);
      return (post) => postLabels(post, ctx.account.contentLabels).some((l) => values.includes(l.id));
    }
    const def = catalog.fields.find((f) => f.name === field)!;
    return (post) => values.includes(String(fieldValue(post, def, ctx.account)));
  };
  const conditions: Condition[] = [];
  for (const item of body.filter as unknown[]) {
    const el = (item ?? {}) as Record<string, unknown>;
    if (Array.isArray(el.match_any)) {
      const any: Condition[] = [];
      for (const sub of el.match_any as Record<string, unknown>[]) {
        if (typeof sub?.field !== 'string' || !advanced.includes(sub.field)) bad.push(`Field ${String(sub?.field)} does not support the match_any filter.`);
        else {
          const c = condition(sub.field, sub.value);
          if (c) any.push(c);
        }
      }
      conditions.push((post) => any.some((c) => c(post)));
    } else if (typeof el.field === 'string' && filterable.includes(el.field)) {
      const c = condition(el.field, el.value);
      if (c) conditions.push(c);
    } else bad.push(`Field ${String(el.field ?? JSON.stringify(item))} is not filterable.`);
  }
  if (bad.length) throw new MockFailure(3, bad);
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
  checkKeys(body, KEYS);
  const catalog = catalogOf(ctx);
  const ids = stringList(body, 'profiles');
  const fieldNames = stringList(body, 'fields');
  const unknown = fieldNames.filter((f) => !catalog.fields.some((x) => x.name === f));
  if (unknown.length) throw new MockFailure(3, unknown.map((f) => `Unknown field: ${f}`));
  const [start, end] = dateRange(body, ctx);
  const limit = body.limit ?? catalogs.limits.pageSize.default;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > catalogs.limits.pageSize.max) {
    throw new MockFailure(3, [`Parameter limit must be a whole number from 1 to ${catalogs.limits.pageSize.max}, got ${JSON.stringify(limit)}.`]);
  }
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
