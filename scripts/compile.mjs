/**
 * `npm run compile`: builds dist/ from src/ and generated/ in two concurrent parts.
 *   - JavaScript: esbuild transpiles each TypeScript module on its own (no bundling: dist keeps
 *     one file per module, as the package's entry points and `sideEffects` expect); the
 *     precompiled validators (generated/validators/**: .js, .cjs) are copied as generated.
 *   - Declarations: tsc with `emitDeclarationOnly` and `noCheck` (tsconfig.build.json); the
 *     validators' generated .d.ts files are copied beside their JavaScript.
 * Type checking is not part of the build: `npm run typecheck` (and `npm test`) do it once for
 * the whole project, so the build does not pay for a second full checker pass.
 * Plain JavaScript so that it starts without a TypeScript loader.
 */
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/** Files under `dir` (relative to the root) whose name passes `keep`. */
function filesUnder(dir, keep) {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && keep(e.name, join(e.parentPath, e.name)))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

const isModule = (name) => name.endsWith('.ts') && !name.endsWith('.d.ts');
const sources = [...filesUnder('src', isModule), ...filesUnder('generated', (name, path) => isModule(name) && !path.includes(`${join('generated', 'site')}`))];

function declarations() {
  return new Promise((resolve, reject) => {
    const tsc = spawn(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
    tsc.on('error', reject);
    tsc.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tsc (declarations) exited with ${code}`))));
  });
}

async function javascript() {
  await build({
    absWorkingDir: root,
    entryPoints: sources,
    outdir: dist,
    outbase: '.',
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    tsconfig: 'tsconfig.build.json',
    logLevel: 'warning',
  });
  for (const file of filesUnder('generated/validators', (name) => name.endsWith('.js') || name.endsWith('.cjs') || name.endsWith('.d.ts'))) {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    copyFileSync(join(root, file), join(dist, file));
  }
}

async function main() {
  const started = performance.now();
  // Only what this script writes: dist/site is the docs build's (npm run docs), which may run beside it.
  for (const dir of ['src', 'generated']) rmSync(join(dist, dir), { recursive: true, force: true });
  await Promise.all([javascript(), declarations()]);
  chmodSync(join(dist, 'src/cli/main.js'), 0o755);
  console.log(`compiled ${sources.length} modules into dist/ in ${Math.round(performance.now() - started)} ms.`);
}

main().catch((err) => {
  console.error(`compile: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
