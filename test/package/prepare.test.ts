/**
 * scripts/prepare.mjs, which npm runs for a git install and on `npm ci` in the repository, compiles
 * only when a built file that package.json points to (exports, bin) is missing: a git clone has no
 * dist/ and is built; a built clone is left alone. (The git install itself:
 * test/consumer/git-install.test.ts.)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error a plain JavaScript script without declarations
import { missingBuiltFiles, missingTools } from '../../scripts/prepare.mjs';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function packageWith(files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sa-prepare-'));
  dirs.push(dir);
  const pkg = {
    exports: { '.': { types: './dist/src/index.d.ts', default: './dist/src/index.js' }, './openapi/v2.yaml': './generated/openapi/v2.yaml', './package.json': './package.json' },
    bin: { tool: './dist/src/cli/main.js' },
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), '');
  }
  return dir;
}

describe('prepare', () => {
  it('finds every built file of exports and bin missing in a clone without dist/', () => {
    expect(missingBuiltFiles(packageWith([]))).toEqual(['./dist/src/index.d.ts', './dist/src/index.js', './dist/src/cli/main.js']);
  });
  it('finds nothing missing once they are built (files outside dist/ are not its business)', () => {
    expect(missingBuiltFiles(packageWith(['dist/src/index.d.ts', 'dist/src/index.js', 'dist/src/cli/main.js']))).toEqual([]);
  });
  it('names the one missing file of a half-built dist/', () => {
    expect(missingBuiltFiles(packageWith(['dist/src/index.d.ts', 'dist/src/index.js']))).toEqual(['./dist/src/cli/main.js']);
  });
  it('reads the files of conditions nested in exports (import and require, each with its types)', () => {
    const dir = packageWith(['dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/cli/main.js']);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    pkg.exports['.'] = { import: { types: './dist/src/index.d.ts', default: './dist/src/index.js' }, require: { types: './dist/src/index.d.cts', default: './dist/src/index.cjs' } };
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
    expect(missingBuiltFiles(dir)).toEqual(['./dist/src/index.d.cts', './dist/src/index.cjs']);
  });

  it('finds the tools that compile in a folder above the package, as a workspace hoists them', () => {
    const workspace = packageWith([]);
    for (const tool of ['typescript', 'esbuild']) {
      mkdirSync(join(workspace, 'node_modules', tool), { recursive: true });
      writeFileSync(join(workspace, 'node_modules', tool, 'package.json'), JSON.stringify({ name: tool, version: '1.0.0' }));
    }
    const member = (name: string) => {
      mkdirSync(join(workspace, 'packages', name), { recursive: true });
      writeFileSync(join(workspace, 'packages', name, 'package.json'), '{}');
      return join(workspace, 'packages', name);
    };
    expect(missingTools(member('a'))).toEqual([]);
    rmSync(join(workspace, 'node_modules/esbuild'), { recursive: true });
    // (Another member: Node.js keeps what it resolved from a folder.)
    expect(missingTools(member('b'))).toEqual(['esbuild']);
  });

  it('is the prepare script of package.json, and prepack still compiles for npm pack', () => {
    const scripts = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).scripts;
    expect(scripts.prepare).toBe('node scripts/prepare.mjs');
    expect(scripts.prepack).toBe('node scripts/compile.mjs');
  });
});
