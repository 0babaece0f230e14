/** The mock's request log: the last `size` requests, oldest first, in one array that never grows past it. */

/** Requests the log keeps by default (an entry is a few hundred bytes at most: about 3 MB). */
export const DEFAULT_LOG_SIZE = 10_000;

/** Characters of a path kept in a log entry. */
export const LOGGED_PATH_CHARS = 200;

/** Appends `entry` to `log`, dropping the oldest entry when it holds `size` already. */
export function appendToLog<T>(log: T[], entry: T, size: number): void {
  if (size <= 0) return;
  log.push(entry);
  if (log.length > size) log.shift();
}

/** A path as a log entry keeps it: its first LOGGED_PATH_CHARS characters, with "…" when cut. */
export function loggedPath(path: string): string {
  return path.length > LOGGED_PATH_CHARS ? `${path.slice(0, LOGGED_PATH_CHARS)}…` : path;
}
