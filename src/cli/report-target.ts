/**
 * Where a report file goes and how it is written: a regular file (or a new path) atomically at
 * its own location, a symbolic link at the location of its target (the link is kept), a FIFO or
 * a character device directly; anything else is refused with the reason.
 */
import { lstat, readlink, realpath, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ReportPathError } from './report-path-error.js';

type ReportTarget =
  /** Written atomically at `path`; `mode` is the permission bits of the file replaced. */
  | { kind: 'file'; path: string; mode?: number }
  /** Opened and written directly, no temporary file. */
  | { kind: 'stream'; path: string; type: 'FIFO' | 'character device' };

/** Symbolic links followed before giving up (the Linux limit). */
const MAX_LINKS = 40;

/** The nearest part above `path` that exists and is not a directory (the walk ends at the root). */
async function notADirectory(path: string): Promise<string> {
  let found = dirname(path);
  for (let dir = dirname(path); dirname(dir) !== dir; dir = dirname(dir)) {
    const info = await stat(dir).catch(() => undefined);
    if (info && !info.isDirectory()) found = dir;
  }
  return found;
}

/** What the path names, following every link (the kernel resolves /proc's links too). */
async function finalType(path: string): Promise<'missing' | 'file' | 'FIFO' | 'character device'> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') throw new ReportPathError(`${await notADirectory(path)} is not a directory`);
    throw new ReportPathError('cannot look it up', error);
  }
  if (info.isFile()) return 'file';
  if (info.isFIFO()) return 'FIFO';
  if (info.isCharacterDevice()) return 'character device';
  const what = info.isDirectory() ? 'a directory' : info.isSocket() ? 'a socket' : info.isBlockDevice() ? 'a block device' : 'not a regular file';
  throw new ReportPathError(`it is ${what}; a report goes to a file, a symbolic link to one, a FIFO or a character device`);
}

/** The location a write lands on: the path with each symbolic link of its last part followed. */
async function linkTarget(path: string): Promise<{ path: string; mode?: number }> {
  let current = resolve(path);
  for (let links = 0; links <= MAX_LINKS; links++) {
    let info;
    try {
      info = await lstat(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { path: current };
      throw new ReportPathError('cannot look it up', error);
    }
    if (!info.isSymbolicLink()) return { path: current, mode: info.mode & 0o7777 };
    const dir = await realpath(dirname(current));
    current = resolve(dir, await readlink(current));
  }
  throw new ReportPathError(`more than ${MAX_LINKS} symbolic links`);
}

/** How a report is written to `path`; throws ReportPathError naming the reason. */
export async function reportTarget(path: string): Promise<ReportTarget> {
  const type = await finalType(path);
  if (type === 'FIFO' || type === 'character device') return { kind: 'stream', path, type };
  return { kind: 'file', ...(await linkTarget(path)) };
}
