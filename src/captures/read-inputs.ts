/**
 * Expands command line paths (files, directories searched recursively for *.json and *.har,
 * symbolic links followed, cycles detected, `-` for standard input) and reads one file (or
 * standard input) into items to check. One bad file never stops the others.
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { extname, relative, resolve, sep } from 'node:path';
import { isPlainObject } from '../shared/values.js';
import { looksLikeCapture, readCapture, readCaptures } from './capture-file.js';
import { looksLikeHar, readEntry, readHar } from './har-file.js';
import { parseJson } from './json-syntax.js';
import type { JsonPart, ScanOptions } from './json-elements.js';
import { openJsonParts, parseFrame, readStreamParts, type ParsedDocument } from './read-parts.js';
import { unreadable as unreadableInput, type CaptureItem, type CaptureSet, type UnreadableInput } from './types.js';

const INPUT_EXTENSIONS = new Set(['.json', '.har']);

/** The items of a whole parsed document (a single capture object, or JSON that is neither HAR nor captures). */
function readDocument(doc: unknown, file: string, label: string): CaptureSet {
  if (looksLikeHar(doc) || extname(file).toLowerCase() === '.har' || (isPlainObject(doc) && 'log' in doc)) return readHar(doc, label);
  if (looksLikeCapture(doc)) return readCaptures(doc, label);
  return [unreadableInput(label, 'not a capture file or HAR: the JSON is not an object or array')];
}

/** How `file` is scanned: `.har` files are never top-level arrays of captures. */
export const scanOptions = (file: string): ScanOptions => ({ topArray: extname(file).toLowerCase() !== '.har' });

/**
 * The item of one streamed element (a capture of an array or a HAR entry); `last` when its text
 * is not JSON, which ends the file (the scanner cannot know where the next element starts).
 */
export function readElement(part: Extract<JsonPart, { kind: 'element' }>, label: string): { item: CaptureItem; last: boolean } {
  // (An element the scanner took by its lines comes parsed.)
  const parsed = part.value !== undefined ? { ok: true as const, value: part.value } : parseJson(part.text, part.start);
  if (!parsed.ok) return { item: unreadableInput(label, parsed.message, parsed.at), last: true };
  const where = `${label}#${part.index}`;
  const item = part.array === 'entries' ? readEntry(parsed.value, where) : readCapture(parsed.value, where);
  // The item was made just now: its text is added to it rather than spread into a copy (which costs more than reading the entry).
  if (item.kind === 'response') return { item: Object.assign(item, { raw: { file: label, text: part.text, start: part.start, body: part.array === 'entries' ? 'har' as const : 'capture' as const } }), last: false };
  return { item: item.kind === 'unreadable' ? { ...item, line: part.start.line, column: part.start.column } : item, last: false };
}

/**
 * Reads one file (capture file or HAR), handing out its items as they are read: the captures of
 * an array and the entries of a HAR log one by one, in memory bounded by the largest entry.
 * `label` is how the file is named in messages. A syntax error ends the file with an unreadable
 * item after the items read before it. The file is read synchronously (see openJsonParts), and
 * its items handed out so.
 */
export function* readInputItems(file: string, label = file): Generator<CaptureItem> {
  const opened = openInputItems(file, label);
  yield* opened.whole ?? opened.items;
}

/**
 * Opens one file to read its items (see readInputItems): its size (0 when it has none) is known
 * before any is read, and `close` closes it when they are not. A small capture object file is read
 * and parsed at once: its items are then `whole`, and there is no `items`.
 */
export function openInputItems(file: string, label = file): { size: number; close(): void } & ({ items: Generator<CaptureItem>; whole?: undefined } | { whole: CaptureItem[]; items?: undefined }) {
  const options = scanOptions(file);
  const opened = openJsonParts(file, { ...options, wholeObjects: options.topArray });
  if (opened.whole) return { size: opened.size, close: opened.close, whole: documentItems(opened.whole.value, opened.whole.text, file, label) };
  return { size: opened.size, close: opened.close, items: itemsOfParts(opened.parts, file, label) };
}

/** How standard input is named in reports. */
export const STDIN_LABEL = '<stdin>';

/**
 * Reads standard input (`chunks`) as readInputItems reads a file not named `.har`: a capture, an
 * array of captures or a HAR, told apart by their content; named `<stdin>` in messages.
 */
export async function* readStreamItems(chunks: AsyncIterable<Uint8Array>, label = STDIN_LABEL): AsyncGenerator<CaptureItem> {
  for await (const part of readStreamParts(chunks, { topArray: true })) if (yield* itemsOfPart(part, label, label)) return;
}

/** The items of a file's parts, read as they are handed out (see itemsOfPart). */
function* itemsOfParts(parts: Iterable<JsonPart | ParsedDocument>, file: string, label: string): Generator<CaptureItem> {
  for (const part of parts) if (yield* itemsOfPart(part, file, label)) return;
}

/** The items of one part of a file; returns true when the file ends with them (a problem, or an element that is not JSON). */
function* itemsOfPart(part: JsonPart | ParsedDocument, file: string, label: string): Generator<CaptureItem, boolean> {
  if (part.kind === 'problem') {
    yield unreadableInput(label, part.message, part.at);
    return true;
  }
  if (part.kind === 'element') {
    const { item, last } = readElement(part, label);
    yield item;
    return last;
  }
  if (part.kind === 'frame') yield* readFrame(part, file, label);
  else if (part.kind === 'parsed') yield* documentItems(part.value, part.text, file, label);
  return false;
}

/**
 * The items of a file's frame, its last part: none when elements were streamed (the frame is the
 * rest of the HAR log or the array's closing bracket), else those of the whole document.
 */
export function readFrame(part: Extract<JsonPart, { kind: 'frame' }>, file: string, label: string): CaptureItem[] {
  const parsed = parseFrame(part);
  if (!parsed.ok) return [unreadableInput(label, parsed.message, parsed.at)];
  if (part.split) return [];
  return documentItems(parsed.value, part.text, file, label);
}

/** The items of a document parsed whole from `text` (a capture of its own carries the text, to place its problems). */
export function documentItems(doc: unknown, text: string, file: string, label: string): CaptureItem[] {
  // Each item was made just now: the text is added to it rather than spread into a copy.
  return readDocument(doc, file, label).map((item) =>
    item.kind === 'response' && item.source === label ? Object.assign(item, { raw: { file: label, text, start: { line: 1, column: 1 }, body: 'capture' as const } }) : item,
  );
}

export interface InputFile {
  path: string;
  /** How the file is named in messages: relative to the working directory, or the folder `expandPaths` was given (`<stdin>` for standard input). */
  label: string;
  /** Standard input (the path `-`), not a file. */
  stdin?: true;
}

/** How every path is shown: relative to `cwd` (`../x.har` above it), absolute only on another drive. */
export function displayPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel === '' ? '.' : rel.startsWith('/') || /^[A-Za-z]:/.test(rel) ? file : rel.split('\\').join('/');
}

const errorText = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'ELOOP') return 'symbolic link loop';
  return `cannot read: ${(err as Error).message}`;
};

/**
 * How a file named `name` in a directory shown as `dirLabel` is shown: what displayPath gives,
 * built from the directory's label (path.relative of every file costs more than listing it).
 * path.relative keeps the directory's steps and adds the name, unless the directory holds the
 * working directory (a label of `..` steps only, where the name could be a step back down): that
 * label, an absolute one (another drive) and a name with a backslash (shown as a slash) give
 * undefined, and displayPath is asked.
 */
function fileLabel(dirLabel: string, name: string): string | undefined {
  if (name.includes('\\')) return undefined;
  if (dirLabel === '.') return name;
  if (/^\.\.(?:\/\.\.)*$/.test(dirLabel) || /^(?:[\\/]|[A-Za-z]:)/.test(dirLabel)) return undefined;
  return `${dirLabel}/${name}`;
}

/** `dir` (absolute and normalised, as resolve and join give it) joined with an entry `name` of it: what join gives, without normalising again. */
const childPath = (dir: string, name: string) => (dir.endsWith(sep) ? `${dir}${name}` : `${dir}${sep}${name}`);

/** A directory's entry as the walk keeps it: its name, whether it is a directory (else an input file: other entries are dropped), and a symbolic link. */
interface WalkEntry {
  name: string;
  dir: boolean;
  link: boolean;
}

/** Where a walk stands in one directory: its path, its label and its entries still to visit (sorted). */
interface WalkLevel {
  path: string;
  label: string;
  entries: WalkEntry[];
  next: number;
}

/** An input file of a walk, or a path of it that cannot be read. */
export type WalkItem = { file: InputFile } | { problem: UnreadableInput };

/**
 * Walks `dir` depth first, following links, handing out its input files in the order of their
 * paths (as sort() orders strings: by UTF-16 code units). Each directory's entries are sorted by
 * their name, a directory's with the path separator after it, which is the order of the paths
 * below them: so the files come out in that order while memory holds the entries of the
 * directories on the way down only (their names, not the files' paths), never the whole listing.
 * A directory reached twice (a link cycle) is reported once and not re-entered.
 */
export function* walkInputs(dir: string, show: (p: string) => string): Generator<WalkItem> {
  const seen = new Set<string>([realpathSync(dir)]);
  const stack: WalkLevel[] = [];
  const enter = function* (path: string, label: string): Generator<WalkItem> {
    let listed;
    try {
      listed = readdirSync(path, { withFileTypes: true });
    } catch (err) {
      yield { problem: unreadableInput(label, `cannot list directory: ${errorText(err)}`) };
      return;
    }
    const entries: (WalkEntry & { key: string })[] = [];
    for (const entry of listed) {
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      const link = entry.isSymbolicLink();
      if (link) {
        const linked = childPath(path, entry.name);
        try {
          const target = statSync(linked);
          isDir = target.isDirectory();
          isFile = target.isFile();
        } catch (err) {
          if (INPUT_EXTENSIONS.has(extname(entry.name).toLowerCase())) {
            const broken = (err as NodeJS.ErrnoException).code === 'ENOENT';
            yield { problem: unreadableInput(show(linked), broken ? 'broken symbolic link: its target does not exist' : errorText(err)) };
          }
          continue;
        }
      }
      if (isDir) entries.push({ name: entry.name, dir: true, link, key: `${entry.name}${sep}` });
      else if (isFile && INPUT_EXTENSIONS.has(extname(entry.name).toLowerCase())) entries.push({ name: entry.name, dir: false, link, key: entry.name });
    }
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    stack.push({ path, label, entries: entries.map(({ name, dir, link }) => ({ name, dir, link })), next: 0 });
  };
  yield* enter(dir, show(dir));
  while (stack.length) {
    const level = stack[stack.length - 1];
    if (level.next === level.entries.length) {
      stack.pop();
      continue;
    }
    const entry = level.entries[level.next++];
    const path = childPath(level.path, entry.name);
    if (!entry.dir) {
      yield { file: { path, label: fileLabel(level.label, entry.name) ?? show(path) } };
      continue;
    }
    let real;
    try {
      real = realpathSync(path);
    } catch (err) {
      yield { problem: unreadableInput(show(path), `cannot list directory: ${errorText(err)}`) };
      continue;
    }
    if (seen.has(real)) {
      if (entry.link) yield { problem: unreadableInput(show(path), `symbolic link cycle: leads back to ${show(real)}, not followed`) };
      continue;
    }
    seen.add(real);
    yield* enter(path, show(path));
  }
}

/**
 * The inputs under command line paths (relative to `cwd`; `-` is standard input), in order: each
 * file, and each path that cannot be read. Files are named relative to `shownFrom`.
 */
function* walkPaths(paths: readonly string[], cwd: string, shownFrom: string): Generator<WalkItem> {
  const show = (p: string) => displayPath(p, shownFrom);
  for (const given of paths) {
    if (given === '-') {
      yield { file: { path: given, label: STDIN_LABEL, stdin: true } };
      continue;
    }
    const path = resolve(cwd, given);
    let isDir = false;
    try {
      isDir = statSync(path).isDirectory();
    } catch (err) {
      yield { problem: unreadableInput(show(path), errorText(err)) };
      continue;
    }
    if (!isDir) yield { file: { path, label: show(path) } };
    else yield* walkInputs(path, show);
  }
}

/**
 * The inputs under command line paths (relative to `cwd`; `-` is standard input), listed twice:
 * once at once, to count the files and find the paths that cannot be read (`count`,
 * `unreadable`), then by `files()`, which walks again and hands out the files one by one in the
 * same order (see walkInputs). Nothing is kept per file: a folder of any size is listed in the
 * memory of its deepest path's directories. Files are named relative to `shownFrom` (the
 * working directory unless given: `validate` gives the root its reports' paths start at).
 */
export function listInputs(paths: readonly string[], cwd = process.cwd(), shownFrom = cwd): { count: number; unreadable: UnreadableInput[]; files(): Generator<InputFile> } {
  let count = 0;
  const unreadable: UnreadableInput[] = [];
  for (const item of walkPaths(paths, cwd, shownFrom)) {
    if ('file' in item) count++;
    else unreadable.push(item.problem);
  }
  return {
    count,
    unreadable,
    *files() {
      for (const item of walkPaths(paths, cwd, shownFrom)) if ('file' in item) yield item.file;
    },
  };
}

/**
 * Expands command line paths into the files to read, all of them kept, in one walk (listInputs
 * walks twice so as to keep none); paths that cannot be read are unreadable.
 */
export function expandPaths(paths: readonly string[], cwd = process.cwd(), shownFrom = cwd): { files: InputFile[]; unreadable: UnreadableInput[] } {
  const files: InputFile[] = [];
  const unreadable: UnreadableInput[] = [];
  for (const item of walkPaths(paths, cwd, shownFrom)) {
    if ('file' in item) files.push(item.file);
    else unreadable.push(item.problem);
  }
  return { files, unreadable };
}
