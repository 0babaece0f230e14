/**
 * The posts operations of the mock: fields, sort, filter (field and match_any forms), page size
 * and cursors. A page is computed on its own (src/mock/post-pages.ts): no answer holds or
 * generates the posts of the whole range, and a cursor resumes after the last post of its page.
 */
import { catalogs } from '../catalog/catalogs.js';
import type { PostCatalog } from '../shared/catalog-types.js';
import { accountProfiles, checkHistory, checkInsights, checkRules, dateRange, requireObject, type CheckContext } from './checks.js';
import type { MockProfile } from './account.js';
import { MockFailure } from './failures.js';
import { fieldValue, postLabels, postView, type PostSkeleton } from './post-data.js';
import { decodeCursor, encodeCursor, postOrder, type SortKey } from './post-order.js';
import { pageByScan, pageByTime, timeOrder, type PostQuery } from './post-pages.js';

type Condition = (post: PostSkeleton) => boolean;

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

/** The profiles without repeats: a post is listed once however often its profile is named. */
function distinct(profiles: MockProfile[]): MockProfile[] {
  return [...new Set(profiles)];
}

/** Answers a posts request. */
export function answerPosts(rawBody: unknown, ctx: CheckContext, seed: number, operation: string): unknown {
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
  const order = postOrder(sort, ctx.account);
  const after = body.after === undefined ? undefined : decodeCursor(body.after, query, order);
  const q: PostQuery = { seed, profiles: distinct(profiles), start, end, order, after, limit };
  const byTime = conditions.length === 0 ? timeOrder(order) : undefined;
  const page = byTime ? pageByTime(q, byTime.descending) : pageByScan(q, (post) => conditions.every((c) => c(post)));
  const fields = fieldNames.map((f) => catalog.fields.find((x) => x.name === f)!);
  const data: Record<string, unknown> = { posts: page.posts.map((p) => postView(p, fields, catalog, ctx.account)) };
  if (page.remaining > 0) {
    data.next = encodeCursor(query, order.keyOf(page.posts.at(-1)!));
    data.remaining = page.remaining;
  }
  return { success: true, data };
}
