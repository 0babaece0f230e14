/**
 * Places the problems of a response on the lines of its file: the JSON pointer of each problem
 * (into the response body) becomes the line and column of the offending value. A capture's body
 * is its `response` member; a HAR entry's body is the text inside its `response.content.text`
 * string, so a place in the body is mapped back through the string's escapes to the HAR line.
 *
 * No tree is built: one scan of the text walks to every pointer at once (a trie of their
 * tokens), skipping the values no pointer enters, so placing the problems of a response costs
 * one pass over its bytes at most, whatever the number of problems. The scan is iterative (any
 * depth). A pointer to a member that is missing is placed on the nearest value that exists; of
 * members repeated in an object, the last one is the value (as JSON.parse, and so the
 * validators, read it).
 */
import { pointerTokens } from '../shared/pointer.js';
import { lastAtMost } from '../core/last-at-most.js';
import type { TextPosition } from './json-syntax.js';
import type { SourceText } from './types.js';

/** A node of the pointers' trie: the offset of its value once found (-1 before), its next tokens. */
interface Place {
  at: number;
  next: Map<string, Place> | undefined;
}

const place = (): Place => ({ at: -1, next: undefined });

function child(node: Place, token: string): Place {
  node.next ??= new Map();
  let next = node.next.get(token);
  if (!next) node.next.set(token, (next = place()));
  return next;
}

/** Forgets the offsets found below `node` (a repeated member: the last one is the value). */
function forget(node: Place): void {
  if (!node.next) return;
  for (const next of node.next.values()) {
    next.at = -1;
    forget(next);
  }
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** The offset after the string literal starting at `at` (the end of the text when it is not closed). */
function stringEnd(text: string, at: number): number {
  let from = at + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

const OPEN_OR_QUOTE = /["[\]{}]/g;

/** The offset after the value starting at `at` (a scalar ends before the next space, comma or bracket). */
function valueEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c === 0x22) return stringEnd(text, at);
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    OPEN_OR_QUOTE.lastIndex = at;
    for (let m = OPEN_OR_QUOTE.exec(text); m; m = OPEN_OR_QUOTE.exec(text)) {
      const d = text.charCodeAt(m.index);
      if (d === 0x22) OPEN_OR_QUOTE.lastIndex = stringEnd(text, m.index);
      else if (d === 0x7b || d === 0x5b) depth++;
      else if (--depth === 0) return m.index + 1;
    }
    return text.length;
  }
  let end = at;
  while (end < text.length) {
    const d = text.charCodeAt(end);
    if (isSpace(d) || d === 0x2c || d === 0x5d || d === 0x7d) break;
    end++;
  }
  return Math.max(end, at + 1);
}

/** The value of the string literal `text[from, to)`: sliced when it holds no escape. */
function stringValue(text: string, from: number, to: number): string | undefined {
  const inner = text.slice(from + 1, to - 1);
  if (!inner.includes('\\')) return inner;
  try {
    return JSON.parse(text.slice(from, to)) as string;
  } catch {
    return undefined;
  }
}

/** An array or object entered because a pointer goes on into it. */
interface Open {
  node: Place;
  array: boolean;
  index: number;
}

/** `[`, `{` or the start of a scalar (the body of a response that is not JSON starts with none of them). */
const VALUE_START = /[[{"\-0-9tfn]/;

/**
 * Finds the values of the trie below `root` in the JSON value that starts in `text` at or after
 * `from` (its leading space skipped), recording the offset of each in its node. Text that is not
 * JSON ends the walk where it stops making sense; nothing throws.
 */
function findValues(text: string, from: number, root: Place): void {
  const stack: Open[] = [];
  /** Records the value at `at` for `node`; enters it when a pointer goes on, else returns the offset after it. */
  const visit = (at: number, node: Place | undefined): number => {
    if (!node) return valueEnd(text, at);
    if (node.at >= 0) forget(node);
    node.at = at;
    const c = text.charCodeAt(at);
    if (!node.next || (c !== 0x7b && c !== 0x5b)) return valueEnd(text, at);
    stack.push({ node, array: c === 0x5b, index: 0 });
    return at + 1;
  };
  let at = skipSpace(text, from);
  if (!VALUE_START.test(text.charAt(at))) return;
  at = visit(at, root);
  while (stack.length && at < text.length) {
    const open = stack[stack.length - 1];
    at = skipSpace(text, at);
    const c = text.charCodeAt(at);
    if (c === 0x5d || c === 0x7d) {
      stack.pop();
      at++;
      continue;
    }
    if (c === 0x2c) at = skipSpace(text, at + 1);
    if (open.array) {
      at = visit(at, open.node.next!.get(String(open.index++)));
      continue;
    }
    if (text.charCodeAt(at) !== 0x22) return;
    const keyEnd = stringEnd(text, at);
    const key = stringValue(text, at, keyEnd);
    at = skipSpace(text, keyEnd);
    if (text.charCodeAt(at) !== 0x3a) return;
    at = skipSpace(text, at + 1);
    at = visit(at, key === undefined ? undefined : open.node.next!.get(key));
  }
}

/** The offset of each pointer's value, or of its nearest ancestor found (`fallback` when not even the root was). */
function offsetsOf(root: Place, pointers: readonly string[][], fallback: number): number[] {
  return pointers.map((tokens) => {
    let node = root;
    let at = root.at >= 0 ? root.at : fallback;
    for (const token of tokens) {
      const next = node.next?.get(token);
      if (!next || next.at < 0) break;
      node = next;
      at = next.at;
    }
    return at;
  });
}

/** The offsets of the values at `pointers` (as token lists) in the JSON text, found in one walk. */
export function valueOffsets(text: string, pointers: readonly string[][], from = 0, fallback = -1): number[] {
  const root = place();
  for (const tokens of pointers) tokens.reduce(child, root);
  findValues(text, from, root);
  return offsetsOf(root, pointers, fallback);
}

/**
 * For each UTF-16 unit of a JSON string literal's value, its offset in the literal's text
 * (`literal` includes the quotes); one more entry for the end.
 */
function rawOffsets(literal: string): Int32Array {
  const map = new Int32Array(literal.length);
  let out = 0;
  for (let i = 1; i < literal.length - 1; i++) {
    map[out++] = i;
    if (literal.charCodeAt(i) === 0x5c) i += literal[i + 1] === 'u' ? 5 : 1;
  }
  map[out] = literal.length - 1;
  return map.subarray(0, out + 1);
}

/** Line and column of offsets of `text` (which starts at `origin`), by binary search over its line starts. */
function positions(text: string, origin: TextPosition): (offset: number) => TextPosition {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    const lo = lastAtMost(starts, offset);
    const column = offset - starts[lo] + 1;
    return lo === 0 ? { line: origin.line, column: origin.column + column - 1 } : { line: origin.line + lo, column };
  };
}

const RESPONSE = ['response'];
const CONTENT_TEXT = ['response', 'content', 'text'];
const CONTENT_ENCODING = ['response', 'content', 'encoding'];

/** The offsets in the text of a HAR entry of the values at `pointers` into its body (the `content.text` string). */
function harOffsets(text: string, pointers: string[][]): number[] | undefined {
  const [response, literal, encoding] = valueOffsets(text, [RESPONSE, CONTENT_TEXT, CONTENT_ENCODING]);
  if (response < 0) return undefined;
  const inResponse = (at: number) => at !== response;
  // No text string: the problems are placed on the response.
  if (!inResponse(literal) || text.charCodeAt(literal) !== 0x22) return pointers.map(() => response);
  const literalEnd = stringEnd(text, literal);
  const encoded = inResponse(encoding) && text.charCodeAt(encoding) === 0x22 && stringValue(text, encoding, stringEnd(text, encoding))?.toLowerCase() === 'base64';
  const body = encoded ? undefined : stringValue(text, literal, literalEnd);
  // A base64 body, or one that is not JSON, has no places of its own: its problems are placed on the string.
  if (body === undefined) return pointers.map(() => literal);
  const map = rawOffsets(text.slice(literal, literalEnd));
  return valueOffsets(body, pointers).map((at) => (at < 0 ? literal : literal + map[Math.min(at, map.length - 1)]));
}

/**
 * The places in the file of the values at `pointers` into the response body (the nearest
 * existing value for a pointer to a missing member), or undefined when the text holds no value.
 */
export function placeInBody(raw: SourceText, pointers: readonly string[]): TextPosition[] | undefined {
  const tokens = pointers.map(pointerTokens);
  const offsets = raw.body === 'har' ? harOffsets(raw.text, tokens) : valueOffsets(raw.text, tokens.map((t) => ['response', ...t]), 0);
  if (!offsets || offsets.some((at) => at < 0)) return undefined;
  const at = positions(raw.text, raw.start);
  return offsets.map(at);
}
