/**
 * `npm run compile`: builds dist/ from src/ and generated/ in two concurrent parts.
 *   - JavaScript (scripts/compile-javascript.mjs): esbuild transpiles each TypeScript module on
 *     its own, the precompiled validators are copied as generated, and the `./validators` entry
 *     is bundled into one ES module (one file to read at import; each operation's validators
 *     still evaluated on first use).
 *   - Declarations: tsc with `emitDeclarationOnly` and `noCheck` (tsconfig.build.json); the
 *     validators' generated .d.ts files are copied beside their JavaScript.
 * Type checking is not part of the build: `npm run typecheck` (and `npm test`) do it once for
 * the whole project, so the build does not pay for a second full checker pass.
 * Plain JavaScript so that it starts without a TypeScript loader.
 */
import { spawn } from 'node:child_process';
import { chmodSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { compileJavaScript, root } from './compile-javascript.mjs';

const dist = join(root, 'dist');

function declarations() {
  return new Promise((resolve, reject) => {
    const tsc = spawn(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
    tsc.on('error', reject);
    tsc.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tsc (declarations) exited with ${code}`))));
  });
}

async function main() {
  const started = performance.now();
  // Only what this script writes: dist/site is the docs build's (npm run docs), which may run beside it.
  for (const dir of ['src', 'generated']) rmSync(join(dist, dir), { recursive: true, force: true });
  const [sources] = await Promise.all([compileJavaScript(dist), declarations()]);
  chmodSync(join(dist, 'src/cli/main.js'), 0o755);
  console.log(`compiled ${sources.length} modules into dist/ in ${Math.round(performance.now() - started)} ms.`);
}

main().catch((err) => {
  console.error(`compile: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
