/**
 * Where a report's text goes while it is written: standard output as it comes (the first report
 * to standard output), standard output after the reports before it (a later one: spooled until
 * then), a file (written as it comes to a temporary file beside it, renamed at the end), a FIFO or
 * character device (spooled, then written to it), or memory (the bounded Markdown of a job
 * summary). A write never throws: a failure is kept and thrown by `finish`, so checking goes on.
 */
import { ReportPathError, reasonOf } from './report-path-error.js';
import { reportTarget } from './report-target.js';
import type { SpoolMaker } from '../report/spool.js';
import { openFileAtomic } from './write-atomic.js';
import { writeChunksToDevice } from './write-device.js';

export interface ReportOutput {
  write(text: string): void;
  /** Puts the report where it goes; throws a ReportPathError naming the reason. */
  finish(): Promise<void>;
  /** Drops what was written, when the run stops before its end (a file's temporary file is removed, never left half-written). */
  abort?(): Promise<void>;
}

/** Whole lines of text to `out` (which ends each with a newline), the last unfinished line kept until it ends. */
function lineWriter(out: (text: string) => void) {
  let rest = '';
  return {
    write(text: string) {
      const end = text.lastIndexOf('\n');
      if (end < 0) {
        rest += text;
        return;
      }
      out(rest + text.slice(0, end));
      rest = text.slice(end + 1);
    },
    end() {
      if (rest) out(rest);
      rest = '';
    },
  };
}

/** Standard output as the text comes. */
export function liveOutput(out: (text: string) => void): ReportOutput {
  const lines = lineWriter(out);
  return { write: lines.write, finish: async () => lines.end() };
}

/**
 * Standard output once the reports before it are written: spooled until `finish`, which waits for
 * `behind` (a promise while the reader has not read what was written) after each chunk.
 */
export function laterOutput(out: (text: string) => void, spool: SpoolMaker, behind: () => Promise<void> | undefined = () => undefined): ReportOutput {
  const text = spool();
  return {
    write: text.write,
    async finish() {
      const lines = lineWriter(out);
      for (const chunk of text.chunks()) {
        lines.write(chunk);
        const wait = behind();
        if (wait) await wait;
      }
      lines.end();
    },
  };
}

/** Memory, handed to `done` at the end (for a report whose size is bounded). */
export function memoryOutput(done: (text: string) => void): ReportOutput {
  const parts: string[] = [];
  return { write: (text) => parts.push(text), finish: async () => done(parts.join('')) };
}

const pathError = (error: unknown) => (error instanceof ReportPathError ? error : new ReportPathError(reasonOf(error)));

/**
 * The report file at `path` (see report-target.ts), opened before the inputs are read so that a
 * path that cannot be written is known at once; throws a ReportPathError naming the reason.
 */
export async function fileOutput(path: string, spool: SpoolMaker): Promise<ReportOutput> {
  try {
    const target = await reportTarget(path);
    if (target.kind === 'stream') {
      const text = spool();
      return {
        write: text.write,
        finish: () => writeChunksToDevice(target.path, text.chunks()).catch((error: unknown) => Promise.reject(pathError(error))),
      };
    }
    const file = await openFileAtomic(target.path, target.mode);
    return { write: file.write, finish: () => file.commit().catch((error: unknown) => Promise.reject(pathError(error))), abort: file.abort };
  } catch (error) {
    throw pathError(error);
  }
}
