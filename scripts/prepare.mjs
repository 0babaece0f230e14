/**
 * `npm run prepare`, which npm runs on its own in two places:
 *   - installing the package from a git URL (`npm install git+https://...`): npm clones the
 *     repository, installs its dependencies (devDependencies included) in the clone, runs
 *     `prepare`, then packs the clone as `npm pack` would and installs that. A clone has no
 *     dist/ (it is not committed), so this compiles it (`npm run compile`: dist/src and
 *     dist/generated, what package.json's `files` ship; generated/ is committed, the docs site is
 *     not shipped), and the installed package has its entry points and its bin.
 *   - `npm ci` / `npm install` in a clone of the repository: dist/ is compiled once if it is not
 *     there, so a fresh clone can import its entry points at once; an existing dist/ is left
 *     alone (`npm ci` stays quick; `npm run build` or `npm run compile` rebuilds it after a change
 *     of src/, and `npm pack` always recompiles through `prepack`).
 * The devDependencies that compile are found as Node.js finds a package, from the package folder
 * upward: in an npm workspace they are hoisted to the workspace root. What it prints goes to
 * standard error (npm runs it inside `npm pack --json`, whose standard output is the JSON alone).
 * Plain JavaScript so that it starts without a TypeScript loader.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The built files of an `exports` entry: a string, or conditions nested in objects. */
const targetsOf = (entry) => (typeof entry === 'string' ? [entry] : Object.values(entry ?? {}).flatMap(targetsOf));

/** The built files package.json points to (exports, bin) that are not there. */
export function missingBuiltFiles(dir = root) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const targets = [...Object.values(pkg.exports).flatMap(targetsOf), ...Object.values(pkg.bin ?? {})].filter((t) => t.startsWith('./dist/'));
  return [...new Set(targets)].filter((t) => !existsSync(join(dir, t)));
}

/** The packages that compile (`typescript`, `esbuild`) that Node.js resolution does not find from `dir` upward. */
export function missingTools(dir = root) {
  const require = createRequire(join(dir, 'package.json'));
  return ['typescript', 'esbuild'].filter((name) => {
    try {
      require.resolve(`${name}/package.json`);
      return false;
    } catch {
      return true;
    }
  });
}

function main() {
  const missing = missingBuiltFiles();
  if (!missing.length) {
    console.error('prepare: dist/ is built; left as it is (npm run compile rebuilds it)');
    return;
  }
  const tools = missingTools();
  if (tools.length) {
    console.error(`prepare: dist/ is not built (${missing[0]} is missing) and the devDependencies that build it (${tools.join(', ')}) are not installed here or in a folder above; run npm install with devDependencies, then npm run compile`);
    process.exit(1);
  }
  console.error(`prepare: dist/ is not built (${missing[0]} is missing): npm run compile`);
  const result = spawnSync(process.execPath, [join(root, 'scripts/compile.mjs')], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
