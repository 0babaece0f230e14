/**
 * `writeCaptures(dir)`: a recorder of exchanges, one capture file per exchange, for the client's
 * `onExchange` option and the proxy's `--record DIR`. The folder is made once, when the recorder
 * is (0700, its missing parents too, one step at a time: a failure is one error naming it, never a
 * retry); each file is written atomically and exclusively (a temporary file beside it, created
 * `wx`, then linked to its name, which fails rather than replace a file: a reader never sees half
 * a capture, no recorder overwrites another's), 0600 unless `fileMode` says otherwise, and named
 * so that a directory listing is in time order and no two recorders (threads, processes) pick the
 * same name: `20261127-134001.123Z-000001-9f3a2c1b-POST-2-facebook-metrics.json` (when the answer
 * was complete, the recorder's sequence number, a random part, the request).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, statSync, chmodSync } from 'node:fs';
import { chmod, link, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
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

/** How the files and the folder are made. */
export interface CaptureWriterOptions {
  /** Permissions of each file (default 0o600: the owner only). */
  fileMode?: number;
  /** Permissions of the folder and the parents made for it (default 0o700). */
  dirMode?: number;
}

const code = (error: unknown) => (error as { code?: string }).code;

/** Makes `folder` and its missing parents, one `mkdir` each from the top (no recursive mkdir: it loops where a parent refuses, as under /proc). */
function makeFolder(folder: string, mode: number): void {
  const missing: string[] = [];
  for (let at = folder; ; at = dirname(at)) {
    try {
      if (statSync(at).isDirectory()) break;
      throw Object.assign(new Error(`${at} is not a folder`), { code: 'ENOTDIR' });
    } catch (error) {
      if (code(error) !== 'ENOENT') throw error;
    }
    missing.push(at);
    if (dirname(at) === at) break;
  }
  for (const at of missing.reverse()) {
    try {
      mkdirSync(at, { mode });
      chmodSync(at, mode);
    } catch (error) {
      if (code(error) !== 'EEXIST' || !statSync(at).isDirectory()) throw error;
    }
  }
}

/** Writes `text` as the new file `file`: a temporary file beside it (`wx`), then a hard link to its name (fails when it exists), then the temporary removed. */
async function writeExclusively(file: string, text: string, mode: number): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, text, { flag: 'wx', mode });
    await chmod(temp, mode);
    await link(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}

/** Tries of a fresh random name when one is taken (a collision of 32 random bits: never twice in practice). */
const NAME_TRIES = 4;

const isMode = (mode: unknown) => Number.isInteger(mode) && (mode as number) >= 0 && (mode as number) <= 0o777;

/**
 * A recorder writing each capture given to it as one JSON file in `dir`, made now when missing
 * (throws, naming the folder and why, when it cannot be).
 * `createClient({ ..., onExchange: writeCaptures('captures') })` records every answer the client
 * reads; `social-analytics-api validate captures` checks them.
 */
export function writeCaptures(dir: string, options: CaptureWriterOptions = {}): CaptureWriter {
  if (typeof dir !== 'string' || dir === '') throw new TypeError('writeCaptures: pass the folder to write capture files to, e.g. writeCaptures("captures")');
  const { fileMode = 0o600, dirMode = 0o700 } = options;
  if (!isMode(fileMode) || !isMode(dirMode)) throw new RangeError(`writeCaptures: "fileMode" and "dirMode" are permissions from 0o000 to 0o777, got ${String(fileMode)} and ${String(dirMode)}`);
  const folder = resolve(dir);
  try {
    makeFolder(folder, dirMode);
  } catch (error) {
    throw new Error(`writeCaptures: cannot create the folder ${folder}: ${code(error) ?? (error as Error).message}`);
  }
  let sequence = 0;
  let written = 0;
  const write = async (capture: ExchangeCapture) => {
    const n = ++sequence;
    const text = `${JSON.stringify(capture, null, 2)}\n`;
    for (let attempt = 1; ; attempt++) {
      const name = `${stampOf(capture.recordedAt)}-${String(n).padStart(6, '0')}-${randomBytes(4).toString('hex')}-${capture.method.toUpperCase().replace(/[^A-Z]/g, '')}-${pathPart(capture.path)}.json`;
      const file = join(folder, name);
      try {
        await writeExclusively(file, text, fileMode);
        written++;
        return file;
      } catch (error) {
        if (code(error) === 'EEXIST' && attempt < NAME_TRIES) continue;
        throw new Error(`writeCaptures: cannot write ${file}: ${code(error) ?? (error as Error).message}`);
      }
    }
  };
  return Object.defineProperties(write, {
    dir: { value: folder, enumerable: true },
    written: { get: () => written, enumerable: true },
  }) as CaptureWriter;
}
