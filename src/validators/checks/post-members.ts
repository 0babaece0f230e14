/**
 * The fast answer of the request-aware member check of posts, for a post that passed its schema
 * (so every member is a catalog name of the network: test/validators/catalog-agreement.test.ts
 * keeps schema and catalog in step): does the post hold only allowed names (the requested fields
 * and the catalog's response members)? When it does not, posts.ts runs the detailed pass, which
 * names every offending member.
 */
import type { PassedMembers } from './passed-members.js';

/** Up to this many names left out by the request, a post is checked for each of them, not member by member. */
export const FEW_EXCLUDED = 8;

/** `post` holds none of `names` (own members only, as the detailed pass reads them). */
export function holdsNone(post: Record<string, unknown>, names: readonly string[]): boolean {
  for (let i = 0; i < names.length; i++) if (Object.prototype.hasOwnProperty.call(post, names[i])) return false;
  return true;
}

/**
 * Every member of `post` is an allowed name (the detailed pass then has nothing to say when types
 * were checked). `passedPost`: the names of the last post of this page that passed.
 */
export function onlyAllowed(post: Record<string, unknown>, allowed: ReadonlyMap<string, unknown>, passedPost: PassedMembers): boolean {
  if (passedPost.same(post, allowed)) return true;
  for (const key in post) if (!allowed.has(key)) return false;
  passedPost.passed(post, allowed);
  return true;
}
