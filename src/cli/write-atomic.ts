/**
 * Writes a report file atomically: a temporary file beside it, then a rename, so readers never
 * see half a file. Missing parent directories are made one level at a time (Node's recursive
 * mkdir loops forever on some paths under /proc), so a path that cannot be made fails at once.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ReportPathError } from './report-path-error.js';

/** Makes the missing directories above `file`, nearest the root first; every step goes one level up, so the walk ends at the root. */
async function makeParents(file: string): Promise<void> {
  const missing: string[] = [];
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    try {
      if (!(await stat(dir)).isDirectory()) throw new ReportPathError(`${dir} is not a directory`);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(dir) === dir) throw error;
      missing.push(dir);
    }
  }
  for (const dir of missing.reverse()) {
    try {
      await mkdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new ReportPathError(`cannot make the directory ${dir}`, error);
    }
  }
}

/** Writes `text` to `file` through a temporary file and a rename; `mode` is kept when the file existed. */
export async function writeFileAtomic(file: string, text: string, mode?: number): Promise<void> {
  await makeParents(file);
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temp, text, { flag: 'wx' });
    if (mode !== undefined) await chmod(temp, mode);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** A report file being written: text appended as it comes, put in place by `commit` (or dropped by `abort`). */
interface AtomicFile {
  write(text: string): void;
  /** Puts the file in place (a rename); throws the first failure of a write, the file then dropped. */
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/** Text written to the temporary file at a time. */
const FLUSH_CHARS = 256 * 1024;

/**
 * Opens `file` for a report written as it is made: a temporary file beside it that takes the text
 * as it comes, renamed over `file` at the end (`mode` kept when the file existed), so readers never
 * see half a report and memory holds none of it. A failed write is kept and thrown by `commit`.
 */
export async function openFileAtomic(file: string, mode?: number): Promise<AtomicFile> {
  await makeParents(file);
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx');
  let pending: string[] = [];
  let chars = 0;
  let failure: unknown;
  let closed = false;
  const flush = () => {
    if (failure !== undefined || !pending.length) return;
    const text = pending.join('');
    pending = [];
    chars = 0;
    try {
      const bytes = Buffer.from(text);
      for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
    } catch (error) {
      failure = error;
    }
  };
  const close = () => {
    if (!closed) (closed = true), closeSync(fd);
  };
  const abort = async () => {
    close();
    await rm(temp, { force: true });
  };
  return {
    write(text) {
      if (failure !== undefined) return;
      pending.push(text);
      chars += text.length;
      if (chars >= FLUSH_CHARS) flush();
    },
    async commit() {
      flush();
      try {
        if (failure !== undefined) throw failure;
        close();
        if (mode !== undefined) await chmod(temp, mode);
        await rename(temp, file);
      } catch (error) {
        await abort();
        throw error;
      }
    },
    abort,
  };
}
