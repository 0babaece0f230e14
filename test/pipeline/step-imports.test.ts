/**
 * The heavy libraries of the builders step (ts-morph, prettier) load only in its worker thread:
 * no module the generator process imports (statically or through `import()`, starting from
 * scripts/generate.ts) reaches them; the builders step's own module does. Thread steps are named
 * in scripts/steps.ts by URL, not imported, so the walk does not enter them.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './temp-project.js';

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)|(?:^|\n)import\s+'([^']+)'/g;

/** The packages reached from `entry` through value imports of the project's own modules. */
function packagesReached(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else if (!specifier.startsWith('node:')) packages.add(specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
    }
  };
  visit(join(PROJECT_ROOT, entry));
  return packages;
}

describe('where the builders step loads its libraries', () => {
  it('the generator process never imports ts-morph or prettier', () => {
    const reached = packagesReached('scripts/generate.ts');
    expect(reached.has('yaml')).toBe(true);
    expect([...reached].filter((p) => p === 'ts-morph' || p === 'prettier')).toEqual([]);
  });

  it('the builders step module does', () => {
    const reached = packagesReached('scripts/generators/builders/builders-step.ts');
    expect(['ts-morph', 'prettier'].filter((p) => reached.has(p))).toEqual(['ts-morph', 'prettier']);
  });
});
