/**
 * Reads the reports of the shards of one run (the blob reporter's, reporters/blob.ts) and hands
 * out their items in the order one machine checking every input hands them: by the position of
 * their input among the run's, the items of one input in their order. Each report is read a line
 * at a time and one item of each is held, so memory does not grow with the reports. The first
 * lines are read before any item: reports of another version, of other inputs or options, or a
 * set of shards with one missing or given twice are refused before a report is begun; an item
 * line that is not one (a file cut short, edited, or not a shard's report) stops the merge with
 * its file and line. What follows the items is counted as they go by, as a run counts it.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { packageVersion } from '../core/version.js';
import { createCoverageCollector } from './coverage.js';
import type { ReportClosing, ReportItem, RunInputs } from './report-types.js';
import { BLOB_FORMAT, type BlobHeader } from './reporters/blob.js';
import { createTally } from './tally.js';

/** A shard's report to merge: where it is, and how messages name it. */
export interface ShardFile {
  path: string;
  label: string;
}

/** Bytes read at a time. */
const READ_BYTES = 1024 * 1024;
/** The longest line read (an item with every problem of one response is far shorter): longer is not a shard's report. */
const MAX_LINE_CHARS = 256 * 1024 * 1024;

/** A report that cannot be merged: the message names its file (and line). */
class MergeError extends Error {}

/** The lines of a file, a chunk at a time; `line` is the number (from 1) of the line last given. */
function lineReader(file: ShardFile) {
  let fd: number;
  try {
    fd = openSync(file.path, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new MergeError(`cannot read ${file.label}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory, not a report' : (err as Error).message}`);
  }
  const buf = Buffer.allocUnsafe(READ_BYTES);
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let ended = false;
  let line = 0;
  let closed = false;
  return {
    get line() {
      return line;
    },
    /** The next line (without its newline), or undefined at the end of the file. */
    next(): string | undefined {
      for (;;) {
        const end = pending.indexOf('\n');
        if (end >= 0) {
          const text = pending.slice(0, end);
          pending = pending.slice(end + 1);
          line++;
          return text;
        }
        if (ended) {
          if (!pending) return undefined;
          const text = pending;
          pending = '';
          line++;
          return text;
        }
        let n: number;
        try {
          n = readSync(fd, buf, 0, buf.length, null);
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          throw new MergeError(`cannot read ${file.label}: ${code === 'EISDIR' ? 'a directory, not a report' : (err as Error).message}`);
        }
        if (n === 0) {
          ended = true;
          pending += decoder.end();
        } else pending += decoder.write(buf.subarray(0, n));
        if (pending.length > MAX_LINE_CHARS) throw new MergeError(`${file.label}:${line + 1}: a line of more than ${MAX_LINE_CHARS / 1024 / 1024} MB: not a shard's report`);
      }
    },
    close() {
      if (!closed) (closed = true), closeSync(fd);
    },
  };
}

type Reader = ReturnType<typeof lineReader>;

const NOT_A_SHARD_REPORT = "not a shard's report (write one with validate --shard I/N --reporter blob=FILE)";

/** The first line of a shard's report, checked. */
function readHeader(file: ShardFile, reader: Reader, version: string): BlobHeader {
  const text = reader.next();
  if (text === undefined) throw new MergeError(`${file.label}: an empty file, ${NOT_A_SHARD_REPORT}`);
  let header: Partial<BlobHeader>;
  try {
    header = JSON.parse(text) as Partial<BlobHeader>;
  } catch (err) {
    throw new MergeError(`${file.label}:1: ${NOT_A_SHARD_REPORT}: its first line is not JSON (${(err as Error).message})`);
  }
  if (typeof header !== 'object' || header === null || header.format !== BLOB_FORMAT) throw new MergeError(`${file.label}:1: ${NOT_A_SHARD_REPORT}`);
  if (header.version !== version) throw new MergeError(`${file.label}: written by social-analytics-api ${JSON.stringify(header.version)}, this is ${version}: merge the reports with the version that wrote them`);
  const inputs = header.inputs;
  const wellFormed =
    Number.isSafeInteger(header.items) &&
    (inputs === null || (typeof inputs === 'object' && Number.isSafeInteger(inputs?.count) && typeof inputs?.digest === 'string' && (inputs.shard === undefined || (Number.isSafeInteger(inputs.shard.index) && Number.isSafeInteger(inputs.shard.count)))));
  if (!wellFormed) throw new MergeError(`${file.label}:1: its first line does not say which run and shard it is of: ${NOT_A_SHARD_REPORT}`);
  return header as BlobHeader;
}

const shardOf = (inputs: RunInputs) => inputs.shard ?? { index: 1, count: 1 };
const flags = (inputs: RunInputs) => (['strict', 'coverage', 'allowEmpty'] as const).filter((f) => inputs[f]).map((f) => `--${f === 'allowEmpty' ? 'allow-empty' : f}`);

/** Checks that the reports are the shards of one run, each once, none missing. */
function checkSet(opened: readonly { file: ShardFile; header: BlobHeader }[]): void {
  const [first] = opened;
  if (opened.length > 1) {
    const lone = opened.find((o) => o.header.inputs === null);
    if (lone) throw new MergeError(`${lone.file.label}: written by a run that does not record its inputs (the proxy's): it is merged alone, not as a shard`);
  }
  if (first.header.inputs === null) return;
  const firstInputs = first.header.inputs;
  const count = shardOf(firstInputs).count;
  const byIndex = new Map<number, ShardFile>();
  for (const { file, header } of opened) {
    const inputs = header.inputs!;
    const shard = shardOf(inputs);
    if (shard.count !== count) throw new MergeError(`${file.label}: shard ${shard.index} of ${shard.count}, and ${first.file.label} is of ${count} shards: merge the reports of one split`);
    if (inputs.count !== firstInputs.count || inputs.digest !== firstInputs.digest) {
      throw new MergeError(
        `${file.label}: its run read other inputs than ${first.file.label}'s (${inputs.count} and ${firstInputs.count} inputs${inputs.count === firstInputs.count ? ', of other names' : ''}): give every shard the same paths, in the same order, from the same root`,
      );
    }
    if (flags(inputs).join(' ') !== flags(firstInputs).join(' ')) {
      const named = (i: RunInputs) => (flags(i).length ? `with ${flags(i).join(' ')}` : 'without --strict, --coverage or --allow-empty');
      throw new MergeError(`${file.label}: its run was ${named(inputs)}, ${first.file.label}'s ${named(firstInputs)}: run every shard with the same options`);
    }
    const twice = byIndex.get(shard.index);
    if (twice) throw new MergeError(`shard ${shard.index} of ${count} is given twice: ${twice.label} and ${file.label}`);
    byIndex.set(shard.index, file);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length) {
    const list = missing.length > 10 ? `${missing.slice(0, 10).join(', ')} and ${missing.length - 10} more` : missing.join(', ');
    throw new MergeError(`the report${missing.length > 1 ? 's' : ''} of shard${missing.length > 1 ? 's' : ''} ${list} of ${count} ${missing.length > 1 ? 'are' : 'is'} missing: merge the reports of every shard, or the merged report would lack their inputs`);
  }
}

/** An item line of a shard's report, checked. */
function readItem(file: ShardFile, reader: Reader, text: string, inputCount: number | undefined): [number, ReportItem] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new MergeError(`${file.label}:${reader.line}: not an item of a shard's report: not JSON (${(err as Error).message})`);
  }
  const [at, item] = Array.isArray(value) && value.length === 2 ? (value as [unknown, unknown]) : [undefined, undefined];
  const kind = typeof item === 'object' && item !== null ? (item as { kind?: unknown }).kind : undefined;
  const placed = Number.isSafeInteger(at) && (at as number) >= 0 && (inputCount === undefined || (at as number) < inputCount);
  if (!placed || (kind !== 'response' && kind !== 'skipped' && kind !== 'unreadable') || typeof (item as { source?: unknown }).source !== 'string') {
    throw new MergeError(`${file.label}:${reader.line}: not an item of a shard's report (an input's position and a response, skipped entry or unreadable input)`);
  }
  return [at as number, item as ReportItem];
}

/** A shard being read: its next item, held until its turn. */
interface Head {
  file: ShardFile;
  reader: Reader;
  header: BlobHeader;
  /** Item lines read so far. */
  read: number;
  next?: [number, ReportItem];
}

/** Reads the next item of `head` into `head.next` (undefined at its end, once its count is checked). */
function advance(head: Head, inputCount: number | undefined): void {
  const before = head.next?.[0];
  const text = head.reader.next();
  if (text === undefined || (text === '' && head.read === head.header.items)) {
    if (head.read < head.header.items) throw new MergeError(`${head.file.label}: ends after ${head.read} of its ${head.header.items} items: the report is cut short`);
    head.next = undefined;
    return;
  }
  if (head.read === head.header.items) throw new MergeError(`${head.file.label}:${head.reader.line}: more items than its first line says (${head.header.items})`);
  head.next = readItem(head.file, head.reader, text, inputCount);
  head.read++;
  if (before !== undefined && head.next[0] < before) throw new MergeError(`${head.file.label}:${head.reader.line}: an item of input ${head.next[0]} after one of input ${before}: the items are out of their order`);
}

/** A binary heap of the shards by the position of their next item. */
function heapOf(heads: Head[]) {
  const heap: Head[] = [];
  const key = (h: Head) => h.next![0];
  const swap = (a: number, b: number) => ([heap[a], heap[b]] = [heap[b], heap[a]]);
  const up = (i: number) => {
    while (i > 0 && key(heap[i]) < key(heap[(i - 1) >> 1])) swap(i, (i - 1) >> 1), (i = (i - 1) >> 1);
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < heap.length && key(heap[l]) < key(heap[least])) least = l;
      if (r < heap.length && key(heap[r]) < key(heap[least])) least = r;
      if (least === i) return;
      swap(i, least);
      i = least;
    }
  };
  for (const h of heads) if (h.next) heap.push(h), up(heap.length - 1);
  return {
    peek: () => heap[0] as Head | undefined,
    /** The top's next item changed: puts it in its place (out when it has none). */
    settle() {
      if (heap[0].next) return down(0);
      const last = heap.pop()!;
      if (heap.length) (heap[0] = last), down(0);
    },
  };
}

/** The merge of shards' reports: their items in one run's order, then what follows them. */
export interface ShardMerge {
  /** The shards' runs exited 0 when no API response was found (`--allow-empty`). */
  readonly allowEmpty: boolean;
  /** The shards' runs collected coverage (`--coverage`). */
  readonly coverage: boolean;
  /** Every item, with the position of its input; throws a message naming file and line at an item that is not one. */
  items(): Generator<[number, ReportItem]>;
  /** What follows the items, once they are all taken. */
  closing(): ReportClosing;
  close(): void;
}

/**
 * Opens the reports and checks their first lines; returns what is wrong (naming the file) when
 * they are not the shards of one run, each once.
 */
export function openShardMerge(files: readonly ShardFile[], version = packageVersion()): ShardMerge | { error: string } {
  const heads: Head[] = [];
  const closeAll = () => {
    for (const h of heads) h.reader.close();
  };
  try {
    for (const file of files) {
      const reader = lineReader(file);
      heads.push({ file, reader, header: undefined as unknown as BlobHeader, read: 0 });
      heads.at(-1)!.header = readHeader(file, reader, version);
    }
    checkSet(heads);
  } catch (err) {
    closeAll();
    if (err instanceof MergeError) return { error: err.message };
    throw err;
  }
  const inputs = heads[0].header.inputs;
  const inputCount = inputs?.count;
  const tally = createTally(inputs?.allowEmpty ?? false);
  const coverage = inputs === null ? (heads[0].header.coverage ? createCoverageCollector() : undefined) : inputs.coverage ? createCoverageCollector() : undefined;
  for (const h of heads) if (h.header.coverage) coverage?.addNames(h.header.coverage);
  return {
    allowEmpty: inputs?.allowEmpty ?? false,
    coverage: coverage !== undefined,
    *items() {
      for (const h of heads) advance(h, inputCount);
      const heap = heapOf(heads);
      /** The input last handed out and the shard it came from: another shard with items of it is a shard given twice. */
      let last: { at: number; head: Head } | undefined;
      for (let top = heap.peek(); top; top = heap.peek()) {
        const [at, item] = top.next!;
        if (last && last.at === at && last.head !== top) {
          throw new MergeError(`${last.head.file.label} and ${top.file.label} both hold input ${at} (${JSON.stringify(item.source)}): the reports are not of one split of the inputs`);
        }
        last = { at, head: top };
        tally.add(item);
        yield [at, item];
        advance(top, inputCount);
        heap.settle();
      }
    },
    closing() {
      const firstRule = tally.firstRule();
      const merged: RunInputs | undefined = inputs ? (({ shard: _, ...whole }) => whole)(inputs) : undefined;
      return { summary: tally.summary(), ...(coverage ? { coverage: coverage.result() } : {}), ...(firstRule ? { firstRule } : {}), ...(merged ? { inputs: merged } : {}) };
    },
    close: closeAll,
  };
}

/** Hands out the merged items; resolves to what follows them, or to the message of a report that is not one. */
export async function mergeShardItems(merge: ShardMerge, onItem: (item: ReportItem, at: number) => void, backlog?: () => Promise<void> | undefined): Promise<ReportClosing | { error: string }> {
  try {
    for (const [at, item] of merge.items()) {
      onItem(item, at);
      const behind = backlog?.();
      if (behind) await behind;
    }
    return merge.closing();
  } catch (err) {
    if (err instanceof MergeError) return { error: err.message };
    throw err;
  } finally {
    merge.close();
  }
}
