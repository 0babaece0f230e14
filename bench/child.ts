/** Fresh node processes for the benchmarks: the validators bundled as a consumer gets them, and timed runs. */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BUNDLED_ENTRIES, compileJavaScript } from '../scripts/compile-javascript.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Bundles src/validators/index.ts into `<dir>/validators.mjs` (one ESM file, as shipped code runs). */
export async function bundleValidators(dir: string): Promise<string> {
  const outfile = join(dir, 'validators.mjs');
  await build({ entryPoints: [join(root, 'src/validators/index.ts')], bundle: true, format: 'esm', platform: 'node', outfile, logLevel: 'silent' });
  return outfile;
}

/**
 * The package's modules as installed: built into `<dir>` as `npm run compile` builds dist/ (the
 * same code: every module transpiled on its own, the validators entry bundled into one file).
 * Returns the path of the validators entry point.
 */
export async function installedValidators(dir: string): Promise<string> {
  await compileJavaScript(dir);
  // As in the package: its .js files are ES modules.
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  return join(dir, BUNDLED_ENTRIES['src/validators/index.ts']);
}

/** Runs `script` in a fresh node process and returns the last line it printed. */
export function runChild(script: string, nodeArgs: string[] = []): string {
  const result = spawnSync(process.execPath, [...nodeArgs, script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stderr}`);
  return result.stdout.trim().split('\n').pop() ?? '';
}

/**
 * `rounds` fresh-process runs of each of `scripts` (each prints its own milliseconds), taking
 * turns within a round: the milliseconds of each script, in script order.
 */
export function childRounds(scripts: string[], rounds: number): number[][] {
  const times = scripts.map((): number[] => []);
  for (let r = 0; r < rounds; r++) scripts.forEach((script, i) => times[i].push(Number(runChild(script))));
  return times;
}
