/**
 * Elements taken by their lines (one entry per line, or pretty-printed up to the closing brace at
 * the element's indentation) are exactly the elements of the exact scan: the same parts, texts,
 * places, frames and problems, on every layout, line end, chunk size, truncation and corruption.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonPart } from '../../src/captures/json-elements.js';
import { openInputItems, readElement, readInputItems } from '../../src/captures/read-inputs.js';
import type { CaptureItem } from '../../src/captures/types.js';
import { readJsonParts } from '../../src/captures/read-parts.js';
import { tempDir } from './helpers.js';
import { scan } from './scan-chunks.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** The parts without the values of elements taken by lines (the exact scan leaves them to the reader). */
const withoutValues = (parts: JsonPart[]) => parts.map((part) => (part.kind === 'element' ? { ...part, value: undefined } : part));
const taken = (parts: JsonPart[]) => parts.filter((part) => part.kind === 'element' && part.value !== undefined).length;

/** Both scans of `text`: by lines (as the CLI reads) and exact. */
function bothScans(text: string | Buffer, sizes: readonly number[] = [1 << 20], topArray = false) {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  return { lines: scan(bytes, sizes, { topArray }), exact: scan(bytes, sizes, { topArray, byLines: false }) };
}

/** Scans `text` both ways and expects the same parts; returns the parts taken by lines. */
function same(text: string | Buffer, sizes?: readonly number[], topArray?: boolean): JsonPart[] {
  const { lines, exact } = bothScans(text, sizes, topArray);
  expect(withoutValues(lines)).toEqual(exact);
  for (const part of lines) if (part.kind === 'element' && part.value !== undefined) expect(part.value).toEqual(JSON.parse(part.text));
  return lines;
}

/**
 * Raw elements taken by their lines (as the checking threads get them) are the exact scan's, up
 * to the first that is not one JSON value in UTF-8 (from which the file is read again exactly).
 */
function sameRaw(text: string, sizes: readonly number[], topArray: boolean): void {
  const bytes = Buffer.from(text);
  const raw = scan(bytes, sizes, { topArray, rawElements: true, byLines: true });
  const exact = scan(bytes, sizes, { topArray, rawElements: true, byLines: false });
  const textOf = (part: JsonPart) => (part.kind === 'raw element' ? { index: part.index, start: part.start, text: Buffer.concat(part.bytes).toString() } : part);
  const parses = (part: JsonPart) => {
    try {
      return part.kind !== 'raw element' || !part.byLine || (JSON.parse(Buffer.concat(part.bytes).toString('utf8')), true);
    } catch {
      return false;
    }
  };
  const miss = raw.findIndex((part) => !parses(part));
  if (miss < 0) expect(raw.map(textOf)).toEqual(exact.map(textOf));
  else expect(raw.slice(0, miss).map(textOf)).toEqual(exact.slice(0, miss).map(textOf));
}

const entry = (i: number, text: string) => ({
  startedDateTime: '2026-01-22T10:00:00.000Z',
  request: { method: 'GET', url: `https://api.example.invalid/2/facebook/profiles?i=${i}`, headers: [{ name: 'a', value: '}\n{' }] },
  response: { status: 200, content: { mimeType: 'application/json', text } },
});
/** Bodies with newline escapes, braces and brackets at the start of their lines, quotes and backslashes. */
const BODIES = ['{"success":true,"data":[]}', '{\n  "success": true,\n}\n', '}\n  },\n{', '\\"}\\n', '{"a":"\\u00e9 é 😀"}'];
const har = (count: number) => ({ log: { version: '1.2', creator: { name: 't', version: '1' }, pages: [], entries: Array.from({ length: count }, (_, i) => entry(i, BODIES[i % BODIES.length])) } });
const oneLine = (entries: unknown[]) => `{"log":{"version":"1.2","entries":[\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n]}}\n`;

describe('elements taken by their lines', () => {
  it('takes every entry of a pretty-printed HAR (2 and 4 spaces, tabs) and of a one-line HAR, LF and CRLF, as the exact scan finds them', () => {
    const doc = har(12);
    for (const text of [JSON.stringify(doc, null, 2), JSON.stringify(doc, null, 4), JSON.stringify(doc, null, '\t'), oneLine(doc.log.entries)]) {
      for (const ends of [text, text.replaceAll('\n', '\r\n')]) {
        const parts = same(ends);
        expect(taken(parts)).toBe(12);
        // In chunks: the elements a chunk holds whole are taken, the others scanned, the parts the same.
        for (const size of [1, 7, 100, 333, 1000]) same(ends, [size, size * 2 + 1]);
      }
    }
  });

  it('takes the elements of a top-level array of captures', () => {
    const captures = Array.from({ length: 5 }, (_, i) => ({ method: 'GET', path: '/2/facebook/profiles', status: 200, response: { i, s: '}\n]' } }));
    expect(taken(same(JSON.stringify(captures, null, 2), undefined, true))).toBe(5);
    expect(taken(same(`[\n${captures.map((c) => JSON.stringify(c)).join(',\n')}\n]`, undefined, true))).toBe(5);
  });

  it('scans exactly what its lines do not hold: an entry split oddly, entries sharing a line, the last entry before the closing brackets', () => {
    const [a, b, c] = har(3).log.entries.map((e) => JSON.stringify(e));
    const odd = `{"log":{"entries":[\n${a.replace('"response":', '\n"response":\n')},\n  ${b}, ${c}]}}`;
    const parts = same(odd);
    expect(parts.filter((p) => p.kind === 'element')).toHaveLength(3);
    expect(taken(parts)).toBe(0);
    // An entry whose closing brace is at another indentation than its opening one.
    same(`{"log":{"entries":[\n  {\n    "a": 1\n    },\n  {"b": 2}\n]}}`);
  });

  it('gives the same problems, at the same line and column, for invalid JSON in the middle, a truncated file and bytes that are not UTF-8', () => {
    const text = JSON.stringify(har(6), null, 2);
    const third = text.indexOf('"startedDateTime"', text.indexOf('"startedDateTime"', text.indexOf('"startedDateTime"') + 1) + 1);
    for (const broken of [text.slice(0, third) + '"x": ]' + text.slice(third), text.slice(0, third) + text.slice(third + 1), text.slice(0, third + 200), text.slice(0, text.lastIndexOf('}'))]) {
      const parts = same(broken);
      const items = parts.flatMap((part) => (part.kind === 'element' ? [readElement(part, 's.har').item] : []));
      const exact = bothScans(broken).exact.flatMap((part) => (part.kind === 'element' ? [readElement(part, 's.har').item] : []));
      expect(items).toEqual(exact);
      // The entries before the break were taken by their lines; the file ends with a problem or an unreadable entry.
      expect(taken(parts)).toBeGreaterThanOrEqual(2);
      expect(items.at(-1)?.kind === 'unreadable' || parts.at(-1)?.kind === 'problem' || parts.at(-1)?.kind === 'frame').toBe(true);
    }
    const latin1 = Buffer.concat([Buffer.from('{"log":{"entries":[\n{"a":"'), Buffer.from([0xe9]), Buffer.from('"},\n{"b":1}\n]}}')]);
    expect(same(latin1).at(-1)).toEqual({ kind: 'problem', message: 'binary or non-UTF-8 file, not JSON text' });
  });

  it('after a few texts that are not one value, scans every element exactly', () => {
    // Entries in pairs on a line: the text taken for the first of a pair does not parse (a miss), and the line is scanned exactly.
    const entries = har(60).log.entries.map((e) => JSON.stringify(e));
    const layout = (pairs: number) => `{"log":{"entries":[\n${entries.slice(0, pairs * 2).map((e, i) => (i % 2 ? `${e},\n` : `${e}, `)).join('')}${entries.slice(pairs * 2).join(',\n')}\n]}}`;
    const takenAfter = (pairs: number) => taken(same(layout(pairs)).slice(pairs * 2));
    // 10 misses: the entries after the pairs, one per line, are taken; 20: no more after the 16th.
    expect(takenAfter(10)).toBe(40);
    expect(takenAfter(20)).toBe(0);
  });

  it('looks at each line at most once for elements that no line ends (a compact file, a line ending in a bracket, odd indentation)', () => {
    const entries = har(20_000).log.entries;
    const compact = JSON.stringify({ log: { entries } });
    const open = `{"log":{"entries":[${entries.map((e) => JSON.stringify(e)).join(',')}], "pages": [\n]}}`;
    const indented = `{"log":{"entries":[\n${entries.map((e) => `  {\n${JSON.stringify(e).slice(1, -1)}\n    }`).join(',\n')}\n]}}`;
    // Each a few MB in one chunk: looking again from every element's start would take minutes (the bound only catches that).
    for (const text of [compact, open, indented]) expect(same(text, [4 << 20]).filter((p) => p.kind === 'element')).toHaveLength(20_000);
  }, 60_000);

  it('agrees with the exact scan on random HARs, layouts, line ends, chunk sizes, truncations and corruptions', () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    const anEntry = fc.oneof(fc.dictionary(fc.string({ maxLength: 6 }), value, { maxKeys: 5 }), fc.record({ request: fc.record({ url: fc.string() }), response: fc.record({ content: fc.record({ text: fc.oneof(fc.string(), fc.constantFrom(...BODIES)) }) }) }));
    /** The HAR written with whitespace between tokens as `spaces` says (cycled). */
    const spaced = (doc: unknown, spaces: string[]) => {
      let k = 0;
      const ws = () => spaces[k++ % spaces.length];
      const write = (v: unknown): string => {
        if (Array.isArray(v)) return `[${ws()}${v.map((x) => write(x) + ws()).join(`,${ws()}`)}]`;
        if (v && typeof v === 'object') return `{${ws()}${Object.entries(v).map(([key, x]) => `${JSON.stringify(key)}${ws()}:${ws()}${write(x)}${ws()}`).join(`,${ws()}`)}}`;
        return JSON.stringify(v);
      };
      return write(doc);
    };
    fc.assert(
      fc.property(
        fc.array(anEntry, { maxLength: 8 }),
        fc.oneof(fc.constantFrom<unknown>('one line', 'compact', 2, 4, '\t'), fc.array(fc.constantFrom('', ' ', '\n', '  \n    ', '\r\n', '\t'), { minLength: 1, maxLength: 6 })),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 4000 }), { minLength: 1, maxLength: 3 }),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
        fc.option(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', 'x', '\n', ' '))),
        fc.boolean(),
        (entries, layout, crlf, sizes, cut, corrupt, topArray) => {
          const doc = topArray ? entries : { log: { version: '1.2', entries } };
          let text =
            layout === 'one line'
              ? topArray
                ? `[\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n]`
                : oneLine(entries)
              : layout === 'compact'
                ? JSON.stringify(doc)
                : Array.isArray(layout)
                  ? spaced(doc, layout)
                  : JSON.stringify(doc, null, layout as number | string);
          if (crlf) text = text.replaceAll('\n', '\r\n');
          if (corrupt) {
            const at = Math.floor(corrupt[0] * text.length);
            text = text.slice(0, at) + corrupt[1] + text.slice(at + 1);
          }
          if (cut !== null) text = text.slice(0, Math.floor(cut * text.length));
          same(text, sizes, topArray);
          same(text, [1 << 20], topArray);
          sameRaw(text, sizes, topArray);
        },
      ),
      { numRuns: 400, seed: 36 },
    );
  });
});

describe('the parts of a file, read synchronously (the reader of both paths, with threads and without)', () => {
  it('are the scanner\'s parts of its bytes in its chunks, each handed out without a promise; a missing file or a directory is one problem', () => {
    const text = JSON.stringify(har(30), null, 2);
    const file = tmp.write('s.har', text);
    for (const rawElements of [true, false]) {
      const parts = readJsonParts(file, { topArray: false, rawElements }, 4096);
      const read: JsonPart[] = [];
      for (let next = parts.next(); ; next = parts.next()) {
        // A part is there when asked for, not a promise of one.
        expect(next).not.toBeInstanceOf(Promise);
        if (next.done) break;
        read.push(next.value as JsonPart);
      }
      expect(read).toEqual(scan(text, [4096], { topArray: false, rawElements }));
      expect(read.filter((part) => part.kind === (rawElements ? 'raw element' : 'element'))).toHaveLength(30);
    }
    for (const path of [`${file}.missing`, tmp.dir]) {
      const parts = [...readJsonParts(path, { topArray: false, rawElements: true })];
      expect(parts).toEqual([{ kind: 'problem', message: expect.stringMatching(path === tmp.dir ? /director/i : /no such file/i) }]);
    }
  });

  it('give a file\'s items each without a promise too, the same on the next read (a HAR, an array of captures)', () => {
    const files = [tmp.write('items.har', JSON.stringify(har(30), null, 2)), tmp.write('items.json', JSON.stringify(har(30).log.entries.map(() => ({ method: 'GET', path: '/2/facebook/profiles', response: { success: true } }))))];
    for (const file of files) {
      const opened = openInputItems(file, 'f');
      expect(opened.items, file).toBeDefined();
      const items: CaptureItem[] = [];
      for (let next = opened.items!.next(); ; next = opened.items!.next()) {
        expect(next).not.toBeInstanceOf(Promise);
        if (next.done) break;
        items.push(next.value);
      }
      expect(items).toHaveLength(30);
      expect(JSON.stringify(items)).toBe(JSON.stringify([...readInputItems(file, 'f')]));
    }
  });
});
