/**
 * What the install tests (tarball, git URL, workspace) check in the project the package was installed
 * into: each entry point imports (and is required) from plain Node.js (no TypeScript, no bundler), and the bin
 * checks capture files with the documented exit codes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every JavaScript entry point of package.json's `exports`. */
export const ENTRIES = ['social-analytics-api', 'social-analytics-api/v1', 'social-analytics-api/v2', 'social-analytics-api/validators', 'social-analytics-api/mock', 'social-analytics-api/catalogs', 'social-analytics-api/vitest', 'social-analytics-api/jest', 'social-analytics-api/matchers', 'social-analytics-api/proxy', 'social-analytics-api/captures', 'social-analytics-api/msw', 'social-analytics-api/fixtures', 'social-analytics-api/arbitraries', 'social-analytics-api/ts-plugin'];

export function run(cmd: string, args: string[], cwd: string, timeout = 240_000) {
  const result = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' }, timeout });
  return { status: result.status, out: `${result.stdout ?? ''}${result.stderr ?? ''}`, stdout: result.stdout ?? '' };
}

/** Optional peer dependencies a project adds itself for the entries that need them (`/vitest`, `/msw`, `/arbitraries`). */
const OPTIONAL_PEERS = ['vitest', 'msw', 'fast-check'];

/** Links the repository's copy of each optional peer dependency into `project`. */
function linkOptionalPeers(project: string, repositoryRoot: string): void {
  for (const name of OPTIONAL_PEERS) {
    const linked = join(project, 'node_modules', name);
    if (existsSync(linked)) continue;
    mkdirSync(join(project, 'node_modules'), { recursive: true });
    symlinkSync(join(repositoryRoot, 'node_modules', name), linked, 'dir');
  }
}

/** Runs `script` (written into `project` as `file`) with node; the last line it prints is the JSON it returns. */
function runScript(project: string, file: string, script: string) {
  writeFileSync(join(project, file), script);
  const result = run(process.execPath, [file], project);
  return { ...result, value: result.status === 0 ? JSON.parse(result.stdout.trim().split('\n').pop()!) : undefined };
}

/** Imports every entry in `project` with node and returns the names each exports. */
export function importEntries(project: string, repositoryRoot: string): { status: number | null; out: string; exports?: Record<string, string[]> } {
  linkOptionalPeers(project, repositoryRoot);
  const result = runScript(project, 'import-entries.mjs', `const exports = {};\nfor (const entry of ${JSON.stringify(ENTRIES)}) exports[entry] = Object.keys(await import(entry)).sort();\nconsole.log(JSON.stringify(exports));\n`);
  return { status: result.status, out: result.out, exports: result.value };
}

/**
 * \`require()\`s every entry in \`project\` with node (CommonJS) and returns the names each exports,
 * and the entries whose \`require()\` loaded an ES module file of the package (\`.js\` under dist/).
 */
export function requireEntries(project: string, repositoryRoot: string): { status: number | null; out: string; exports?: Record<string, string[]>; esm?: string[] } {
  linkOptionalPeers(project, repositoryRoot);
  const script = `const names = {};
const esm = [];
for (const entry of ${JSON.stringify(ENTRIES)}) {
  const before = new Set(Object.keys(require.cache));
  const loaded = require(entry);
  // A module that is one function (the tsserver plugin) is what an ES module import gives as its default.
  names[entry] = typeof loaded === "function" ? ["default"] : Object.keys(loaded).sort();
  if (Object.keys(require.cache).some((file) => !before.has(file) && /social-analytics-api[\\/]dist[\\/].*\\.js$/.test(file))) esm.push(entry);
}
console.log(JSON.stringify({ exports: names, esm }));
`;
  const result = runScript(project, 'require-entries.cjs', script);
  return { status: result.status, out: result.out, exports: result.value?.exports, esm: result.value?.esm };
}

/** Runs the installed bin on a valid and an invalid capture and on a usage mistake: their exit codes and output. */
export function runBin(project: string) {
  const bin = join(project, 'node_modules/.bin/social-analytics-api');
  const capture = { method: 'GET', path: '/2/twitter/profiles', response: { success: true, profiles: [{ id: '1', name: 'Example' }] } };
  writeFileSync(join(project, 'good.json'), JSON.stringify(capture));
  writeFileSync(join(project, 'bad.json'), JSON.stringify({ ...capture, response: { success: true, profiles: [{ id: 1 }] } }));
  return { good: run(bin, ['validate', 'good.json'], project), bad: run(bin, ['validate', 'bad.json'], project), usage: run(bin, ['frobnicate'], project) };
}
