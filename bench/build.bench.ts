/**
 * Build budgets (issue 13), each in fresh processes through npm exactly as CI runs them, side by
 * side with its target: `npm run build` <= 10 s and `npm run check:generated` <= 5 s. Both are
 * shown with the generation cache warm (how they run in CI: check:generated after build, and a
 * rebuild of an unchanged tree) and cold (`--no-cache`: every step runs; build = generate +
 * compile, as on a first run or after a catalog edit). Medians of `RUNS` runs.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, type BenchRow } from './types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 3;

function seconds(args: string[]): number {
  const times = Array.from({ length: RUNS }, () => {
    const started = performance.now();
    const result = spawnSync('npm', args, { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
    return (performance.now() - started) / 1000;
  });
  return median(times);
}

function row(name: string, value: number, targetSeconds: number, note = ''): BenchRow {
  return { name, value: `${value.toFixed(1)} s${note}`, target: `<= ${targetSeconds} s`, ok: value <= targetSeconds };
}

export async function run(): Promise<BenchRow[]> {
  const coldGenerate = seconds(['run', 'generate', '--', '--no-cache']);
  const coldCheck = seconds(['run', 'check:generated', '--', '--no-cache']);
  const compile = seconds(['run', 'compile']);
  const build = seconds(['run', 'build']);
  const check = seconds(['run', 'check:generated']);
  return [
    row('npm run build (generation cache warm)', build, 10),
    row('npm run build, cold (generate --no-cache + compile)', coldGenerate + compile, 10, ` (generate ${coldGenerate.toFixed(1)} s + compile ${compile.toFixed(1)} s)`),
    row('npm run check:generated (cache warm, as after a build)', check, 5),
    row('npm run check:generated --no-cache (every step runs)', coldCheck, 5),
  ];
}
