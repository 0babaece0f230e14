/** Value guards every folder shares: the one test of "a JSON object" (not null, not an array). */

/** A plain JSON object: an object that is neither null nor an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
