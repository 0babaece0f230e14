/** A report path that cannot be written, with the reason in words (one line, no stack). */

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'it is a directory',
  ELOOP: 'too many levels of symbolic links',
  ENAMETOOLONG: 'the name is too long',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EXDEV: 'the temporary file and the path are on different file systems',
  EPIPE: 'the reader closed it before the report was written',
  EIO: 'input/output error',
  EBUSY: 'the device or resource is busy',
};

/** The reason of a file system error in words, its code in brackets. */
export function reasonOf(error: unknown): string {
  if (error instanceof ReportPathError) return error.message;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code) return `${REASONS[code] ?? 'the system refused it'} (${code})`;
  return String((error as Error | undefined)?.message ?? error).split('\n')[0];
}

export class ReportPathError extends Error {
  constructor(what: string, cause?: unknown) {
    super(cause === undefined ? what : `${what}: ${reasonOf(cause)}`);
    this.name = 'ReportPathError';
  }
}
