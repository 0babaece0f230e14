/**
 * A small capture object file is read and parsed as it is opened, its items handed over at once
 * (no generator, the file closed); any other file keeps the parts read in chunks. Whatever
 * happens to the file between its size and its read (it grows, it shrinks, it cannot be read),
 * the items are those of the chunked read. The folder walk names each file as displayPath does.
 */
import { appendFileSync, fstatSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { displayPath, documentItems, expandPaths, openInputItems, readFrame, readInputItems } from '../../src/captures/read-inputs.js';
import { openJsonParts } from '../../src/captures/read-parts.js';
import { unreadable, type CaptureItem } from '../../src/captures/types.js';
import { invalidCapture, tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

const plain = (items: CaptureItem[]) => JSON.parse(JSON.stringify(items)) as unknown;

async function itemsOf(file: string, label: string, sizeOf?: (fd: number) => number): Promise<{ whole: boolean; items: CaptureItem[] }> {
  const opened = openJsonParts(file, { topArray: true, wholeObjects: true }, undefined, sizeOf);
  if (opened.whole) return { whole: true, items: documentItems(opened.whole.value, opened.whole.text, file, label) };
  const items: CaptureItem[] = [];
  for await (const part of opened.parts) {
    if (part.kind === 'problem') items.push(unreadable(label, part.message, part.at));
    else if (part.kind === 'frame') items.push(...readFrame(part, file, label));
  }
  return { whole: false, items };
}

describe('a small capture file read whole when opened', () => {
  it('hands over its items at once and leaves no file open; arrays, HAR logs and bad JSON keep their parts', async () => {
    /** Opens `file` as openInputItems does, noting its descriptor and inode; `closed` tells whether that descriptor is closed (or another file's by now). */
    const open = (file: string) => {
      let fd = -1;
      let ino = -1;
      const opened = openJsonParts(file, { topArray: true, wholeObjects: true }, undefined, (d) => {
        const stat = fstatSync(d);
        (fd = d), (ino = stat.ino);
        return stat.size;
      });
      const closed = () => {
        try {
          return fstatSync(fd).ino !== ino;
        } catch {
          return true;
        }
      };
      return { opened, closed };
    };
    const capture = tmp.write('capture.json', invalidCapture);
    const whole = open(capture);
    expect(whole.opened.whole?.kind).toBe('parsed');
    expect(whole.opened.parts).toBeUndefined();
    expect(whole.closed()).toBe(true);
    const items = openInputItems(capture, 'capture.json');
    expect(items.items).toBeUndefined();
    expect(items.whole?.map((i) => i.kind)).toEqual(['response']);
    for (const [name, content] of [
      ['array.json', [validCapture]],
      ['log.json', { log: { entries: [] } }],
      ['bad.json', '{"method": }'],
      ['bom-latin1.json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"method":"GET","path":"/2/facebook/profiles","response":"caf\xe9"}', 'latin1')])],
    ] as const) {
      const other = open(tmp.write(name, content));
      expect(other.opened.whole, name).toBeUndefined();
      expect(other.opened.parts, name).toBeDefined();
      expect(other.closed(), name).toBe(false);
      other.opened.close();
      expect(other.closed(), name).toBe(true);
      const items = openInputItems(tmp.path(name), name);
      expect(items.whole, name).toBeUndefined();
      items.close();
    }
  });

  it('a file that shrinks after its size was taken is read through the scanner: the items of what is left', async () => {
    const text = JSON.stringify(invalidCapture, null, 2);
    const file = tmp.write('shrinks.json', `${text}\n${' '.repeat(40)}`);
    const shrink = (fd: number) => {
      const { size } = fstatSync(fd);
      truncateSync(file, text.length);
      return size;
    };
    const read = await itemsOf(file, 'f.json', shrink);
    expect(read.whole).toBe(false);
    const fresh = await itemsOf(file, 'f.json');
    expect(fresh.whole).toBe(true);
    expect(plain(read.items)).toEqual(plain(fresh.items));
  });

  it('a file cut in the middle after its size was taken is unreadable at its end, as the scanner says', async () => {
    const text = JSON.stringify(validCapture, null, 2);
    const file = tmp.write('cut.json', text);
    const cut = (fd: number) => {
      const { size } = fstatSync(fd);
      truncateSync(file, 40);
      return size;
    };
    const read = await itemsOf(file, 'f.json', cut);
    expect(read.whole).toBe(false);
    expect(read.items).toHaveLength(1);
    expect(read.items[0]).toMatchObject({ kind: 'unreadable', source: 'f.json' });
    expect(plain(read.items)).toEqual(plain((await itemsOf(file, 'f.json')).items));
  });

  it('a file that grows after its size was taken is read up to that size, and parsed whole', async () => {
    const text = JSON.stringify(invalidCapture, null, 2);
    const file = tmp.write('grows.json', text);
    const original = await itemsOf(file, 'f.json');
    const grow = (fd: number) => {
      const { size } = fstatSync(fd);
      appendFileSync(file, 'garbage after the object');
      return size;
    };
    const read = await itemsOf(file, 'f.json', grow);
    expect(read.whole).toBe(true);
    expect(plain(read.items)).toEqual(plain(original.items));
  });

  it('a file that cannot be read (a directory named like a capture) is one unreadable item, saying why', async () => {
    const dir = tmp.path('folder.json');
    mkdirSync(dir);
    const items: CaptureItem[] = [];
    for await (const item of readInputItems(dir, 'folder.json')) items.push(item);
    expect(items).toEqual([unreadable('folder.json', 'is a directory')]);
  });
});

describe('file labels of a folder walk', () => {
  it('are what displayPath gives, whether the folder is the working directory, below it, above it or holds it', () => {
    const root = tmp.path('walk');
    for (const name of ['a/x.json', 'a/b/y.har', 'a/b/c/z.json', 'a/b/c/d/w.json', 'a/b/back\\slash.json', 'q.json', 'e/f/v.json']) {
      mkdirSync(join(root, name, '..'), { recursive: true });
      writeFileSync(join(root, name), '{}');
    }
    const cases: [string[], string][] = [
      [['.'], join(root, 'a')],
      [['b'], join(root, 'a')],
      [['../..'], join(root, 'a', 'b', 'c')],
      [['..'], join(root, 'a', 'b')],
      [[root], '/'],
      [[join(root, 'a')], join(root, 'a', 'b', 'c', 'd')],
      // Beside the working directory, and below a folder beside it.
      [['../a'], join(root, 'e')],
      [[join(root, 'a', 'b')], join(root, 'e', 'f')],
      // A working directory (named, not real) through a file of the folder: path.relative counts steps by name.
      [[join(root, 'a', 'b')], join(root, 'a', 'b', 'y.har', 'z')],
    ];
    for (const [paths, cwd] of cases) {
      const { files, unreadable: problems } = expandPaths(paths, cwd);
      expect(problems).toEqual([]);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(file.label, `${paths} in ${cwd}`).toBe(displayPath(file.path, cwd));
    }
    // A folder holding the working directory: its files inside it are named from it, the others with `..`.
    const labels = expandPaths(['..'], join(root, 'a', 'b')).files.map((f) => f.label);
    expect(labels).toEqual(['back/slash.json', 'c/d/w.json', 'c/z.json', 'y.har', '../x.json']);
  });
});
