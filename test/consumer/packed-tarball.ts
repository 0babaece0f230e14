/**
 * `npm pack` of the package as it is in the working tree, made in a copy of the files it is built
 * from (package.json, the TypeScript configs, scripts/, src/, generated/, catalogs/, ts-plugin/ and the
 * documents), with the repository's node_modules linked: `prepack` compiles the copy's dist/, so
 * test files that pack at the same time never rewrite the repository's dist/ under each other.
 * Its standard output is the JSON of `npm pack --json` alone, which the test parses whole.
 */
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './installed-package.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** What `npm pack --json` says of the tarball (the first element of its array). */
export interface PackResult {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

const COPIED = ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts', 'src', 'generated', 'catalogs', 'README.md', 'LICENSE', 'CHANGELOG.md', 'ts-plugin'];

/** Packs the working tree's package into `work` (a copy is made in `work/source`); returns the tarball's path and what npm said of it. */
export function packTarball(work: string): { tarball: string; pack: PackResult } {
  const source = join(work, 'source');
  mkdirSync(source, { recursive: true });
  for (const name of COPIED) cpSync(join(ROOT, name), join(source, name), { recursive: true, filter: (from) => !from.includes(`${join(ROOT, 'generated', 'site')}`) });
  symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
  const packed = run('npm', ['pack', '--json', '--pack-destination', work], source, 300_000);
  if (packed.status !== 0) throw new Error(`npm pack failed:\n${packed.out}`);
  const pack = (JSON.parse(packed.stdout) as PackResult[])[0];
  return { tarball: join(work, pack.filename), pack };
}
