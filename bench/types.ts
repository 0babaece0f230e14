/** One row of the benchmark table printed by `npm run bench`. */
export interface BenchRow {
  /** What is measured, e.g. "validate facebook posts page (5,000 posts)". */
  name: string;
  /** The figure, with its unit, e.g. "182 MB/s". */
  value: string;
  /** The side-by-side baseline figure, e.g. "JSON.parse 410 MB/s". */
  baseline?: string;
  /** e.g. "0.44x". */
  ratio?: string;
  /** e.g. "<= 0.5x". */
  target?: string;
  ok?: boolean;
}

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
