/**
 * Paths whose answers the documents say are "not shown": a success answer there is neither
 * refused nor checked (its shape is unknown), only reported by an inferred rule. Two kinds:
 * version 1's profile label list ("Profile label list in version 1: not shown."), whose method
 * and body are not shown either, so any method matches; and the post list of a network whose
 * post list path the documents do not show (version 2: twitter, "Path and example of the
 * short-message (netC) posts endpoint: not shown.", youtube, linkedin and pinterest, "Endpoints
 * for posts of netD, netE and netF: not shown."; version 1: every network but facebook, "Post
 * list endpoints other than netA in version 1: not shown."): a path of such a network ending
 * in `/posts`, any method. A network whose post list path is shown (facebook, instagram in
 * version 2) has no other one.
 */
import { operations } from '../../../generated/operations.js';
import type { RuleId } from '../../core/rules.js';
import { postListPathOf } from '../../operations/operation-of.js';
import { requestPathname } from '../../operations/request-path.js';
import { networksOf } from '../catalog-facts.js';

/** The path of version 1's profile label list (as version 2's, under /1). */
const V1_PROFILE_LABELS = '/1/profile/labels';

/** Per version, the networks whose post list path the documents do not show. */
const POSTS_NOT_SHOWN: ReadonlyMap<number, ReadonlySet<string>> = new Map(
  [1, 2].map((version) => {
    const shown = new Set<string>(operations.flatMap((op) => (op.version === version && op.kind === 'posts' && 'network' in op ? [op.network] : [])));
    return [version, new Set(networksOf(version).filter((network) => !shown.has(network)))];
  }),
);

/** The sentence that says a network's post list path is not shown. */
function postsSentence(version: number, network: string): string {
  if (version === 1) return 'Post list endpoints other than netA in version 1: not shown.';
  return network === 'twitter' ? 'Path and example of the short-message (netC) posts endpoint: not shown.' : 'Endpoints for posts of netD, netE and netF: not shown.';
}

/** The inferred rule and message of a success answer at a path whose answer is not shown; undefined for any other path. */
export function notShownAnswer(path: unknown): { readonly rule: RuleId; readonly message: string } | undefined {
  if (typeof path !== 'string') return undefined;
  if (requestPathname(path).endsWith(V1_PROFILE_LABELS)) {
    return {
      rule: 'v1.labels.profile-label-list-unknown',
      message: 'a success answer to version 1\'s profile label list, whose answer the documents do not show ("Profile label list in version 1: not shown."): its shape is unknown and not checked',
    };
  }
  const posts = postListPathOf(path);
  if (!posts || !POSTS_NOT_SHOWN.get(posts.version)?.has(posts.network)) return undefined;
  const { version, network } = posts;
  return {
    rule: 'shared.posts.list-not-shown',
    message: `a success answer at a path that may be ${network}'s post list in version ${version}, whose path and answer the documents do not show ("${postsSentence(version, network)}"): its shape is unknown and not checked`,
  };
}
