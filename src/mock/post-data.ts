/**
 * Fake posts. A post is a skeleton (profile, local day, slot) from which every field value is
 * derived on demand, typed by the post catalog: thousands of posts per profile and year cost
 * nothing until a page shows them. How many posts a profile has over any range of days is
 * arithmetic ({@link countPosts}), so no answer needs the posts of the whole range.
 */
import type { PostCatalog, PostField } from '../shared/catalog-types.js';
import { civilFromDays, daysFromCivil, FIRST_DAY_NUMBER, formatDay, LAST_DAY_NUMBER } from '../calendar/days.js';
import type { MockAccount, MockLabel, MockProfile } from './account.js';
import { between, mix } from './random.js';
import { breakdownKeys, nameHash } from './values.js';

export interface PostSkeleton {
  profile: MockProfile;
  /** Local calendar day (profile timezone) of the post. */
  day: number;
  slot: number;
  id: string;
  /** Creation instant, ms since epoch (UTC). */
  createdMs: number;
  hash: number;
}

const POST_TYPES: Record<string, string[]> = { facebook: ['status', 'link', 'photo', 'video'], instagram: ['image', 'video', 'carousel_album'] };

const offsetCache = new Map<string, number>();
const formatters = new Map<string, Intl.DateTimeFormat>();

const MS_PER_DAY = 86_400_000;

/** The first and the last instant a post date-time (`YYYY-MM-DDTHH:MM:SS+00:00`) can write, ms. */
const FIRST_INSTANT_MS = FIRST_DAY_NUMBER * MS_PER_DAY;
const LAST_INSTANT_MS = (LAST_DAY_NUMBER + 1) * MS_PER_DAY - 1000;

/**
 * Offset of `timezone` from UTC in ms at the UTC instant `ms`. Instants before the year 1 take
 * the offset of 0001-01-01 (the zone's local mean time either way): the year of an earlier
 * instant is written with an era.
 */
function zoneOffset(timezone: string, ms: number): number {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timezone, f);
  }
  const at = Math.max(ms, daysFromCivil(1, 1, 2) * MS_PER_DAY);
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(at))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const local = daysFromCivil(parts.year, parts.month, parts.day) * MS_PER_DAY + ((parts.hour * 60 + parts.minute) * 60 + parts.second) * 1000;
  return local - Math.floor(at / 1000) * 1000;
}

/** UTC ms of a local wall-clock time (`seconds` after local midnight of `day`) in `timezone`. */
function localToUtc(timezone: string, day: number, seconds: number): number {
  const key = `${timezone}/${day}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = zoneOffset(timezone, day * 86_400_000 + 43_200_000);
    if (offsetCache.size > 200_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return day * 86_400_000 + seconds * 1000 - offset;
}

/**
 * Posts of a profile before its local day `day`, counted from an arbitrary origin: 2.5 a day
 * plus a seeded wobble of 0 to 2. A day then has {@link postsBefore}(day + 1) - postsBefore(day)
 * posts, 0 to 5 (2 or 3, plus the difference of two wobbles), and any range of days has a count
 * that takes two calls, whatever its length.
 */
export function postsBefore(seed: number, profile: MockProfile, day: number): number {
  return Math.floor((day * 5) / 2) + (mix(seed, profile.hash, day, 0x505) % 3);
}

/** Posts a profile published on a local day: 0 to 5, newest slot last. Posts whose instant a post date-time cannot write (past 9999-12-31T23:59:59Z, before 0000-01-01) are left out. */
export function postsOfDay(seed: number, profile: MockProfile, day: number): PostSkeleton[] {
  const count = postsBefore(seed, profile, day + 1) - postsBefore(seed, profile, day);
  const out: PostSkeleton[] = [];
  let seconds = 0;
  for (let slot = 0; slot < count; slot++) {
    const hash = mix(seed, profile.hash, day, slot, 0x7057);
    seconds = Math.min(86_399, seconds + between(hash, 600, Math.floor(86_399 / count)));
    const createdMs = localToUtc(profile.timezone, day, seconds);
    if (createdMs >= FIRST_INSTANT_MS && createdMs <= LAST_INSTANT_MS) out.push({ profile, day, slot, id: `${profile.id}_${day * 10 + slot}`, createdMs, hash });
  }
  return out;
}

/** Local days this close to either end of the calendar may hold posts that are left out. */
const EDGE_DAYS = 1;

/** Posts of a profile on the local days `first` to `last` (inclusive), without generating them. */
export function countPosts(seed: number, profile: MockProfile, first: number, last: number): number {
  if (last < first) return 0;
  let count = postsBefore(seed, profile, last + 1) - postsBefore(seed, profile, first);
  const edges = [...range(Math.max(first, FIRST_DAY_NUMBER - EDGE_DAYS), Math.min(last, FIRST_DAY_NUMBER + EDGE_DAYS)), ...range(Math.max(first, LAST_DAY_NUMBER - EDGE_DAYS), Math.min(last, LAST_DAY_NUMBER + EDGE_DAYS))];
  for (const day of edges) count -= postsBefore(seed, profile, day + 1) - postsBefore(seed, profile, day) - postsOfDay(seed, profile, day).length;
  return count;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/** The latest instant of a profile's posts on a local day (its posts are at most this). */
export function dayEndMs(profile: MockProfile, day: number): number {
  return localToUtc(profile.timezone, day, 86_399);
}

/** The earliest instant of a profile's posts on a local day (its posts are at least this). */
export function dayStartMs(profile: MockProfile, day: number): number {
  return localToUtc(profile.timezone, day, 0);
}

/** `YYYY-MM-DDTHH:MM:SS+00:00`, four-digit years (the instants of posts are within 0000..9999). */
export function utcDateTime(ms: number): string {
  const day = Math.floor(ms / MS_PER_DAY);
  const { year, month, day: d } = civilFromDays(day);
  const time = new Date(ms - day * MS_PER_DAY).toISOString().slice(11, 19);
  return `${formatDay(year, month, d)}T${time}+00:00`;
}

/** The post type (facebook: status/link/photo/video; instagram: image/video/carousel_album). */
function postType(post: PostSkeleton): string {
  const types = POST_TYPES[post.profile.network] ?? ['status'];
  return types[post.hash % types.length];
}

/** Content labels of a post: none, one or two (never the last label, "Unused"). */
export function postLabels(post: PostSkeleton, labels: MockLabel[]): MockLabel[] {
  const usable = labels.slice(0, -1);
  const h = mix(post.hash, 0x1abe1);
  const count = h % 3;
  const out: MockLabel[] = [];
  for (let i = 0; i < count; i++) {
    const label = usable[(h >>> (4 + i * 5)) % usable.length];
    if (!out.includes(label)) out.push(label);
  }
  return out;
}

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; $ref?: string };

/** A value for a nested schema of a catalog field (attachments and the like). */
function schemaValue(schema: Schema, name: string, h: number, post: PostSkeleton): unknown {
  if (schema.$ref) return { id: 'ref', name: 'ref' };
  switch (schema.type) {
    case 'string':
      return name.includes('url') ? `https://cdn.invalid/${post.profile.network}/${post.id}/${name}-${h % 97}.jpg` : `${name} ${h % 1000}`;
    case 'integer':
      return between(h, 0, 2000);
    case 'number':
      return between(h, 0, 800) / 8;
    case 'boolean':
      return h % 2 === 0;
    case 'array': {
      const n = 1 + (h % 2);
      return Array.from({ length: n }, (_, i) => schemaValue(schema.items ?? {}, name, mix(h, i), post));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) out[key] = schemaValue(sub, key, mix(h, nameHash(key)), post);
      return out;
    }
    default:
      // Untyped members (`{}` in the catalog): a plausible value by name.
      if (name === 'width' || name === 'height') return 320 + (h % 4) * 320;
      if (name === 'type') return postType(post) === 'video' ? 'video' : 'image';
      return `${name} ${h % 1000}`;
  }
}

/**
 * The value of a catalog field of a post, or undefined when the post does not have it: a field
 * the catalog marks `videoOnly` on a post that is not a video (every other field is on every post).
 */
export function fieldValue(post: PostSkeleton, field: PostField, account: MockAccount): unknown {
  const h = mix(post.hash, nameHash(field.name));
  const name = field.name;
  if (field.videoOnly && postType(post) !== 'video') return undefined;
  switch (name) {
    case 'id':
      return post.id;
    case 'created_time':
      return utcDateTime(post.createdMs);
    case 'author_id':
    case 'page_id':
    case 'profile_id':
      return post.profile.id;
    case 'message':
      return `Post ${post.slot + 1} of ${post.profile.name} on day ${post.day}.`;
    case 'story':
      return `${post.profile.name} shared a post.`;
    case 'url':
      return `https://social.invalid/${post.profile.network}/${post.id}`;
    case 'type':
      return postType(post);
    case 'post_labels':
      return postLabels(post, account.contentLabels).map((l) => ({ id: l.id, name: l.name }));
    case 'insights_paid_status':
      return h % 3 === 0 ? 'paid' : 'non_paid';
    case 'is_published':
      return h % 10 !== 0;
  }
  if (field.enum) return field.enum[h % field.enum.length];
  switch (field.type) {
    case 'string':
      return `${name}_${h % 100000}`;
    case 'integer':
      return between(h, 0, 10000);
    case 'number':
      return between(h, 0, 800) / 8;
    case 'boolean':
      return h % 2 === 0;
    case 'datetime':
      return utcDateTime(post.createdMs);
    case 'array':
      if (field.items && (field.items as Schema).type) return schemaValue({ type: 'array', items: field.items as Schema }, name, h, post);
      return Array.from({ length: 10 }, (_, i) => between(mix(h, i), 0, 800) / 8);
    case 'object': {
      const out: Record<string, number> = {};
      const keys = field.properties ? Object.keys(field.properties) : [...new Set([...field.sortKeys, ...breakdownKeys(name)])];
      for (const key of keys) out[key] = between(mix(h, nameHash(key)), 0, 5000);
      return out;
    }
  }
  return undefined;
}

/** The response object of a post: the requested fields in request order, plus response members. */
export function postView(post: PostSkeleton, fields: PostField[], catalog: PostCatalog, account: MockAccount): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = fieldValue(post, field, account);
    if (value !== undefined) out[field.name] = value;
  }
  for (const member of catalog.responseMembers) {
    if (member.name === 'profile_id') out.profile_id = post.profile.id;
  }
  return out;
}
