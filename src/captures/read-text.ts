/** Reads a file as JSON text: size limit, binary detection, UTF-8 decoding, BOM. */
import { readFileSync, statSync } from 'node:fs';

/** Larger files are refused with a message instead of exhausting memory. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

export type TextRead = { ok: true; text: string } | { ok: false; message: string };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Decodes bytes as UTF-8 JSON text, or says why they are not. */
export function decodeText(bytes: Uint8Array): TextRead {
  if (bytes.length === 0) return { ok: false, message: 'empty file' };
  const head = bytes.subarray(0, 64 * 1024);
  if (head.includes(0)) return { ok: false, message: 'binary file (contains NUL bytes), not JSON text' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: 'binary or non-UTF-8 file, not JSON text' };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return { ok: false, message: 'empty file (only whitespace)' };
  return { ok: true, text };
}

/** Reads `file` as JSON text. */
export function readText(file: string): TextRead {
  try {
    const size = statSync(file).size;
    if (size > MAX_FILE_BYTES) return { ok: false, message: `file is ${mb(size)}; files over ${mb(MAX_FILE_BYTES)} are not read` };
    return decodeText(readFileSync(file));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, message: 'no such file' };
    if (code === 'EACCES') return { ok: false, message: 'permission denied' };
    if (code === 'EISDIR') return { ok: false, message: 'is a directory' };
    return { ok: false, message: `cannot read: ${err instanceof Error ? err.message : String(err)}` };
  }
}
