/**
 * The fast answer of the request-aware member check of posts, for a post that passed its schema
 * (so every member is a catalog name of the network: test/validators/catalog-agreement.test.ts
 * keeps schema and catalog in step) and a request that leaves out a few catalog names: does the
 * post hold none of them? When the request leaves out more, the member layout (./post-layout.ts)
 * tells whether every member is an allowed name. When either says no, posts.ts runs the detailed
 * pass, which names every offending member.
 */

/** Up to this many names left out by the request, a post is checked for each of them, not member by member. */
export const FEW_EXCLUDED = 8;

/** `post` holds none of `names` (own members only, as the detailed pass reads them). */
export function holdsNone(post: Record<string, unknown>, names: readonly string[]): boolean {
  for (let i = 0; i < names.length; i++) if (Object.prototype.hasOwnProperty.call(post, names[i])) return false;
  return true;
}
