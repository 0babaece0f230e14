/**
 * What the version 2 metrics checks of one operation (./metrics-v2.ts) keep from one body to the
 * next: the metric rows last found to be distinct metrics of the operation's network. The bodies
 * answering one request list the same metrics, so rows equal to those, item by item, are known to
 * be such without a catalog lookup each. The answer is a function of the rows and the network's
 * catalog alone, the memo is bound to one catalog, and it is reused only on exact equality, so a
 * verdict never depends on the bodies before. It holds at most as many rows as the catalog holds
 * metrics (rows naming one more are not distinct metrics of it).
 */
import type { CatalogMetric } from '../catalog-facts.js';
import { sameItems } from './request-shape.js';

/** Up to this many metric rows are compared with each other rather than marked in a set the size of the catalog (here and by the metric-row rules). */
export const FEW_ROWS = 8;

/** `rows` are metric names of `catalog`, none twice (allocates nothing for up to {@link FEW_ROWS} rows). */
export function distinctMetrics(rows: readonly unknown[], catalog: ReadonlyMap<string, CatalogMetric>): boolean {
  const seen = rows.length > FEW_ROWS ? new Uint8Array(catalog.size) : undefined;
  for (let j = 0; j < rows.length; j++) {
    const row = rows[j];
    const metric = typeof row === 'string' ? catalog.get(row) : undefined;
    if (metric === undefined) return false;
    if (seen === undefined) {
      if (rows.indexOf(row) < j) return false;
    } else {
      if (seen[metric.position] === 1) return false;
      seen[metric.position] = 1;
    }
  }
  return true;
}

export class MetricRowsMemo {
  /** A copy of the rows found last to be distinct metrics of {@link catalog} (none at first: no rows are). */
  private rows: readonly string[] = [];

  constructor(readonly catalog: ReadonlyMap<string, CatalogMetric>) {}

  /** `rows` are metric names of the catalog, none twice: the rows remembered, or looked up (and then remembered). */
  distinct(rows: readonly unknown[]): boolean {
    if (sameItems(rows, this.rows)) return true;
    if (!distinctMetrics(rows, this.catalog)) return false;
    this.rows = rows.slice() as string[];
    return true;
  }
}
