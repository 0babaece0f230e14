/**
 * Version 1's metric names are derived each time their member of a network is read
 * (generated/catalogs.ts `namesAfter`: nothing kept at load). The tables made on a network's first
 * use (src/validators/catalog-facts.ts, src/request-checks/name-sets.ts) read that member once, to
 * make their facts, and ask only whether a network has one otherwise: a fresh process validating a
 * network's first answer derives its list once per table, and a posts check none. Counted with a
 * proxy over the generated table, not timed.
 */
import { describe, expect, it, vi } from 'vitest';

const reads: string[] = [];

vi.mock('../../generated/catalogs.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../generated/catalogs.js')>();
  const counted = new Proxy(original.v1MetricNames, {
    get(target, key, receiver) {
      if (typeof key === 'string') reads.push(key);
      return Reflect.get(target, key, receiver);
    },
  });
  return { ...original, v1MetricNames: counted };
});

describe("version 1's derived metric names", () => {
  it('are read once by the validators\' table of a network, and not at all for another', async () => {
    const { metricsOf } = await import('../../src/validators/catalog-facts.js');
    reads.length = 0;
    const metrics = metricsOf(1, 'twitter');
    expect(metrics.size).toBeGreaterThan(0);
    expect(metricsOf(1, 'twitter')).toBe(metrics);
    expect(metricsOf(1, 'no-such-network').size).toBe(0);
    expect(reads).toEqual(['twitter']);
  });

  it("are read once by the request checks' facts of a network's metrics, and not for its posts", async () => {
    const { networkFactsTable } = await import('../../src/request-checks/name-sets.js');
    const { v1RequestTables } = await import('../../src/catalog/request-catalog.js');
    const table = networkFactsTable(v1RequestTables);
    reads.length = 0;
    expect(table.posts.get('facebook')).toBeDefined();
    expect(reads).toEqual([]);
    expect(table.metrics.get('facebook')).toBeDefined();
    expect(table.metrics.get('facebook')).toBe(table.metrics.get('facebook'));
    expect(reads).toEqual(['facebook']);
  });
});
