/** generated/validator-facts.ts, what the validators read of the catalogs, is the catalogs' slice. */
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../generated/catalogs.js';
import { validatorFacts } from '../../generated/validator-facts.js';

const typed = (items: readonly { name: string; type: string }[]) => items.map(({ name, type }) => ({ name, type }));

describe('validator facts', () => {
  it('hold every metric and post field of both versions with the catalogs\' types', () => {
    for (const v of ['v1', 'v2'] as const) {
      const facts = validatorFacts[v] as { metrics: Record<string, unknown>; posts: Record<string, unknown> };
      expect(Object.keys(facts.metrics)).toEqual([...catalogs[v].networks]);
      for (const network of catalogs[v].networks) {
        const metrics = (catalogs[v].metrics as Record<string, readonly { name: string; type: string; extraDimensions: readonly string[] }[]>)[network];
        expect(facts.metrics[network], `${v} ${network}`).toEqual(metrics.map((m) => ({ name: m.name, type: m.type, extraDimensions: m.extraDimensions })));
        expect(metrics.length, `${v} ${network}`).toBeGreaterThan(0);
      }
      const posts = catalogs[v].posts as Record<string, { sort: boolean; fields: readonly { name: string; type: string }[]; responseMembers: readonly { name: string; type: string }[] }>;
      expect(Object.keys(facts.posts)).toEqual(Object.keys(posts));
      for (const [network, catalog] of Object.entries(posts)) {
        expect(facts.posts[network], `${v} ${network}`).toEqual({ sort: catalog.sort, fields: typed(catalog.fields), responseMembers: typed(catalog.responseMembers) });
      }
    }
  });

  it('hold the extra dimensions, error codes and the default page size', () => {
    expect(validatorFacts.extraDimensions).toEqual(catalogs.extraDimensions.map((d) => d.name));
    expect(validatorFacts.errors).toEqual(catalogs.errors.map((e) => ({ code: e.code, httpStatus: e.httpStatus })));
    expect(validatorFacts.pageSize).toBe(catalogs.limits.pageSize.default);
  });
});
