/**
 * A deterministic cache of the pipeline's output, so that `npm run check:generated` after
 * `npm run build` (and a second `npm run generate`) does not run the steps again.
 *
 * The key is a SHA-256 over everything the steps read: the bytes of every file under
 * catalogs/, spec/, scripts/ and docs/ (pages of the site); the modules of src/ that scripts/
 * imports, directly or through them (src/shared/, which the generators share with the runtime,
 * the commands' help that the site shows among them: {@link sourcesOfScripts}), so that an edit of the
 * rest of the runtime keeps the cache; redocly.yaml, tsconfig.json, CHANGELOG.md (the Changes
 * page), README.md (the "Using the package" pages), package.json, package-lock.json (the tools'
 * exact versions) and the Node version. Same key, same artifacts: the pipeline is deterministic
 * (`npm run check:generated` without a cache compares a fresh run with the committed files).
 * Only a successful run is stored, so bad input always runs the steps and gets their error message.
 * It lives in node_modules/.cache/ (one entry, replaced atomically); without node_modules there
 * is no cache. `--no-cache` bypasses it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Artifact } from './generators/artifact.js';

const INPUT_DIRS = ['catalogs', 'spec', 'scripts', 'docs'];
const INPUT_FILES = ['redocly.yaml', 'package.json', 'package-lock.json', 'tsconfig.json', 'CHANGELOG.md', 'README.md'];
const FORMAT = 1;

interface CacheFile {
  format: number;
  key: string;
  artifacts: { path: string; text?: string; base64?: string }[];
}

function cacheDir(root: string): string | undefined {
  const modules = join(root, 'node_modules');
  return existsSync(modules) ? join(modules, '.cache', 'social-analytics-api-generate') : undefined;
}

/** The files under `dir` of `root`, as paths from `root` with `/`. */
function filesUnder(root: string, dir: string): string[] {
  return existsSync(join(root, dir))
    ? readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'))
    : [];
}

/** A relative module specifier in code: the quoted ./ or ../ path after `from`, `import` or `import(` (also in `export * from`). */
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"\n]+)['"]/g;

/** The file a relative specifier of `from` names (`./a.js` is written for `./a.ts`), or undefined. */
function moduleFile(root: string, from: string, specifier: string): string | undefined {
  const path = relative(root, resolve(root, dirname(from), specifier)).split('\\').join('/');
  return [path, path.replace(/\.js$/, '.ts'), path.replace(/\.mjs$/, '.mts')].find((p) => existsSync(join(root, p)));
}

/**
 * The modules of src/ that the code of scripts/ imports, directly or through other src/ modules
 * (every kind of import, type-only ones included), sorted. generated/ is not followed: it is the
 * pipeline's output, never its input.
 */
export function sourcesOfScripts(root: string): string[] {
  const seen = new Set<string>();
  const queue = filesUnder(root, 'scripts').filter((f) => /\.(?:ts|mts|mjs)$/.test(f));
  while (queue.length) {
    const file = queue.pop()!;
    for (const [, specifier] of readFileSync(join(root, file), 'utf8').matchAll(RELATIVE_IMPORT)) {
      const target = moduleFile(root, file, specifier);
      if (target?.startsWith('src/') && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen].sort();
}

/** The key of the inputs under `root`, in a stable order. */
export function inputKey(root: string): string {
  const hash = createHash('sha256').update(`format ${FORMAT}\nnode ${process.version}\n`);
  const files = [...INPUT_DIRS.flatMap((dir) => filesUnder(root, dir)), ...sourcesOfScripts(root)];
  for (const file of [...files.sort(), ...INPUT_FILES]) {
    const path = join(root, file);
    hash.update(`${file}\0`);
    hash.update(existsSync(path) ? readFileSync(path) : Buffer.from('(absent)'));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The artifacts stored under `key`, or undefined. */
export function readCache(root: string, key: string): Artifact[] | undefined {
  const dir = cacheDir(root);
  const file = dir && join(dir, 'artifacts.json');
  if (!file || !existsSync(file)) return undefined;
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
    if (cached.format !== FORMAT || cached.key !== key) return undefined;
    return cached.artifacts.map((a) => ({ path: a.path, content: a.text ?? new Uint8Array(Buffer.from(a.base64 ?? '', 'base64')) }));
  } catch {
    return undefined; // a damaged cache is a miss
  }
}

/** Stores the artifacts of a successful run under `key` (best effort: a cache never fails a run). */
export function writeCache(root: string, key: string, artifacts: Artifact[]): void {
  const dir = cacheDir(root);
  if (!dir) return;
  const tmp = join(dir, `artifacts.${process.pid}.tmp`);
  try {
    mkdirSync(dir, { recursive: true });
    const file: CacheFile = {
      format: FORMAT,
      key,
      artifacts: artifacts.map((a) => (typeof a.content === 'string' ? { path: a.path, text: a.content } : { path: a.path, base64: Buffer.from(a.content).toString('base64') })),
    };
    writeFileSync(tmp, JSON.stringify(file));
    renameSync(tmp, join(dir, 'artifacts.json'));
  } catch {
    rmSync(tmp, { force: true });
  }
}
