/**
 * Checks of a posts page beyond its schema and the requested fields: at most 500 posts (the
 * maximum page size, with or without the request); `reactions_by_type` keyed by the six listed
 * reaction types only; with the request, every `created_time` inside the requested days read in
 * any profile timezone (UTC-12 to UTC+14: up to 14 hours either side of the UTC days).
 */
import { maxPageSize } from '../catalog-facts.js';
import { quote } from '../../core/problems/describe.js';
import type { ProblemList } from '../../core/problems/problem-list.js';
import { hasUtcDateTimeShape, realDayTime, utcInstantKey } from '../../calendar/date-times.js';
import { dayNumber, FIRST_DAY_NUMBER, formatDayNumber, LAST_DAY_NUMBER } from '../../calendar/days.js';
import { dateRange, rangeText, type DateRange } from './request-shape.js';
import { isPlainObject } from './values.js';

/** The keys of `reactions_by_type` ("counts with keys like, love, wow, haha, sorry, anger"). */
export const REACTION_TYPES: ReadonlySet<string> = new Set(['like', 'love', 'wow', 'haha', 'sorry', 'anger']);

/**
 * The instants a post created on one of the requested days, in any timezone, can carry, as
 * instant keys (`utcInstantKey`, compared as strings): a profile timezone moves a local day at
 * most 14 hours from the UTC day (UTC+14; UTC-12 is less), so from 10:00 UTC the day before
 * `date_start` up to, not including, 14:00 UTC the day after `date_end`.
 */
function instantBounds(range: DateRange): { from: string; to: string } {
  const before = dayNumber(range.start)! - 1;
  const after = dayNumber(range.end)! + 1;
  return {
    from: before < FIRST_DAY_NUMBER ? '' : `${formatDayNumber(before)}T10:00:00+00:00`,
    to: after > LAST_DAY_NUMBER ? '\uffff' : `${formatDayNumber(after)}T14:00:00+00:00`,
  };
}

function checkReactionKeys(list: ProblemList, reactions: Record<string, unknown>, i: number): void {
  for (const key in reactions) {
    if (!REACTION_TYPES.has(key)) list.add('shared.posts.reaction-types', `/data/posts/${i}/reactions_by_type`, `unexpected key ${quote(key)}: the keys are ${[...REACTION_TYPES].join(', ')}`);
  }
}

/** A post of the UTC day `day` or later (the key begins with a later or the same day). */
const onOrAfter = (key: string, day: string) => key >= day;

/** A post of the UTC day `day` or earlier. */
const onOrBefore = (key: string, day: string) => key < day || key.startsWith(day);

/**
 * Runs the page checks; `shapeChecked`: the body passed its schema, so every date-time has the
 * UTC shape (the calendar is judged by posts.ts).
 */
export function checkPostPage(list: ProblemList, posts: unknown[], request: Record<string, unknown> | undefined, shapeChecked = false): void {
  if (posts.length > maxPageSize) list.add('shared.posts.page-size-maximum', '/data/posts', `expected at most ${maxPageSize} posts (the maximum page size), got ${posts.length}`);
  const range = request && dateRange(request);
  let bounds: { from: string; to: string } | undefined; // built for the first post with a created_time
  for (let i = 0; i < posts.length && !list.shouldStop(); i++) {
    const post = posts[i];
    if (!isPlainObject(post)) continue;
    const reactions = post.reactions_by_type;
    if (isPlainObject(reactions)) checkReactionKeys(list, reactions, i);
    const created = post.created_time;
    if (!range || typeof created !== 'string' || (!shapeChecked && !hasUtcDateTimeShape(created))) continue;
    const at = utcInstantKey(created);
    // The common answer: a post of one of the requested days in UTC needs no timezone bounds.
    if ((onOrAfter(at, range.start) && onOrBefore(at, range.end)) || !realDayTime(created)) continue; // no real instant: datetime-utc says so
    bounds ??= instantBounds(range);
    if (at < bounds.from || at >= bounds.to) {
      list.add('shared.posts.created-in-range', `/data/posts/${i}/created_time`, `${quote(created)} is outside the requested days ${rangeText(range)} in every profile timezone`);
    }
  }
}
