/**
 * Paths whose answers the documents say are "not shown": a success answer there is neither
 * refused nor checked (its shape is unknown), only reported by an inferred rule. Version 1's
 * profile label list ("Profile label list in version 1: not shown.") is the one such path: its
 * method and body are not shown either, so any method matches and the body is not read.
 */
import type { RuleId } from '../../core/rules.js';
import { requestPathname } from '../../operations/operation-of.js';

/** The path of version 1's profile label list (as version 2's, under /1). */
const V1_PROFILE_LABELS = '/1/profile/labels';

/** The inferred rule and message of a success answer at a path whose answer is not shown; undefined for any other path. */
export function notShownAnswer(path: unknown): { readonly rule: RuleId; readonly message: string } | undefined {
  if (typeof path !== 'string' || !requestPathname(path).endsWith(V1_PROFILE_LABELS)) return undefined;
  return {
    rule: 'v1.labels.profile-label-list-unknown',
    message: 'a success answer to version 1\'s profile label list, whose answer the documents do not show ("Profile label list in version 1: not shown."): its shape is unknown and not checked',
  };
}
