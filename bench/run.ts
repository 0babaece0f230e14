/**
 * `npm run bench`: runs every benchmark of the package (bench/*.bench.ts, each exporting
 * `run(): Promise<BenchRow[]>`) and prints one table. Figures are medians of several runs;
 * every ratio is measured side by side in the same run. A full run (no part named) also
 * rewrites the table block of bench/README.md; `npm run bench -- <part>` only prints.
 */
import { readdirSync } from 'node:fs';
import { arch, cpus, loadavg, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { consoleTable, writeTableBlock } from './table.js';
import type { BenchRow } from './types.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Where the figures come from: system, cores, CPU model, Node.js version, load at the start. */
function environment(loadAtStart: number): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() || 'unknown CPU';
  return `Measured on ${platform()} ${arch()}, ${cores.length} cores (${model}), Node.js ${process.version}, load average ${loadAtStart.toFixed(2)} at the start.`;
}

async function main() {
  const only = process.argv.slice(2);
  const loadAtStart = loadavg()[0];
  const files = readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort();
  const stems = files.map((f) => f.slice(0, -'.bench.ts'.length));
  // A word that names a part exactly runs that part alone (`cli`, not `client` too); another runs every part whose name contains it.
  const picks = (stem: string) => only.some((o) => (stems.includes(o) ? stem === o : stem.includes(o)));
  const rows: BenchRow[] = [];
  for (const [i, file] of files.entries()) {
    if (only.length && !picks(stems[i])) continue;
    const started = performance.now();
    console.error(`running ${file} ...`);
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { run(): Promise<BenchRow[]> };
    rows.push(...(await mod.run()));
    console.error(`  ${file} took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  console.log(consoleTable(rows));
  if (only.length === 0) {
    await writeTableBlock(join(here, 'README.md'), rows, environment(loadAtStart));
    console.error('bench/README.md: table rewritten');
  }
}

main().catch((err) => {
  console.error(`bench: ${err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});
