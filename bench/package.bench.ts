/**
 * Package-level figures: tarball size and installed size (`npm pack` + install into a temp
 * project). Generation and build times are bench/build.bench.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function timed(cmd: string, args: string[], cwd: string): number {
  const started = performance.now();
  const result = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${result.stderr}`);
  return performance.now() - started;
}

function directorySize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export async function run(): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'sa-bench-pack-'));
  try {
    const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' });
    if (packed.status !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
    const info = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')))[0] as { filename: string; size: number; unpackedSize: number };
    const project = join(work, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'bench-consumer', private: true }));
    timed('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, info.filename)], project);
    const installed = directorySize(join(project, 'node_modules'));
    const own = directorySize(join(project, 'node_modules/social-analytics-api'));
    return [
      { name: 'tarball size (npm pack)', value: kb(info.size), baseline: `unpacked ${kb(info.unpackedSize)}` },
      { name: 'installed size (package + dependencies)', value: kb(installed), baseline: `package alone ${kb(own)}` },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
