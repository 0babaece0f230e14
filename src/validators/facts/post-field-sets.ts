/**
 * The sets a posts page is judged by for one list of requested fields: the requested fields every
 * post holds, the allowed names with their catalog types, the catalog names the request leaves
 * out. Built once per operation and list of requested fields, in a cache that belongs to one
 * operation's plan of one validator instance (one lifetime; nothing at module level), so a page
 * of one post does not rebuild sets the size of the whole catalog.
 */
import type { PostFieldType } from '../../shared/catalog-types.js';
import type { PostCatalog } from '../catalog-facts.js';

/** The sets of one list of requested fields. */
export interface PostFieldSets {
  /** The requested fields every post holds: those of the catalog but the fields of videos only, each once. */
  readonly wanted: readonly string[];
  readonly wantedSet: ReadonlySet<string>;
  /** Allowed names (requested fields and response members) -> catalog type. */
  readonly allowed: ReadonlyMap<string, PostFieldType | undefined>;
  /** The catalog names the request leaves out. */
  readonly excluded: readonly string[];
}

/** The sets of `fields` against `catalog`. */
export function postFieldSets(catalog: PostCatalog, fields: readonly string[]): PostFieldSets {
  const wanted = [...new Set(fields)].filter((f) => catalog.types.has(f) && !catalog.videoOnly.includes(f));
  const allowed = new Map<string, PostFieldType | undefined>();
  for (let i = 0; i < fields.length; i++) allowed.set(fields[i], catalog.types.get(fields[i]));
  for (const m of catalog.responseMembers) allowed.set(m.name, m.type);
  const excluded: string[] = [];
  for (const name of catalog.types.keys()) if (!allowed.has(name)) excluded.push(name);
  return { wanted, wantedSet: new Set(wanted), allowed, excluded };
}

/** One node of the cache: the sets of the lists that end here, and the lists that go on. */
interface Node {
  sets: PostFieldSets | undefined;
  readonly next: Map<string, Node>;
}

/** At most this many nodes (one per distinct prefix of the lists seen); past it the cache starts again. */
const MAX_NODES = 4096;

/**
 * The sets of each list of requested fields seen, for one operation's catalog: a tree keyed by the
 * fields in order, so a list is found by one lookup per field, compared exactly. Bounded: past
 * {@link MAX_NODES} nodes it is emptied; a longer list is not kept.
 */
export class PostFieldSetCache {
  private root: Node = { sets: undefined, next: new Map() };
  private nodes = 0;
  constructor(private readonly catalog: PostCatalog) {}

  of(fields: readonly string[]): PostFieldSets {
    if (fields.length > MAX_NODES) return postFieldSets(this.catalog, fields);
    if (this.nodes + fields.length > MAX_NODES) {
      this.root = { sets: undefined, next: new Map() };
      this.nodes = 0;
    }
    let node = this.root;
    for (let i = 0; i < fields.length; i++) {
      let child = node.next.get(fields[i]);
      if (child === undefined) {
        node.next.set(fields[i], (child = { sets: undefined, next: new Map() }));
        this.nodes++;
      }
      node = child;
    }
    return (node.sets ??= postFieldSets(this.catalog, fields));
  }
}
