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
import { distinctMetrics } from '../facts/metric-rows.js';
import { sameItems } from '../facts/request-shape.js';

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
