/**
 * The fewest requests covering every (profile, metric) pair when each request holds at most
 * L profiles and L metrics (L: catalogs/limits.yaml): a cover of the profiles x metrics grid by "rectangles".
 *
 * Lower bound: if the metrics need a = ceil(M / L) requests per profile, every profile is in at
 * least `a` requests of at most L profiles, so at least ceil(a * P / L) requests are needed (and
 * symmetrically ceil(b * M / L) with b = ceil(P / L)).
 *
 * - The grid (profiles in ceil(P/L) groups x metrics in ceil(M/L) groups) partitions the pairs.
 * - When one side needs exactly 2 groups (L < M <= 2L), a cycle design can do better: n requests
 *   on a cycle, request i asks for metric set S_i and the profiles on the two cycle edges at i,
 *   with S_i united with S_{i+1} = all metrics. Each profile (on one edge) gets every metric from
 *   its two requests, and n = max(3, ceil(2P / L)) meets the lower bound when the metric sets fit
 *   (each metric is left out of an independent set of cycle vertices). Example: 60 profiles x 40
 *   metrics take 5 requests instead of the grid's 6. Pairs may be covered twice (same values).
 * Result: whenever profiles or metrics fit in two groups (<= 50), the cover meets the lower
 * bound, so it is minimal (checked for every size up to 50 x 400; the tests sample sizes up to
 * 80 x 80 and the cases named in them). When both sides need three or more groups, full
 * groups of one side take the grid and its last two groups a cycle (60 x 60: 3 + 5 = 8
 * requests, the bound; the grid takes 9); that may exceed the bound by a little (51 x 51: 8
 * against 7), and it is never worse than the grid.
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

/** The grid cover: a partition of the pairs. */
export function gridCover(profiles: readonly string[], metrics: readonly string[], limit: number): Rect[] {
  const rects: Rect[] = [];
  for (const p of chunkEvenly(profiles, limit)) for (const m of chunkEvenly(metrics, limit)) rects.push({ profiles: p, metrics: m });
  return rects;
}

/** Independent vertex sets of the cycle C_n used to leave elements out: rotations of every other vertex. */
function independentSets(n: number): number[][] {
  if (n % 2 === 0) return [Array.from({ length: n / 2 }, (_, i) => 2 * i), Array.from({ length: n / 2 }, (_, i) => 2 * i + 1)];
  const size = (n - 1) / 2;
  return Array.from({ length: n }, (_, k) => Array.from({ length: size }, (_, j) => (k + 2 * j) % n));
}

/**
 * The cycle cover with `n` requests where every `x` element (the side that needs 2 groups) comes
 * from two neighbouring requests and every `y` element sits on one cycle edge; undefined when
 * the sets do not fit the limit.
 */
function cycleWith(x: readonly string[], y: readonly string[], limit: number, n: number): { xs: string[][]; ys: string[][] } | undefined {
  // y elements on edges (edge j joins vertices j and j+1), larger edges spread apart.
  const q = Math.floor(y.length / n);
  const r = y.length % n;
  const order = [...Array.from({ length: Math.ceil(n / 2) }, (_, i) => 2 * i), ...Array.from({ length: Math.floor(n / 2) }, (_, i) => 2 * i + 1)];
  const edgeSize = new Array<number>(n).fill(q);
  for (let i = 0; i < r; i++) edgeSize[order[i]]++;
  const edges: string[][] = [];
  let from = 0;
  for (let j = 0; j < n; j++) {
    edges.push(y.slice(from, from + edgeSize[j]));
    from += edgeSize[j];
  }
  const position = new Map(y.map((e, i) => [e, i]));
  const ys = Array.from({ length: n }, (_, i) => [...edges[(i + n - 1) % n], ...edges[i]].sort((a, b) => position.get(a)! - position.get(b)!));
  if (ys.some((list) => list.length > limit)) return undefined;
  // Each x element is left out of one independent set; every vertex must leave out x - limit.
  const sets = independentSets(n);
  const leftOut = leaveOutBalanced(x, sets, n, x.length - limit) ?? leaveOutGreedy(x, sets, n, x.length - limit);
  if (!leftOut) return undefined;
  return { xs: leftOut.map((out) => x.filter((e) => !out.has(e))), ys };
}

/** The x elements each vertex leaves out, given to the sets in equal shares; undefined when a vertex leaves out too few. */
function leaveOutBalanced(x: readonly string[], sets: number[][], n: number, need: number): Set<string>[] | undefined {
  const leftOut = Array.from({ length: n }, () => new Set<string>());
  x.forEach((element, i) => {
    for (const v of sets[i % sets.length]) leftOut[v].add(element);
  });
  return leftOut.every((out) => out.size >= need) ? leftOut : undefined;
}

/** The same by a greedy choice of the set that helps the most; undefined when it falls short. */
function leaveOutGreedy(x: readonly string[], sets: number[][], n: number, need: number): Set<string>[] | undefined {
  const deficit = new Array<number>(n).fill(need);
  const leftOut = Array.from({ length: n }, () => new Set<string>());
  for (const element of x) {
    let best = sets[0];
    let bestGain = -1;
    for (const set of sets) {
      const gain = set.reduce((sum, v) => sum + Math.max(0, deficit[v]), 0);
      if (gain > bestGain) [best, bestGain] = [set, gain];
    }
    if (bestGain <= 0) break;
    for (const v of best) {
      deficit[v]--;
      leftOut[v].add(element);
    }
  }
  return deficit.every((d) => d <= 0) ? leftOut : undefined;
}

/** The smallest cycle cover for `x` needing exactly two groups, or undefined. */
function cycleCover(x: readonly string[], y: readonly string[], limit: number): { xs: string[][]; ys: string[][] } | undefined {
  if (Math.ceil(x.length / limit) !== 2 || y.length <= limit) return undefined;
  const start = Math.max(3, Math.ceil((2 * y.length) / limit));
  for (let n = start; n <= start + 1; n++) {
    const found = cycleWith(x, y, limit, n);
    if (found) return found;
  }
  return undefined;
}

/**
 * The fewest requests (rectangles) this planner knows for P profiles x M metrics. `partition`
 * asks for a cover where every pair is in exactly one request (needed when answers are added up).
 */
export function coverPairs(profiles: readonly string[], metrics: readonly string[], limit: number, partition: boolean): Rect[] {
  let best = gridCover(profiles, metrics, limit);
  if (partition) return best;
  const byMetrics = mixedCover(metrics, profiles, limit);
  if (byMetrics && byMetrics.length < best.length) best = byMetrics;
  const byProfiles = mixedCover(profiles, metrics, limit);
  if (byProfiles && byProfiles.length < best.length) best = byProfiles.map((r) => ({ profiles: r.metrics, metrics: r.profiles }));
  return best.filter((rect) => rect.profiles.length > 0 && rect.metrics.length > 0);
}

/**
 * A cover where `x` (metrics, or profiles when flipped) is cut into full groups of `limit`
 * paired with the grid of `y`, and the last 26..50 elements of x take a cycle design with y.
 * Returned with x as `metrics` and y as `profiles`; undefined when no cycle fits.
 */
function mixedCover(x: readonly string[], y: readonly string[], limit: number): Rect[] | undefined {
  const groups = Math.ceil(x.length / limit);
  if (groups < 2) return undefined;
  const head = x.slice(0, (groups - 2) * limit);
  const cycle = cycleCover(x.slice(head.length), y, limit);
  if (!cycle) return undefined;
  const rects: Rect[] = head.length ? gridCover(y, head, limit) : [];
  cycle.xs.forEach((xs, i) => rects.push({ profiles: cycle.ys[i], metrics: xs }));
  return rects;
}

/** The lower bound on the requests covering P x M pairs (see the module comment). */
export function coverLowerBound(p: number, m: number, limit: number): number {
  return Math.max(Math.ceil((Math.ceil(m / limit) * p) / limit), Math.ceil((Math.ceil(p / limit) * m) / limit));
}
