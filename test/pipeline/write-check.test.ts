/**
 * The write and check halves of scripts/generate.ts on a temp directory: staleFiles names
 * every stale, missing and extra file (not only the first), and writeArtifacts swaps in a
 * complete tree with nothing left over.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleFiles, writeArtifacts } from '../../scripts/generate.js';
import type { Artifact } from '../../scripts/generators/artifact.js';

const ARTIFACTS: Artifact[] = [
  { path: 'generated/a.ts', content: '// a\n' },
  { path: 'generated/deep/b.yaml', content: 'b: 1\n' },
  { path: 'generated/deep/c.bin', content: new Uint8Array([0, 1, 2, 255]) },
  { path: 'generated/d.ts', content: '// d\n' },
];

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sa-test-write-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes files under root: path -> content. */
function lay(files: Record<string, string | Uint8Array>) {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

const upToDate = () => Object.fromEntries(ARTIFACTS.map((a) => [a.path, a.content]));

describe('staleFiles', () => {
  const cases: { name: string; disk: () => Record<string, string | Uint8Array>; expected: string[] }[] = [
    { name: 'everything up to date', disk: upToDate, expected: [] },
    { name: 'no generated/ at all', disk: () => ({}), expected: ARTIFACTS.map((a) => `missing: ${a.path}`) },
    {
      name: 'one stale text file',
      disk: () => ({ ...upToDate(), 'generated/a.ts': '// old a\n' }),
      expected: ['stale: generated/a.ts'],
    },
    {
      name: 'one stale byte in a binary file',
      disk: () => ({ ...upToDate(), 'generated/deep/c.bin': new Uint8Array([0, 1, 2, 254]) }),
      expected: ['stale: generated/deep/c.bin'],
    },
    {
      name: 'several problems at once, every one named',
      disk: () => {
        const files = { ...upToDate(), 'generated/a.ts': '// old a\n', 'generated/d.ts': '// old d\n', 'generated/extra.ts': 'x', 'generated/deep/more/y.md': 'y' };
        delete (files as Record<string, unknown>)['generated/deep/b.yaml'];
        return files;
      },
      expected: [
        'stale: generated/a.ts',
        'missing: generated/deep/b.yaml',
        'stale: generated/d.ts',
        'not produced by the pipeline: generated/deep/more/y.md',
        'not produced by the pipeline: generated/extra.ts',
      ],
    },
    {
      name: 'files outside generated/ are not its business',
      disk: () => ({ ...upToDate(), 'src/other.ts': 'x', '.generated-old-1/a.ts': 'x' }),
      expected: [],
    },
  ];

  it.each(cases)('$name', ({ disk, expected }) => {
    lay(disk());
    expect(staleFiles(root, ARTIFACTS).sort()).toEqual([...expected].sort());
  });
});

describe('writeArtifacts', () => {
  it('writes a complete tree where there was none, byte for byte', () => {
    writeArtifacts(root, ARTIFACTS);
    expect(staleFiles(root, ARTIFACTS)).toEqual([]);
    expect([...readFileSync(join(root, 'generated/deep/c.bin'))]).toEqual([0, 1, 2, 255]);
    expect(readdirSync(root)).toEqual(['generated']);
  });

  it('replaces an old tree: stale files rewritten, files no longer produced removed', () => {
    lay({ 'generated/a.ts': '// old\n', 'generated/gone.ts': '// gone\n', 'generated/deep/gone.yaml': 'x: 1\n' });
    writeArtifacts(root, ARTIFACTS);
    expect(staleFiles(root, ARTIFACTS)).toEqual([]);
    expect(existsSync(join(root, 'generated/gone.ts'))).toBe(false);
    expect(readdirSync(root)).toEqual(['generated']);
  });

  it('leaves the old tree in place when writing the new one fails', () => {
    lay({ 'generated/a.ts': '// old\n' });
    const clash: Artifact[] = [
      { path: 'generated/x', content: 'a file' },
      { path: 'generated/x/y.ts', content: 'cannot be written below a file' },
    ];
    expect(() => writeArtifacts(root, clash)).toThrow();
    expect(readFileSync(join(root, 'generated/a.ts'), 'utf8')).toBe('// old\n');
    expect(readdirSync(root)).toEqual(['generated']);
  });
});
