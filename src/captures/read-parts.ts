/** Reads a file (or standard input) in chunks through the JSON scanner: its elements as they are read, then its frame. */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createJsonScanner, type JsonPart, type ScanOptions } from './json-elements.js';
import { findSyntaxError, lineColumn, malformedAt, parseJson, truncatedAt, type JsonParse } from './json-syntax.js';
import { readError } from './read-error.js';

/** Bytes read at a time. */
export const CHUNK_BYTES = 2 * 1024 * 1024;

/**
 * The parts of `file`; a file that cannot be opened or read is one problem part. Chunks are read
 * synchronously: the reader has nothing else to do meanwhile, and a read from the page cache is
 * faster than a round trip through the thread pool. Each part is handed out as soon as it is
 * complete, and the file is closed when the consumer stops early.
 */
export async function* readJsonParts(file: string, options: ScanOptions, chunkBytes = CHUNK_BYTES): AsyncGenerator<JsonPart> {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    yield { kind: 'problem', message: readError(err) };
    return;
  }
  try {
    const scanner = createJsonScanner(options);
    // A small file gets a buffer of its size (plus one byte to see its end), not a whole chunk.
    let size: number;
    try {
      size = Math.min(chunkBytes, fstatSync(fd).size + 1);
    } catch {
      size = chunkBytes;
    }
    for (;;) {
      const chunk = Buffer.allocUnsafe(size);
      let bytesRead: number;
      try {
        bytesRead = readSync(fd, chunk, 0, size, null);
      } catch (err) {
        yield { kind: 'problem', message: readError(err) };
        return;
      }
      if (bytesRead === 0) break;
      yield* scanner.push(chunk.subarray(0, bytesRead));
      size = chunkBytes;
    }
    yield* scanner.finish();
  } finally {
    closeSync(fd);
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
