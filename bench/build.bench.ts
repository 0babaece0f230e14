/**
 * Build budgets (issue 13), each in fresh processes through npm exactly as a developer or CI
 * runs them, side by side with its target: `npm run build` <= 10 s and `npm run check:generated`
 * <= 5 s, both cold and warm.
 *   - cold: the generation cache removed first (`rm -rf node_modules/.cache`): every step runs,
 *     as on a first run or after a catalog edit.
 *   - warm: the cache filled by the run before (check:generated after a build, a rebuild of an
 *     unchanged tree): the steps are skipped, and the build reuses the Redoc pages.
 * `npm run build` is generate, then compile and the docs site (Redoc references) side by side.
 * Medians of `RUNS` runs; the machine's load average is printed with them, and beside each wall
 * time the CPU time of all its processes (user + system, from /proc on Linux), which other work
 * on the machine does not inflate: with 2 cores, wall time >= CPU time / 2.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, type BenchRow } from './types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 3;

const dropCache = () => rmSync(join(root, 'node_modules/.cache'), { recursive: true, force: true });

/** CPU seconds (user + system) of the waited-for child processes of this process, or undefined off Linux. */
function childrenCpuSeconds(): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  // Fields after the command name: cutime and cstime are the 14th and 15th (clock ticks, 100 per second).
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

interface Timing {
  wall: number;
  cpu?: number;
}

/** Median wall and CPU seconds of `npm <args>`, each run after `before`. */
function seconds(args: string[], before: () => void = () => {}): Timing {
  const runs = Array.from({ length: RUNS }, () => {
    before();
    const cpuBefore = childrenCpuSeconds();
    const started = performance.now();
    const result = spawnSync('npm', args, { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
    const cpuAfter = childrenCpuSeconds();
    return { wall: (performance.now() - started) / 1000, cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
  });
  const cpus = runs.map((r) => r.cpu).filter((c): c is number => c !== undefined);
  return { wall: median(runs.map((r) => r.wall)), ...(cpus.length ? { cpu: median(cpus) } : {}) };
}

function row(name: string, { wall, cpu }: Timing, targetSeconds: number): BenchRow {
  return {
    name,
    value: `${wall.toFixed(1)} s`,
    ...(cpu === undefined ? {} : { baseline: `CPU ${cpu.toFixed(1)} s` }),
    target: `<= ${targetSeconds} s`,
    ok: wall <= targetSeconds,
  };
}

export async function run(): Promise<BenchRow[]> {
  const load = loadavg()[0].toFixed(2);
  const coldCheck = seconds(['run', 'check:generated'], dropCache);
  const coldBuild = seconds(['run', 'build'], dropCache);
  const warmBuild = seconds(['run', 'build']);
  const warmCheck = seconds(['run', 'check:generated']);
  const note = ` (2 cores, load ${load} at start)`;
  return [
    row(`npm run check:generated, cold (no node_modules/.cache)${note}`, coldCheck, 5),
    row('npm run check:generated, warm (cache filled by the build before)', warmCheck, 5),
    row('npm run build, cold (no node_modules/.cache): generate, then compile and docs', coldBuild, 10),
    row('npm run build, warm (unchanged tree: generation and Redoc skipped)', warmBuild, 10),
  ];
}
