/**
 * Checks of a posts page beyond its schema and the requested fields: at most 500 posts (the
 * maximum page size, with or without the request); `reactions_by_type` keyed by the six listed
 * reaction types only; with the request, every `created_time` inside the requested days read in
 * any profile timezone (UTC-12 to UTC+14: up to 14 hours either side of the UTC days).
 */
import { maxPageSize } from '../catalog-facts.js';
import { quote } from '../describe.js';
import type { ErrorList } from '../error-list.js';
import { isUtcDateTime } from '../../calendar/date-times.js';
import { dateRange, rangeText, type DateRange } from './request-shape.js';
import { isPlainObject } from './values.js';

/** The keys of `reactions_by_type` ("counts with keys like, love, wow, haha, sorry, anger"). */
export const REACTION_TYPES: ReadonlySet<string> = new Set(['like', 'love', 'wow', 'haha', 'sorry', 'anger']);

/** How far a profile timezone moves a local day from the UTC day: 14 hours (UTC+14; UTC-12 is less). */
const ZONE_MS = 14 * 3_600_000;
const DAY_MS = 86_400_000;

/** The instants (ms) a post created on one of the requested days, in any timezone, can carry. */
function instantBounds(range: DateRange): { from: number; to: number } {
  return { from: Date.parse(`${range.start}T00:00:00Z`) - ZONE_MS, to: Date.parse(`${range.end}T00:00:00Z`) + DAY_MS + ZONE_MS };
}

function checkReactionKeys(list: ErrorList, reactions: Record<string, unknown>, i: number): void {
  for (const key in reactions) {
    if (!REACTION_TYPES.has(key)) list.add('shared.posts.reaction-types', `/data/posts/${i}/reactions_by_type`, `unexpected key ${quote(key)}: the keys are ${[...REACTION_TYPES].join(', ')}`);
  }
}

export function checkPostPage(list: ErrorList, posts: unknown[], request: Record<string, unknown> | undefined): void {
  if (posts.length > maxPageSize) list.add('shared.posts.page-size-maximum', '/data/posts', `expected at most ${maxPageSize} posts (the maximum page size), got ${posts.length}`);
  const range = request && dateRange(request);
  const bounds = range && instantBounds(range);
  for (let i = 0; i < posts.length && !list.full; i++) {
    const post = posts[i];
    if (!isPlainObject(post)) continue;
    const reactions = post.reactions_by_type;
    if (isPlainObject(reactions)) checkReactionKeys(list, reactions, i);
    const created = post.created_time;
    if (!bounds || !isUtcDateTime(created)) continue;
    const at = Date.parse(created);
    if (at < bounds.from || at >= bounds.to) {
      list.add('shared.posts.created-in-range', `/data/posts/${i}/created_time`, `${quote(created)} is outside the requested days ${rangeText(range)} in every profile timezone`);
    }
  }
}
