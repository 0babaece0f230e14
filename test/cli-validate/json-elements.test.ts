/**
 * The chunked JSON scanner: the elements it hands out, their places and the frame are the same
 * however the text is cut into chunks (strings, escapes and multi-byte characters cut in two).
 */
import { describe, expect, it } from 'vitest';
import type { JsonPart } from '../../src/captures/json-elements.js';
import { lineColumn } from '../../src/captures/json-syntax.js';
import { parseFrame } from '../../src/captures/read-parts.js';
import { scan } from './scan-chunks.js';

const elements = (parts: JsonPart[]) => parts.flatMap((p) => (p.kind === 'element' ? [p] : []));

let seed = 3;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];

/** A random JSON value with strings full of escapes, backslashes and multi-byte characters. */
function value(depth: number): unknown {
  const r = rand();
  if (depth > 3 || r < 0.3) return pick([0, -1.5e3, true, false, null, 'plain', 'q"uote', 'back\\slash\\', '\\"', 'é', '€ 😀 ü', 'line\nbreak', '[{"not": "structure"}]', '']);
  if (r < 0.65) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
  return Object.fromEntries(Array.from({ length: Math.floor(rand() * 4) }, (_, i) => [pick(['a', 'é"k', 'log', 'entries', `k${i}`]), value(depth + 1)]));
}

describe('the chunked JSON scanner', () => {
  it('hands out the elements of a top-level array and of log.entries, whatever the chunk sizes', () => {
    for (let round = 0; round < 300; round++) {
      const list = Array.from({ length: Math.floor(rand() * 6) }, () => value(0));
      const har = rand() < 0.5;
      const pages = value(1);
      const [prefix, suffix] = har ? [`{"log": {"version": "1.2", "pages": [${JSON.stringify(pages)}],\n "entries": [\n`, '\n], "é": "\\\\"}, "after": [1, {"entries": []}]}'] : ['[ ', ' ]\n'];
      let text = prefix;
      const offsets: number[] = [];
      list.forEach((v, i) => {
        if (i) text += pick([',', ',\n  ', ' , ']);
        offsets.push(text.length);
        text += JSON.stringify(v, null, rand() < 0.5 ? 2 : undefined);
      });
      text += suffix;
      const sizes = [1 + Math.floor(rand() * 7), 1 + Math.floor(rand() * 300), 1];
      const parts = scan(text, sizes);
      const found = elements(parts);
      expect(found.map((e) => JSON.parse(e.text)), text).toEqual(list);
      expect(found.every((e) => e.array === (har ? 'entries' : 'captures'))).toBe(true);
      expect(found.map((e) => e.start)).toEqual(offsets.map((o) => lineColumn(text, o)));
      const frame = parts.at(-1)!;
      expect(frame.kind).toBe('frame');
      const parsed = parseFrame(frame as Extract<JsonPart, { kind: 'frame' }>);
      expect(parsed).toEqual({ ok: true, value: har ? { log: { version: '1.2', pages: [pages], entries: [], 'é': '\\' }, after: [1, { entries: [] }] } : [] });
    }
  });

  it('counts columns in UTF-16 units across chunks cut inside a multi-byte character', () => {
    const text = '["😀é€", 7, "x"]';
    for (let size = 1; size <= text.length; size++) {
      const found = elements(scan(text, [size]));
      // 😀 is two UTF-16 units: `7` is the 10th unit of the line.
      expect(found.map((e) => e.start.column)).toEqual([2, 10, 13]);
      expect(found.map((e) => e.text)).toEqual(['"😀é€"', '7', '"x"']);
    }
  });

  it('keeps a document that is not an array or a HAR log whole, as its frame', () => {
    const doc = { method: 'GET', path: '/2/facebook/profiles', response: { log: { entries: 'no' } }, log: [1] };
    const parts = scan(JSON.stringify(doc), [5]);
    expect(parts).toEqual([{ kind: 'frame', text: JSON.stringify(doc), split: undefined }]);
    // A .har file is never a list of captures: its array is its frame.
    expect(scan('[1,2]', [2], { topArray: false })).toEqual([{ kind: 'frame', text: '[1,2]', split: undefined }]);
  });

  it('refuses a frame over the limit, saying why the file cannot be read entry by entry', () => {
    const parts = scan(JSON.stringify({ method: 'GET', path: '/x', response: 'y'.repeat(3000) }), [512], { topArray: true, maxFrameBytes: 2048 });
    expect(parts).toEqual([{ kind: 'problem', message: 'file is larger than 0.0 MB and is neither an array of captures nor a HAR log, so it cannot be read entry by entry: such files over 0.0 MB are not read' }]);
  });

  it('places syntax errors between elements and at a truncated end on the file', () => {
    expect(scan('[1,\n  ,2]', [3]).at(-1)).toEqual({ kind: 'problem', message: 'malformed JSON at line 2, column 3: expected a value, found ",2]"', at: { line: 2, column: 3 } });
    expect(scan('[{"a":1}\n {"b":2}]', [64]).at(-1)).toEqual({ kind: 'problem', message: 'malformed JSON at line 2, column 2: expected "," or "]", found "{\\"b\\":2}]"', at: { line: 2, column: 2 } });
    expect(scan('[{"a":1},\n', [4]).at(-1)).toEqual({ kind: 'problem', message: 'truncated JSON: the text ends at line 2, column 1 where a value is expected', at: { line: 2, column: 1 } });
    expect(scan('[1, 2', [4]).at(-1)).toEqual({ kind: 'problem', message: 'truncated JSON: the text ends at line 1, column 6 where "," or "]" is expected', at: { line: 1, column: 6 } });
    const after = scan('{"log":{"entries":[{"a":1}]}}\n x', [6]).at(-1) as Extract<JsonPart, { kind: 'frame' }>;
    expect(parseFrame(after)).toEqual({ ok: false, message: 'malformed JSON at line 2, column 2: expected the end of the text, found "x"', at: { line: 2, column: 2 } });
  });

  it('says when a file is binary, not UTF-8 or empty', () => {
    expect(scan(Buffer.from([0x5b, 0x00, 0x5d]), [2])).toEqual([{ kind: 'problem', message: 'binary file (contains NUL bytes), not JSON text' }]);
    expect(scan(Buffer.from([0x5b, 0x22, 0xe9, 0x22, 0x5d]), [2])).toEqual([{ kind: 'problem', message: 'binary or non-UTF-8 file, not JSON text' }]);
    expect(scan(' \n ', [1])).toEqual([{ kind: 'problem', message: 'empty file (only whitespace)' }]);
    expect(scan(Buffer.from('\ufeff[1]'), [3, 1]).map((p) => p.kind === 'element' && p.start)).toEqual([{ line: 1, column: 2 }, false]);
  });
});
