/**
 * `validate --shard i/n`: the part of the inputs one job of a CI matrix of n checks. Files are
 * dealt by size, largest first, each to the shard with the fewest bytes so far (ties to the
 * lowest shard; files of one size in the order of their names, as the reports name them), so the
 * split depends only on the files' names and sizes: the same on every machine and for any order
 * of the paths given, and no shard holds more than the others by more than its largest file.
 * Standard input and the paths that cannot be read go to the first shard, so each is reported once.
 */
import { statSync } from 'node:fs';
import type { InputFile } from '../captures/read-inputs.js';

/** Shard `index` (from 1) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Reads `i/n` (1 <= i <= n); returns what is wrong with it otherwise. */
export function readShard(value: string | undefined): Shard | { error: string } {
  const parts = (value ?? '').split('/');
  const [index, count] = parts.length === 2 && parts.every((p) => /^\d{1,4}$/.test(p)) ? parts.map(Number) : [NaN, NaN];
  if (!(index >= 1 && index <= count)) return { error: `--shard needs i/n, the shard i of n (1 <= i <= n, as in --shard 2/4), got ${JSON.stringify(value ?? '')}` };
  return { index, count };
}

const sizeOf = (file: InputFile) => {
  try {
    return statSync(file.path).size;
  } catch {
    // A file that cannot be read now is reported by whichever shard takes it: it weighs nothing.
    return 0;
  }
};

/** The shard (from 1) of each file of `files`, by name and size (see above). */
export function shardsOf(files: readonly { label: string; size: number }[], count: number): number[] {
  const order = files.map((_, i) => i).sort((a, b) => files[b].size - files[a].size || (files[a].label < files[b].label ? -1 : files[a].label > files[b].label ? 1 : 0));
  const load = new Array<number>(count).fill(0);
  const shard = new Array<number>(files.length);
  for (const i of order) {
    let least = 0;
    for (let s = 1; s < count; s++) if (load[s] < load[least]) least = s;
    load[least] += files[i].size;
    shard[i] = least + 1;
  }
  return shard;
}

/** The files of `shard`, in their order; standard input is the first shard's. */
export function filesOfShard(files: readonly InputFile[], shard: Shard): InputFile[] {
  const regular = files.filter((f) => !f.stdin);
  const shards = shardsOf(regular.map((f) => ({ label: f.label, size: sizeOf(f) })), shard.count);
  const mine = new Set(regular.filter((_, i) => shards[i] === shard.index));
  return files.filter((f) => (f.stdin ? shard.index === 1 : mine.has(f)));
}
