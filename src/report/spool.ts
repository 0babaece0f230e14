/**
 * Spools: text a report writes now and puts in its place later (the results of a JSON or SARIF
 * report, which follow members known only at the end; each JUnit suite, whose counts come
 * first). The command spools to files in one temporary folder, removed when it ends, so memory
 * does not grow with the report; `memorySpool` serves the whole-report functions and tests.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';

export interface Spool {
  write(text: string): void;
  /** Where the text written so far ends (an offset to pass to `chunks`). */
  mark(): number;
  /** The text between two marks (from the start, to the end when not given), a chunk at a time. */
  chunks(from?: number, to?: number): Iterable<string>;
}

/** Makes the spools of one report run. */
export type SpoolMaker = () => Spool;

/** Text written to a spool file at a time. */
const FLUSH_CHARS = 256 * 1024;
/** Bytes read back at a time. */
const READ_BYTES = 1024 * 1024;

/** A spool in memory (for reports rendered whole, which hold their items anyway). */
export function memorySpool(): Spool {
  let parts: string[] = [];
  let length = 0;
  return {
    write(text) {
      parts.push(text);
      length += text.length;
    },
    mark: () => length,
    *chunks(from = 0, to = length) {
      const text = parts.join('');
      parts = [text];
      yield text.slice(from, to);
    },
  };
}

function fileSpool(fd: number): Spool {
  let pending: string[] = [];
  let chars = 0;
  let bytes = 0;
  const flush = () => {
    if (!pending.length) return;
    const buf = Buffer.from(pending.join(''));
    pending = [];
    chars = 0;
    for (let done = 0; done < buf.length; ) done += writeSync(fd, buf, done, buf.length - done, bytes + done);
    bytes += buf.length;
  };
  return {
    write(text) {
      pending.push(text);
      chars += text.length;
      if (chars >= FLUSH_CHARS) flush();
    },
    mark() {
      flush();
      return bytes;
    },
    *chunks(from = 0, to) {
      flush();
      const end = to ?? bytes;
      const decoder = new StringDecoder('utf8');
      const buf = Buffer.allocUnsafe(Math.min(READ_BYTES, Math.max(1, end - from)));
      for (let at = from; at < end; ) {
        const n = readSync(fd, buf, 0, Math.min(buf.length, end - at), at);
        if (n === 0) break;
        at += n;
        const text = decoder.write(buf.subarray(0, n));
        if (text) yield text;
      }
      const rest = decoder.end();
      if (rest) yield rest;
    },
  };
}

/** Spool files of one run, in a temporary folder made on the first; `remove` deletes them all. */
export function createSpoolFiles(): { spool: SpoolMaker; remove(): void } {
  let dir: string | undefined;
  const fds: number[] = [];
  return {
    spool() {
      dir ??= mkdtempSync(join(tmpdir(), 'sa-validate-spool-'));
      const fd = openSync(join(dir, `${fds.length}.spool`), 'w+', 0o600);
      fds.push(fd);
      return fileSpool(fd);
    },
    remove() {
      for (const fd of fds.splice(0)) closeSync(fd);
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = undefined;
    },
  };
}
