/**
 * What the validators read of the catalogs (src/validators/catalog-facts.ts, from the tables of
 * generated/catalogs.ts) is the catalogs' slice: the same names, types and lists as the
 * assembled catalogs, made into read-only tables at load.
 */
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../src/catalog/catalogs.js';
import { defaultPageSize, errorCodes, extraDimensionNames, metricsOf, networksOf, postCatalogOf } from '../../src/validators/catalog-facts.js';

const typed = (items: readonly { name: string; type: string }[]) => items.map(({ name, type }) => ({ name, type }));

describe('validator facts', () => {
  it('hold every metric and post field of both versions with the catalogs\' types', () => {
    for (const [version, v] of [[1, 'v1'], [2, 'v2']] as const) {
      expect(networksOf(version)).toEqual([...catalogs[v].networks]);
      for (const network of catalogs[v].networks) {
        const metrics = (catalogs[v].metrics as Record<string, readonly { name: string; type: string; extraDimensions: readonly string[]; mayReturnNoData: boolean }[]>)[network];
        expect([...metricsOf(version, network).values()], `${v} ${network}`).toEqual(metrics.map((m, position) => ({ name: m.name, type: m.type, extraDimensions: m.extraDimensions, mayReturnNoData: m.mayReturnNoData, position })));
        expect([...metricsOf(version, network).keys()], `${v} ${network}`).toEqual(metrics.map((m) => m.name));
        expect(metrics.length, `${v} ${network}`).toBeGreaterThan(0);
      }
      const posts = catalogs[v].posts as Record<string, { sort: boolean; fields: readonly { name: string; type: string; videoOnly: boolean }[]; responseMembers: readonly { name: string; type: string }[] }>;
      expect(Object.keys(posts).filter((n) => postCatalogOf(version, n))).toEqual(Object.keys(posts));
      for (const [network, catalog] of Object.entries(posts)) {
        const facts = postCatalogOf(version, network)!;
        const videoOnly = catalog.fields.filter((f) => f.videoOnly).map((f) => f.name);
        expect({ sort: facts.sort, fields: facts.fields, responseMembers: facts.responseMembers, videoOnly: facts.videoOnly }, `${v} ${network}`).toEqual({ sort: catalog.sort, fields: typed(catalog.fields), responseMembers: typed(catalog.responseMembers), videoOnly });
        const members = [...catalog.fields, ...catalog.responseMembers];
        expect(new Map(facts.types)).toEqual(new Map(members.map((m) => [m.name, m.type])));
        expect(facts.dateTimeNames).toEqual([...new Set(members.filter((m) => m.type === 'datetime').map((m) => m.name))]);
        // Built once, read-only: the same frozen object every time.
        expect(postCatalogOf(version, network)).toBe(facts);
        expect(Object.isFrozen(facts) && Object.isFrozen(facts.fields) && Object.isFrozen(facts.dateTimeNames)).toBe(true);
      }
      for (const network of catalogs[v].networks.filter((n) => !posts[n])) expect(postCatalogOf(version, network)).toBeUndefined();
    }
    expect(metricsOf(2, 'myspace').size).toBe(0);
    expect(metricsOf(3, 'facebook').size).toBe(0);
    expect(postCatalogOf(2, 'toString')).toBeUndefined();
  });

  it('hold the extra dimensions, error codes and the default page size', () => {
    expect([...extraDimensionNames]).toEqual(catalogs.extraDimensions.map((d) => d.name));
    expect(errorCodes).toEqual(catalogs.errors.map((e) => ({ code: e.code, httpStatus: e.httpStatus })));
    expect(defaultPageSize).toBe(catalogs.limits.pageSize.default);
  });
});
