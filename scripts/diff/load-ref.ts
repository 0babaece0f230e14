/**
 * The normalised model of the project at a git ref: the ref's catalogs/ and spec/ are extracted
 * with `git archive` into a temporary folder and loaded with the model loader.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModel } from '../model/load-model.js';
import type { Model } from '../model/types.js';

/** A problem the diff reports in one line (exit 2). */
export class DiffInputError extends Error {}

function git(root: string, args: string[], input?: Buffer): Buffer {
  try {
    return execFileSync('git', args, { cwd: root, input, stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim().split('\n')[0];
    throw new DiffInputError(`git ${args[0]} failed${stderr ? `: ${stderr}` : ''}`);
  }
}

/** The commit a ref names, or a clear error for an unknown ref or a folder outside git. */
export function resolveRef(root: string, ref: string): string {
  if (!/^[\w./^~@{}-]+$/.test(ref) || ref.startsWith('-')) throw new DiffInputError(`"${ref}" is not a git ref`);
  try {
    return execFileSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }).toString().trim();
  } catch {
    throw new DiffInputError(`unknown git ref "${ref}" (or ${root} is not a git checkout)`);
  }
}

/** Loads the model of `ref`; the temporary folder is removed whatever happens. */
export function loadModelAt(root: string, ref: string): Model {
  const commit = resolveRef(root, ref);
  const dir = mkdtempSync(join(tmpdir(), 'sa-diff-'));
  try {
    const tar = git(root, ['archive', '--format=tar', commit, 'catalogs', 'spec']);
    execFileSync('tar', ['-x', '-C', dir], { input: tar, stdio: ['pipe', 'ignore', 'pipe'] });
    try {
      return loadModel(dir, { registerOptional: true });
    } catch (error) {
      throw new DiffInputError(`cannot load the model at ${ref}: ${(error as Error).message}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
