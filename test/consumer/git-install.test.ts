/**
 * The README's git install, as a user runs it: `npm install git+<url>` into an empty project.
 * npm clones the repository, installs its dependencies in the clone, runs its `prepare` script
 * (scripts/prepare.mjs: the clone has no dist/, so it compiles one), packs the clone as `npm pack`
 * would and installs that. The repository here is a shallow clone of the current commit (what is
 * committed is tested, not the working tree), reached through a `git+file://` URL: nothing leaves
 * the machine but npm's own registry requests for the clone's dependencies (from its cache when
 * it holds them).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRIES, importEntries, run, runBin } from './installed-package.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

let work: string;
let project: string;
let installed: string;
let commit: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sa-git-install-'));
  commit = run('git', ['rev-parse', 'HEAD'], root).stdout.trim();
  const repository = join(work, 'repository');
  const cloned = run('git', ['clone', '--quiet', '--no-local', '--depth', '1', pathToFileURL(root).href, repository], work);
  if (cloned.status !== 0) throw new Error(`git clone failed:\n${cloned.out}`);
  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const started = performance.now();
  const result = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', `git+${pathToFileURL(repository).href}`], project, 540_000);
  console.log(`npm install git+file://... of ${commit.slice(0, 7)}: ${Math.round((performance.now() - started) / 1000)} s`);
  if (result.status !== 0) throw new Error(`npm install from git failed:\n${result.out}`);
  installed = join(project, 'node_modules/social-analytics-api');
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('installed from a git URL', () => {
  it('is the committed version, built on install: dist/ and the bin, the sources its declaration maps name, and no tests or scripts', () => {
    expect(run('git', ['rev-parse', 'HEAD'], join(work, 'repository')).stdout.trim()).toBe(commit);
    expect(existsSync(join(work, 'repository/dist')), 'the clone holds no dist/ before npm builds it').toBe(false);
    // src/ ships for the declaration maps (go to definition lands in it); nothing imports it at run time.
    for (const file of ['dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/index.d.ts.map', 'src/index.ts', 'dist/src/cli/main.js', 'generated/openapi/v2.yaml', 'LICENSE', 'CHANGELOG.md']) {
      expect(existsSync(join(installed, file)), file).toBe(true);
    }
    for (const absent of ['test', 'scripts', 'bench', 'node_modules/typescript']) expect(existsSync(join(installed, absent)), absent).toBe(false);
    expect(existsSync(join(project, 'node_modules/.bin/social-analytics-api'))).toBe(true);
  });

  it('imports every entry point', () => {
    const result = importEntries(project, root);
    expect(result.status, result.out).toBe(0);
    expect(Object.keys(result.exports!)).toEqual(ENTRIES);
    expect(result.exports!['social-analytics-api']).toContain('createClient');
    expect(result.exports!['social-analytics-api/v2']).toContain('v2');
    expect(result.exports!['social-analytics-api/validators']).toContain('validateResponse');
    expect(result.exports!['social-analytics-api/mock']).toContain('startMockServer');
    expect(result.exports!['social-analytics-api/catalogs']).toContain('catalogs');
    expect(result.exports!['social-analytics-api/vitest']).toContain('captureCases');
    expect(result.exports!['social-analytics-api/proxy']).toContain('startProxy');
    expect(result.exports!['social-analytics-api/captures']).toContain('writeCaptures');
  });

  it('runs the bin from node_modules/.bin', () => {
    const { good, bad, usage } = runBin(project);
    expect(good.status, good.out).toBe(0);
    expect(bad.status, bad.out).toBe(1);
    expect(bad.out).toContain('/profiles/0');
    expect(usage.status).toBe(2);
  });
});
