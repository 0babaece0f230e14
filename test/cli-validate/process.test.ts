/** The real command line: `social-analytics-api validate ...` in a child process, exit codes included. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { invalidCapture, tempDir, validCapture } from './helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const tmp = tempDir();
afterAll(() => tmp.remove());

/** tsx's loader by absolute URL: the child runs in a temp directory. */
const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', TSX, join(ROOT, 'src', 'cli', 'main.ts'), 'validate', ...args], { cwd: tmp.dir, encoding: 'utf8', timeout: 60_000 });

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
});
