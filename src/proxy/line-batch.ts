/**
 * The proxy's progress lines, written in batches: a busy proxy finishes many exchanges in one
 * turn of the event loop, and a write per line (synchronous for files and pipes) costs a system
 * call each. Lines are queued in order and written together, as one text, once the current turn
 * is over (`setImmediate`), or at once when `maxLines` are waiting, so memory stays bounded and a
 * line is never held longer than a turn. `flush()` writes what waits now (before a report, at
 * exit): no line is lost or reordered. The lines are the caller's; they are already redacted.
 */
export interface LineBatch {
  /** Queues one line (without its newline). */
  line(text: string): void;
  /** Writes the queued lines now. */
  flush(): void;
}

/** Lines queued for `write`, which gets several lines joined with newlines (no final newline). */
export function lineBatch(write: (text: string) => void, maxLines = 256): LineBatch {
  let lines: string[] = [];
  let scheduled: ReturnType<typeof setImmediate> | undefined;
  const flush = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (!lines.length) return;
    const text = lines.join('\n');
    lines = [];
    write(text);
  };
  return {
    line(text) {
      lines.push(text);
      if (lines.length >= maxLines) flush();
      else scheduled ??= setImmediate(flush);
    },
    flush,
  };
}
