/**
 * `npm run bench`: runs every benchmark of the package (bench/*.bench.ts, each exporting
 * `run(): Promise<BenchRow[]>`) and prints one table. Figures are medians of several runs;
 * every ratio is measured side by side in the same run.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchRow } from './types.js';

const here = dirname(fileURLToPath(import.meta.url));

function printTable(rows: BenchRow[]) {
  const header = ['benchmark', 'figure', 'baseline', 'ratio', 'target', 'ok'];
  const lines = rows.map((r) => [r.name, r.value, r.baseline ?? '', r.ratio ?? '', r.target ?? '', r.ok === undefined ? '' : r.ok ? 'yes' : 'NO']);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

async function main() {
  const only = process.argv.slice(2);
  const files = readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort();
  const rows: BenchRow[] = [];
  for (const file of files) {
    if (only.length && !only.some((o) => file.includes(o))) continue;
    const started = performance.now();
    console.error(`running ${file} ...`);
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { run(): Promise<BenchRow[]> };
    rows.push(...(await mod.run()));
    console.error(`  ${file} took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  printTable(rows);
}

main().catch((err) => {
  console.error(`bench: ${err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});
