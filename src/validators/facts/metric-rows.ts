/**
 * Whether metric rows are distinct metrics of a network's catalog, and how they are compared: up
 * to {@link FEW_ROWS} rows with each other, more by marking a set the size of the catalog. Read by
 * the v2 metrics harness (its fast answer and its memo of rows, ../checks/) and by the metric-row
 * rules (../rules/metrics-v2.ts).
 */
import type { CatalogMetric } from '../catalog-facts.js';

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
