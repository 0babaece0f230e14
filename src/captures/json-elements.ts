/**
 * Splits JSON text that arrives in chunks into the elements of its one long array, each handed
 * out as its own raw text with the line and column where it starts: the elements of a top-level
 * array (a list of captures) or of `log.entries` (a HAR log). Everything else (the HAR's
 * `version`, `creator`, `pages`, ..., or the whole document when it holds no such array) is the
 * frame, kept and handed out at the end with `[]` where the elements stood.
 *
 * The scanner follows only strings, escapes and bracket depth (strings are skipped with
 * `indexOf`, so long bodies cost little); JSON.parse checks every element and the frame, so
 * exactly the JSON that JSON.parse accepts is accepted. Memory holds one element and the frame.
 */
import { isAscii, isUtf8 } from 'node:buffer';
import { malformedAt, truncatedAt, type TextPosition } from './json-syntax.js';

/** The frame of a file that streams nothing is the whole file: larger ones are refused. */
const MAX_FRAME_BYTES = 256 * 1024 * 1024;

export type StreamedArray = 'captures' | 'entries';

export type JsonPart =
  /** `value`: the element parsed, when the scanner took it by its lines (see lineElementEnd); else its reader parses `text`. */
  | { kind: 'element'; array: StreamedArray; index: number; text: string; start: TextPosition; value?: unknown }
  /**
   * An element as its UTF-8 bytes, not yet decoded (with `rawElements`): the bytes may not be UTF-8.
   * `byLine`: taken by its lines and not checked (see lineElement): when they are not one JSON value
   * in UTF-8, they are not an element, and the file must be read again with `byLines: false`.
   */
  | { kind: 'raw element'; array: StreamedArray; index: number; bytes: Buffer[]; start: TextPosition; byLine?: true }
  /** The rest of the document; `split` when elements were handed out: the frame text before `split.at` is the file's start, the text from there on resumes at `split.resume`. */
  | { kind: 'frame'; text: string; split?: { at: number; resume: TextPosition } }
  /** The file cannot be read further; `at` is where, for a syntax error. */
  | { kind: 'problem'; message: string; at?: TextPosition };

export interface ScanOptions {
  /** Hand out the elements of a top-level array (false for `.har` files, which are never arrays). */
  topArray: boolean;
  /** The largest frame read (MAX_FRAME_BYTES unless given). */
  maxFrameBytes?: number;
  /** Hand out elements as their bytes, undecoded (their reader decodes them, see decodeElement). */
  rawElements?: boolean;
  /**
   * Take object elements by their lines (see lineElement): by default, unless `rawElements`. Such
   * an element is handed out parsed; a raw one is handed out unchecked (`byLine`, its reader checks it).
   */
  byLines?: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The text of UTF-8 bytes (ASCII, the common case, copied as is), or undefined when they are not UTF-8. */
export function decodeUtf8(bytes: Buffer): string | undefined {
  if (isAscii(bytes)) return bytes.toString('latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : undefined;
}

/** What a file whose bytes are not UTF-8 is. */
export const NOT_UTF8 = 'binary or non-UTF-8 file, not JSON text';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** UTF-16 units of the UTF-8 bytes `buf[from, to)`, counting each character where its first byte is. */
function units(buf: Buffer, from: number, to: number): number {
  // A short run (an element's indentation) is looked at byte by byte, without a view of it.
  if (to - from <= 16) {
    let ascii = true;
    for (let k = from; k < to && ascii; k++) ascii = buf[k] < 0x80;
    if (ascii) return to - from;
  }
  if (isAscii(buf.subarray(from, to))) return to - from;
  let a = from;
  while (a < to && (buf[a] & 0xc0) === 0x80) a++;
  let b = to;
  let back = 0;
  while (b > a && back < 3 && (buf[b - 1] & 0xc0) === 0x80) (b--, back++);
  let extra = 0;
  if (b > a && buf[b - 1] >= 0xc0) {
    const lead = buf[b - 1];
    const needs = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : 1;
    if (back < needs) (b--, (extra = lead >= 0xf0 ? 2 : 1));
    else b += back;
  } else b += back;
  return buf.toString('utf8', a, b).length + extra;
}

/** Line and column of byte offsets, counted as the chunks go by (each newline found once, with indexOf). */
function createLineCounter() {
  let line = 1;
  let lineStart = 0;
  let chunk: Buffer = Buffer.alloc(0);
  let chunkStart = 0;
  /** The next newline not yet counted (absolute offset), or -1 when the chunk has no more. */
  let nextNewline = -1;
  /** Units from `lineStart` to `chunkStart`, when the line began in an earlier chunk. */
  let unitsBefore = 0;
  /** The last place asked on the current line of this chunk (-1: none) and its units from the line's start: a long line is counted once, not from its start for every element on it. */
  let lastAt = -1;
  let lastUnits = 0;
  const find = (from: number) => {
    const i = chunk.indexOf(0x0a, from - chunkStart);
    return i < 0 ? -1 : i + chunkStart;
  };
  const advance = (to: number) => {
    while (nextNewline >= 0 && nextNewline < to) {
      line++;
      lineStart = nextNewline + 1;
      nextNewline = find(lineStart);
      lastAt = -1;
    }
  };
  return {
    /** Moves on to the next chunk; `skip` bytes at its start (a byte order mark) count for no column. */
    next(buf: Buffer, skip = 0) {
      const end = chunkStart + chunk.length;
      advance(end);
      if (lineStart >= chunkStart) unitsBefore = 0;
      unitsBefore += units(chunk, Math.max(0, lineStart - chunkStart), chunk.length);
      chunk = buf;
      chunkStart = end;
      lastAt = -1;
      if (skip) (lineStart = end + skip), (unitsBefore = 0);
      nextNewline = find(end + skip);
    },
    at(offset: number): TextPosition {
      advance(offset);
      const from = lineStart - chunkStart;
      const column =
        lastAt >= 0 && lastAt <= offset
          ? lastUnits + units(chunk, lastAt - chunkStart, offset - chunkStart)
          : from >= 0
            ? units(chunk, from, offset - chunkStart)
            : unitsBefore + units(chunk, 0, offset - chunkStart);
      (lastAt = offset), (lastUnits = column);
      return { line, column: column + 1 };
    },
  };
}

const isBlank = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d;

/**
 * Where an element's text ends (`value`, -1 when no line ends it), whether a comma follows it, and
 * where its line ends: the scan goes on there, or, when no line ends it, the search stopped there.
 */
interface LineEnd {
  value: number;
  comma: boolean;
  next: number;
}

/** The end of a line `buf[from, newline)` whose content ends with `}`, then only blanks and at most one comma; undefined for any other. */
function closingLine(buf: Buffer, from: number, newline: number): LineEnd | undefined {
  let end = newline;
  while (end > from && isBlank(buf[end - 1])) end--;
  let comma = false;
  if (end > from && buf[end - 1] === 0x2c) {
    comma = true;
    end--;
    while (end > from && isBlank(buf[end - 1])) end--;
  }
  return end > from && buf[end - 1] === 0x7d ? { value: end, comma, next: newline } : undefined;
}

/**
 * Where the object element starting at `buf[from]` ends if it is laid out as JSON writers lay out
 * entries: the end of its own line when that line ends with `}` (one entry per line), else, when
 * the element's line holds only its indentation before it (pretty-printed), the first later line
 * that is that same indentation and `}`. A raw newline is never inside a JSON string, so lines
 * are token boundaries; the text so found is checked by parsing it (see lineElement). Undefined
 * when there is no such line in this chunk.
 */
export function lineElementEnd(buf: Buffer, from: number): LineEnd {
  const none = (stop: number): LineEnd => ({ value: -1, comma: false, next: stop < 0 ? buf.length : stop });
  let newline = buf.indexOf(0x0a, from);
  if (newline < 0) return none(newline);
  const own = closingLine(buf, from, newline);
  if (own) return own;
  let lineStart = from;
  while (lineStart > 0 && (buf[lineStart - 1] === 0x20 || buf[lineStart - 1] === 0x09)) lineStart--;
  if (lineStart === 0 || buf[lineStart - 1] !== 0x0a) return none(newline);
  const indent = from - lineStart;
  for (let at = newline + 1; ; at = newline + 1) {
    const brace = at + indent;
    if (brace < buf.length && buf[brace] === 0x7d && buf.compare(buf, lineStart, from, at, brace) === 0) {
      newline = buf.indexOf(0x0a, brace);
      return (newline >= 0 && closingLine(buf, brace, newline)) || none(newline);
    }
    newline = buf.indexOf(0x0a, at);
    if (newline < 0) return none(newline);
  }
}

/** Elements whose text taken by lines did not parse, after which a scanner reads every element exactly. */
const MAX_LINE_MISSES = 16;

/** A scanner fed chunk by chunk: `push` returns the parts complete so far, `finish` the rest. */
export function createJsonScanner(options: ScanOptions) {
  const lines = createLineCounter();
  let offset = 0; // absolute offset of the current chunk
  let started = false;
  let failed = false;
  // frame
  let frameParts: Buffer[] = [];
  let frameBytes = 0;
  let frameFrom = 0;
  let split: { at: number; resume: TextPosition } | undefined;
  const stack: number[] = [];
  const keys: (string | undefined)[] = [];
  let expectKey = false;
  let keyParts: Buffer[] | undefined;
  // strings (in any mode): inside one, and the backslashes that ended the previous chunk
  let inString = false;
  let carried = 0;
  // the streamed array
  let mode: 'frame' | 'between' | 'element' = 'frame';
  let array: StreamedArray = 'captures';
  let between: 'first' | 'after' | 'next' = 'first';
  let streamed = false;
  let index = 0;
  let depth = 0;
  let scalar = false;
  let elementParts: Buffer[] = [];
  let elementFrom = 0;
  let elementStart: TextPosition = { line: 1, column: 1 };

  // Elements taken by their lines (see lineElement).
  let byLines = options.byLines ?? !options.rawElements;
  let lineMisses = 0;
  let chunkAscii = false;
  /** The offset up to which lines were looked at for an element: elements starting before it are scanned byte by byte. */
  let looked = 0;

  const decode = (parts: Buffer[]): string | undefined => decodeUtf8(parts.length === 1 ? parts[0] : Buffer.concat(parts));

  /** The closing quote of a string whose text goes on at `from`, or -1 when it goes past the chunk. */
  const stringEnd = (buf: Buffer, from: number): number => {
    for (let q = buf.indexOf(QUOTE, from); q >= 0; q = buf.indexOf(QUOTE, q + 1)) {
      let k = q - 1;
      while (k >= from && buf[k] === BACKSLASH) k--;
      const run = q - 1 - k + (k < from ? carried : 0);
      if (run % 2 === 0) return q;
    }
    let k = buf.length - 1;
    while (k >= from && buf[k] === BACKSLASH) k--;
    carried = buf.length - 1 - k + (k < from ? carried : 0);
    return -1;
  };

  const addFrame = (part: Buffer): string | undefined => {
    frameParts.push(part);
    frameBytes += part.length;
    const max = options.maxFrameBytes ?? MAX_FRAME_BYTES;
    if (frameBytes <= max) return undefined;
    return `file is larger than ${mb(max)} and is neither an array of captures nor a HAR log, so it cannot be read entry by entry: such files over ${mb(max)} are not read`;
  };

  function elementText(parts: Buffer[]): JsonPart {
    if (options.rawElements) {
      elementParts = [];
      return { kind: 'raw element', array, index: index++, bytes: parts, start: elementStart };
    }
    const text = decode(parts);
    elementParts = [];
    if (text === undefined) return { kind: 'problem', message: NOT_UTF8 };
    return { kind: 'element', array, index: index++, text, start: elementStart };
  }

  /**
   * The object element starting at `buf[from]` taken by its lines (see lineElementEnd) and parsed,
   * and where the scan goes on (the end of its last line, the comma after it consumed); undefined
   * when the exact scan must read it: its end is not in this chunk, the text taken is not one
   * JSON value (an odd layout or a syntax error, placed by the exact scan), or its bytes are not
   * UTF-8. A JSON value that starts at a given place is the only one that does, so a text from
   * the element's start that parses whole is exactly the element the exact scan would find.
   */
  function lineElement(buf: Buffer, from: number): { part: JsonPart; next: number } | undefined {
    const end = lineElementEnd(buf, from);
    // What a search or a parse looked at is not looked at again for the elements that start in it: every byte at most once (twice with the parse).
    looked = offset + end.next;
    if (end.value < 0) return undefined;
    // Raw: checked by its reader, which parses it anyway.
    if (options.rawElements) {
      between = end.comma ? 'next' : 'after';
      return { part: { kind: 'raw element', array, index: index++, bytes: [buf.subarray(from, end.value)], start: elementStart, byLine: true }, next: end.next };
    }
    const text = chunkAscii || isAscii(buf.subarray(from, end.value)) ? buf.toString('latin1', from, end.value) : isUtf8(buf.subarray(from, end.value)) ? buf.toString('utf8', from, end.value) : undefined;
    let value: unknown;
    try {
      if (text === undefined) throw new Error(NOT_UTF8);
      value = JSON.parse(text);
    } catch {
      // Not one value: the exact scan reads it; after a few such, it reads every element (each miss costs up to a chunk).
      if (++lineMisses >= MAX_LINE_MISSES) byLines = false;
      return undefined;
    }
    between = end.comma ? 'next' : 'after';
    return { part: { kind: 'element', array, index: index++, text, start: elementStart, value }, next: end.next };
  }

  function problem(message: string, at?: TextPosition): JsonPart {
    failed = true;
    return { kind: 'problem', message, ...(at ? { at } : {}) };
  }

  function fail(out: JsonPart[], message: string, at?: TextPosition): JsonPart[] {
    out.push(problem(message, at));
    return out;
  }

  /**
   * The first bytes of the input: a NUL byte makes it a binary file, a byte order mark is skipped,
   * and a top-level `[` (with `topArray`) starts the streamed array. Returns where the scan goes
   * on, a problem, or undefined while only whitespace came.
   */
  function begin(buf: Buffer): number | JsonPart | undefined {
    let i = 0;
    if (offset === 0 && buf.subarray(0, 64 * 1024).includes(0)) return problem('binary file (contains NUL bytes), not JSON text');
    if (offset === 0 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) i = 3;
    lines.next(buf, i);
    frameFrom = i;
    while (i < buf.length && isSpace(buf[i])) i++;
    if (i === buf.length) return undefined;
    started = true;
    if (buf[i] === 0x5b && options.topArray) {
      const stop = addFrame(buf.subarray(frameFrom, i + 1));
      if (stop) return problem(stop);
      split = { at: frameBytes, resume: { line: 1, column: 1 } };
      (mode = 'between'), (between = 'first'), (array = 'captures'), (streamed = true);
      i++;
    }
    return i;
  }

  /**
   * Reads the frame (the text around the streamed array) from `buf[i]`, keeping the keys of the
   * two outer objects to find `log.entries`. Returns where the streamed array's elements start
   * (the mode is then 'between'), the chunk's length when the frame goes on past it, or a problem.
   */
  function scanFrame(buf: Buffer, i: number): number | JsonPart {
    const n = buf.length;
    while (i < n) {
      if (inString) {
        const q = stringEnd(buf, i);
        if (keyParts) keyParts.push(buf.subarray(i, q < 0 ? n : q));
        if (q < 0) return n;
        inString = false;
        carried = 0;
        if (keyParts) {
          keys[keys.length - 1] = decode(keyParts);
          keyParts = undefined;
        }
        expectKey = false;
        i = q + 1;
        continue;
      }
      const c = buf[i];
      if (c === QUOTE) {
        inString = true;
        keyParts = expectKey && stack.length <= 2 ? [] : undefined;
      } else if (c === 0x7b) (stack.push(c), keys.push(undefined), (expectKey = true));
      else if (c === 0x5b) {
        if (!streamed && stack.length === 2 && stack[0] === 0x7b && stack[1] === 0x7b && keys[0] === 'log' && keys[1] === 'entries') {
          const stop = addFrame(buf.subarray(frameFrom, i + 1));
          if (stop) return problem(stop);
          split = { at: frameBytes, resume: { line: 1, column: 1 } };
          (mode = 'between'), (between = 'first'), (array = 'entries'), (streamed = true);
          return i + 1;
        }
        (stack.push(c), keys.push(undefined), (expectKey = false));
      } else if (c === 0x7d || c === 0x5d) (stack.pop(), keys.pop(), (expectKey = false));
      else if (c === 0x2c) expectKey = stack[stack.length - 1] === 0x7b;
      else if (c === 0x3a) expectKey = false;
      i++;
    }
    return n;
  }

  /**
   * Finds the end of the element under way from `buf[i]` (a string, a scalar, or an object or
   * array by its depth, strings skipped): the offset just past it, or -1 when it goes on past the chunk.
   */
  function elementEnd(buf: Buffer, i: number): number {
    const n = buf.length;
    for (;;) {
      if (inString) {
        const q = stringEnd(buf, i);
        if (q < 0) return -1;
        inString = false;
        carried = 0;
        i = q + 1;
        if (depth === 0) return i;
        continue;
      }
      if (scalar) {
        while (i < n && !isSpace(buf[i]) && buf[i] !== 0x2c && buf[i] !== 0x5d && buf[i] !== 0x7d) i++;
        return i === n ? -1 : i;
      }
      for (; i < n; i++) {
        const c = buf[i];
        if (c === QUOTE) break;
        if (c === 0x7b || c === 0x5b) depth++;
        else if ((c === 0x7d || c === 0x5d) && --depth === 0) break;
      }
      if (i === n) return -1;
      if (buf[i] !== QUOTE) return i + 1;
      inString = true;
      i++;
    }
  }

  /** Scans a chunk: the frame, the separators between the streamed elements, and the elements, each handed out once complete. */
  function* push(buf: Buffer): Generator<JsonPart, void, undefined> {
    if (failed) return;
    let i = 0;
    if (!started) {
      const from = begin(buf);
      if (from === undefined) {
        offset += buf.length;
        return;
      }
      if (typeof from !== 'number') {
        yield from;
        return;
      }
      i = from;
    } else lines.next(buf);
    if (byLines && !options.rawElements) chunkAscii = isAscii(buf);
    const n = buf.length;
    while (i < n) {
      if (mode === 'frame') {
        const next = scanFrame(buf, i);
        if (typeof next !== 'number') {
          yield next;
          return;
        }
        i = next;
        continue;
      }
      if (mode === 'between') {
        const c = buf[i];
        if (isSpace(c)) {
          i++;
          continue;
        }
        if (c === 0x5d && between !== 'next') {
          split!.resume = lines.at(offset + i);
          mode = 'frame';
          frameFrom = i;
          i++;
          continue;
        }
        if (between === 'after' && c === 0x2c) {
          between = 'next';
          i++;
          continue;
        }
        if (between === 'after' || c === 0x2c || c === 0x5d) {
          const found = buf.toString('utf8', i, Math.min(n, i + 12));
          const at = lines.at(offset + i);
          yield problem(malformedAt(at, between === 'after' ? '"," or "]"' : 'a value', found), at);
          return;
        }
        elementStart = lines.at(offset + i);
        if (byLines && c === 0x7b && offset + i >= looked) {
          const took = lineElement(buf, i);
          if (took) {
            yield took.part;
            i = took.next;
            continue;
          }
        }
        elementFrom = i;
        mode = 'element';
        depth = c === 0x7b || c === 0x5b ? 1 : 0;
        scalar = depth === 0 && c !== QUOTE;
        inString = c === QUOTE;
        i++;
        continue;
      }
      const end = elementEnd(buf, i);
      if (end < 0) break;
      i = end;
      elementParts.push(buf.subarray(elementFrom, end));
      const part = elementText(elementParts);
      if (part.kind === 'problem') {
        yield problem(part.message);
        return;
      }
      yield part;
      mode = 'between';
      between = 'after';
      scalar = false;
    }
    if (mode === 'element') {
      elementParts.push(buf.subarray(elementFrom));
      elementFrom = 0;
    } else if (mode === 'frame' && frameFrom < n) {
      const stop = addFrame(buf.subarray(frameFrom));
      if (stop) {
        yield problem(stop);
        return;
      }
    }
    frameFrom = 0;
    offset += n;
  }

  function finish(): JsonPart[] {
    const out: JsonPart[] = [];
    if (failed) return out;
    if (!started) return fail(out, offset === 0 ? 'empty file' : 'empty file (only whitespace)');
    const endAt = lines.at(offset);
    if (mode === 'element') {
      if (scalar) {
        const part = elementText(elementParts);
        if (part.kind === 'problem') return fail(out, part.message);
        out.push(part);
        return fail(out, truncatedAt(endAt, '"," or "]"'), endAt);
      }
      // An unfinished element: its own text says what is missing.
      const part = elementText(elementParts);
      if (part.kind === 'problem') return fail(out, part.message);
      out.push(part);
      return out;
    }
    if (mode === 'between') return fail(out, truncatedAt(endAt, between === 'after' ? '"," or "]"' : 'a value'), endAt);
    const text = decode(frameParts);
    frameParts = [];
    if (text === undefined) return fail(out, NOT_UTF8);
    if (!split && text.trim() === '') return fail(out, 'empty file (only whitespace)');
    out.push({ kind: 'frame', text, split });
    return out;
  }

  return { push, finish };
}
