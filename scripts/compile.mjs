/**
 * `npm run compile`: builds dist/ from src/ and generated/ in two concurrent parts.
 *   - JavaScript (scripts/compile-javascript.mjs): esbuild builds each TypeScript module as an ES
 *     module (`.js`) and, for what the entry points of `exports` reach, as CommonJS (`.cjs`); the
 *     `./validators` entry is bundled into one file of each format (one file to read at import;
 *     each operation's validators still evaluated on first use).
 *   - Declarations: tsc with `emitDeclarationOnly` and `noCheck` (tsconfig.build.json); the
 *     validators' generated .d.ts files are copied beside their JavaScript. Each `.d.ts` then gets
 *     a `.d.cts` twin for the CommonJS files, its relative imports pointing to `.cjs` files, so a
 *     `require` resolves to CommonJS types and an `import` to ES module types.
 * Type checking is not part of the build: `npm run typecheck` (and `npm test`) do it once for
 * the whole project, so the build does not pay for a second full checker pass.
 * Tools are found as Node.js finds a package (from the package folder upward), so the compile also
 * runs where npm hoisted them to a workspace root. Everything it prints goes to standard error:
 * it runs inside `npm pack --json`, whose standard output is the JSON alone.
 * Plain JavaScript so that it starts without a TypeScript loader.
 */
import { spawn } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileJavaScript, FACTORY_ENTRIES, factoryDeclarations, root } from './compile-javascript.mjs';

const dist = join(root, 'dist');

/** The path of a tool's file, resolved as `require` resolves it from the package folder upward (a workspace hoists devDependencies to its root). */
export const toolPath = (specifier, from = root) => createRequire(join(from, 'package.json')).resolve(specifier);

function declarations() {
  return new Promise((resolve, reject) => {
    // tsc prints its diagnostics on standard output: they go to standard error here.
    const tsc = spawn(process.execPath, [toolPath('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: ['ignore', 2, 2] });
    tsc.on('error', reject);
    tsc.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tsc (declarations) exited with ${code}`))));
  });
}

/** `from './x.js'`, `import('./x.js')` with a relative specifier: the places a declaration file names another. */
const RELATIVE_JS = /((?:\bfrom\s*|\bimport\s*\(\s*)["'])(\.{1,2}\/[^"']*?)\.js(["'])/g;

/** The CommonJS twin of a declaration file's text: its relative imports name the `.cjs` files (whose declarations are the `.d.cts` twins). */
export const commonJsDeclarations = (text) => text.replace(RELATIVE_JS, '$1$2.cjs$3');

/** Writes a `.d.cts` twin beside every `.d.ts` under `dir`. */
function writeCommonJsDeclarations(dir) {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    writeFileSync(file.replace(/\.d\.ts$/, '.d.cts'), commonJsDeclarations(readFileSync(file, 'utf8')));
  }
}

async function main() {
  const started = performance.now();
  // Only what this script writes: dist/site is the docs build's (npm run docs), which may run beside it.
  for (const dir of ['src', 'generated']) rmSync(join(dist, dir), { recursive: true, force: true });
  const [sources] = await Promise.all([compileJavaScript(dist), declarations()]);
  for (const dir of ['src', 'generated']) writeCommonJsDeclarations(join(dist, dir));
  for (const [source, entry] of Object.entries(FACTORY_ENTRIES)) writeFileSync(join(dist, source.replace(/\.ts$/, '.d.cts')), factoryDeclarations(entry));
  chmodSync(join(dist, 'src/cli/main.js'), 0o755);
  console.error(`compiled ${sources.length} modules into dist/ (ES modules and CommonJS) in ${Math.round(performance.now() - started)} ms.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => {
    console.error(`compile: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
