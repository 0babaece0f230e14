/**
 * A folder is listed as its files are taken, never whole: the files come out in the order of
 * their paths (as sort() orders strings), directory by directory, and a file written into a
 * directory the walk has not reached yet is found, one removed from it is not (a listing kept
 * whole would hold the old state). The first pass counts the files and finds what cannot be read.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listInputs } from '../../src/captures/read-inputs.js';
import { tempDir } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

const write = (dir: string, names: string[]) => {
  mkdirSync(dir, { recursive: true });
  for (const name of names) writeFileSync(join(dir, name), '{}');
};

describe('listing a folder', () => {
  it('hands out the files in the order of their paths, names that sort around the separator included', () => {
    const root = join(tmp.dir, 'order');
    // `a-b.json` sorts before `a/…` ('-' < '/'), `a.json` and `a0` after it; capitals before small letters; an astral character after the rest.
    write(join(root, 'a'), ['z.json', 'b.har', 'B.json']);
    write(join(root, 'a', 'deep'), ['x.json']);
    write(join(root, 'a0'), ['y.json']);
    write(root, ['a-b.json', 'a.json', 'Z.json', '\u{1F600}.json', 'notes.txt']);
    write(join(root, 'a.d'), ['w.har']);
    const listing = listInputs([root], tmp.dir);
    const paths = [...listing.files()].map((f) => f.path);
    expect(paths).toEqual([...paths].sort());
    expect(paths.map((p) => p.slice(root.length + 1))).toEqual(['Z.json', 'a-b.json', 'a.d/w.har', 'a.json', 'a/B.json', 'a/b.har', 'a/deep/x.json', 'a/z.json', 'a0/y.json', '\u{1F600}.json']);
    expect(listing.count).toBe(10);
    expect(listing.unreadable).toEqual([]);
  });

  it('reads each directory when the walk reaches it, not before: the files of the later ones are those there then', () => {
    const root = join(tmp.dir, 'lazy');
    for (let d = 0; d < 20; d++) write(join(root, `d${String(d).padStart(2, '0')}`), Array.from({ length: 10 }, (_, f) => `c${f}.json`));
    const listing = listInputs([root], tmp.dir);
    expect(listing.count).toBe(200);
    const files = listing.files();
    const first = files.next();
    expect(first.done).toBe(false);
    // Changed after the first file was taken: a listing kept whole would not see it.
    writeFileSync(join(root, 'd19', 'added.json'), '{}');
    rmSync(join(root, 'd18', 'c0.json'));
    const rest = [...files].map((f) => f.label);
    expect(rest).toContain('lazy/d19/added.json');
    expect(rest).not.toContain('lazy/d18/c0.json');
    expect(rest).toHaveLength(199);
  });

  it('finds what cannot be read in its first pass, each once, and leaves it out of the files', () => {
    const root = join(tmp.dir, 'problems');
    write(join(root, 'in'), ['ok.json']);
    symlinkSync(join(root, 'missing.json'), join(root, 'in', 'broken.json'));
    symlinkSync(root, join(root, 'in', 'loop'));
    const listing = listInputs([root, join(tmp.dir, 'nowhere')], tmp.dir);
    expect(listing.unreadable.map((u) => `${u.source}: ${u.message}`)).toEqual([
      'problems/in/broken.json: broken symbolic link: its target does not exist',
      'problems/in/loop: symbolic link cycle: leads back to problems, not followed',
      'nowhere: no such file or directory',
    ]);
    expect([...listing.files()].map((f) => f.label)).toEqual(['problems/in/ok.json']);
    expect(listing.count).toBe(1);
  });
});
