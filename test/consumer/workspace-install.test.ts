/**
 * The package in an npm workspace, both ways a team puts it there, in one `npm install` at the
 * workspace root:
 *   - as a workspace member (a clone of the current commit in `packages/`): npm installs the
 *     members' devDependencies at the workspace root and runs the member's `prepare`, which must
 *     find typescript and esbuild there (Node.js resolution from the package folder upward); an
 *     `app` member depends on it; `npm run compile -w social-analytics-api` builds it again;
 *   - as a git dependency of another member (`git+file://` of the same commit): npm prepares it in
 *     a clone of its own and installs it into that member.
 * What is tested is what is committed (clones of HEAD), as in git-install.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRIES, importEntries, requireEntries, run, runBin } from './installed-package.js';
import { ROOT } from './packed-tarball.js';

let work: string;
let workspace: string;
let installed: ReturnType<typeof run>;

/** A shallow clone of the current commit at `into`. */
function cloneHead(into: string): void {
  const cloned = run('git', ['clone', '--quiet', '--no-local', '--depth', '1', pathToFileURL(ROOT).href, into], work);
  if (cloned.status !== 0) throw new Error(`git clone failed:\n${cloned.out}`);
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sa-workspace-'));
  workspace = join(work, 'workspace');
  const repository = join(work, 'repository');
  cloneHead(repository);
  cloneHead(join(workspace, 'packages/social-analytics-api'));
  writeFileSync(join(workspace, 'package.json'), JSON.stringify({ name: 'workspace', private: true, workspaces: ['packages/*'] }));
  const member = (name: string, spec: string) => {
    mkdirSync(join(workspace, 'packages', name), { recursive: true });
    writeFileSync(join(workspace, 'packages', name, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true, type: 'module', dependencies: { 'social-analytics-api': spec } }));
  };
  member('app', '0.1.0');
  member('git-app', `git+${pathToFileURL(repository).href}`);
  const started = performance.now();
  installed = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], workspace, 540_000);
  console.log(`npm install in the workspace: ${Math.round((performance.now() - started) / 1000)} s`);
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('in an npm workspace', () => {
  it('installs: the member is built by its prepare with the tools npm hoisted to the workspace root', () => {
    expect(installed.status, installed.out).toBe(0);
    const packageDir = join(workspace, 'packages/social-analytics-api');
    expect(existsSync(join(packageDir, 'node_modules/typescript')), 'typescript is hoisted, not in the member').toBe(false);
    expect(existsSync(join(workspace, 'node_modules/typescript'))).toBe(true);
    for (const file of ['dist/src/index.js', 'dist/src/index.cjs', 'dist/src/index.d.cts', 'dist/src/cli/main.js']) expect(existsSync(join(packageDir, file)), file).toBe(true);
  });

  it('serves the member to the app member: every entry imported and required, the bin', () => {
    const app = join(workspace, 'packages/app');
    const imported = importEntries(app, ROOT);
    expect(imported.status, imported.out).toBe(0);
    expect(Object.keys(imported.exports!)).toEqual(ENTRIES);
    const required = requireEntries(app, ROOT);
    expect(required.status, required.out).toBe(0);
    expect(required.exports).toEqual(imported.exports);
    const { good, bad } = runBin(workspace);
    expect(good.status, good.out).toBe(0);
    expect(bad.status, bad.out).toBe(1);
  });

  it('compiles the member with npm run compile -w, logging to standard error only', () => {
    const compiled = run('npm', ['run', '--silent', 'compile', '-w', 'social-analytics-api'], workspace);
    expect(compiled.status, compiled.out).toBe(0);
    expect(compiled.stdout).toBe('');
    expect(compiled.out).toMatch(/compiled \d+ modules into dist\//);
  }, 180_000);

  it('installs the package as a git dependency of another member, built in its own clone', () => {
    const gitApp = join(workspace, 'packages/git-app');
    const nested = join(gitApp, 'node_modules/social-analytics-api');
    expect(existsSync(join(nested, 'dist/src/index.cjs')), 'the git dependency sits in its member, built').toBe(true);
    // Packed by npm from its clone: the files list (src/ ships for the declaration maps; tests and scripts do not).
    expect(existsSync(join(nested, 'test')), 'packed: no tests').toBe(false);
    expect(existsSync(join(nested, 'scripts')), 'packed: no scripts').toBe(false);
    const imported = importEntries(gitApp, ROOT);
    expect(imported.status, imported.out).toBe(0);
    expect(Object.keys(imported.exports!)).toEqual(ENTRIES);
    const required = requireEntries(gitApp, ROOT);
    expect(required.exports).toEqual(imported.exports);
  });
});
