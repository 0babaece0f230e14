/** Fresh node processes for the benchmarks: the validators bundled as a consumer gets them, and timed runs. */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { median } from './types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Bundles src/validators/index.ts into `<dir>/validators.mjs` (one ESM file, as shipped code runs). */
export async function bundleValidators(dir: string): Promise<string> {
  const outfile = join(dir, 'validators.mjs');
  await build({ entryPoints: [join(root, 'src/validators/index.ts')], bundle: true, format: 'esm', platform: 'node', outfile, logLevel: 'silent' });
  return outfile;
}

/** Files under `dir` (relative to the root) whose name passes `keep`. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/**
 * The package's modules as installed: every module of src/ and generated/ transpiled on its
 * own into `<dir>` (as `npm run compile` builds dist/), the precompiled validators copied.
 * Returns the path of the validators entry point.
 */
export async function installedValidators(dir: string): Promise<string> {
  const isModule = (name: string) => name.endsWith('.ts') && !name.endsWith('.d.ts');
  const entryPoints = [...filesUnder('src', isModule), ...filesUnder('generated', isModule).filter((f) => !f.startsWith(join('generated', 'site')))];
  await build({ absWorkingDir: root, entryPoints, outdir: dir, outbase: '.', bundle: false, format: 'esm', platform: 'node', target: 'es2022', logLevel: 'silent' });
  for (const file of filesUnder(join('generated', 'validators'), (name) => name.endsWith('.js') || name.endsWith('.cjs'))) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(join(root, file), join(dir, file));
  }
  // As in the package: its .js files are ES modules.
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  return join(dir, 'src/validators/index.js');
}

/** Runs `script` in a fresh node process and returns the last line it printed. */
export function runChild(script: string, nodeArgs: string[] = []): string {
  const result = spawnSync(process.execPath, [...nodeArgs, script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stderr}`);
  return result.stdout.trim().split('\n').pop() ?? '';
}

/** Median of `runs` fresh-process runs of `script`, which prints its own milliseconds. */
export function childMs(script: string, runs: number): number {
  return median(Array.from({ length: runs }, () => Number(runChild(script))));
}
