/**
 * `writeCaptures(dir)`: a recorder of exchanges, one capture file per exchange, for the client's
 * `onExchange` option and the proxy's `--record DIR`. Each file is written atomically (a
 * temporary file beside it, then a rename: a reader never sees half a capture) and named so that
 * a directory listing is in time order: `20261127-134001.123Z-p4242-000001-POST-2-facebook-metrics.json`
 * (when the answer was complete, the process, a sequence number of the recorder, the request).
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ExchangeCapture } from '../client/exchange.js';

export type { ExchangeCapture } from '../client/exchange.js';

/** A recorder: call it with each capture; it resolves to the file's path once the file is written. */
export interface CaptureWriter {
  (capture: ExchangeCapture): Promise<string>;
  /** The folder written to (absolute). */
  readonly dir: string;
  /** How many files were written. */
  readonly written: number;
}

/** The longest part of a file name taken from the request path. */
const PATH_PART_MAX = 80;

/** `2026-11-27T13:40:01.123Z` as `20261127-134001.123Z` (sorts as the time does). */
function stampOf(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?Z$/.exec(iso);
  return m ? `${m[1]}${m[2]}${m[3]}-${m[4]}${m[5]}${m[6]}${(m[7] ?? '.000').padEnd(4, '0').slice(0, 4)}Z` : '00000000-000000.000Z';
}

/** The request path as a file name part: `/2/facebook/metrics?x=1` -> `2-facebook-metrics`. */
function pathPart(path: string): string {
  const part = path.split('?')[0].replace(/[^A-Za-z0-9._]+/g, '-').replace(/^-+|-+$/g, '');
  return (part || 'root').slice(0, PATH_PART_MAX);
}

/** Writes `text` to `file` through a temporary file beside it and a rename. */
async function writeAtomically(file: string, text: string, sequence: number): Promise<void> {
  const temp = `${file}.${process.pid}.${sequence}.tmp`;
  try {
    await writeFile(temp, text);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * A recorder writing each capture given to it as one JSON file in `dir` (created when missing).
 * `createClient({ ..., onExchange: writeCaptures('captures') })` records every answer the client
 * reads; `social-analytics-api validate captures` checks them.
 */
export function writeCaptures(dir: string): CaptureWriter {
  if (typeof dir !== 'string' || dir === '') throw new TypeError('writeCaptures: pass the folder to write capture files to, e.g. writeCaptures("captures")');
  const folder = resolve(dir);
  let made: Promise<unknown> | undefined;
  let sequence = 0;
  let written = 0;
  const write = async (capture: ExchangeCapture) => {
    const n = ++sequence;
    const name = `${stampOf(capture.recordedAt)}-p${process.pid}-${String(n).padStart(6, '0')}-${capture.method.toUpperCase().replace(/[^A-Z]/g, '')}-${pathPart(capture.path)}.json`;
    made ??= mkdir(folder, { recursive: true });
    try {
      await made;
    } catch (error) {
      made = undefined;
      throw new Error(`writeCaptures: cannot create the folder ${folder}: ${(error as Error).message}`);
    }
    const file = join(folder, name);
    try {
      await writeAtomically(file, `${JSON.stringify(capture, null, 2)}\n`, n);
    } catch (error) {
      throw new Error(`writeCaptures: cannot write ${file}: ${(error as Error).message}`);
    }
    written++;
    return file;
  };
  return Object.defineProperties(write, {
    dir: { value: folder, enumerable: true },
    written: { get: () => written, enumerable: true },
  }) as CaptureWriter;
}
