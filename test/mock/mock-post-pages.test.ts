/**
 * Pages of posts computed on their own (no answer generates the whole range) against the plain
 * way: every post of the range generated, sorted, sliced. Over daylight-saving changes in eight
 * timezones, the first and the last days of the calendar, in time order both ways and by scan.
 */
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../src/catalog/catalogs.js';
import type { PostCatalog } from '../../src/shared/catalog-types.js';
import { dayNumber } from '../../src/calendar/days.js';
import { buildAccount } from '../../src/mock/account.js';
import { countPosts, fieldValue, postsBefore, postsOfDay, type PostSkeleton } from '../../src/mock/post-data.js';
import { postOrder, type PostKey, type SortKey } from '../../src/mock/post-order.js';
import { pageByScan, pageByTime, type PostQuery } from '../../src/mock/post-pages.js';

const account = buildAccount();
const catalog = (catalogs.v2.posts as Record<string, PostCatalog>).facebook;
const field = (name: string) => catalog.fields.find((f) => f.name === name)!;
const SEED = 7;
/** Eight profiles, one per timezone of the mock (Prague, New York, Tokyo, UTC, Sydney, Los Angeles, London, Kolkata). */
const profiles = account.profiles.facebook.slice(0, 8);

const RANGES: [string, string][] = [
  ['2025-03-05', '2025-04-10'], // US, EU and Sydney clock changes
  ['2025-10-20', '2025-11-05'],
  ['9999-12-25', '9999-12-31'], // posts past 9999-12-31T23:59:59Z are left out
  ['0000-01-01', '0000-01-04'], // and posts before 0000-01-01
];

function everyPost(start: number, end: number): PostSkeleton[] {
  const out: PostSkeleton[] = [];
  for (const p of profiles) for (let d = start; d <= end; d++) out.push(...postsOfDay(SEED, p, d));
  return out;
}

function everyPostOf(seed: number, profile: (typeof profiles)[number], start: number, end: number): number {
  let n = 0;
  for (let d = start; d <= end; d++) n += postsOfDay(seed, profile, d).length;
  return n;
}

/** Pages of `limit` through the query, each resumed after the previous page's last key. */
function pageThrough(q: Omit<PostQuery, 'after'>, page: (q: PostQuery) => { posts: PostSkeleton[]; remaining: number }) {
  const ids: string[] = [];
  const remainings: number[] = [];
  let after: PostKey | undefined;
  for (;;) {
    const result = page({ ...q, after });
    ids.push(...result.posts.map((p) => p.id));
    remainings.push(result.remaining);
    if (result.remaining === 0) return { ids, remainings };
    after = q.order.keyOf(result.posts.at(-1)!);
  }
}

describe.each(RANGES)('posts of eight timezones, %s..%s', (from, to) => {
  const [start, end] = [dayNumber(from)!, dayNumber(to)!];
  const all = everyPost(start, end);

  it('counts each profile\'s posts arithmetically, as many as generated', () => {
    for (const p of profiles) expect(countPosts(SEED, p, start, end), p.timezone).toBe(all.filter((x) => x.profile === p).length);
  });

  const orders: [string, SortKey[], ((p: PostSkeleton) => boolean) | undefined][] = [
    ['newest first', [], undefined],
    ['created_time asc', [{ field: field('created_time'), descending: false }], undefined],
    ['created_time desc', [{ field: field('created_time'), descending: true }], undefined],
    ['comments desc, by scan', [{ field: field('comments'), descending: true }], undefined],
    ['videos only, by scan', [], (p) => fieldValue(p, field('type'), account) === 'video'],
  ];
  it.each(orders)('%s: pages of 7 give the sorted posts, and each page the count after it', (_, sort, filter) => {
    const order = postOrder(sort, account);
    const expected = all.filter(filter ?? (() => true)).sort((a, b) => order.compare(order.keyOf(a), order.keyOf(b)));
    const q = { seed: SEED, profiles, start, end, order, limit: 7 };
    const time = sort.length === 0 || sort[0].field.name === 'created_time';
    const { ids, remainings } = pageThrough(q, (query) => (filter || !time ? pageByScan(query, filter ?? (() => true)) : pageByTime(query, sort[0]?.descending ?? true)));
    expect(ids).toEqual(expected.map((p) => p.id));
    expect(remainings).toEqual(remainings.map((_, i) => Math.max(0, expected.length - 7 * (i + 1))));
  });
});

describe('created_time near the ends of the calendar', () => {
  it('stays within 0000-01-01T00:00:00 and 9999-12-31T23:59:59 (UTC): the posts a date-time cannot write are left out', () => {
    const shape = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
    for (const [from, to] of [['0000-01-01', '0000-01-02'], ['9999-12-30', '9999-12-31']]) {
      const posts = everyPost(dayNumber(from)!, dayNumber(to)!);
      const times = posts.map((p) => fieldValue(p, field('created_time'), account) as string);
      expect(times.length).toBeGreaterThan(20);
      for (const t of times) {
        expect(t).toMatch(shape);
        expect(t >= '0000-01-01T00:00:00+00:00' && t <= '9999-12-31T23:59:59+00:00', t).toBe(true);
      }
    }
    // Los Angeles is 8 hours behind UTC: its evening posts of 9999-12-31 would be in the year 10000.
    const la = profiles.find((p) => p.timezone === 'America/Los_Angeles')!;
    const lastDays = Array.from({ length: 40 }, (_, i) => postsOfDay(SEED + i, la, dayNumber('9999-12-31')!));
    expect(lastDays.flat().every((p) => p.createdMs < (dayNumber('9999-12-31')! + 1) * 86_400_000)).toBe(true);
    const last = dayNumber('9999-12-31')!;
    expect(lastDays.some((posts, i) => posts.length < postsBefore(SEED + i, la, last + 1) - postsBefore(SEED + i, la, last))).toBe(true);
    lastDays.forEach((posts, i) => expect(countPosts(SEED + i, la, last - 3, last)).toBe(everyPostOf(SEED + i, la, last - 3, last)));
  });
});
