/**
 * Problems placed on the lines of their file by one scan of the text: every pointer lands on the
 * first character of its value (or of its nearest existing ancestor) in captures and in HAR bodies
 * behind string escapes, on any layout, line end, key escape and character beyond the BMP. The
 * oracle is a tree parser nobody here wrote (jsonc-parser, which keeps offsets), walked to the
 * same pointers; texts without repeated keys, where the two readings agree by definition.
 */
import fc from 'fast-check';
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { placeInBody, valueOffsets } from '../../src/captures/locate.js';
import type { SourceText } from '../../src/captures/types.js';
import { childPointer, pointerTokens } from '../../src/shared/pointer.js';

/** The offset jsonc-parser gives the value at `tokens` below `root`, or its nearest existing ancestor's. */
function oracleOffset(root: Node, tokens: string[]): number {
  let node = root;
  for (const key of tokens) {
    const next = findNodeAtLocation(node, [node.type === 'array' ? Number(key) : key]);
    if (!next) break;
    node = next;
  }
  return node.offset;
}

/** Line and column (from 1) of `offset` in `text`. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** Every pointer into `value`, and for each object one to a member it lacks. */
function pointersOf(value: unknown, at = ''): string[] {
  const out = [at];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pointersOf(v, childPointer(at, i))));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pointersOf(v, childPointer(at, k)));
    out.push(childPointer(at, 'no such member'), childPointer(childPointer(at, 'no such member'), 'deeper'));
  }
  return out;
}

const capture = (text: string, start = { line: 1, column: 1 }): SourceText => ({ file: 'a.json', text, start, body: 'capture' });
const harEntry = (text: string, start = { line: 1, column: 1 }): SourceText => ({ file: 'a.har', text, start, body: 'har' });

/** Keys and strings with escapes, quotes, backslashes, slashes, `~`, control characters and pairs beyond the BMP. */
const trickyString = fc.oneof(
  fc.string(),
  fc.constantFrom('', 'a"b', 'back\\slash', 'a/b', 'x~0y', '~1', 'tab\there', 'line\nbreak', 'é', '😀', 'a😀b\u0001', '\u2028', '\\"', '\\'),
  fc.string({ unit: 'binary' }),
);
const jsonValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), trickyString),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(trickyString, tie('value'), { maxKeys: 5 }),
  ),
})).value;
/** How the text is laid out: compact, indented, with CRLF line ends, or with every `\n` of it CRLF and non-ASCII escaped. */
const layout = fc.constantFrom('compact', 'indent', 'crlf', 'escaped');
function lay(value: unknown, how: string): string {
  if (how === 'compact') return JSON.stringify(value);
  const indented = JSON.stringify(value, null, 2);
  if (how === 'indent') return indented;
  const crlf = indented.replace(/\n/g, '\r\n');
  return how === 'crlf' ? crlf : crlf.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

describe('placing problems in captures', () => {
  it('places every pointer where jsonc-parser finds its value, on every layout', () => {
    fc.assert(
      fc.property(jsonValue, layout, fc.integer({ min: 1, max: 40 }), (body, how, startLine) => {
        const text = lay({ method: 'GET', path: '/2/facebook/profiles', response: body }, how);
        const pointers = pointersOf(body);
        const root = findNodeAtLocation(parseTree(text)!, ['response'])!;
        const expected = pointers.map((p) => {
          const { line, column } = lineColumn(text, oracleOffset(root, pointerTokens(p)));
          return { line: line + startLine - 1, column: line === 1 ? column + 2 : column };
        });
        expect(placeInBody(capture(text, { line: startLine, column: 3 }), pointers)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('places escaped keys, values beyond the BMP, nested arrays and CRLF lines', () => {
    const text = '{\r\n "method": "GET", "path": "/x",\r\n "response": {"a\\"b": [[1, [2, "😀", {"c/d~e": "\\u00e9"}]]],\r\n  "\\u0041": true}}';
    const places = placeInBody(capture(text), ['/a"b/0/1/2/c~1d~0e', '/a"b/0/1/1', '/A', '/a"b/0/1/9', '']);
    const line3 = text.split('\r\n')[2];
    expect(places).toEqual([
      { line: 3, column: line3.indexOf('"\\u00e9"') + 1 },
      { line: 3, column: line3.indexOf('"😀"') + 1 },
      { line: 4, column: '  "\\u0041": '.length + 1 },
      // No tenth element: the array that lacks it.
      { line: 3, column: line3.indexOf('[2,') + 1 },
      { line: 3, column: line3.indexOf('{"a') + 1 },
    ]);
    expect(places!.map((p) => p.column)).toEqual([48, 32, 13, 28, 14]);
  });

  it('places a repeated member on its last value, which is the one the validators read', () => {
    const text = '{"method":"GET","path":"/x","response":{"a":{"b":1},"a":{"c":2}}}';
    const [b, c] = placeInBody(capture(text), ['/a/b', '/a/c'])!;
    expect(b.column).toBe(text.lastIndexOf('{"c"') + 1);
    expect(c.column).toBe(text.indexOf('2') + 1);
  });

  it('walks bodies nested deeper than a recursive parser goes', () => {
    const depth = 100_000;
    const text = `{"response":${'['.repeat(depth)}1${']'.repeat(depth)}}`;
    const pointer = '/0'.repeat(depth);
    expect(placeInBody(capture(text), [pointer])).toEqual([{ line: 1, column: 13 + depth }]);
  });

  it('scans each byte a bounded number of times, however many problems there are', () => {
    // Counts the characters the walk reads through String.prototype.charCodeAt.
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: `p${i}`, values: [i, i + 1] }));
    const text = JSON.stringify({ response: { rows } });
    const pointers = rows.map((_, i) => `/rows/${i}/values/1`);
    const original = String.prototype.charCodeAt;
    let reads = 0;
    String.prototype.charCodeAt = function (this: string, i: number) {
      reads++;
      return original.call(this, i);
    };
    try {
      valueOffsets(text, pointers.map((p) => ['response', ...pointerTokens(p)]));
    } finally {
      String.prototype.charCodeAt = original;
    }
    expect(reads).toBeLessThan(3 * text.length);
  });
});

describe('placing problems in HAR bodies', () => {
  /** A HAR entry whose content.text is `body`, laid out as `how`. */
  const entryText = (body: string, how: string, extra: Record<string, unknown> = {}) => lay({ request: { method: 'GET', url: 'https://x/y' }, response: { status: 200, content: { mimeType: 'application/json', ...extra, text: body } } }, how);

  it('maps places in the body back through the string escapes, as jsonc-parser does on the decoded body', () => {
    fc.assert(
      fc.property(jsonValue, layout, layout, (value, bodyHow, entryHow) => {
        const body = lay(value, bodyHow);
        const text = entryText(body, entryHow);
        const pointers = pointersOf(value);
        const literal = findNodeAtLocation(parseTree(text)!, ['response', 'content', 'text'])!;
        const bodyRoot = parseTree(body)!;
        // The offset in the literal of each character of the decoded body.
        const inLiteral: number[] = [];
        for (let i = 1; i < literal.length - 1; i++) {
          inLiteral.push(i);
          if (text[literal.offset + i] === '\\') i += text[literal.offset + i + 1] === 'u' ? 5 : 1;
        }
        const expected = pointers.map((p) => lineColumn(text, literal.offset + inLiteral[oracleOffset(bodyRoot, pointerTokens(p))]));
        expect(placeInBody(harEntry(text), pointers)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('places the problems of a base64 body, a body that is not JSON and an empty one on the string', () => {
    for (const [body, extra] of [
      ['eyJhIjoxfQ==', { encoding: 'BASE64' }],
      ['<html>oops</html>', {}],
      ['   ', {}],
    ] as const) {
      const text = entryText(body, 'indent', extra);
      const at = lineColumn(text, text.indexOf(JSON.stringify(body)));
      expect(placeInBody(harEntry(text), ['', '/a'])).toEqual([at, at]);
    }
  });

  it('places the problems of a response without a text on the response', () => {
    const text = '{"request":{},"response":{"status":200,"content":{"size":0}}}';
    expect(placeInBody(harEntry(text), ['/a'])).toEqual([{ line: 1, column: text.indexOf('{"status"') + 1 }]);
  });
});
