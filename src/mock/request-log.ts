/** The mock's request log: the last `size` requests, oldest first, in one array that never grows past it. */

/** Requests the log keeps by default (an entry holds under 1 kB even for the longest path: under 10 MB in all). */
export const DEFAULT_LOG_SIZE = 10_000;

/** Characters of a path kept in a log entry. */
const LOGGED_PATH_CHARS = 200;

/** Appends `entry` to `log`, dropping the oldest entry when it holds `size` already. */
export function appendToLog<T>(log: T[], entry: T, size: number): void {
  if (size <= 0) return;
  log.push(entry);
  if (log.length > size) log.shift();
}

/**
 * A path as a log entry keeps it: its first LOGGED_PATH_CHARS characters, with "…" when cut, in
 * a string of its own (a slice may keep the whole request URL it came from alive).
 */
export function loggedPath(path: string): string {
  const kept = path.length > LOGGED_PATH_CHARS ? `${path.slice(0, LOGGED_PATH_CHARS)}…` : path;
  return Buffer.from(kept, 'utf8').toString('utf8');
}
