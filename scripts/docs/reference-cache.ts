/**
 * The reference pages of the last `npm run docs`, in node_modules/.cache/, so that a rebuild of
 * an unchanged tree (a warm `npm run build`) does not run Redocly again. The key is a SHA-256 of
 * everything a page depends on: the generated OpenAPI document, the title, the installed
 * @redocly/cli version and the scripts that build and patch the page. Without node_modules, or
 * after `rm -rf node_modules/.cache` (a cold build), every page is built.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const SCRIPTS = [
  'scripts/docs/reference-page.ts',
  'scripts/docs/reference-cache.ts',
  'scripts/docs/redoc-theme.ts',
  'scripts/generators/site/html.ts',
  'scripts/generators/site/search-box.ts',
  'scripts/generators/site/style.ts',
];

const cacheFile = (root: string, page: string) => join(root, 'node_modules', '.cache', 'social-analytics-api-docs', `${page}.json`);

/** The key of a page built from `content` under `title` with the project's tools. */
export function referenceKey(root: string, content: string, title: string): string {
  const redocly = createRequire(join(root, 'package.json'))('@redocly/cli/package.json') as { version: string };
  const hash = createHash('sha256').update(`redocly ${redocly.version}\ntitle ${title}\n`);
  for (const script of SCRIPTS) hash.update(readFileSync(join(root, script))).update('\0');
  return hash.update(content).digest('hex');
}

/** The page stored under `key`, or undefined. */
export function readReference(root: string, page: string, key: string): string | undefined {
  const file = cacheFile(root, page);
  if (!existsSync(file)) return undefined;
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as { key: string; html: string };
    return cached.key === key ? cached.html : undefined;
  } catch {
    return undefined; // a damaged entry is a miss
  }
}

/** Stores a built page under `key` (best effort: the cache never fails a build). */
export function writeReference(root: string, page: string, key: string, html: string): void {
  if (!existsSync(join(root, 'node_modules'))) return;
  const file = cacheFile(root, page);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(tmp, JSON.stringify({ key, html }));
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}
