/**
 * What a post's members are, by name: catalog type, wanted field, allowed name. Posts of a page,
 * and the pages of one operation, list their members alike, so the facts of each member are
 * remembered by position: a member named as the one remembered at its position takes its facts
 * without a lookup (a string comparison, the same name exactly). The layouts belong to the posts
 * checks of one operation of a validator instance (./posts.ts), one per set of requested fields
 * (./post-field-sets.ts), and are kept from one page to the next: every fact is a function of the
 * name and the sets alone, so a verdict never depends on the pages before.
 */
import type { PostFieldType } from '../../catalog/types.js';
import type { PostCatalog } from '../catalog-facts.js';
import type { PostFieldSets } from './post-field-sets.js';
import { typeProblem } from './values.js';

/** What {@link MemberLayout.read} found in a post: a member off (no catalog name, or not of its type; date-times aside). */
export const MEMBER_OFF = 1;
/** A member that is no allowed name of the requested fields (a requested field or a response member). */
export const MEMBER_OUTSIDE = 2;

/** The facts of the members of one operation's posts, by position, for one set of requested fields (or none). */
export class MemberLayout {
  private readonly names: string[] = [];
  private readonly kinds: (PostFieldType | undefined)[] = [];
  private readonly asked: boolean[] = [];
  private readonly allowed: boolean[] = [];
  /** Positions kept from one page to the next: as many as a post of the catalog can hold. */
  private readonly kept: number;

  constructor(
    private readonly types: ReadonlyMap<string, PostFieldType>,
    private readonly sets: PostFieldSets | undefined,
  ) {
    this.kept = types.size;
  }

  /**
   * Reads `post`'s members once: {@link MEMBER_OFF} and {@link MEMBER_OUTSIDE} when found, and
   * how many wanted fields it holds (`present[i]`).
   */
  read(post: Record<string, unknown>, i: number, present: Int32Array): number {
    const { names, kinds, asked, allowed } = this;
    let found = 0;
    let at = 0;
    let count = 0;
    for (const key in post) {
      if (names[at] !== key) this.learn(at, key);
      if (asked[at]) count++;
      if (!allowed[at]) found |= MEMBER_OUTSIDE;
      const type = kinds[at++];
      if (type === 'datetime') continue;
      const value = post[key];
      if (type === 'integer' ? Number.isInteger(value) : type === 'string' ? typeof value === 'string' : type !== undefined && typeProblem(type, value) === undefined) continue;
      found |= MEMBER_OFF;
    }
    present[i] = count;
    return found;
  }

  /** Remembers `key`'s facts at `at`; the name last, so that facts are never read beside another name. */
  private learn(at: number, key: string): void {
    this.kinds[at] = this.types.get(key);
    this.asked[at] = this.sets !== undefined && this.sets.wantedSet.has(key);
    this.allowed[at] = this.sets === undefined || this.sets.allowed.has(key);
    this.names[at] = key;
  }

  /** Forgets the positions past those a post of the catalog holds (a page of longer posts is not kept). */
  trim(): void {
    if (this.names.length <= this.kept) return;
    for (const list of [this.names, this.kinds, this.asked, this.allowed]) list.length = this.kept;
  }
}

/**
 * The layouts of one operation's posts: one without requested fields, and one per set of
 * requested fields while that set is in use (the sets are those of the operation's
 * ./post-field-sets.ts cache, so their number is bounded by it).
 */
export class MemberLayouts {
  private readonly bodyOnly: MemberLayout;
  private readonly bySets = new WeakMap<PostFieldSets, MemberLayout>();

  constructor(private readonly catalog: PostCatalog) {
    this.bodyOnly = new MemberLayout(catalog.types, undefined);
  }

  /** The layout of posts judged against `sets`. */
  of(sets: PostFieldSets | undefined): MemberLayout {
    if (sets === undefined) return this.bodyOnly;
    let layout = this.bySets.get(sets);
    if (layout === undefined) this.bySets.set(sets, (layout = new MemberLayout(this.catalog.types, sets)));
    return layout;
  }
}
