/**
 * Report paths: relative to --root, else GITHUB_WORKSPACE, else the working directory, wherever
 * the run starts, and the same in every report (text, JSON, JUnit, SARIF, Markdown, the github
 * annotations and the job summary).
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseValidateArgs } from '../../src/cli/validate-args.js';
import { invalidCapture, run, tempDir } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());
tmp.write('repo/api/captures/bad.json', invalidCapture);
tmp.write('repo/api/broken.json', '{"method":');

/** The `file=` of each annotation. */
const files = (out: string) => out.split('\n').flatMap((line) => line.match(/ file=([^,]*)/)?.[1] ?? []);

/** The paths each report gives the invalid capture and the unreadable file. */
function reportPaths(dir: string, out: string): Record<string, string[]> {
  const read = (name: string) => readFileSync(tmp.path(`${dir}/${name}`), 'utf8');
  const json = JSON.parse(read('report.json')) as { results: { source: string; file: string }[]; unreadable: { source: string }[] };
  const sarif = JSON.parse(read('report.sarif')) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
  const junit = read('report.xml');
  const markdown = read('report.md');
  const summary = read('summary.md');
  const named = (text: string) => [...new Set(text.match(/[\w./]*(?:bad|broken)\.json/g) ?? [])].sort();
  return {
    text: named(out.split('\n').filter((line) => !line.startsWith('::')).join('\n')),
    github: [...new Set(files(out))].sort(),
    json: [...new Set([...json.results.flatMap((r) => [r.source, r.file]), ...json.unreadable.map((u) => u.source)])].sort(),
    junit: named(junit),
    sarif: [...new Set(sarif.runs[0].results.flatMap((r) => r.locations.map((l) => l.physicalLocation.artifactLocation.uri)))].sort(),
    markdown: named(markdown),
    summary: named(summary),
  };
}

/** Runs validate with every reporter, the reports in `repo/out-<name>`. */
async function everyReport(name: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  tmp.write(`repo/out-${name}/summary.md`, '');
  const out = tmp.path(`repo/out-${name}`);
  const reporters = ['--reporter', 'text', '--reporter', 'github', '--reporter', `json=${out}/report.json`, '--reporter', `junit=${out}/report.xml`, '--reporter', `sarif=${out}/report.sarif`, '--reporter', `markdown=${out}/report.md`];
  const result = await run([...args, ...reporters], cwd, { env: { ...env, GITHUB_STEP_SUMMARY: `${out}/summary.md` } });
  return { result, paths: reportPaths(`repo/out-${name}`, result.out) };
}

describe('report paths', () => {
  it('are relative to the working directory by default, in every report', async () => {
    const { paths } = await everyReport('cwd', ['captures', '../broken.json'], tmp.path('repo/api'));
    for (const [report, named] of Object.entries(paths)) expect(named, report).toEqual(['../broken.json', 'captures/bad.json']);
  });

  it('are relative to GITHUB_WORKSPACE when it is set, wherever the run starts, in every report', async () => {
    const { paths } = await everyReport('workspace', ['captures', '../broken.json'], tmp.path('repo/api'), { GITHUB_WORKSPACE: tmp.path('repo') });
    for (const [report, named] of Object.entries(paths)) expect(named, report).toEqual(['api/captures/bad.json', 'broken.json']);
  });

  it('are relative to --root (given from the working directory), which wins over GITHUB_WORKSPACE', async () => {
    const env = { GITHUB_WORKSPACE: tmp.dir };
    const { paths } = await everyReport('root', ['captures', '--root', '..'], tmp.path('repo/api'), env);
    for (const [report, named] of Object.entries(paths)) expect(named, report).toEqual(['api/captures/bad.json']);
    const absolute = await run(['api/captures', '--reporter', 'github', '--reporter', 'text', `--root=${tmp.path('repo/api/captures')}`], tmp.path('repo'));
    expect(files(absolute.out)).toEqual(['bad.json']);
    expect(absolute.out).toContain('invalid  bad.json  POST /2/facebook/metrics (HTTP 200)');
  });

  it('--root needs a folder', () => {
    expect(parseValidateArgs(['a.json', '--root'])).toEqual({ error: '--root needs a folder' });
    expect(parseValidateArgs(['a.json', '--root', 'x'])).toMatchObject({ root: 'x' });
  });
});
