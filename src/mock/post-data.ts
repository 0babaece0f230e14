/**
 * Fake posts. A post is a skeleton (profile, local day, slot) from which every field value is
 * derived on demand, typed by the post catalog: thousands of posts per profile and year cost
 * nothing until a page shows them.
 */
import type { PostCatalog, PostField } from '../catalog/types.js';
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
const VIDEO_ONLY = new Set(['universal_video_id', 'video_id', 'video_length']);

const offsetCache = new Map<string, number>();
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Offset of `timezone` from UTC in ms at the UTC instant `ms`. */
function zoneOffset(timezone: string, ms: number): number {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timezone, f);
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - Math.floor(ms / 1000) * 1000;
}

/** UTC ms of a local wall-clock time (`seconds` after local midnight of `day`) in `timezone`. */
export function localToUtc(timezone: string, day: number, seconds: number): number {
  const key = `${timezone}/${day}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = zoneOffset(timezone, day * 86_400_000 + 43_200_000);
    if (offsetCache.size > 200_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return day * 86_400_000 + seconds * 1000 - offset;
}

/** Posts a profile published on a local day: 0 to 5, newest slot last. */
export function postsOfDay(seed: number, profile: MockProfile, day: number): PostSkeleton[] {
  const count = between(mix(seed, profile.hash, day, 0x505), 0, 5);
  const out: PostSkeleton[] = [];
  let seconds = 0;
  for (let slot = 0; slot < count; slot++) {
    const hash = mix(seed, profile.hash, day, slot, 0x7057);
    seconds = Math.min(86_399, seconds + between(hash, 600, Math.floor(86_399 / count)));
    out.push({ profile, day, slot, id: `${profile.id}_${day * 10 + slot}`, createdMs: localToUtc(profile.timezone, day, seconds), hash });
  }
  return out;
}

/** `YYYY-MM-DDTHH:MM:SS+00:00`. */
export function utcDateTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

/** The post type (facebook: status/link/photo/video; instagram: image/video/carousel_album). */
export function postType(post: PostSkeleton): string {
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

/** The value of a catalog field of a post, or undefined when the post does not have it (video-only fields of other posts). */
export function fieldValue(post: PostSkeleton, field: PostField, account: MockAccount): unknown {
  const h = mix(post.hash, nameHash(field.name));
  const name = field.name;
  if (VIDEO_ONLY.has(name) && postType(post) !== 'video') return undefined;
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
