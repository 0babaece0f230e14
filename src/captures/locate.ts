/**
 * Places the problems of a response on the lines of its file: the JSON pointer of each problem
 * (into the response body) becomes the line and column of the offending value. A capture's body
 * is its `response` member; a HAR entry's body is the text inside its `response.content.text`
 * string, so a place in the body is mapped back through the string's escapes to the HAR line.
 * The text is parsed again with jsonc-parser (which keeps offsets) only for responses with
 * problems; a pointer to a member that is missing is placed on the nearest value that exists.
 */
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { pointerTokens } from '../shared/pointer.js';
import { lastAtMost } from '../core/last-at-most.js';
import type { TextPosition } from './json-syntax.js';
import type { SourceText } from './types.js';

/** `/data/0/a~1b` -> ['data', 0, 'a/b'] (array indexes as numbers where the value is an array). */
function segments(pointer: string): string[] {
  return pointerTokens(pointer);
}

/** The deepest node along `pointer` below `root`: the value itself, or its nearest existing ancestor. */
function nodeAt(root: Node, pointer: string): Node {
  let node = root;
  for (const key of segments(pointer)) {
    const next = findNodeAtLocation(node, [node.type === 'array' ? Number(key) : key]);
    if (!next) break;
    node = next;
  }
  return node;
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

/** The body's JSON tree, and how its offsets map to offsets of the source text. */
interface Body {
  root: Node;
  toSource(offset: number): number;
}

const same = (offset: number) => offset;

function bodyOf(raw: SourceText, tree: Node): Body {
  const response = findNodeAtLocation(tree, ['response']);
  if (!response) return { root: tree, toSource: same };
  if (raw.body === 'capture') return { root: response, toSource: same };
  const text = findNodeAtLocation(response, ['content', 'text']);
  if (!text || text.type !== 'string') return { root: response, toSource: same };
  const encoding = findNodeAtLocation(response, ['content', 'encoding']);
  const root = typeof encoding?.value === 'string' && encoding.value.toLowerCase() === 'base64' ? undefined : parseTree(text.value as string);
  // A base64 body, or one that is not JSON, has no places of its own: its problems are placed on the string.
  if (!root) return { root: text, toSource: same };
  const map = rawOffsets(raw.text.slice(text.offset, text.offset + text.length));
  return { root, toSource: (offset) => text.offset + map[Math.min(offset, map.length - 1)] };
}

/**
 * A function from JSON pointers into the body to places in the file, or undefined when the text
 * cannot be placed (nested too deeply for the parser).
 */
export function bodyLocator(raw: SourceText): ((pointer: string) => TextPosition) | undefined {
  try {
    const tree = parseTree(raw.text);
    if (!tree) return undefined;
    const body = bodyOf(raw, tree);
    const at = positions(raw.text, raw.start);
    return (pointer) => at(body.toSource(nodeAt(body.root, pointer).offset));
  } catch {
    return undefined;
  }
}
