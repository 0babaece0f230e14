/**
 * Each file is read once into buffers of its size, and a capture object file is parsed once: no
 * chunk larger than what is left of the file, no read past its size, and no scanner pass over a
 * file that is parsed whole. Whatever the path, a file gives the same items and messages.
 */
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { readInputItems } from '../../src/captures/read-inputs.js';
import { unreadable, type CaptureItem } from '../../src/captures/types.js';
import { CHUNK_BYTES, fileChunks, readJsonParts } from '../../src/captures/read-parts.js';
import { invalidCapture, tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** The sizes of the buffers allocated to read `file` in chunks of `chunkBytes`, and of the chunks read. */
function reads(file: string, size: number, chunkBytes = CHUNK_BYTES) {
  const allocated: number[] = [];
  const fd = openSync(file, 'r');
  try {
    const chunks = [...fileChunks(fd, size, chunkBytes, (bytes) => (allocated.push(bytes), Buffer.allocUnsafe(bytes)))].map((c) => c.length);
    return { allocated, chunks };
  } finally {
    closeSync(fd);
  }
}

const parts = async (file: string, wholeObjects: boolean) => {
  const all = [];
  for await (const part of readJsonParts(file, { topArray: true, wholeObjects })) all.push(part.kind);
  return all;
};

const items = async (file: string) => {
  const all = [];
  for await (const item of readInputItems(file, 'f.json')) all.push(item.kind === 'response' ? { ...item, raw: item.raw && { ...item.raw } } : item);
  return all;
};

describe('reading a file once', () => {
  it('a small file is one buffer of its size and one read; a large one chunks of at most CHUNK_BYTES, the last of what is left', () => {
    const small = tmp.write('small.json', validCapture);
    const size = Buffer.byteLength(JSON.stringify(validCapture, null, 2));
    // Before, the end of every small file cost a read into a new 2 MB buffer.
    expect(reads(small, size)).toEqual({ allocated: [size], chunks: [size] });
    const large = tmp.write('large.json', 'x'.repeat(2500));
    expect(reads(large, 2500, 1000)).toEqual({ allocated: [1000, 1000, 500], chunks: [1000, 1000, 500] });
  });

  it('a file without a size (a FIFO, /proc) is read until a read returns nothing, its first read small', () => {
    const file = tmp.write('unsized.json', 'y'.repeat(100));
    expect(reads(file, 0)).toEqual({ allocated: [64 * 1024, CHUNK_BYTES], chunks: [100] });
  });

  it('a capture object file is parsed whole, without the scanner; arrays, HAR logs and bad JSON go through the scanner', async () => {
    const capture = tmp.write('capture.json', validCapture);
    expect(await parts(capture, true)).toEqual(['parsed']);
    expect(await parts(capture, false)).toEqual(['frame']);
    expect(await parts(tmp.write('array.json', [validCapture, validCapture]), true)).toEqual(['element', 'element', 'frame']);
    expect(await parts(tmp.write('log.json', { log: { entries: [] } }), true)).toEqual(['frame']);
    expect(await parts(tmp.write('bad.json', '{"method": }'), true)).toEqual(['frame']);
  });

  it('gives the same items, places and messages whichever way a file is read', async () => {
    const files: [string, string | Buffer][] = [
      ['invalid.json', JSON.stringify(invalidCapture, null, 2)],
      ['bom.json', `\ufeff${JSON.stringify(invalidCapture, null, 2)}`],
      ['broken.json', '{\n  "method": "POST",\n  "path": "/2/facebook/metrics"\n  "response": {}\n}'],
      ['empty.json', ''],
      ['spaces.json', '  \n '],
      ['binary.json', Buffer.from([0x7b, 0x00, 0x7d])],
      ['latin1.json', Buffer.from('{"method":"GET","path":"/2/facebook/profiles","response":"caf\xe9"}', 'latin1')],
      ['not-capture.json', '{"path": 3}'],
    ];
    for (const [name, content] of files) {
      const file = tmp.path(name);
      writeFileSync(file, content);
      const whole = await items(file);
      const scanned: unknown[] = [];
      for await (const part of readJsonParts(file, { topArray: true })) scanned.push(part.kind);
      expect(scanned, name).not.toContain('parsed');
      // The scanner's items for the same file, through a name that keeps it from being parsed whole.
      const har = tmp.path(`${name}.scanned`);
      writeFileSync(har, content);
      expect(whole.length, name).toBeGreaterThan(0);
      expect(JSON.stringify(whole).replaceAll(`${name}.scanned`, name), name).toBe(JSON.stringify(await itemsScanned(har)).replaceAll(`${name}.scanned`, name));
    }
  });
});

/** The items of `file` read through the scanner alone. */
async function itemsScanned(file: string) {
  const { documentItems, readFrame } = await import('../../src/captures/read-inputs.js');
  const all: CaptureItem[] = [];
  for await (const part of readJsonParts(file, { topArray: true })) {
    if (part.kind === 'problem') all.push(unreadable('f.json', part.message, part.at));
    else if (part.kind === 'frame') all.push(...readFrame(part, file, 'f.json'));
    else if (part.kind === 'parsed') all.push(...documentItems(part.value, part.text, file, 'f.json'));
  }
  return all.map((item) => (item.kind === 'response' ? { ...item, raw: item.raw && { ...item.raw } } : item));
}
