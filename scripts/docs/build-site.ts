/**
 * `npm run docs` (part of `npm run build`): the complete docs site in dist/site/ — the pages of
 * generated/site/ (committed, checked by `npm run check:generated`) plus the Redoc references
 * v1.html and v2.html, built here from generated/openapi/v1.yaml and v2.yaml. The references are
 * a build output, not generated files: see docs/decisions/redoc-build-output.md.
 *
 *   npm run docs              write dist/site/
 *   --out <dir>               write the site to another folder (the browser test uses a temp folder)
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../generate.js';
import { referencePage, SITE_DIR } from '../generators/site/pages.js';
import { referencePageHtml } from './reference-page.js';

/** Where `npm run docs` writes the site. */
export const DOCS_DIR = 'dist/site';

/**
 * Writes the site to `outDir` (emptied first): the pages of generated/site/ and the two Redoc
 * references, built in parallel. Returns the file names, sorted.
 */
export async function buildDocsSite(root: string, outDir: string): Promise<string[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'sa-docs-'));
  try {
    const references = await Promise.all(
      ([1, 2] as const).map(async (version) => ({
        file: referencePage(version),
        html: await referencePageHtml(root, `generated/openapi/v${version}.yaml`, `Social analytics API v${version}`, scratch),
      })),
    );
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const pages = readdirSync(join(root, SITE_DIR));
    for (const file of pages) copyFileSync(join(root, SITE_DIR, file), join(outDir, file));
    for (const { file, html } of references) writeFileSync(join(outDir, file), html);
    return [...pages, ...references.map((r) => r.file)].sort();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<void> {
  const started = performance.now();
  const i = argv.indexOf('--out');
  const out = i === -1 ? join(ROOT, DOCS_DIR) : resolve(argv[i + 1] ?? '');
  if (i !== -1 && !argv[i + 1]) throw new Error('--out needs a directory');
  const files = await buildDocsSite(ROOT, out);
  console.log(`docs site: ${files.length} files in ${out} in ${Math.round(performance.now() - started)} ms.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
