/**
 * Writes a report file atomically: a temporary file beside it, then a rename, so readers never
 * see half a file. Missing parent directories are made one level at a time (Node's recursive
 * mkdir loops forever on some paths under /proc), so a path that cannot be made fails at once.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ReportPathError } from './report-path-error.js';

/** Makes the missing directories above `file`, nearest the root first; every step goes one level up, so the walk ends at the root. */
export async function makeParents(file: string): Promise<void> {
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
