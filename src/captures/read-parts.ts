/** Reads a file (or standard input) in chunks through the JSON scanner: its elements as they are read, then its frame. */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createJsonScanner, decodeUtf8, type JsonPart, type ScanOptions } from './json-elements.js';
import { findSyntaxError, lineColumn, malformedAt, parseJson, truncatedAt, type JsonParse } from './json-syntax.js';
import { readError } from './read-error.js';

/** Bytes read at a time. */
export const CHUNK_BYTES = 2 * 1024 * 1024;

/** A small object file read whole and parsed at once: its text (without a byte order mark) and value. */
export interface ParsedDocument {
  kind: 'parsed';
  text: string;
  value: Record<string, unknown>;
}

export interface ReadOptions extends ScanOptions {
  /**
   * A file read in one chunk whose JSON is an object other than a HAR log (a capture) is parsed
   * whole and handed out as one `parsed` part, without the scanner's pass over its bytes. Any
   * other file (or one that does not parse) goes through the scanner, so its messages are the same.
   */
  wholeObjects?: boolean;
}

/** Bytes of the first read of a file that has no size (a FIFO, standard input redirected, /proc). */
const FIRST_UNSIZED_READ = 64 * 1024;

/**
 * The chunks of an open file of `size` bytes (from fstat). A file with a size is read up to it, as
 * readFileSync reads, into buffers of what is left, at most `chunkBytes`: a small file is one
 * buffer of its size and one read. A file without one (size 0: a FIFO, /proc) is read until a
 * read returns nothing. `allocate` makes each buffer (tests count the bytes).
 */
export function* fileChunks(fd: number, size: number, chunkBytes: number, allocate: (bytes: number) => Buffer = Buffer.allocUnsafe): Generator<Buffer> {
  let read = 0;
  for (;;) {
    if (size > 0 && read >= size) return;
    const want = size > 0 ? Math.min(chunkBytes, size - read) : read === 0 ? Math.min(chunkBytes, FIRST_UNSIZED_READ) : chunkBytes;
    const chunk = allocate(want);
    const bytesRead = readSync(fd, chunk, 0, want, null);
    if (bytesRead === 0) return;
    read += bytesRead;
    yield bytesRead === want ? chunk : chunk.subarray(0, bytesRead);
  }
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The parsed part of a whole file whose JSON is an object that is not a HAR log; undefined for anything else (the scanner reads it). */
function wholeObject(bytes: Buffer): ParsedDocument | undefined {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const from = i;
  while (i < bytes.length && isSpace(bytes[i])) i++;
  if (bytes[i] !== 0x7b) return undefined;
  const text = decodeUtf8(from ? bytes.subarray(from) : bytes);
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  // A document with a `log` member is read as a HAR, whose entries the scanner hands out.
  if (typeof value !== 'object' || value === null || Array.isArray(value) || 'log' in value) return undefined;
  return { kind: 'parsed', text, value: value as Record<string, unknown> };
}

/**
 * A file opened to be read: its size (0 when it has none) and `close` for when its parts are not
 * read; then either its parts (which close it when they end), or the file read and parsed whole at
 * once (`whole`: a small capture object, see ReadOptions.wholeObjects), closed already.
 */
export type OpenedFile = { size: number; close(): void } & ({ parts: Generator<JsonPart | ParsedDocument>; whole?: undefined } | { whole: ParsedDocument; parts?: undefined });

function* problemParts(message: string): Generator<JsonPart | ParsedDocument> {
  yield { kind: 'problem' as const, message };
}

/**
 * Opens `file` to read its parts; a file that cannot be opened gives one problem part. Chunks are
 * read synchronously, and the parts handed out so (a generator, not an async one): the reader has
 * nothing else to do meanwhile, a read from the page cache is faster than a round trip through
 * the thread pool, and a promise per part cost more than the part's own work. Each part is handed
 * out as soon as it is complete, and the file is closed when the consumer stops early. With
 * `wholeObjects`, a file of one chunk is read at once: when it is a capture object it is parsed
 * and closed here (`whole`), and its caller takes it without a generator; else its parts start
 * with the chunk read. `sizeOf` tells the size of the open file (fstat; tests change the file meanwhile).
 */
export function openJsonParts(file: string, options: ReadOptions, chunkBytes = CHUNK_BYTES, sizeOf: (fd: number) => number = (fd) => fstatSync(fd).size): OpenedFile {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    return { size: 0, parts: problemParts(readError(err)), close() {} };
  }
  let open = true;
  const close = () => {
    if (open) (open = false), closeSync(fd);
  };
  let size = 0;
  try {
    size = sizeOf(fd);
  } catch {
    size = 0;
  }
  if (!options.wholeObjects || size <= 0 || size > chunkBytes) return { size, parts: openParts(fd, size, options, chunkBytes, close), close };
  // A file with a size read in one chunk is whole (one without a size, a FIFO, is never held back): read now, as the parts would read it first.
  const chunks = fileChunks(fd, size, chunkBytes);
  let first: IteratorResult<Buffer>;
  try {
    first = chunks.next();
  } catch (err) {
    close();
    return { size, parts: problemParts(readError(err)), close };
  }
  const whole = !first.done && first.value.length === size ? wholeObject(first.value) : undefined;
  if (whole) {
    close();
    return { size, close, whole };
  }
  return { size, parts: openParts(fd, size, options, chunkBytes, close, chunks, first), close };
}

/**
 * The parts of `file` (see openJsonParts), read and handed out synchronously: a reader with other
 * work to await between them (the main thread of the checking threads) awaits no promise per part.
 */
export function* readJsonParts(file: string, options: ReadOptions, chunkBytes = CHUNK_BYTES): Generator<JsonPart | ParsedDocument> {
  const opened = openJsonParts(file, options, chunkBytes);
  if (opened.whole) yield opened.whole;
  else yield* opened.parts;
}

/** The parts of an open file, from its chunks (`chunks`, whose `first` was read already, when given). */
function* openParts(
  fd: number,
  size: number,
  options: ReadOptions,
  chunkBytes: number,
  close: () => void,
  chunks = fileChunks(fd, size, chunkBytes),
  first?: IteratorResult<Buffer>,
): Generator<JsonPart | ParsedDocument> {
  try {
    const scanner = createJsonScanner(options);
    for (let n = 0; ; n++) {
      let next: IteratorResult<Buffer>;
      if (n === 0 && first) next = first;
      else {
        try {
          next = chunks.next();
        } catch (err) {
          yield { kind: 'problem', message: readError(err) };
          return;
        }
      }
      if (next.done) break;
      yield* scanner.push(next.value);
    }
    yield* scanner.finish();
  } finally {
    close();
  }
}

/**
 * The parts of a stream of bytes (standard input), read as they come; a stream that fails is one
 * problem part after the parts read before.
 */
export async function* readStreamParts(chunks: AsyncIterable<Uint8Array>, options: ScanOptions): AsyncGenerator<JsonPart> {
  const scanner = createJsonScanner(options);
  const iterator = chunks[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await iterator.next();
    } catch (err) {
      yield { kind: 'problem', message: readError(err) };
      return;
    }
    if (next.done) break;
    const chunk = next.value;
    yield* scanner.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  yield* scanner.finish();
}

/** Parses the frame of a file, placing a syntax error on the file's line whichever side of the streamed elements it is. */
export function parseFrame(frame: Extract<JsonPart, { kind: 'frame' }>): JsonParse {
  if (!frame.split) return parseJson(frame.text);
  try {
    return { ok: true, value: JSON.parse(frame.text) };
  } catch {
    const problem = findSyntaxError(frame.text);
    if (!problem) return parseJson(frame.text);
    const { at, resume } = frame.split;
    const place = problem.offset < at ? lineColumn(frame.text, problem.offset) : lineColumn(frame.text.slice(at), problem.offset - at, resume);
    if (problem.offset >= frame.text.length) return { ok: false, message: truncatedAt(place, problem.expected), at: place };
    return { ok: false, message: malformedAt(place, problem.expected, frame.text.slice(problem.offset, problem.offset + 12)), at: place };
  }
}
