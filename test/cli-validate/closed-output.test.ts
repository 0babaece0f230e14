/**
 * A reader of standard output that leaves early (`validate ... | head`): the command drops the rest
 * of its output instead of dying on an unhandled EPIPE with a stack trace, still writes its report
 * files whole, and exits with code 2 after one line saying what happened.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliForThisFile } from './cli-per-file.js';
import { tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
const built = cliForThisFile();
afterAll(() => tmp.remove());

/** Runs the CLI, closes its standard output after the first chunk read, and gives its exit code and standard error. */
function runAndLeave(args: string[]): Promise<{ code: number | null; stderr: string; firstChunk: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [built.cli, ...args], { cwd: tmp.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let firstChunk = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.stdout.once('data', (chunk: Buffer) => {
      firstChunk = chunk.toString('utf8');
      child.stdout.destroy();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr, firstChunk }));
  });
}

describe('standard output closed by its reader', () => {
  it('drops the rest of the output, writes the report file whole, exits 2 with one line', { timeout: 120_000 }, async () => {
    // 4,000 responses: far more text than a pipe holds, so the reader leaves while lines are still written.
    tmp.write('many.json', Array.from({ length: 4000 }, () => validCapture));
    const { code, stderr, firstChunk } = await runAndLeave(['validate', 'many.json', '--reporter', 'text', '--reporter', 'json=report.json']);
    expect(firstChunk).toContain('ok       many.json#0');
    expect(stderr).toBe('social-analytics-api: standard output was closed by its reader (EPIPE): the rest of it is not printed\n');
    expect(stderr).not.toContain('node:events');
    expect(code).toBe(2);
    const report = JSON.parse(readFileSync(join(tmp.dir, 'report.json'), 'utf8')) as { summary: { responses: number; valid: number } };
    expect(report.summary).toMatchObject({ responses: 4000, valid: 4000 });
  });
});
