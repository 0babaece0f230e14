/**
 * The posts field sets are built once per operation and list of requested fields, in a cache of
 * the validator instance's plan: a list is found exactly (field by field, so no joining of names
 * can make two lists one), equal lists share their sets, and the cache is bounded.
 */
import { describe, expect, it } from 'vitest';
import { postCatalogOf } from '../../src/validators/catalog-facts.js';
import { PostFieldSetCache, postFieldSets } from '../../src/validators/facts/post-field-sets.js';

const catalog = postCatalogOf(2, 'facebook')!;

describe('post field sets', () => {
  it('gives the same sets as building them, once per list of fields', () => {
    const cache = new PostFieldSetCache(catalog);
    const fields = ['id', 'message', 'comments', 'id'];
    const sets = cache.of(fields);
    expect(sets).toEqual(postFieldSets(catalog, fields));
    expect(cache.of([...fields])).toBe(sets);
    expect(sets.wanted).toEqual(['id', 'message', 'comments']);
  });

  it('tells lists apart field by field: a prefix, another order and names holding separators are other lists', () => {
    const cache = new PostFieldSetCache(catalog);
    const a = cache.of(['id', 'message']);
    expect(cache.of(['id'])).not.toBe(a);
    expect(cache.of(['message', 'id'])).not.toBe(a);
    expect(cache.of(['id\u0000message'])).not.toBe(a);
    expect(cache.of(['id\u0000message']).allowed.has('id')).toBe(false);
  });

  it('stays bounded: many distinct lists start the cache again, a list longer than the bound is not kept', () => {
    const cache = new PostFieldSetCache(catalog);
    const first = cache.of(['id']);
    for (let i = 0; i < 5000; i++) cache.of([`field_${i}`]);
    expect(cache.of(['id'])).not.toBe(first);
    const long = Array.from({ length: 5000 }, (_, i) => `f${i}`);
    expect(cache.of(long)).not.toBe(cache.of(long));
  });
});
