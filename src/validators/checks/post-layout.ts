/**
 * What a post's members are, by name: catalog type, wanted field, allowed name. Posts of a page,
 * and the pages of one operation, list their members alike, so the facts of each member are
 * remembered by position: a member named as the one remembered at its position takes its facts
 * without a lookup (a string comparison, the same name exactly). The layouts belong to the posts
 * checks of one operation of a validator instance (./posts.ts), one per set of requested fields
 * (./post-field-sets.ts), and are kept from one page to the next: every fact is a function of the
 * name and the sets alone, so a verdict never depends on the pages before.
 */
import type { PostFieldType } from '../../shared/catalog-types.js';
import type { PostCatalog } from '../catalog-facts.js';
import type { PostFieldSets } from '../facts/post-field-sets.js';
import { typeProblem } from '../facts/values.js';

/** What {@link MemberLayout.read} found in a post: a member off (no catalog name, or not of its type; date-times aside). */
export const MEMBER_OFF = 1;
/** A member that is no allowed name of the requested fields (a requested field or a response member). */
export const MEMBER_OUTSIDE = 2;
/** Fewer wanted fields than the requested fields hold. */
export const WANTED_MISSING = 4;

/** What a member name is, for posts judged against one set of requested fields (or none). */
interface MemberFacts {
  /** Its catalog type (undefined: no catalog name). */
  readonly type: PostFieldType | undefined;
  /** A wanted field (one every post holds). */
  readonly asked: boolean;
  /** An allowed name (a requested field or a response member; every name without requested fields). */
  readonly allowed: boolean;
}

/**
 * The facts of the members of one operation's posts, by position, for one set of requested fields
 * (or none). Two names are remembered at each position: posts of two kinds in one page (videos,
 * which hold the fields of videos only, and photos) shift the members after those of one kind, and
 * each position then holds one of two names by turns.
 */
export class MemberLayout {
  /** The name first remembered at each position, and its facts. */
  private readonly names: string[] = [];
  private readonly facts: MemberFacts[] = [];
  /** The name last remembered at each position besides the first, and its facts. */
  private readonly otherNames: string[] = [];
  private readonly otherFacts: MemberFacts[] = [];
  /** The facts of every catalog name. */
  private readonly byName = new Map<string, MemberFacts>();

  constructor(
    types: ReadonlyMap<string, PostFieldType>,
    private readonly sets: PostFieldSets | undefined,
  ) {
    for (const [name, type] of types) this.byName.set(name, Object.freeze({ type, asked: sets !== undefined && sets.wantedSet.has(name), allowed: sets === undefined || sets.allowed.has(name) }));
  }

  /** Reads `post`'s members once: {@link MEMBER_OFF}, {@link MEMBER_OUTSIDE} and {@link WANTED_MISSING} when found. */
  read(post: Record<string, unknown>): number {
    const { names, facts } = this;
    let found = 0;
    let at = 0;
    let count = 0;
    for (const key in post) {
      const member = names[at] === key ? facts[at] : this.other(at, key);
      at++;
      if (member.asked) count++;
      if (!member.allowed) found |= MEMBER_OUTSIDE;
      const type = member.type;
      if (type === 'datetime') continue;
      const value = post[key];
      if (type === 'integer' ? Number.isInteger(value) : type === 'string' ? typeof value === 'string' : type !== undefined && typeProblem(type, value) === undefined) continue;
      found |= MEMBER_OFF;
    }
    return this.sets !== undefined && count < this.sets.wanted.length ? found | WANTED_MISSING : found;
  }

  /**
   * The facts of `key` at `at`, where the first name remembered is another: the other name's when
   * it is `key`, else found and remembered (as the first name of a new position, else as the
   * other). A name is written after its facts, so that facts are never read beside another name.
   */
  private other(at: number, key: string): MemberFacts {
    if (this.otherNames[at] === key) return this.otherFacts[at];
    const member = this.byName.get(key) ?? { type: undefined, asked: false, allowed: this.sets === undefined || this.sets.allowed.has(key) };
    if (at >= this.names.length) {
      this.facts[at] = member;
      this.names[at] = key;
    } else {
      this.otherFacts[at] = member;
      this.otherNames[at] = key;
    }
    return member;
  }

  /** Forgets the positions past those a post of the catalog holds (a page of longer posts is not kept whole). */
  trim(): void {
    const kept = this.byName.size;
    if (this.names.length > kept) this.names.length = this.facts.length = kept;
    if (this.otherNames.length > kept) this.otherNames.length = this.otherFacts.length = kept;
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
