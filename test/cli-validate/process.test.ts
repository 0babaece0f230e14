/** The real command line: `social-analytics-api validate ...` in a child process, exit codes included. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliForThisFile } from './cli-per-file.js';
import { invalidCapture, tempDir, validCapture } from './helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const tmp = tempDir();
/** The CLI bundled once for every child of this file. */
const built = cliForThisFile();
afterAll(() => tmp.remove());

/** The environment without what a GitHub runner sets for the reporters (annotation root, job summary). */
const { GITHUB_WORKSPACE: _root, GITHUB_STEP_SUMMARY: _summary, ...env } = process.env;

/** The command with `args`, `input` piped into its standard input. */
const piped = (input: string | undefined, ...args: string[]) => spawnSync(process.execPath, [built.cli, ...args], { cwd: tmp.dir, env, input, encoding: 'utf8', timeout: 60_000 });
const main = (...args: string[]) => piped(undefined, ...args);
const cli = (...args: string[]) => main('validate', ...args);

describe('social-analytics-api validate (process)', () => {
  it('exits 0, 1 and 2', () => {
    tmp.write('valid.json', validCapture);
    tmp.write('invalid.json', invalidCapture);
    tmp.write('broken.json', '{"method": ');
    const ok = cli('valid.json');
    expect(ok.stdout).toContain('ok       valid.json  POST /2/facebook/metrics (HTTP 200)');
    expect(ok.status).toBe(0);
    expect(cli('valid.json', 'invalid.json').status).toBe(1);
    const broken = cli('valid.json', 'invalid.json', 'broken.json');
    expect(broken.status).toBe(2);
    expect(broken.stdout).toContain('error    broken.json: truncated JSON');
    const usage = cli();
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: social-analytics-api validate');
  });

  it('prints a JSON report with --json', () => {
    tmp.write('valid.json', validCapture);
    const result = cli('--json', 'valid.json');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).summary).toMatchObject({ responses: 1, valid: 1, invalid: 0, unreadable: 0, skipped: 0, empty: false, exitCode: 0 });
  });

  it('prints the version, and help per command', () => {
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
    for (const flag of ['--version', '-v']) expect(main(flag)).toMatchObject({ status: 0, stdout: `${version}\n` });
    expect(main('--help').stdout).toContain('-v, --version');
    expect(main('help', 'validate').stdout).toContain('--reporter NAME[=FILE]');
    expect(main('--help', 'validate').stdout).toContain('--reporter NAME[=FILE]');
    expect(cli('--help')).toMatchObject({ status: 0, stdout: expect.stringContaining('--allow-empty') });
    expect(main('mock', '--help')).toMatchObject({ status: 0, stdout: expect.stringContaining('usage: social-analytics-api mock') });
    expect(main('proxy', '--help')).toMatchObject({ status: 0, stdout: expect.stringContaining('usage: social-analytics-api proxy --target URL') });
    expect(main('help', 'merge-reports')).toMatchObject({ status: 0, stdout: expect.stringContaining('usage: social-analytics-api merge-reports <shard report>...') });
    expect(main('merge-reports', 'missing.jsonl')).toMatchObject({ status: 2, stdout: '', stderr: 'social-analytics-api merge-reports: cannot read missing.jsonl: no such file\n' });
  });

  it('answers a usage error with one line and where to find more, exit 2: no command, an unknown one, a bad mock option', () => {
    const cases = [
      [[], 'social-analytics-api: no command given (usage: social-analytics-api <validate|merge-reports|mock|proxy|rules> [options])', 'run social-analytics-api --help for more'],
      [['frobnicate'], 'social-analytics-api: unknown command "frobnicate": use validate, merge-reports, mock, proxy, rules or help', 'run social-analytics-api --help for more'],
      [['--wat'], 'social-analytics-api: unknown option --wat', 'run social-analytics-api --help for more'],
      [['mock', '--port', 'x'], 'social-analytics-api mock: option --port needs a number from 0 to 65535, got "x"', 'run social-analytics-api mock --help for more'],
    ] as const;
    for (const [args, line, more] of cases) expect(main(...args), args.join(' ')).toMatchObject({ status: 2, stdout: '', stderr: `${line}\n${more}\n` });
  });

  it('writes GitHub annotations to stdout for the workflow log', () => {
    tmp.write('invalid.json', invalidCapture);
    const result = cli('--reporter', 'github', 'invalid.json');
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^::error file=invalid\.json,line=\d+,col=\d+,title=v2\.metrics\.data-numbers::invalid\.json POST \/2\/facebook\/metrics \(HTTP 200\): \/data\/1\/0: /);
  });

  it('validate - reads what is piped into the command', () => {
    const result = piped(JSON.stringify(validCapture), 'validate', '-');
    expect(result.stdout).toBe('ok       <stdin>  POST /2/facebook/metrics (HTTP 200)\n\n1 response: 1 valid, 0 invalid\n');
    expect(result.status).toBe(0);
  });
});
