/**
 * The workflow files of docs/ci.md are real: each GitHub Actions workflow passes GitHub's own
 * workflow parser (@actions/workflow-parser, the schema the Actions editor tooling checks
 * against), each GitLab CI file is YAML whose jobs use only GitLab's job keywords, and every
 * `npx social-analytics-api ...` command they run is run here, as the runner would run it (the
 * runner's variables set, a matrix expanded), in a project of captures recorded from the mock: it
 * exits 0 on them and 1 once one holds a mistake, annotates the capture's line and summarises
 * (GitHub), writes to the job log (GitLab), and leaves every file a later step or the CI system
 * reads (artifacts, the SARIF upload, the JUnit report) where that step looks for it.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startMockServer } from '../../src/mock/index.js';
import { bundleCli } from '../cli-validate/built-cli.js';
import { documentBlocks, ROOT } from './doc-blocks.js';
import { CREDENTIALS, recordExchanges, runShellLine, writeExampleProject } from './example-project.js';

const BLOCKS = documentBlocks('yaml', ['docs/ci.md']);
const isGithub = (code: string) => /^jobs:/m.test(code) && /runs-on:/.test(code);
const GITHUB = BLOCKS.filter((b) => isGithub(b.code));
const GITLAB = BLOCKS.filter((b) => !isGithub(b.code));

/** The actions the workflows use, at the major versions they name. */
const ACTIONS = ['actions/checkout@v4', 'actions/setup-node@v4', 'actions/upload-artifact@v4', 'actions/download-artifact@v4', 'github/codeql-action/upload-sarif@v3'];
/** The other commands the workflows run: the project's own install and tests (which write the captures). */
const PROJECT_COMMANDS = [/^npm ci( --cache \.npm --prefer-offline)?$/, /^npm test$/];
/** GitLab CI's job keywords (docs.gitlab.com/ci/yaml). */
const GITLAB_JOB_KEYWORDS = ['after_script', 'allow_failure', 'artifacts', 'before_script', 'cache', 'coverage', 'dependencies', 'environment', 'except', 'extends', 'image', 'interruptible', 'needs', 'only', 'parallel', 'release', 'resource_group', 'retry', 'rules', 'script', 'services', 'stage', 'tags', 'timeout', 'trigger', 'variables', 'when'];
const GITLAB_GLOBAL_KEYWORDS = ['default', 'include', 'stages', 'variables', 'workflow'];

interface WorkflowParser {
  parseWorkflow(file: { name: string; content: string }, trace: unknown): { context: { errors: { getErrors(): { message: string }[] } } };
  NoOperationTraceWriter: new () => unknown;
}

let work: string;
let cli: string;
let parser: WorkflowParser;
const project = { valid: '', mistaken: '' };
/** The folders of captures the workflows name (a matrix's shards among them). */
const SHARDS = ['web', 'mobile', 'partners'];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sa-ci-workflows-'));
  // The parser imports its JSON schema without an import attribute, which Node refuses: esbuild
  // bundles it (with the schema) into one module.
  const parserFile = join(work, 'workflow-parser.mjs');
  await build({
    entryPoints: [join(ROOT, 'node_modules/@actions/workflow-parser/dist/index.js')],
    bundle: true, format: 'esm', platform: 'node', outfile: parserFile, logLevel: 'silent',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  parser = (await import(pathToFileURL(parserFile).href)) as WorkflowParser;
  cli = await bundleCli(join(work, 'cli'));
  const mock = await startMockServer({ ...CREDENTIALS, port: 0 });
  try {
    const recorded = await recordExchanges(mock);
    for (const [name, mistake] of [['valid', false], ['mistaken', true]] as const) {
      project[name] = join(work, name);
      writeExampleProject(project[name], recorded, mistake);
      for (const shard of SHARDS) cpSync(join(project[name], 'captures'), join(project[name], 'captures-shard', shard), { recursive: true });
      cpSync(join(project[name], 'captures-shard'), join(project[name], 'captures'), { recursive: true });
      rmSync(join(project[name], 'captures-shard'), { recursive: true });
      for (const shard of SHARDS) expect(readdirSync(join(project[name], 'captures', shard)).sort()).toEqual(['session.har', 'week.json']);
    }
  } finally {
    await mock.close();
  }
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A fresh copy of a project, for one run of a job (its reports and summary of its own). */
function checkout(from: string, name: string): string {
  const dir = join(work, 'runs', name);
  mkdirSync(join(work, 'runs'), { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  cpSync(from, dir, { recursive: true });
  return dir;
}

/** How many files named `name` are below `dir`. */
const countOf = (dir: string, name: string) => readdirSync(dir, { recursive: true }).filter((f) => String(f).split('/').pop() === name).length;

type GithubStep = { uses?: string; run?: string; with?: Record<string, unknown>; 'working-directory'?: string };
type GithubJob = { steps: GithubStep[]; strategy?: { matrix?: Record<string, unknown[]> }; needs?: string | string[] };

/** Artifacts kept by the jobs of a run: each a folder, by name (as upload-artifact and download-artifact see them). */
function artifactStore(dir: string) {
  const names = new Map<string, string>();
  return {
    /** upload-artifact: the files of `path` (a folder: its contents) under `name`. */
    upload(name: string, path: string) {
      const to = join(dir, name);
      rmSync(to, { recursive: true, force: true });
      cpSync(path, to, { recursive: true });
      names.set(name, to);
    },
    /** download-artifact with `pattern` (a `*` matching any text) and `merge-multiple`: every artifact matched, its files into `path`. */
    download(pattern: string, path: string): number {
      const matches = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
      const found = [...names].filter(([name]) => matches.test(name));
      for (const [, from] of found) cpSync(from, path, { recursive: true });
      return found.length;
    },
  };
}

/** Every combination of a job's matrix (one empty one without a matrix). */
function combinations(matrix: Record<string, unknown[]> = {}): Record<string, string>[] {
  return Object.entries(matrix).reduce<Record<string, string>[]>((all, [key, values]) => all.flatMap((c) => values.map((v) => ({ ...c, [key]: String(v) }))), [{}]);
}

/** `${{ matrix.NAME }}` replaced as the runner replaces it; any other expression is left, and fails the run. */
const expand = (text: string, matrix: Record<string, string>) => text.replace(/\$\{\{\s*matrix\.(\w+)\s*\}\}/g, (whole, key: string) => matrix[key] ?? whole);

describe('the GitHub Actions workflows of docs/ci.md', () => {
  it('are found: the validating one, code scanning and a sharded one whose last job merges the shards\' reports', () => {
    expect(GITHUB.length).toBe(3);
    expect(GITHUB.some((b) => b.code.includes('upload-sarif'))).toBe(true);
    expect(GITHUB.some((b) => b.code.includes('matrix:') && b.code.includes('merge-reports') && b.code.includes('actions/download-artifact'))).toBe(true);
  });

  it.each(GITHUB.map((b) => [b.where, b] as const))('%s passes GitHub\'s workflow parser and uses only known actions and commands', (where, block) => {
    const parsed = parser.parseWorkflow({ name: where, content: block.code }, new parser.NoOperationTraceWriter());
    expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    const { jobs } = parse(block.code) as { jobs: Record<string, GithubJob> };
    for (const step of Object.values(jobs).flatMap((j) => j.steps)) {
      if (step.uses) expect(ACTIONS).toContain(step.uses);
      else if (!step.run!.startsWith('npx social-analytics-api ')) expect(PROJECT_COMMANDS.some((c) => c.test(step.run!)), step.run).toBe(true);
    }
  });

  it('the parser finds a mistake in a workflow (so that its silence means something)', () => {
    const broken = GITHUB[0].code.replace('runs-on:', 'runs_on:');
    expect(parser.parseWorkflow({ name: 'broken.yml', content: broken }, new parser.NoOperationTraceWriter()).context.errors.getErrors().length).toBeGreaterThan(0);
  });

  it.each(GITHUB.map((b) => [b.where, b] as const))('%s: its commands pass on valid captures; on a mistake they fail, annotate its line, summarise, and leave the files later steps read', (where, block) => {
    const { jobs } = parse(block.code) as { jobs: Record<string, GithubJob> };
    let ran = 0;
    const artifacts = { valid: artifactStore(join(work, 'artifacts', where, 'valid')), mistaken: artifactStore(join(work, 'artifacts', where, 'mistaken')) };
    const done: string[] = [];
    for (const [id, job] of Object.entries(jobs)) {
      // The jobs run in the order written: a job's needs are those before it.
      for (const need of [job.needs ?? []].flat()) expect(done, `${where} ${id} needs ${need}`).toContain(need);
      done.push(id);
      for (const matrix of combinations(job.strategy?.matrix)) {
        for (const mistake of [false, true]) {
          const store = artifacts[mistake ? 'mistaken' : 'valid'];
          const dir = checkout(mistake ? project.mistaken : project.valid, `${id}-${Object.values(matrix).join('-')}-${mistake}`);
          const summary = join(dir, '..', `${id}-summary.md`);
          writeFileSync(summary, '');
          const env = { CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: dir, GITHUB_STEP_SUMMARY: summary };
          for (const step of job.steps) {
            const run = step.run && expand(step.run, matrix);
            if (run?.startsWith('npx social-analytics-api ')) {
              const result = runShellLine(cli, run, join(dir, step['working-directory'] ?? '.'), env);
              ran++;
              expect(result.status, `${where} ${id} ${JSON.stringify(matrix)}: ${run}\n${result.stderr}`).toBe(mistake ? 1 : 0);
              if (mistake && run.includes('--reporter github')) {
                expect(result.stdout).toMatch(/^::error file=captures\/(\w+\/)?week\.json,line=\d+,col=\d+,title=v2\.metrics\.data-numbers::/m);
                expect(readFileSync(summary, 'utf8')).toContain('**Failed**');
                expect(readFileSync(summary, 'utf8')).toContain('v2.metrics.data-numbers');
              }
              for (const [, file] of run.matchAll(/junit=(\S+)/g)) {
                const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(join(dir, file), 'utf8')) as { testsuites: { failures: string } };
                // The merged report holds every shard's: a failure per capture with the mistake.
                if (run.includes('merge-reports')) expect(junit.testsuites.failures).toBe(String(mistake ? countOf(join(dir, 'captures'), 'week.json') : 0));
                expect(junit.testsuites).toBeDefined();
              }
            }
            if (step.uses?.startsWith('actions/download-artifact@')) {
              expect(step.with?.['merge-multiple'], `${where}: the artifacts of every shard in one folder`).toBe(true);
              expect(store.download(String(step.with?.pattern), join(dir, String(step.with?.path))), `${where}: artifacts named ${String(step.with?.pattern)}`).toBeGreaterThan(0);
            }
            // The files a later step reads are there, even after a failed validation (`if: always()`).
            const path = step.with?.path ?? step.with?.sarif_file;
            if (typeof path === 'string') {
              const target = join(dir, expand(path, matrix));
              expect(existsSync(target), `${where}: ${step.uses} reads ${path}`).toBe(true);
              if (path.endsWith('/')) expect(readdirSync(target).length).toBeGreaterThan(0);
              if (step.uses?.startsWith('actions/upload-artifact@')) store.upload(expand(String(step.with?.name), matrix), target);
              if (step.with?.sarif_file) {
                const sarif = JSON.parse(readFileSync(target, 'utf8')) as { version: string; runs: { results: { ruleId: string }[] }[] };
                expect(sarif.version).toBe('2.1.0');
                // A result per capture with the mistake (the workflow validates every folder of captures/).
                expect(sarif.runs[0].results.map((r) => r.ruleId)).toEqual(Array(mistake ? countOf(join(dir, 'captures'), 'week.json') : 0).fill('v2.metrics.data-numbers'));
              }
            }
          }
        }
      }
    }
    expect(ran).toBeGreaterThan(0);
    // A hang guard, not a timing: the sharded workflow runs its command eight times, over a minute on a loaded machine.
  }, 240_000);
});

describe('the GitLab CI files of docs/ci.md', () => {
  type GitlabJob = { stage?: string; parallel?: number; script: string[]; artifacts?: { paths?: string[]; reports?: { junit?: string } } };
  const jobsOf = (doc: Record<string, unknown>) => Object.entries(doc).filter(([key]) => !GITLAB_GLOBAL_KEYWORDS.includes(key)) as [string, GitlabJob][];

  it('are found: one job, and a parallel one whose shards a later stage merges', () => {
    expect(GITLAB.length).toBe(2);
    const sharded = GITLAB.map((b) => parse(b.code) as Record<string, unknown>).find((doc) => jobsOf(doc).some(([, job]) => job.parallel));
    expect(sharded).toBeDefined();
    const [[, shards], [, merge]] = jobsOf(sharded!);
    expect(shards.script.join('\n')).toContain('--shard $CI_NODE_INDEX/$CI_NODE_TOTAL');
    expect(merge.script.join('\n')).toContain('merge-reports');
    const stages = sharded!.stages as string[];
    expect(stages.indexOf(merge.stage!)).toBeGreaterThan(stages.indexOf(shards.stage!));
  });

  it.each(GITLAB.map((b) => [b.where, b] as const))('%s: its jobs use GitLab\'s keywords only, with a JUnit report among their artifacts', (_where, block) => {
    const jobs = jobsOf(parse(block.code) as Record<string, unknown>);
    expect(jobs.length).toBeGreaterThan(0);
    for (const [id, job] of jobs) {
      expect(Object.keys(job).filter((k) => !GITLAB_JOB_KEYWORDS.includes(k)), id).toEqual([]);
      expect(Array.isArray(job.script), id).toBe(true);
      for (const line of job.script) if (!line.startsWith('npx social-analytics-api ')) expect(PROJECT_COMMANDS.some((c) => c.test(line)), line).toBe(true);
    }
    expect(jobs.some(([, job]) => job.artifacts?.reports?.junit)).toBe(true);
  });

  it.each(GITLAB.map((b) => [b.where, b] as const))('%s: its commands pass on valid captures; on a mistake they fail, tell the job log, and leave the JUnit report GitLab reads', (where, block) => {
    const doc = parse(block.code) as Record<string, unknown>;
    const stages = (doc.stages as string[] | undefined) ?? ['test'];
    // Stage by stage; a job of a later stage gets the artifacts of every job (every parallel copy) before it.
    const jobs = jobsOf(doc).sort(([, a], [, b]) => stages.indexOf(a.stage ?? 'test') - stages.indexOf(b.stage ?? 'test'));
    for (const mistake of [false, true]) {
      const artifacts = join(work, 'artifacts', `gitlab-${where}-${mistake}`);
      rmSync(artifacts, { recursive: true, force: true });
      for (const [id, job] of jobs) {
        for (let node = 1; node <= (job.parallel ?? 1); node++) {
          const dir = checkout(mistake ? project.mistaken : project.valid, `gitlab-${id}-${node}-${mistake}`);
          if (existsSync(artifacts)) cpSync(artifacts, dir, { recursive: true });
          const env = { CI: 'true', GITLAB_CI: 'true', CI_PROJECT_DIR: dir, ...(job.parallel ? { CI_NODE_INDEX: String(node), CI_NODE_TOTAL: String(job.parallel) } : {}) };
          for (const line of job.script.filter((l) => l.startsWith('npx social-analytics-api '))) {
            const result = runShellLine(cli, line, dir, env);
            expect(result.status, `${line}\n${result.stderr}`).toBe(mistake ? 1 : 0);
            // Every report goes to a file: the log gets the summary line and where they are (a shard's, of its part).
            expect(result.stdout).toBe('');
            const invalid = !mistake ? '0' : job.parallel ? '[1-9]\\d*' : String(countOf(join(dir, 'captures'), 'week.json'));
            expect(result.stderr).toMatch(new RegExp(`^social-analytics-api (?:validate|merge-reports): \\d+ responses: \\d+ valid, ${invalid} invalid; .*\\(reports: (?:junit|blob)=`));
          }
          for (const path of job.artifacts?.paths ?? []) {
            expect(existsSync(join(dir, path)), path).toBe(true);
            cpSync(join(dir, path), join(artifacts, path), { recursive: true });
          }
          const junit = job.artifacts?.reports?.junit;
          if (!junit) continue;
          const report = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(join(dir, junit), 'utf8')) as { testsuites: { failures: string; skipped: string } };
          // A failure per capture with the mistake, a skipped case per HAR (its page script): of every shard, once merged.
          expect([report.testsuites.failures, report.testsuites.skipped]).toEqual([String(mistake ? countOf(join(dir, 'captures'), 'week.json') : 0), String(countOf(join(dir, 'captures'), 'session.har'))]);
          if (mistake) expect(readFileSync(join(dir, junit), 'utf8')).toContain('[rule v2.metrics.data-numbers]');
        }
      }
    }
  }, 240_000);
});
