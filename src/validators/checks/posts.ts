/**
 * Request-aware checks of a posts page: every post holds only requested fields (and the
 * catalog's response members, such as instagram's `profile_id`), each with its catalog type, and
 * every requested field but those of videos only;
 * date-times in UTC with offset; the requested sort order holds within the page; at most
 * `limit` posts. Without a request: fields of the network with their catalog types, `next` with
 * `remaining`, and `remaining` at least 1 beside `next`.
 */
import type { PostFieldType } from '../../catalog/types.js';
import { defaultPageSize, postCatalogOf, type PostCatalog } from '../catalog-facts.js';
import { quote } from '../../core/problems/describe.js';
import type { ProblemList } from '../../core/problems/problem-list.js';
import { childPointer } from '../../core/pointer.js';
import { checkPostPage } from './post-page.js';
import { excludedNames, FEW_EXCLUDED, holdsNone, onlyAllowed } from './post-members.js';
import { PassedMembers } from './passed-members.js';
import { stringArray } from './request-shape.js';
import { hasUtcDateTimeShape, isDocumentedUtcShape, isUtcDateTime, realDayTime, utcInstantKey } from '../../calendar/date-times.js';
import { expected, isPlainObject, typeProblem, UTC_DATE_TIME_SHAPE } from './values.js';
import { withArticle } from '../../core/problems/article.js';

interface SortKey {
  /** As requested: `comments`, `reactions_by_type.like`. */
  name: string;
  field: string;
  member?: string;
  datetime: boolean;
}

/** The requested sort keys that can be checked; stops at the first one that cannot. */
function sortKeys(request: Record<string, unknown>, types: ReadonlyMap<string, PostFieldType>): SortKey[] {
  const sort = request.sort;
  if (!Array.isArray(sort)) return [];
  const keys: SortKey[] = [];
  for (const item of sort) {
    if (!isPlainObject(item) || typeof item.field !== 'string' || typeof item.order !== 'string') break;
    // The documents show `desc` only; other order values are not shown, so they are not judged.
    if (item.order !== 'desc') break;
    const dot = item.field.indexOf('.');
    const whole = types.has(item.field);
    const field = whole || dot < 0 ? item.field : item.field.slice(0, dot);
    const member = whole || dot < 0 ? undefined : item.field.slice(dot + 1);
    keys.push({ name: item.field, field, member, datetime: types.get(field) === 'datetime' });
  }
  return keys;
}

function sortValue(post: Record<string, unknown>, key: SortKey): number | string | undefined {
  let value = post[key.field];
  if (key.member !== undefined) value = isPlainObject(value) ? value[key.member] : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (key.datetime && isUtcDateTime(value)) return utcInstantKey(value);
  if (typeof value === 'string') return value;
  return undefined;
}

function checkSortOrder(list: ProblemList, posts: unknown[], keys: SortKey[]): void {
  if (!keys.length) return;
  for (let i = 1; i < posts.length && !list.shouldStop(); i++) {
    const prev = posts[i - 1];
    const cur = posts[i];
    if (!isPlainObject(prev) || !isPlainObject(cur)) continue;
    for (const key of keys) {
      const a = sortValue(prev, key);
      const b = sortValue(cur, key);
      if (a === undefined || b === undefined || typeof a !== typeof b) break;
      if (a === b) continue;
      if (a < b) {
        const shown = (post: Record<string, unknown>) => {
          const v = key.member === undefined ? post[key.field] : (post[key.field] as Record<string, unknown>)[key.member];
          return typeof v === 'string' ? quote(v) : String(v);
        };
        list.add('shared.posts.sort-order', `/data/posts/${i}`, `breaks the requested sort ${key.name} desc: ${shown(cur)} follows ${shown(prev)} of /data/posts/${i - 1}`);
      }
      break;
    }
  }
}

/**
 * Every post date-time, checked once: a real instant (stated rule; the schema checks the UTC
 * shape, the calendar is checked here) spelled as the documents show it (`+00:00`, no fraction;
 * inferred). `shapeChecked`: the body passed its schema, so every date-time has the UTC shape.
 */
function checkDateTimes(list: ProblemList, posts: unknown[], catalog: PostCatalog, shapeChecked: boolean): void {
  const names = catalog.dateTimeNames;
  if (!names.length) return;
  for (let i = 0; i < posts.length && !list.shouldStop(); i++) {
    const post = posts[i];
    if (!isPlainObject(post)) continue;
    for (let n = 0; n < names.length; n++) {
      const value = post[names[n]];
      if (typeof value !== 'string' || (!shapeChecked && !hasUtcDateTimeShape(value))) continue; // the schema reports other shapes
      if (!realDayTime(value)) list.add('shared.posts.datetime-utc', childPointer(`/data/posts/${i}`, names[n]), expected(UTC_DATE_TIME_SHAPE, value));
      else if (!isDocumentedUtcShape(value)) {
        list.add('shared.posts.datetime-shape', childPointer(`/data/posts/${i}`, names[n]), `expected the documented shape YYYY-MM-DDTHH:MM:SS+00:00, got ${quote(value)}`);
      }
    }
  }
}

/** One lookup per member: allowed names (requested fields and response members) -> catalog type. */
function allowedMembers(catalog: PostCatalog, fields: readonly string[]): ReadonlyMap<string, PostFieldType | undefined> {
  const allowed = new Map<string, PostFieldType | undefined>();
  for (let i = 0; i < fields.length; i++) allowed.set(fields[i], catalog.types.get(fields[i]));
  for (const m of catalog.responseMembers) allowed.set(m.name, m.type);
  return allowed;
}

function checkFields(list: ProblemList, posts: unknown[], fields: readonly string[], catalog: PostCatalog, network: string, typesChecked: boolean): void {
  const { types } = catalog;
  const allowed = allowedMembers(catalog, fields);
  // A post that passed its schema holds catalog names only: it passes when it holds none of those the request left out.
  const excluded = excludedNames(types, allowed);
  const passedPost = new PassedMembers();
  for (let i = 0; i < posts.length && !list.shouldStop(); i++) {
    const post = posts[i];
    if (!isPlainObject(post)) continue;
    if (typesChecked && (excluded.length <= FEW_EXCLUDED ? holdsNone(post, excluded) : onlyAllowed(post, allowed, passedPost))) continue;
    for (const key in post) {
      const type = allowed.get(key);
      if (type !== undefined) {
        const problem = typesChecked ? undefined : typeProblem(type, post[key]);
        if (problem) list.add(type === 'datetime' ? 'shared.posts.datetime-utc' : 'shared.posts.field-types', childPointer(`/data/posts/${i}`, key), problem);
      } else if (!allowed.has(key)) {
        if (types.has(key)) list.add('shared.posts.requested-fields', `/data/posts/${i}`, `unexpected field ${quote(key)}: not requested`);
        else list.add('shared.posts.post-fields-of-network', `/data/posts/${i}`, `unexpected field ${quote(key)}: not ${withArticle(`${network} post field`)}`);
      }
    }
  }
}

/** At most this many missing field names are named in one post's problem. */
const NAMED_MISSING = 5;

/**
 * Every post holds each requested field of the catalog, except the fields of videos only, which a
 * post that is not a video lacks ("objects holding only the requested fields"). One problem per
 * post, naming what it lacks.
 */
function checkPresent(list: ProblemList, posts: unknown[], wanted: readonly string[], incomplete: readonly number[]): void {
  for (let n = 0; n < incomplete.length && !list.shouldStop(); n++) {
    const i = incomplete[n];
    const post = posts[i] as Record<string, unknown>;
    const missing = wanted.filter((name) => !Object.prototype.hasOwnProperty.call(post, name));
    if (!missing.length) continue;
    const named = missing.slice(0, NAMED_MISSING).map(quote).join(', ');
    const more = missing.length > NAMED_MISSING ? ` and ${missing.length - NAMED_MISSING} more` : '';
    list.add('shared.posts.requested-fields-present', `/data/posts/${i}`, `missing requested field${missing.length > 1 ? 's' : ''} ${named}${more}`);
  }
}

/** The requested fields every post holds: those of the catalog but the fields of videos only. */
function wantedFields(fields: readonly string[], catalog: PostCatalog): readonly string[] {
  return [...new Set(fields)].filter((f) => catalog.types.has(f) && !catalog.videoOnly.includes(f));
}

/**
 * Body-only check of the posts' members: each a field or response member of the network's post
 * catalog (`types`) with its catalog type (date-times are the schema's and checkDateTimes'). The
 * compiled schema leaves them to this check, which reports what the schema's
 * `additionalProperties: false` and member types would, in the order the post holds its members.
 */
function checkPostMembers(list: ProblemList, posts: unknown[], types: ReadonlyMap<string, PostFieldType>, wanted: ReadonlySet<string>): number[] {
  // Posts of one page list their members alike: a member named as the one at its position in the
  // post before takes that one's facts without a lookup (kept for this call only).
  const names: string[] = [];
  const kinds: (PostFieldType | undefined)[] = [];
  const asked: boolean[] = [];
  const incomplete: number[] = [];
  for (let i = 0; i < posts.length && !list.shouldStop(); i++) {
    const post = posts[i];
    if (!isPlainObject(post)) continue;
    let off = false;
    let at = 0;
    let present = 0;
    for (const key in post) {
      if (names[at] !== key) {
        names[at] = key;
        kinds[at] = types.get(key);
        asked[at] = wanted.has(key);
      }
      if (asked[at]) present++;
      const type = kinds[at++];
      if (type === 'datetime') continue;
      const value = post[key];
      if (type === 'integer' ? Number.isInteger(value) : type === 'string' ? typeof value === 'string' : type !== undefined && typeProblem(type, value) === undefined) continue;
      off = true;
    }
    if (off) reportPostMembers(list, post, i, types);
    if (present < wanted.size) incomplete.push(i);
  }
  return incomplete;
}

function reportPostMembers(list: ProblemList, post: Record<string, unknown>, i: number, types: ReadonlyMap<string, PostFieldType>): void {
  for (const key of Object.keys(post)) {
    const type = types.get(key);
    if (type === undefined) list.add('shared.posts.post-fields-of-network', `/data/posts/${i}`, `unexpected property ${quote(key)}`);
    else {
      const problem = type !== 'datetime' ? typeProblem(type, post[key]) : undefined;
      if (problem) list.add('shared.posts.field-types', childPointer(`/data/posts/${i}`, key), problem);
    }
  }
}

/**
 * Runs the posts checks on a success body of `network` in `version`. `typesChecked`: the body
 * passed its schema, whose property types are the catalog types, so the per-field type checks
 * can be skipped (test/validators/catalog-agreement.test.ts keeps schema and catalog in step).
 */
export function checkPosts(list: ProblemList, body: Record<string, unknown>, request: Record<string, unknown> | undefined, version: number, network: string, typesChecked = false): void {
  const data = body.data;
  if (!isPlainObject(data)) return;
  // "when the response contains `next` and `remaining`, more data exists", and remaining is the
  // "number of items after the last returned item": at least one.
  if (data.next !== undefined && typeof data.remaining === 'number' && data.remaining < 1) {
    list.add('shared.posts.remaining-with-next', '/data/remaining', `expected at least 1 with next (more data exists), got ${data.remaining}`);
  }
  const posts = data.posts;
  if (!Array.isArray(posts)) return;
  // Body-only: the schema checks next with remaining and the members of more than a type.
  const catalog = postCatalogOf(version, network);
  if (catalog) checkDateTimes(list, posts, catalog, typesChecked);
  checkPostPage(list, posts, request, typesChecked);
  // The requested fields every post must hold (none without the request), counted in the members' pass.
  const fields = request && catalog ? stringArray(request.fields) : undefined;
  const wanted = fields && catalog ? wantedFields(fields, catalog) : [];
  const incomplete = catalog ? checkPostMembers(list, posts, catalog.types, new Set(wanted)) : [];
  if (!request) return;
  const limit = typeof request.limit === 'number' && Number.isInteger(request.limit) && request.limit > 0 ? request.limit : defaultPageSize;
  if (posts.length > limit) list.add('shared.posts.page-size', '/data/posts', `expected at most ${limit} posts (the ${request.limit === undefined ? 'default page size' : 'requested limit'}), got ${posts.length}`);
  if (!catalog) return;
  if (fields) {
    checkFields(list, posts, fields, catalog, network, typesChecked);
    checkPresent(list, posts, wanted, incomplete);
  }
  if (catalog.sort) checkSortOrder(list, posts, sortKeys(request, catalog.types));
}
