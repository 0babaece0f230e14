/**
 * The request checks' catalog facts of a network (src/request-checks/name-sets.ts) are made on
 * the first check of one of its operations, in a ConstantTable per version and kind of body: what
 * a check finds must not depend on which network was asked first. Shown on fresh tables asked in
 * catalog order and in reverse, and on fresh copies of the modules checking one network's requests
 * before and after every other network's. A kind's facts hold only the sets its checks read: the
 * compiled validators of each kind are read for the sets they look up.
 */
import { describe, expect, it, vi } from 'vitest';
import { baseDimensionNames, extraDimensionNames, v1RequestTables, v2RequestTables, type RequestTables } from '../../src/catalog/request-catalog.js';
import { ConstantTable } from '../../src/core/constant-table.js';
import { networkFacts, networkFactsTable, type FactsKind, type NetworkFacts, type VersionDimensions } from '../../src/request-checks/name-sets.js';
import type { NameSets } from '../../src/request-checks/schema-types.js';
import * as compiled from '../../generated/request-validators.js';
import { V1_REQUESTS, V2_REQUESTS } from '../../src/request-checks/check.js';

const KINDS: readonly FactsKind[] = ['metrics', 'posts'];

const VERSIONS: readonly { readonly version: 1 | 2; readonly tables: RequestTables; readonly dimensions?: VersionDimensions }[] = [
  { version: 1, tables: v1RequestTables },
  { version: 2, tables: v2RequestTables, dimensions: { base: baseDimensionNames, extra: extraDimensionNames } },
];

/** The networks of a version's tables: those with metrics or posts, in catalog order. */
const networksOf = (tables: RequestTables) => [...new Set([...Object.keys(tables.metricNames), ...Object.keys(tables.postFields)])];

/** The facts as plain data (sets as sorted lists), to compare two tables' facts. */
const plain = (facts: NetworkFacts) => ({
  extraDimensions: facts.extraDimensions,
  fieldValues: facts.fieldValues,
  names: Object.fromEntries(Object.entries(facts.names).map(([kind, set]) => [kind, [...(set as ReadonlySet<string>)].sort()])),
});

describe('request facts made per network on first use', () => {
  it('are the same whichever network is asked first', () => {
    for (const { tables, dimensions } of VERSIONS) {
      const networks = networksOf(tables);
      expect(networks.length).toBeGreaterThan(3);
      const pairs = networks.flatMap((network) => KINDS.map((kind) => [kind, network] as const));
      const forward = networkFactsTable(tables, dimensions);
      const reverse = networkFactsTable(tables, dimensions);
      const inOrder = pairs.map(([kind, n]) => plain(networkFacts(forward, kind, n)));
      const reversed = [...pairs].reverse().map(([kind, n]) => plain(networkFacts(reverse, kind, n))).reverse();
      expect(inOrder).toEqual(reversed);
      // Each network and kind alone, in a table of its own, has the facts it has among the others.
      for (const [i, [kind, network]] of pairs.entries()) expect(plain(networkFacts(networkFactsTable(tables, dimensions), kind, network))).toEqual(inOrder[i]);
      // Facts of one network differ from another's: the comparison above can tell them apart.
      expect(new Set(inOrder.map((f) => JSON.stringify(f))).size).toBeGreaterThan(networks.length);
    }
  });

  it('are made once per network, and a network without facts has empty sets and is not kept', () => {
    for (const { version, tables, dimensions } of VERSIONS) {
      const requests = version === 1 ? V1_REQUESTS : V2_REQUESTS;
      const network = networksOf(tables)[0];
      const table = networkFactsTable(tables, dimensions);
      for (const kind of KINDS) {
        expect(requests.facts[kind]).toBeInstanceOf(ConstantTable);
        expect(networkFacts(requests.facts, kind, network)).toBe(networkFacts(requests.facts, kind, network));
        expect(table[kind].get('no-such-network')).toBeUndefined();
        expect(table[kind].get('toString')).toBeUndefined();
        const none = networkFacts(table, kind, 'no-such-network');
        expect(Object.values(none.names).every((set) => (set as ReadonlySet<string>).size === 0)).toBe(true);
      }
      expect(Object.values(networkFacts(table, 'post-labels', network).names).every((set) => (set as ReadonlySet<string>).size === 0)).toBe(true);
    }
  });

  it("hold the sets their kind's compiled validators read, the other kind's empty", () => {
    const SETS: Record<FactsKind, readonly (keyof NameSets)[]> = { metrics: ['metrics', 'dimensions'], posts: ['fields', 'sortable', 'filterable', 'advancedFilter'] };
    const read: Record<string, string[]> = {};
    for (const [version, bodies] of [[1, compiled.v1Bodies], [2, compiled.v2Bodies]] as const) {
      for (const [kind, checks] of Object.entries(bodies as Record<string, { validate: (...args: unknown[]) => unknown }>)) {
        read[`${version} ${kind}`] = [...new Set([...String(checks.validate).matchAll(/this\[?\.?["']?(\w+)/g)].map((m) => m[1]))].sort();
      }
    }
    expect(read['1 metrics']).toEqual(['metrics']);
    expect(read['2 metrics']).toEqual(['dimensions', 'metrics']);
    expect(read['2 posts']).toEqual(['advancedFilter', 'fields', 'filterable', 'sortable']);
    for (const [where, names] of Object.entries(read)) {
      const kind = where.split(' ')[1];
      expect(names.every((name) => (kind === 'metrics' || kind === 'posts' ? SETS[kind].includes(name as keyof NameSets) : false)), `${where} reads ${names}`).toBe(true);
    }
    const facts = networkFactsTable(v2RequestTables, VERSIONS[1].dimensions);
    const sizes = (kind: FactsKind) => Object.fromEntries(Object.entries(networkFacts(facts, kind, 'facebook').names).map(([name, set]) => [name, (set as ReadonlySet<string>).size > 0]));
    expect(sizes('metrics')).toEqual({ metrics: true, dimensions: true, fields: false, sortable: false, filterable: false, advancedFilter: false });
    expect(sizes('posts')).toEqual({ metrics: false, dimensions: false, fields: true, sortable: true, filterable: true, advancedFilter: true });
  });

  it('give each network the same problems whether it is checked first or after every other network', async () => {
    /** A request of every operation with a body, naming what no catalog has, checked in fresh modules in `order`. */
    const problemsIn = async (order: 'forward' | 'reverse') => {
      vi.resetModules();
      const { checkRequest, V1_REQUESTS: v1, V2_REQUESTS: v2 } = await import('../../src/request-checks/check.js');
      const keys = Object.entries({ ...v1.operations, ...v2.operations })
        .filter(([, op]) => op.body && (op.kind === 'metrics' || op.kind === 'posts'))
        .map(([key]) => key);
      expect(keys.length).toBeGreaterThan(10);
      const body = (key: string) =>
        key.endsWith('/metrics')
          ? { date_start: '2024-01-01', date_end: '2024-01-02', profiles: ['p'], metrics: ['no_such_metric', 'fans_lifetime'], dimensions: [{ type: 'no_such_dimension' }, { type: 'gender' }] }
          : { date_start: '2024-01-01', date_end: '2024-01-02', profiles: ['p'], fields: ['id', 'no_such_field', 'ppd_status'], sort: [{ field: 'no_such_field' }], filter: [{ field: 'ppd_status', value: 'no_such_value' }] };
      const ordered = order === 'forward' ? keys : [...keys].reverse();
      const found = new Map(ordered.map((key) => [key, checkRequest(key, body(key))]));
      return Object.fromEntries(keys.map((key) => [key, found.get(key)]));
    };
    const forward = await problemsIn('forward');
    expect(await problemsIn('reverse')).toEqual(forward);
    // The catalog's names decide the problems: not every network finds the same ones.
    expect(new Set(Object.values(forward).map((p) => JSON.stringify(p?.map((x) => x.message)))).size).toBeGreaterThan(2);
  });
});
