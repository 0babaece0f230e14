/**
 * The index of the last element of an ascending list that is at most `value` (0 when none is:
 * the list's first element is where every search starts, a line or a segment at offset 0).
 * Binary search; used to find the line of an offset and the segment of a character.
 */
export function lastAtMost(sorted: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (sorted[mid] <= value) low = mid;
    else high = mid - 1;
  }
  return low;
}
