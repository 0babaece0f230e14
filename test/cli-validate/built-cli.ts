/**
 * The command line as it ships, for tests and benchmarks that run it in child processes: src/cli
 * bundled once by esbuild (the CLI and, beside it, its checking thread), run by plain node, so a
 * child costs its start (about 0.2 s of CPU), not a TypeScript transpile of every source (about 1 s).
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

const ROOT = join(import.meta.dirname, '..', '..');

/** Bundles the CLI of the checkout at `source` into `dir` (cli.js, check-worker.js); returns the path of cli.js. */
export async function bundleCli(dir: string, source = ROOT): Promise<string> {
  const worker = join(source, 'src/cli/check-worker.ts');
  const entryPoints = { cli: join(source, 'src/cli/main.ts'), ...(existsSync(worker) ? { 'check-worker': worker } : {}) };
  // A dependency's "module" build is taken before its "main" (a UMD main cannot be bundled as ESM).
  await build({ entryPoints, bundle: true, format: 'esm', platform: 'node', mainFields: ['module', 'main'], outdir: dir, logLevel: 'silent' });
  // The package's name and version, which `--version` reads from the package.json above the CLI.
  const { name, version } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { name: string; version: string };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version, type: 'module' }));
  return join(dir, 'cli.js');
}

/** The CLI bundled into a new temporary directory any user can read; `remove` deletes it. */
export async function builtCli(): Promise<{ cli: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'sa-cli-'));
  chmodSync(dir, 0o755);
  const cli = await bundleCli(dir);
  return { cli, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
