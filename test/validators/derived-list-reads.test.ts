/**
 * Version 1's metric names are derived each time their member of a network is read
 * (generated/catalogs.ts `namesAfter`: nothing kept at load). The tables made on a network's first
 * use (src/validators/catalog-facts.ts, src/request-checks/name-sets.ts) read that member once, to
 * make their facts, and ask only whether a network has one otherwise: a fresh process validating a
 * network's first answer derives its list once per table, and a posts check none. Counted with a
 * proxy over the table handed to them, not timed.
 */
import { describe, expect, it } from 'vitest';
import { v1RequestTables } from '../../src/catalog/request-catalog.js';
import { networkFactsTable } from '../../src/request-checks/name-sets.js';
import { networkTables, V1 } from '../../src/validators/catalog-facts.js';

/** `names` and the keys of its members read (the getter of a derived list runs on each). */
function counted(names: Readonly<Record<string, string>>): { names: Readonly<Record<string, string>>; reads: string[] } {
  const reads: string[] = [];
  const proxy = new Proxy(names, {
    get(target, key, receiver) {
      if (typeof key === 'string') reads.push(key);
      return Reflect.get(target, key, receiver);
    },
  });
  return { names: proxy, reads };
}

describe("version 1's derived metric names", () => {
  it("are read once by the validators' table of a network, and not for another network or for posts", () => {
    const { names, reads } = counted(V1.metricNames);
    const tables = networkTables({ ...V1, metricNames: names });
    const metrics = tables.metrics.get('twitter');
    expect(metrics?.size).toBeGreaterThan(0);
    expect(tables.metrics.get('twitter')).toBe(metrics);
    expect(tables.metrics.get('no-such-network')).toBeUndefined();
    expect(tables.posts.get('facebook')).toBeDefined();
    expect(reads).toEqual(['twitter']);
  });

  it("are read once by the request checks' facts of a network's metrics, and not for its posts", () => {
    const { names, reads } = counted(v1RequestTables.metricNames);
    const table = networkFactsTable({ ...v1RequestTables, metricNames: names });
    expect(table.posts.get('facebook')).toBeDefined();
    expect(reads).toEqual([]);
    expect(table.metrics.get('facebook')).toBeDefined();
    expect(table.metrics.get('facebook')).toBe(table.metrics.get('facebook'));
    expect(reads).toEqual(['facebook']);
  });
});
