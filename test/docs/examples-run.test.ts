/**
 * The examples of the user documents run as written, not only compile (readme-compiles.test.ts):
 *
 * - every ```ts block of README.md and docs/ that is not a fragment is bundled by esbuild against
 *   this checkout (`social-analytics-api/...` resolved through package.json's `exports` to src/)
 *   and run by node in a project folder that holds the files the examples name (captures recorded
 *   from the mock). The environment gives what the examples read from it: API_BASE_URL (a mock
 *   started here), API_TOKEN and API_SECRET. A block exits 0, writes nothing to standard error, and
 *   prints exactly what the comments of its `console.log(...)` lines say; a `console.log` under a
 *   condition prints nothing, and its comment's text once the capture it reads holds the mistake
 *   the comment shows;
 * - a block that imports from `vitest` is a test file: vitest runs it in the project folder,
 *   where every test passes, and with the planted mistake the capture's test fails naming its rule;
 * - every `npx social-analytics-api ...` line of a ```sh block runs, through a shell in which `npx`
 *   runs this checkout's command line: `validate` lines exit 0 on the recorded captures (1 when a
 *   capture they read holds the mistake), `--help` lines print the options their comment names,
 *   and the servers (`mock`, `proxy`) start, listen, and stop on SIGTERM with exit code 0; on a
 *   port of their own (`--port 0`), the proxy forwarding to the mock rather than to a real API.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { bundleCli } from '../cli-validate/built-cli.js';
import { documentBlocks, ROOT, type DocBlock } from './doc-blocks.js';
import { CREDENTIALS, recordExchanges, runShellLine, writeExampleProject } from './example-project.js';

const RUNNABLE = documentBlocks('ts').filter((b) => b.tag !== 'fragment');
const isTestFile = (block: DocBlock) => /from 'vitest'/.test(block.code);
const SCRIPTS = RUNNABLE.filter((b) => !isTestFile(b));
const TEST_FILES = RUNNABLE.filter(isTestFile);

/** A documented shell line that runs the package's command line, with its place in the document. */
interface ShellLine {
  where: string;
  /** The command as written, without its `# comment`. */
  line: string;
  comment: string;
  /** The arguments after `npx social-analytics-api`. */
  args: string[];
}

const SHELL_LINES: ShellLine[] = documentBlocks('sh').flatMap((block) => {
  const [file, start] = block.where.split(':');
  return block.code.split('\n').flatMap((text, i): ShellLine[] => {
    const [line, comment = ''] = text.split(/\s+#\s+/);
    const at = line.indexOf('npx social-analytics-api ');
    if (at < 0) return [];
    return [{ where: `${file}:${Number(start) + i + 1}`, line: line.trim(), comment, args: line.slice(at + 'npx social-analytics-api '.length).trim().split(/\s+/) }];
  });
});

/** What a block says it prints: the comment after each `console.log(...)`; those under a condition apart. */
function saysItPrints(code: string): { always: string[]; when: string[] } {
  const always: string[] = [];
  const when: string[] = [];
  for (const line of code.split('\n')) {
    const found = /^(\s*)(.*?)console\.log\(.*\);?\s*\/\/\s*(.+)$/.exec(line);
    if (found) (found[2].trim() === '' ? always : when).push(found[3].trim());
  }
  return { always, when };
}

/** An `exports` target: a path, or conditions (`import` taken first, as an ESM program's import is). */
type ExportTarget = string | { [condition: string]: ExportTarget };
const importTarget = (target: ExportTarget): string | undefined =>
  typeof target === 'string' ? target : [target.import, target.default, target.node].map((t) => (t === undefined ? undefined : importTarget(t))).find(Boolean);

/** `social-analytics-api/<entry>` resolved as package.json's `exports` say, to the source of this checkout (`dist/src/x.js` -> `src/x.ts`). */
const selfReference: Plugin = {
  name: 'social-analytics-api',
  setup(context) {
    const { exports } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, ExportTarget> };
    context.onResolve({ filter: /^social-analytics-api(\/.*)?$/ }, ({ path }) => {
      const target = exports[`.${path.slice('social-analytics-api'.length)}`];
      const file = target === undefined ? undefined : importTarget(target);
      if (file === undefined) return { errors: [{ text: `${path} is not an entry of package.json's exports` }] };
      return { path: join(ROOT, file.replace(/^\.\/(?:.*\/)?(src\/.*)\.(?:m|c)?js$/, '$1.ts')) };
    });
  },
};

let work: string;
let mock: MockServer;
let cli: string;
/** The project folders: the recorded captures as they are, and with the planted mistake. */
const project = { valid: '', mistaken: '' };
const bundleOf = (block: DocBlock) => join(work, 'bundles', `${RUNNABLE.indexOf(block)}${isTestFile(block) ? '.test' : ''}.mjs`);
const env = () => ({ API_BASE_URL: mock.url, API_TOKEN: CREDENTIALS.token, API_SECRET: CREDENTIALS.secret });

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sa-examples-'));
  mock = await startMockServer({ ...CREDENTIALS, port: 0 });
  const recorded = await recordExchanges(mock);
  for (const [name, mistake] of [['valid', false], ['mistaken', true]] as const) {
    project[name] = join(work, name);
    writeExampleProject(project[name], recorded, mistake);
    // The documents' test files import vitest: the project has it, and a config of its own.
    mkdirSync(join(project[name], 'node_modules'));
    symlinkSync(join(ROOT, 'node_modules/vitest'), join(project[name], 'node_modules/vitest'), 'dir');
    writeFileSync(join(project[name], 'vitest.config.mjs'), "export default { test: { include: ['*.test.mjs'], testTimeout: 60000 } };\n");
  }
  cli = await bundleCli(join(work, 'cli'));
  const sources = join(work, 'blocks');
  mkdirSync(sources);
  const entryPoints = RUNNABLE.map((block, i) => {
    const file = join(sources, `${i}.ts`);
    writeFileSync(file, `${block.code}\nexport {};\n`);
    return { in: file, out: bundleOf(block).slice(join(work, 'bundles').length + 1).replace(/\.mjs$/, '') };
  });
  await build({ entryPoints, bundle: true, format: 'esm', platform: 'node', target: 'node20', outdir: join(work, 'bundles'), outExtension: { '.js': '.mjs' }, mainFields: ['module', 'main'], external: ['vitest'], plugins: [selfReference], logLevel: 'silent' });
}, 180_000);

afterAll(async () => {
  await mock?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs a bundled block with node in `cwd`; resolves with its exit code and what it wrote. */
function runNode(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env(), NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    // Only a hang guard: a block that never ends fails instead of holding the run.
    const guard = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the TypeScript examples of README.md and docs/', () => {
  it('are found: the Quick start, the client, the mock and the vitest examples among them', () => {
    const named = (text: string) => RUNNABLE.filter((b) => b.code.includes(text)).map((b) => b.where.split(':')[0]);
    expect(named('startMockServer({ token:')).toEqual(['README.md']);
    expect(named('client.metrics(metricsRequest(')).toEqual(['README.md', 'README.md']);
    expect(named('captureCases(')).toEqual(['README.md']);
    expect(SCRIPTS.length).toBeGreaterThanOrEqual(6);
  });

  it.each(SCRIPTS.map((b) => [b.where, b] as const))('%s runs as written: exit 0, nothing on standard error, and prints what its comments say', async (_, block) => {
    const run = await runNode([bundleOf(block)], project.valid);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const { always } = saysItPrints(block.code);
    expect(run.stdout.split('\n').filter(Boolean)).toEqual(always);
  });

  const conditional = SCRIPTS.filter((b) => saysItPrints(b.code).when.length && b.code.includes('captures/'));
  it('a block that prints only on a mistake is among them', () => expect(conditional.length).toBeGreaterThan(0));
  it.each(conditional.map((b) => [b.where, b] as const))('%s prints what its comment says for the capture with the mistake', async (_, block) => {
    const run = await runNode([bundleOf(block)], project.mistaken);
    expect(run.code).toBe(0);
    for (const text of saysItPrints(block.code).when) expect(run.stdout).toContain(text);
  });
});

describe('the vitest examples of README.md and docs/', () => {
  /** Runs a block's test file with vitest in a project folder; its JSON report and exit code. */
  async function vitest(block: DocBlock, dir: string) {
    writeFileSync(join(dir, 'example.test.mjs'), readFileSync(bundleOf(block)));
    const report = join(dir, 'report.json');
    const run = await runNode([join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, '--reporter=json', `--outputFile=${report}`], dir);
    const tests = (JSON.parse(readFileSync(report, 'utf8')) as { testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[] }).testResults.flatMap((f) => f.assertionResults);
    return { ...run, tests };
  }

  it('are found', () => expect(TEST_FILES.length).toBeGreaterThan(0));

  it.each(TEST_FILES.map((b) => [b.where, b] as const))('%s passes on the recorded captures, and its live test asks the mock', async (_, block) => {
    const before = mock.log.length;
    const run = await vitest(block, project.valid);
    expect(run.tests.filter((t) => t.status !== 'passed').map((t) => `${t.title}: ${t.failureMessages.join('\n')}`)).toEqual([]);
    expect(run.code).toBe(0);
    // A case per recorded response: week.json, and the three API entries of the HAR (its script is skipped).
    if (block.code.includes('captureCases(')) expect(run.tests.filter((t) => t.title.includes('captures/')).length).toBe(4);
    if (block.code.includes('process.env.API_BASE_URL')) {
      expect(mock.log.slice(before).filter((e) => e.method === 'POST' && e.path === '/2/facebook/metrics').map((e) => [e.status, e.code])).toEqual([[200, undefined]]);
    }
  });

  it.each(TEST_FILES.filter((b) => b.code.includes('captureCases(')).map((b) => [b.where, b] as const))('%s fails the capture with the mistake, naming its rule', async (_, block) => {
    const run = await vitest(block, project.mistaken);
    expect(run.code).toBe(1);
    const failed = run.tests.filter((t) => t.status === 'failed');
    expect(failed.map((t) => t.title)).toEqual([expect.stringContaining('captures/week.json')]);
    expect(failed[0].failureMessages.join('\n')).toContain('v2.metrics.data-numbers');
  });
});

describe('the command lines of README.md and docs/', () => {
  const validate = SHELL_LINES.filter((l) => l.args[0] === 'validate');
  const help = SHELL_LINES.filter((l) => l.args.includes('--help'));
  const servers = SHELL_LINES.filter((l) => (l.args[0] === 'mock' || l.args[0] === 'proxy') && !l.args.includes('--help'));

  it('are found: validate, the servers and their help', () => {
    expect(validate.length).toBeGreaterThanOrEqual(5);
    expect(servers.map((l) => l.args[0]).sort()).toEqual(['mock', 'proxy']);
    expect(help.length).toBeGreaterThan(0);
    expect(validate.length + help.length + servers.length).toBe(SHELL_LINES.length);
  });

  it.each(validate.map((l) => [l.where, l] as const))('%s exits 0 on the recorded captures, 1 when one it reads holds the mistake', (_, { line, args }) => {
    // A line gating on a baseline reads one written of the captures as they are: the mistake is known, and passes.
    const baseline = args.includes('--baseline') ? args[args.indexOf('--baseline') + 1] : undefined;
    for (const dir of baseline ? [project.valid, project.mistaken] : []) runShellLine(cli, `npx social-analytics-api validate captures/ --write-baseline ${baseline}`, dir);
    const valid = runShellLine(cli, line, project.valid);
    expect(valid.stderr).toBe('');
    expect(valid.status).toBe(0);
    const mistaken = runShellLine(cli, line, project.mistaken);
    expect(mistaken.status).toBe(line.includes('captures/') && !baseline ? 1 : 0);
    if (line.includes('captures/')) expect(mistaken.stdout).toContain('v2.metrics.data-numbers');
  });

  it.each(help.map((l) => [l.where, l] as const))('%s prints the options its comment names', (_, { line, comment }) => {
    const run = runShellLine(cli, line, project.valid);
    expect(run.status).toBe(0);
    const named = comment.match(/--[a-z-]+/g) ?? [];
    expect(named.length).toBeGreaterThan(0);
    for (const option of named) expect(run.stdout).toContain(`  ${option} `);
  });

  it.each(servers.map((l) => [l.where, l] as const))('%s starts, listens and stops on SIGTERM with exit code 0', async (_, { args }) => {
    // A port of its own; the proxy forwards to the mock rather than to the API.
    const local = args.map((a, i) => (args[i - 1] === '--port' ? '0' : args[i - 1] === '--target' ? mock.url : a));
    if (!local.includes('--port')) local.push('--port', '0');
    const child = spawn(process.execPath, [cli, ...local], { cwd: project.valid, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c;
        if (/listening on http:\/\/127\.0\.0\.1:\d+/.test(out)) resolve();
      });
      child.on('exit', (code) => reject(new Error(`${args[0]} exited with ${code} before listening: ${out}`)));
    });
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});
