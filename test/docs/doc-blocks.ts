/**
 * The fenced code blocks of the user documents (README.md and docs/**.md), each with the file and
 * line of its opening fence, for the tests that compile, run and parse them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface DocBlock {
  /** `README.md:56`: the file and the line of the opening fence. */
  where: string;
  /** The fence's language (`ts`, `sh`, `yaml`) and the word after it (`fragment`), if any. */
  lang: string;
  tag?: string;
  code: string;
}

/** The Markdown files below `dir` (relative to the project), recursively. */
export function markdownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? markdownFiles(path) : entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The fenced blocks of a Markdown text, in order (a fence of its own line, not indented). */
export function fencedBlocks(file: string, text: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w+)(?:\s+(\S+))?\s*$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && /^```\s*$/.test(line));
    if (end < 0) throw new Error(`${file}:${i + 1}: unclosed code block`);
    blocks.push({ where: `${file}:${i + 1}`, lang: open[1] === 'typescript' ? 'ts' : open[1], ...(open[2] ? { tag: open[2] } : {}), code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

/** The user documents: README.md and every Markdown file of docs/. */
export const DOCUMENTS = ['README.md', ...markdownFiles('docs')];

/** The blocks of `lang` of the documents (all of them unless `files` is given). */
export function documentBlocks(lang: string, files: readonly string[] = DOCUMENTS): DocBlock[] {
  return files.flatMap((file) => fencedBlocks(file, readFileSync(join(ROOT, file), 'utf8'))).filter((b) => b.lang === lang);
}
