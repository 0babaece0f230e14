/** Names derived from a post catalog, in catalog order. */
import type { PostCatalog } from './catalog-types.js';

/** Sort keys of a post catalog: sortable fields and `<field>.<key>` members, in catalog order. */
export function sortableNames(catalog: PostCatalog): string[] {
  if (!catalog.sort) return [];
  return catalog.fields.flatMap((f) => [...(f.sortable ? [f.name] : []), ...f.sortKeys.map((k) => `${f.name}.${k}`)]);
}

export function filterableNames(catalog: PostCatalog): string[] {
  return catalog.fields.filter((f) => f.filterable).map((f) => f.name);
}

export function advancedFilterNames(catalog: PostCatalog): string[] {
  return catalog.fields.filter((f) => f.advancedFilter).map((f) => f.name);
}
