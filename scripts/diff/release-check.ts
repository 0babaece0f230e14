/**
 * `npm run release:check`: fails when package.json's version is lower than the bump the public
 * surface requires since the last `v*` tag. Without a tag it passes and says so.
 *
 * Versions 0.x follow the usual semver practice for initial development: a breaking change
 * needs the minor number raised (0.3.1 -> 0.4.0), an additive or docs change the patch number.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Bump } from './compare.js';
import { DiffInputError } from './load-ref.js';
import { diffSince } from './main.js';

type Version = [number, number, number];

export function parseVersion(text: string): Version | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** The smallest version that satisfies `bump` after `released`. */
export function minimumVersion(released: Version, bump: Bump): Version {
  const [major, minor, patch] = released;
  if (bump === 'none') return released;
  if (major === 0) return bump === 'major' ? [0, minor + 1, 0] : [0, minor, patch + 1];
  if (bump === 'major') return [major + 1, 0, 0];
  return bump === 'minor' ? [major, minor + 1, 0] : [major, minor, patch + 1];
}

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
const show = (v: Version) => v.join('.');

/** The newest `v*` tag reachable from HEAD, or undefined. */
export function lastReleaseTag(root: string): string | undefined {
  try {
    return execFileSync('git', ['describe', '--tags', '--abbrev=0', '--match', 'v[0-9]*'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || undefined;
  } catch {
    return undefined;
  }
}

export function releaseCheck(root: string): { ok: boolean; message: string } {
  const tag = lastReleaseTag(root);
  const current = parseVersion(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version ?? '');
  if (!current) return { ok: false, message: 'package.json has no semver version' };
  if (!tag) return { ok: true, message: `no v* release tag yet: nothing to compare ${show(current)} with` };
  const released = parseVersion(tag);
  if (!released) return { ok: false, message: `the tag ${tag} is not a semver version` };
  const { changes, bump } = diffSince(root, tag);
  const needed = minimumVersion(released, bump);
  const summary = `${changes.length} change(s) since ${tag} require a ${bump} bump`;
  if (compare(current, needed) < 0) return { ok: false, message: `${summary}: package.json says ${show(current)}, at least ${show(needed)} is needed (npm run diff -- ${tag})` };
  return { ok: true, message: `${summary}: package.json ${show(current)} is enough (at least ${show(needed)})` };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  try {
    const { ok, message } = releaseCheck(resolve('.'));
    console.log(`release:check: ${message}`);
    process.exitCode = ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof DiffInputError)) throw error;
    console.error(`release:check: ${error.message}`);
    process.exitCode = 2;
  }
}
