/**
 * Expands command line paths (files, directories searched recursively for *.json and *.har)
 * and reads one file into responses to check. One bad file never stops the others.
 */
import { readdirSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { isPlainObject } from '../checks/values.js';
import { looksLikeCapture, readCaptures } from './capture-file.js';
import { looksLikeHar, readHar } from './har-file.js';
import { parseJson } from './json-syntax.js';
import { readText } from './read-text.js';
import { emptySet, type CaptureSet, type UnreadableInput } from './types.js';

const INPUT_EXTENSIONS = new Set(['.json', '.har']);

/** Files under `dir` with a capture or HAR extension, sorted, found without recursion. */
export function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const pending = [dir];
  while (pending.length) {
    const current = pending.pop()!;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile() && INPUT_EXTENSIONS.has(extname(entry.name).toLowerCase())) found.push(path);
    }
  }
  return found.sort();
}

/** Reads one file (capture file or HAR). `label` is how the file is named in messages. */
export function readInputFile(file: string, label = file): CaptureSet {
  const text = readText(file);
  if (!text.ok) return { ...emptySet(), unreadable: [{ source: label, message: text.message }] };
  const parsed = parseJson(text.text);
  if (!parsed.ok) return { ...emptySet(), unreadable: [{ source: label, message: parsed.message }] };
  const doc = parsed.value;
  if (looksLikeHar(doc) || extname(file).toLowerCase() === '.har' || (isPlainObject(doc) && 'log' in doc)) return readHar(doc, label);
  if (looksLikeCapture(doc)) return readCaptures(doc, label);
  return { ...emptySet(), unreadable: [{ source: label, message: 'not a capture file or HAR: the JSON is not an object or array' }] };
}

export interface InputFile {
  path: string;
  /** How the file is named in messages (relative to the working directory when inside it). */
  label: string;
}

/** Expands command line paths (relative to `cwd`) into the files to read; paths that do not exist are unreadable. */
export function expandPaths(paths: readonly string[], cwd = process.cwd()): { files: InputFile[]; unreadable: UnreadableInput[] } {
  const files: InputFile[] = [];
  const unreadable: UnreadableInput[] = [];
  const label = (file: string) => {
    const rel = relative(cwd, file);
    return rel && !rel.startsWith('..') ? rel : file;
  };
  for (const given of paths) {
    const path = resolve(cwd, given);
    let isDir = false;
    try {
      isDir = statSync(path).isDirectory();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      unreadable.push({ source: given, message: code === 'ENOENT' ? 'no such file or directory' : `cannot read: ${(err as Error).message}` });
      continue;
    }
    if (!isDir) {
      files.push({ path, label: label(path) });
      continue;
    }
    try {
      const found = filesUnder(path);
      if (!found.length) unreadable.push({ source: given, message: 'directory holds no *.json or *.har files' });
      files.push(...found.map((file) => ({ path: file, label: label(file) })));
    } catch (err) {
      unreadable.push({ source: given, message: `cannot list directory: ${(err as Error).message}` });
    }
  }
  return { files, unreadable };
}
