/**
 * The CLI bench's informational "least a validating script" runs (bench/cli.bench.ts): bundled
 * against this checkout, each must validate every response the command validates, on a small
 * folder and a small HAR of the bench's own inputs, so its figure is of the same work.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleScript, VALIDATE_FOLDER, VALIDATE_HAR, writeFolder, writeHar } from '../../bench/cli.bench.js';
import { bundleCli } from '../cli-validate/built-cli.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** The count line both print last: `N responses: N valid, 0 invalid` (the command adds what it skipped). */
const COUNTS = /^(\d+) responses: (\d+) valid, (\d+) invalid/;

const lastLine = (args: string[]) => {
  const out = spawnSync(process.execPath, args, { encoding: 'utf8' });
  expect(out.stderr).toBe('');
  return out.stdout.trim().split('\n').pop() ?? '';
};

describe('the CLI bench: the least a validating script costs', () => {
  let dir: string;
  let cli: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sa-bench-script-'));
    cli = await bundleCli(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('validates every capture of a folder, as the command does', async () => {
    const folder = join(dir, 'captures');
    writeFolder(folder, 120);
    const script = await bundleScript(join(dir, 'validate-folder.mjs'), VALIDATE_FOLDER, ROOT);
    const counts = lastLine([script, folder]).match(COUNTS);
    expect(counts?.slice(1)).toEqual(['120', '120', '0']);
    expect(lastLine([cli, 'validate', folder, '--threads', '0']).match(COUNTS)?.slice(1)).toEqual(counts?.slice(1));
  });

  it('validates every API response of a HAR with its request, skipping the noise, as the command does', async () => {
    const har = join(dir, 'session.har');
    writeHar(har, 600);
    const script = await bundleScript(join(dir, 'validate-har.mjs'), VALIDATE_HAR, ROOT);
    const counts = lastLine([script, har]).match(COUNTS);
    expect(Number(counts?.[1])).toBeGreaterThan(300);
    expect(counts?.[3]).toBe('0');
    expect(lastLine([cli, 'validate', har, '--threads', '0']).match(COUNTS)?.slice(1)).toEqual(counts?.slice(1));
  });
});
