/** Test helpers: a temp directory of inputs and runValidate with captured output. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runValidate, type ValidateIo } from '../../src/cli/validate.js';

export interface Run {
  code: number;
  out: string;
  err: string;
}

/**
 * Runs the command in `cwd` and collects what it prints; the environment is `env` (none unless
 * given: a CI runner's GITHUB_WORKSPACE or GITHUB_STEP_SUMMARY must not reach the tests), `-`
 * reads `stdin`.
 */
export async function run(args: string[], cwd: string, options: Pick<ValidateIo, 'env' | 'stdin'> = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runValidate(args, { out: (t) => out.push(t), err: (t) => err.push(t), cwd, env: options.env ?? {}, stdin: options.stdin });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A temp directory; `write` creates files (parents too). */
export function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'sa-validate-'));
  return {
    dir,
    path: (name: string) => join(dir, name),
    write(name: string, content: string | Uint8Array | object) {
      const file = join(dir, name);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, typeof content === 'string' || content instanceof Uint8Array ? content : JSON.stringify(content, null, 2));
      return file;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const metricsRequest = { date_start: '2026-01-01', date_end: '2026-01-02', profiles: ['p1'], metrics: ['fans_change'], dimensions: [{ type: 'date.day' }] };
export const metricsBody = { success: true, header: [{ type: 'date.day', rows: ['2026-01-01', '2026-01-02'] }, { type: 'metric', rows: ['fans_change'] }], data: [[1], [2]] };

export const validCapture = { method: 'POST', path: '/2/facebook/metrics', request: metricsRequest, response: metricsBody };
export const invalidCapture = { method: 'POST', path: '/2/facebook/metrics', request: metricsRequest, response: { ...metricsBody, data: [[1], ['2']] } };
