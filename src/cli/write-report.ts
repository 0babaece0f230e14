/** Writes a report where its path points (see report-target.ts); failures are ReportPathError with one line of reason. */
import { ReportPathError, reasonOf } from './report-path-error.js';
import { reportTarget } from './report-target.js';
import { writeFileAtomic } from './write-atomic.js';
import { writeToDevice, type DeviceWriteOptions } from './write-device.js';

/** The paths that name the command's standard output, written through it like `-`. */
export function isStandardOutput(path: string): boolean {
  return path === '-' || path === '/dev/stdout' || path === '/dev/fd/1' || path === '/proc/self/fd/1';
}

/** Writes `text` to the file, link target, FIFO or character device at `path`. */
export async function writeReport(path: string, text: string, options?: DeviceWriteOptions): Promise<void> {
  try {
    const target = await reportTarget(path);
    if (target.kind === 'stream') await writeToDevice(target.path, text, options);
    else await writeFileAtomic(target.path, text, target.mode);
  } catch (error) {
    throw error instanceof ReportPathError ? error : new ReportPathError(reasonOf(error));
  }
}
