/**
 * The harness of a posts page: runs the page rules of ../rules/posts.ts, then walks the posts
 * once and runs the post rules on each. Before the rules of a post it reads the post's members
 * once (the findings of {@link PostsFacts}: whether a member is off, how many wanted fields it
 * holds, whether it holds a name the request left out), so that a page of valid posts costs one
 * lookup per member at most: posts list their members alike, and a member named as the one at its
 * position in the posts read before (of this page or an earlier one of the operation, for the
 * same requested fields: ./post-layout.ts) takes that one's facts without a lookup.
 */
import type { PostFieldType } from '../../shared/catalog-types.js';
import { postCatalogOf, type PostCatalog } from '../catalog-facts.js';
import type { ProblemList } from '../../core/problems/problem-list.js';
import { pageRules, POST_INCOMPLETE, POST_MEMBERS_OFF, POST_ONLY_ALLOWED, postRules, type PostsFacts, type SortKey } from '../rules/posts.js';
import { RuleRun, ruleList, runRules } from '../rules/rule-table.js';
import { FEW_EXCLUDED, holdsNone } from './post-members.js';
import { MEMBER_OFF, MEMBER_OUTSIDE, MemberLayouts, WANTED_MISSING } from './post-layout.js';
import { PostFieldSetCache, postFieldSets, type PostFieldSets } from '../facts/post-field-sets.js';
import { dateRange, stringArray, type DateRange } from '../facts/request-shape.js';
import type { RememberedRequest } from './request-memo.js';
import { isPlainObject } from '../facts/values.js';

const PAGE_RULES = ruleList(pageRules);
const POST_RULES = ruleList(postRules);

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

/**
 * The posts checks of one operation (`version`, `network`), with the cache of its requested
 * field sets and the member layouts of its posts: made once per operation by a validator
 * instance and kept with its plan.
 */
export function postsChecks(version: number, network: string): (list: ProblemList, body: Record<string, unknown>, request: Record<string, unknown> | undefined, typesChecked: boolean, known: RememberedRequest | undefined) => void {
  const catalog = postCatalogOf(version, network);
  const fieldSets = catalog && new PostFieldSetCache(catalog);
  const layouts = catalog && new MemberLayouts(catalog);
  return (list, body, request, typesChecked, known) => checkPosts(list, body, request, network, catalog, typesChecked, fieldSets, known, layouts);
}

/** What the harness reads of a request alone, once per request (./request-memo.ts). */
interface PostsRequestFacts {
  readonly sets: PostFieldSets | undefined;
  readonly range: DateRange | undefined;
  readonly sortKeys: SortKey[];
}

/** The facts of `request` against `catalog`. */
function postsRequestFacts(request: Record<string, unknown>, catalog: PostCatalog | undefined, fieldSets: PostFieldSetCache | undefined): PostsRequestFacts {
  const fields = catalog ? stringArray(request.fields) : undefined;
  return {
    sets: fields && (fieldSets ? fieldSets.of(fields) : postFieldSets(catalog!, fields)),
    range: dateRange(request),
    sortKeys: catalog?.sort ? sortKeys(request, catalog.types) : [],
  };
}

/**
 * Runs the posts rules on a success body of `network`. `typesChecked`: the body passed its schema,
 * whose property types are the catalog types, so the per-field type checks can be skipped
 * (test/validators/catalog-agreement.test.ts keeps schema and catalog in step). `known`: what is
 * remembered of the request (its facts are read once).
 */
export function checkPosts(list: ProblemList, body: Record<string, unknown>, request: Record<string, unknown> | undefined, network: string, catalog: PostCatalog | undefined, typesChecked = false, fieldSets?: PostFieldSetCache, known?: RememberedRequest, layouts?: MemberLayouts): void {
  const data = body.data;
  if (!isPlainObject(data)) return;
  const posts = Array.isArray(data.posts) ? (data.posts as unknown[]) : undefined;
  const asked = request && (known ? ((known.facts as PostsRequestFacts | undefined) ??= postsRequestFacts(request, catalog, fieldSets)) : postsRequestFacts(request, catalog, fieldSets));
  const sets = asked?.sets;
  // The harness's one reading of the members, post by post.
  const count = posts ? posts.length : 0;
  const postFlags = new Uint8Array(count);
  let anyOff = false;
  let anyOutside = false;
  let anyIncomplete = false;
  if (posts && catalog) {
    const layout = (layouts ?? new MemberLayouts(catalog)).of(sets);
    // With typesChecked, a post that holds none of the names the request left out passes the
    // request-aware member rules: a few such names are looked for, more are told by the layout.
    const excluded = sets && typesChecked ? sets.excluded : undefined;
    const fewExcluded = excluded !== undefined && excluded.length <= FEW_EXCLUDED;
    try {
      for (let i = 0; i < count && !list.shouldStop(); i++) {
        const post = posts[i];
        if (!isPlainObject(post)) continue;
        const found = layout.read(post);
        let flags = 0;
        if (found & MEMBER_OFF) {
          anyOff = true;
          flags |= POST_MEMBERS_OFF;
        }
        if (excluded && (fewExcluded ? holdsNone(post, excluded) : (found & MEMBER_OUTSIDE) === 0)) flags |= POST_ONLY_ALLOWED;
        else if (sets) anyOutside = true;
        if (found & WANTED_MISSING) {
          anyIncomplete = true;
          flags |= POST_INCOMPLETE;
        }
        postFlags[i] = flags;
      }
    } finally {
      layout.trim();
    }
  }
  const facts: PostsFacts = {
    network,
    catalog,
    posts,
    typesChecked,
    request,
    range: asked?.range,
    sets,
    sortKeys: asked ? asked.sortKeys : [],
    postFlags,
    anyOff,
    anyOutside,
    anyIncomplete,
  };
  const run = new RuleRun(list);
  runRules(run, PAGE_RULES, data, -1, facts);
  if (posts) runRules(run, POST_RULES, posts, -1, facts);
}
