/** The JSON scanner fed a text in chunks, for the scanner's tests. */
import { createJsonScanner, type JsonPart, type ScanOptions } from '../../src/captures/json-elements.js';

/** The parts of `text` fed in chunks of the given sizes (cycled). */
export function scan(text: string | Buffer, sizes: readonly number[], options: ScanOptions = { topArray: true }): JsonPart[] {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const scanner = createJsonScanner(options);
  const parts: JsonPart[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length];
    parts.push(...scanner.push(bytes.subarray(at, at + size)));
    at += size;
  }
  return [...parts, ...scanner.finish()];
}
