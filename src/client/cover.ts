/**
 * The requests covering every (profile, metric) pair of a split metrics request, when each
 * request holds at most L profiles and L metrics (L: catalogs/limits.yaml): the grid of ceil(P / L) profile
 * groups x ceil(M / L) metric groups, each group as even as possible and in input order.
 *
 * Every pair is asked exactly once, so no value is requested twice and answers that are added
 * up (profiles or ranges summed without a dimension) never count a value twice. The grid is the
 * fewest requests of any grid; among all covers that ask each pair once, an exhaustive search
 * finds none smaller for small limits (test/client/split-plan.test.ts).
 */

/** One request of a cover: the profiles and metrics it asks for, in input order. */
export interface Rect {
  profiles: string[];
  metrics: string[];
}

/** Splits `items` into the fewest groups of at most `size`, as even as possible, keeping order. */
export function chunkEvenly<T>(items: readonly T[], size: number): T[][] {
  const groups = Math.max(1, Math.ceil(items.length / size));
  const out: T[][] = [];
  let from = 0;
  for (let g = 0; g < groups; g++) {
    const take = Math.ceil((items.length - from) / (groups - g));
    out.push(items.slice(from, from + take));
    from += take;
  }
  return out;
}

/** The grid cover: profile groups x metric groups, profile-group-major; each pair once. */
export function gridCover(profiles: readonly string[], metrics: readonly string[], maxProfiles: number, maxMetrics: number): Rect[] {
  const rects: Rect[] = [];
  const metricGroups = chunkEvenly(metrics, maxMetrics);
  for (const p of chunkEvenly(profiles, maxProfiles)) for (const m of metricGroups) rects.push({ profiles: p, metrics: m });
  return rects;
}
