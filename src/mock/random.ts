/**
 * Deterministic randomness for the mock: every fake value is a pure function of the seed and
 * what it describes (profile, metric, day, post, field), so answers never depend on request
 * order or on how a request was split.
 */

/** 32-bit FNV-1a hash of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes numbers into one well-spread 32-bit hash (murmur3 finalizer per step). */
export function mix(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A number in [0, 1) from a hash. */
export function unit(hash: number): number {
  return hash / 4294967296;
}

/** A whole number in [min, max] from a hash. */
export function between(hash: number, min: number, max: number): number {
  return min + (hash % (max - min + 1));
}

/** A sequential seeded generator (mulberry32), for fault injection decisions. */
export function sequence(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
