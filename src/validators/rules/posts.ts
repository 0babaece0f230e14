/**
 * The rules of a posts page, one function each, by rule id. Of the page: at most 500 posts (the
 * maximum page size) and, with the request, at most `limit`; `remaining` at least 1 beside `next`.
 * Of each post: its members are fields of the network (and the catalog's response members, such
 * as instagram's `profile_id`) with their catalog types, and with the request only requested
 * fields, every requested field but those of videos only; date-times are real instants in the
 * documented UTC shape; `reactions_by_type` keyed by the six reaction types; `created_time` inside
 * the requested days in any profile timezone; the requested filter matches (inferred); the
 * requested sort order holds from the post before. The harness: ../checks/posts.ts, which reads each post's members once and gives the
 * rules what it found ({@link PostsFacts}).
 */
import type { PostFieldType } from '../../shared/catalog-types.js';
import { defaultPageSize, maxPageSize, type PostCatalog } from '../catalog-facts.js';
import { quote } from '../../core/problems/describe.js';
import { childPointer } from '../../shared/pointer.js';
import { hasUtcDateTimeShape, isDocumentedUtcShape, isUtcDateTime, realDayTime, utcInstantKey } from '../../calendar/date-times.js';
import { dayNumber, FIRST_DAY_NUMBER, formatDayNumber, LAST_DAY_NUMBER } from '../../calendar/days.js';
import { rangeText, type DateRange } from '../facts/request-shape.js';
import { expected, isPlainObject, typeProblem, UTC_DATE_TIME_SHAPE } from '../facts/values.js';
import type { PostFieldSets } from '../facts/post-field-sets.js';
import type { RuleTable } from './rule-table.js';

/** A requested sort key the rules can check. */
export interface SortKey {
  /** As requested: `comments`, `reactions_by_type.like`. */
  readonly name: string;
  readonly field: string;
  readonly member?: string;
  readonly datetime: boolean;
}

/** What the rules of a page read beside it; the members below the line are the harness's findings for the post being judged. */
export interface PostsFacts {
  readonly network: string;
  /** The network's post catalog (undefined: a network without one; its member rules do not apply). */
  readonly catalog: PostCatalog | undefined;
  /** The page's posts (undefined when `data.posts` is no list). */
  readonly posts: readonly unknown[] | undefined;
  /** The body passed its schema: date-times have the UTC shape and member types need no second check. */
  readonly typesChecked: boolean;
  readonly request: Record<string, unknown> | undefined;
  /** The requested days (`date_start`..`date_end`) when both are real days. */
  readonly range: DateRange | undefined;
  /** The sets of the requested fields (undefined without a request listing fields, or without a catalog). */
  readonly sets: PostFieldSets | undefined;
  readonly sortKeys: readonly SortKey[];
  /** Found by the harness's one reading of each post's members, by post index: {@link POST_MEMBERS_OFF}, {@link POST_ONLY_ALLOWED}, {@link POST_INCOMPLETE}. */
  readonly postFlags: Uint8Array;
  /** A post is {@link POST_MEMBERS_OFF}. */
  readonly anyOff: boolean;
  /** Requested fields, and a post the request-aware member rules read (one not known to hold only allowed names). */
  readonly anyOutside: boolean;
  /** Requested fields, and a post that holds fewer of the wanted fields than there are. */
  readonly anyIncomplete: boolean;
}

/** A member of the post is no catalog name or not of its catalog type (date-times aside). */
export const POST_MEMBERS_OFF = 1;
/** With typesChecked: the post holds no name the request leaves out (the request-aware member rules have nothing to say of it). */
export const POST_ONLY_ALLOWED = 2;
/** With requested fields: the post holds fewer of the wanted fields than there are. */
export const POST_INCOMPLETE = 4;

/** `/data/posts/i`: built only for a problem. */
const postPointer = (i: number) => `/data/posts/${i}`;

/** The keys of `reactions_by_type` ("counts with keys like, love, wow, haha, sorry, anger"). */
export const REACTION_TYPES: ReadonlySet<string> = new Set(['like', 'love', 'wow', 'haha', 'sorry', 'anger']);

/**
 * The instants a post created on one of the requested days, in any timezone, can carry, as
 * instant keys (`utcInstantKey`, compared as strings): the local day starts at most 14 hours
 * before the UTC day (UTC+14) and ends at most 12 hours after it (UTC-12), so from 10:00 UTC the
 * day before `date_start` up to, not including, 12:00 UTC the day after `date_end`.
 */
function instantBounds(range: DateRange): { from: string; to: string } {
  const before = dayNumber(range.start)! - 1;
  const after = dayNumber(range.end)! + 1;
  return {
    from: before < FIRST_DAY_NUMBER ? '' : `${formatDayNumber(before)}T10:00:00+00:00`,
    to: after > LAST_DAY_NUMBER ? '\uffff' : `${formatDayNumber(after)}T12:00:00+00:00`,
  };
}

/** A post of the UTC day `day` or later (the key begins with a later or the same day). */
const onOrAfter = (key: string, day: string) => key >= day;

/**
 * A post of the UTC day `day` or earlier, by the key of its date-time (`YYYY-MM-DDT...`):
 * `afterDay` is `day` followed by `~`, a character above every one of a date-time, so a key of
 * `day` itself (`day` then `T`) and every earlier key are below it, every later one above.
 */
const onOrBefore = (key: string, afterDay: string) => key < afterDay;

/** `day` followed by a character above every character of a date-time (for {@link onOrBefore}). */
const afterDay = (day: string) => `${day}~`;

/** The request-aware member rules read the post member by member: fields requested, and a post that may hold names the request left out. */
const readsRequestedMembers = (facts: PostsFacts, i: number) => !(facts.typesChecked && (facts.postFlags[i] & POST_ONLY_ALLOWED) !== 0);

function sortValue(post: Record<string, unknown>, key: SortKey): number | string | undefined {
  let value = post[key.field];
  if (key.member !== undefined) value = isPlainObject(value) ? value[key.member] : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (key.datetime && isUtcDateTime(value)) return utcInstantKey(value);
  if (typeof value === 'string') return value;
  return undefined;
}

/** One condition of the requested filter: a post matches when its `field` holds one of `values` (a label id for post_labels). */
interface FilterCondition {
  readonly field: string;
  readonly values: ReadonlySet<string>;
  /** As the message names it: `filter[0]`, `filter[1].match_any`. */
  readonly at: string;
}

/** The string values of a filter `value` (a string or an array of strings), or undefined when it holds no string. */
function filterValues(value: unknown): ReadonlySet<string> | undefined {
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return list.length ? new Set(list) : undefined;
}

/**
 * The requested filter as groups of conditions: a post must match one condition of every group
 * (a `{field, value}` element is a group of one; a `match_any` element a group of its items).
 * Elements whose shape the request checks refuse are left out.
 */
function filterGroups(filter: unknown): FilterCondition[][] {
  if (!Array.isArray(filter)) return [];
  const groups: FilterCondition[][] = [];
  filter.forEach((item, i) => {
    if (!isPlainObject(item)) return;
    if (Array.isArray(item.match_any)) {
      const group: FilterCondition[] = [];
      for (const c of item.match_any) {
        const values = isPlainObject(c) && typeof c.field === 'string' ? filterValues(c.value) : undefined;
        if (values) group.push({ field: c.field as string, values, at: `filter[${i}].match_any` });
      }
      if (group.length) groups.push(group);
      return;
    }
    const values = typeof item.field === 'string' ? filterValues(item.value) : undefined;
    if (values) groups.push([{ field: item.field as string, values, at: `filter[${i}]` }]);
  });
  return groups;
}

/** Whether `post` matches `condition`: true, false, or undefined when the post does not show the field (not requested, or of another shape). */
function matches(post: Record<string, unknown>, condition: FilterCondition): boolean | undefined {
  const value = post[condition.field];
  if (typeof value === 'string') return condition.values.has(value);
  if (!Array.isArray(value)) return undefined;
  // post_labels: content labels with an id.
  let known = false;
  for (const label of value) {
    if (!isPlainObject(label) || typeof label.id !== 'string') continue;
    known = true;
    if (condition.values.has(label.id)) return true;
  }
  return known || value.length === 0 ? false : undefined;
}

/** At most this many missing field names are named in one post's problem. */
const NAMED_MISSING = 5;

/** The rules of the page as a whole (`data`). */
export const pageRules: RuleTable<Record<string, unknown>, PostsFacts> = {
  // "when the response contains `next` and `remaining`, more data exists", and remaining is the
  // "number of items after the last returned item": at least one.
  'shared.posts.remaining-with-next': (found, data) => {
    if (data.next !== undefined && typeof data.remaining === 'number' && data.remaining < 1) found.add('/data/remaining', `expected at least 1 with next (more data exists), got ${data.remaining}`);
  },
  'shared.posts.page-size-maximum': (found, _data, _at, { posts }) => {
    if (posts && posts.length > maxPageSize) found.add('/data/posts', `expected at most ${maxPageSize} posts (the maximum page size), got ${posts.length}`);
  },
  'shared.posts.page-size': (found, _data, _at, { posts, request }) => {
    if (!posts || !request) return;
    // A limit that is no positive whole number names no page size: the documents say nothing of
    // what a page holds then (the request checks judge the limit itself); the maximum still holds.
    if (request.limit !== undefined && !(typeof request.limit === 'number' && Number.isInteger(request.limit) && request.limit > 0)) return;
    const limit = request.limit ?? defaultPageSize;
    if (posts.length > limit) found.add('/data/posts', `expected at most ${limit} posts (the ${request.limit === undefined ? 'default page size' : 'requested limit'}), got ${posts.length}`);
  },
};

/** `post` at `i` when it is an object (the schema reports other items). */
const postAt = (posts: readonly unknown[], i: number): Record<string, unknown> | undefined => (isPlainObject(posts[i]) ? (posts[i] as Record<string, unknown>) : undefined);

/**
 * The rules of the posts, each walking the page's posts in its own loop (one call per rule and
 * page: a call per rule and post would cost more than most rules' work), with what the harness
 * found in its one reading of the members.
 */
export const postRules: RuleTable<readonly unknown[], PostsFacts> = {
  /** A real instant (stated; the schema checks the UTC shape); a requested date-time field of the catalog type, when the schema did not check types. */
  'shared.posts.datetime-utc': (found, posts, _at, facts) => {
    const names = facts.catalog?.dateTimeNames ?? [];
    const allowed = facts.sets && !facts.typesChecked ? facts.sets.allowed : undefined;
    for (let i = 0; i < posts.length && !found.shouldStop(); i++) {
      const post = postAt(posts, i);
      if (!post) continue;
      for (let n = 0; n < names.length; n++) {
        const value = post[names[n]];
        if (typeof value !== 'string' || (!facts.typesChecked && !hasUtcDateTimeShape(value))) continue; // the schema reports other shapes
        if (!realDayTime(value)) found.add(childPointer(postPointer(i), names[n]), expected(UTC_DATE_TIME_SHAPE, value));
      }
      if (!allowed) continue;
      for (const key in post) {
        if (allowed.get(key) !== 'datetime') continue;
        const problem = typeProblem('datetime', post[key]);
        if (problem) found.add(childPointer(postPointer(i), key), problem);
      }
    }
  },
  /** Spelled as the documents show it: `+00:00`, no fraction (inferred). */
  'shared.posts.datetime-shape': (found, posts, _at, facts) => {
    const names = facts.catalog?.dateTimeNames ?? [];
    if (!names.length) return;
    for (let i = 0; i < posts.length && !found.shouldStop(); i++) {
      const post = postAt(posts, i);
      if (!post) continue;
      for (let n = 0; n < names.length; n++) {
        const value = post[names[n]];
        // The documented shape first (two character reads): the spelling of nearly every date-time.
        if (typeof value !== 'string' || isDocumentedUtcShape(value) || (!facts.typesChecked && !hasUtcDateTimeShape(value))) continue;
        if (realDayTime(value)) found.add(childPointer(postPointer(i), names[n]), `expected the documented shape YYYY-MM-DDTHH:MM:SS+00:00, got ${quote(value)}`);
      }
    }
  },
  'shared.posts.reaction-types': (found, posts) => {
    for (let i = 0; i < posts.length && !found.shouldStop(); i++) {
      const reactions = postAt(posts, i)?.reactions_by_type;
      if (!isPlainObject(reactions)) continue;
      for (const key in reactions) {
        if (!REACTION_TYPES.has(key)) found.add(`${postPointer(i)}/reactions_by_type`, `unexpected key ${quote(key)}: the keys are ${[...REACTION_TYPES].join(', ')}`);
      }
    }
  },
  'shared.posts.created-in-range': (found, posts, _at, { range, typesChecked }) => {
    if (!range) return;
    const afterEnd = afterDay(range.end);
    let bounds: { from: string; to: string } | undefined; // built for the first post outside the UTC days
    for (let i = 0; i < posts.length && !found.shouldStop(); i++) {
      const created = postAt(posts, i)?.created_time;
      if (typeof created !== 'string' || (!typesChecked && !hasUtcDateTimeShape(created))) continue;
      const at = utcInstantKey(created);
      // The common answer: a post of one of the requested days in UTC needs no timezone bounds.
      if ((onOrAfter(at, range.start) && onOrBefore(at, afterEnd)) || !realDayTime(created)) continue; // no real instant: datetime-utc says so
      bounds ??= instantBounds(range);
      if (at < bounds.from || at >= bounds.to) found.add(`${postPointer(i)}/created_time`, `${quote(created)} is outside the requested days ${rangeText(range)} in every profile timezone`);
    }
  },
  /**
   * Every member a field or response member of the network (inferred: it may answer a request that
   * named it); a member the request did not name is `shared.posts.requested-fields`.
   */
  'shared.posts.post-fields-of-network': (found, posts, _at, facts) => {
    const types = facts.catalog?.types;
    if (!types || !facts.anyOff) return;
    for (let i = 0; i < posts.length && !found.shouldStop(); i++) {
      const post = postAt(posts, i);
      if (!post || (facts.postFlags[i] & POST_MEMBERS_OFF) === 0) continue;
      for (const key of Object.keys(post)) if (!types.has(key)) found.add(postPointer(i), `unexpected property ${quote(key)}`);
    }
  },
  /** Body-only: every member of its catalog type (date-times are the rules above); with requested fields, when the schema did not check types. */
  'shared.posts.field-types': (found, posts, _at, facts) => {
    const types = facts.catalog?.types;
    const allowed = facts.sets && !facts.typesChecked ? facts.sets.allowed : undefined;
    if (!types || (!facts.anyOff && !allowed)) return;
    for (let i = 0; i < posts.length && !found.shouldStop(); i++) {
      const post = postAt(posts, i);
      if (!post) continue;
      if ((facts.postFlags[i] & POST_MEMBERS_OFF) !== 0) {
        for (const key of Object.keys(post)) {
          const type = types.get(key);
          const problem = type !== undefined && type !== 'datetime' ? typeProblem(type, post[key]) : undefined;
          if (problem) found.add(childPointer(postPointer(i), key), problem);
        }
      }
      if (!allowed) continue;
      for (const key in post) {
        const type: PostFieldType | undefined = allowed.get(key);
        const problem = type !== undefined && type !== 'datetime' ? typeProblem(type, post[key]) : undefined;
        if (problem) found.add(childPointer(postPointer(i), key), problem);
      }
    }
  },
  /** With requested fields: no member the request left out, of the field tables or not (response members such as profile_id aside). */
  'shared.posts.requested-fields': (found, posts, _at, facts) => {
    const { sets } = facts;
    if (!sets || !facts.catalog || !facts.anyOutside) return;
    for (let i = 0; i < posts.length && !found.shouldStop(); i++) {
      const post = postAt(posts, i);
      if (!post || !readsRequestedMembers(facts, i)) continue;
      for (const key in post) if (!sets.allowed.has(key)) found.add(postPointer(i), `unexpected field ${quote(key)}: not requested`);
    }
  },
  /**
   * Every requested field of the catalog, except the fields of videos only, which a post that is
   * not a video lacks ("objects holding only the requested fields"): one problem per post.
   */
  'shared.posts.requested-fields-present': (found, posts, _at, { sets, postFlags, anyIncomplete }) => {
    if (!sets || !anyIncomplete) return;
    for (let i = 0; i < posts.length && !found.shouldStop(); i++) {
      const post = postAt(posts, i);
      if (!post || (postFlags[i] & POST_INCOMPLETE) === 0) continue;
      const missing = sets.wanted.filter((name) => !Object.prototype.hasOwnProperty.call(post, name));
      if (!missing.length) continue;
      const named = missing.slice(0, NAMED_MISSING).map(quote).join(', ');
      const more = missing.length > NAMED_MISSING ? ` and ${missing.length - NAMED_MISSING} more` : '';
      found.add(postPointer(i), `missing requested field${missing.length > 1 ? 's' : ''} ${named}${more}`);
    }
  },
  /**
   * Each post matches the requested filter: a `{field, value}` element by the post's field holding
   * one of the values (a label id for post_labels), a `match_any` element by one of its items;
   * every element. Posts that do not show a filtered field are not judged on it.
   */
  'shared.posts.filter-match': (found, posts, _at, { request }) => {
    const groups = request ? filterGroups(request.filter) : [];
    if (!groups.length) return;
    for (let i = 0; i < posts.length && !found.shouldStop(); i++) {
      const post = postAt(posts, i);
      if (!post) continue;
      for (const group of groups) {
        let shown = false;
        let matched = false;
        for (const condition of group) {
          const m = matches(post, condition);
          if (m !== undefined) shown = true;
          if (m) {
            matched = true;
            break;
          }
        }
        if (!shown || matched) continue;
        const wanted = group.map((c) => `${c.field} ${[...c.values].map(quote).join(' or ')}`).join('; or ');
        found.add(childPointer(postPointer(i), group[0].field), `does not match the requested ${group[0].at} (${wanted})`);
      }
    }
  },
  /** The requested sort order (`desc`) holds from each post to the next. */
  'shared.posts.sort-order': (found, posts, _at, { sortKeys }) => {
    if (!sortKeys.length) return;
    for (let i = 1; i < posts.length && !found.shouldStop(); i++) {
      const prev = postAt(posts, i - 1);
      const cur = postAt(posts, i);
      if (!prev || !cur) continue;
      for (const key of sortKeys) {
        const a = sortValue(prev, key);
        const b = sortValue(cur, key);
        if (a === undefined || b === undefined || typeof a !== typeof b) break;
        if (a === b) continue;
        if (a < b) {
          const shown = (post: Record<string, unknown>) => {
            const v = key.member === undefined ? post[key.field] : (post[key.field] as Record<string, unknown>)[key.member];
            return typeof v === 'string' ? quote(v) : String(v);
          };
          found.add(postPointer(i), `breaks the requested sort ${key.name} desc: ${shown(cur)} follows ${shown(prev)} of /data/posts/${i - 1}`);
        }
        break;
      }
    }
  },
};
