/**
 * src/core/constant-table.ts: the lazily filled table of constant facts the validators keep at
 * module level (catalog-facts.ts). Each key's facts are made once, on first use, and are then the
 * same object; a key without facts is not kept. That the facts do not depend on which network was
 * asked first is shown on the catalog's own tables.
 */
import { describe, expect, it } from 'vitest';
import { ConstantTable } from '../../src/core/constant-table.js';

describe('ConstantTable', () => {
  it('makes the facts of a key on its first use only, and returns the same object after', () => {
    const made: string[] = [];
    const table = new ConstantTable((key: string) => {
      made.push(key);
      return { key };
    });
    expect(made).toEqual([]);
    const a = table.get('a');
    expect(a).toEqual({ key: 'a' });
    expect(table.get('a')).toBe(a);
    table.get('b');
    table.get('a');
    expect(made).toEqual(['a', 'b']);
  });

  it('keeps nothing for a key without facts (memory bounded by the keys that have facts)', () => {
    let calls = 0;
    const table = new ConstantTable((key: string) => (calls++, key === 'known' ? { key } : undefined));
    for (let i = 0; i < 3; i++) expect(table.get('unknown')).toBeUndefined();
    expect(calls).toBe(3);
    expect(table.get('known')).toBe(table.get('known'));
    expect(calls).toBe(4);
  });
});

describe('catalog facts made on first use', () => {
  it('are the same whichever network is asked first', async () => {
    const { metricsOf, postCatalogOf, networksOf } = await import('../../src/validators/catalog-facts.js');
    const snapshot = (version: number, networks: readonly string[]) =>
      Object.fromEntries(networks.map((n) => [n, { metrics: [...metricsOf(version, n).values()], posts: postCatalogOf(version, n) }]));
    for (const version of [1, 2]) {
      const networks = networksOf(version);
      expect(networks.length).toBeGreaterThan(1);
      const reversed = snapshot(version, [...networks].reverse());
      expect(snapshot(version, networks)).toEqual(reversed);
      expect(metricsOf(version, networks[0])).toBe(metricsOf(version, networks[0]));
    }
    expect(metricsOf(2, 'no-such-network').size).toBe(0);
    expect(postCatalogOf(2, 'no-such-network')).toBeUndefined();
    expect(metricsOf(3, 'facebook').size).toBe(0);
  });
});
