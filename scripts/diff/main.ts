/**
 * `npm run diff -- <git-ref> [--json]`: the changes of the public surface from a git ref to the
 * working tree, each breaking, additive or docs, and the semver bump they require.
 * Exit 0 with the report; 2 with one line for bad input (unknown ref, a model that cannot load).
 */
import { resolve } from 'node:path';
import { loadModel } from '../model/load-model.js';
import { compareSurfaces, requiredBump, type Change } from './compare.js';
import { DiffInputError, loadModelAt } from './load-ref.js';
import { publicSurface } from './surface.js';

export interface DiffReport {
  changes: Change[];
  bump: ReturnType<typeof requiredBump>;
}

/** The changes from `ref` to the working tree of `root`. */
export function diffSince(root: string, ref: string): DiffReport {
  const before = publicSurface(loadModelAt(root, ref));
  let after;
  try {
    after = publicSurface(loadModel(root));
  } catch (error) {
    throw new DiffInputError(`cannot load the model of the working tree: ${(error as Error).message}`);
  }
  const order = { breaking: 0, additive: 1, docs: 2 };
  const changes = compareSurfaces(before, after).sort((a, b) => order[a.kind] - order[b.kind]);
  return { changes, bump: requiredBump(changes) };
}

export function formatReport(report: DiffReport, ref: string): string {
  const count = (kind: Change['kind']) => report.changes.filter((c) => c.kind === kind).length;
  const lines = report.changes.map((c) => `${c.kind.padEnd(9)} ${c.path}: ${c.detail}`);
  lines.push(
    `${report.changes.length} change${report.changes.length === 1 ? '' : 's'} since ${ref}: ${count('breaking')} breaking, ${count('additive')} additive, ${count('docs')} docs`,
    `required bump: ${report.bump}`,
  );
  return lines.join('\n');
}

function main(argv: string[]): number {
  const json = argv.includes('--json');
  const refs = argv.filter((a) => a !== '--json');
  if (refs.length !== 1 || refs[0].startsWith('-')) {
    console.error('usage: npm run diff -- <git-ref> [--json]');
    return 2;
  }
  try {
    const report = diffSince(resolve('.'), refs[0]);
    console.log(json ? JSON.stringify(report, null, 2) : formatReport(report, refs[0]));
    return 0;
  } catch (error) {
    if (!(error instanceof DiffInputError)) throw error;
    console.error(`diff: ${error.message}`);
    return 2;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) process.exitCode = main(process.argv.slice(2));
