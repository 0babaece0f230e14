/** What a failed file system call means, in words. */

/** Why `file` cannot be read: no such file, permission denied, ... */
export function readError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return `cannot read: ${err instanceof Error ? err.message : String(err)}`;
}
