/**
 * The benchmark table writer: a full `npm run bench` rewrites only the marked block of
 * bench/README.md, with every row of the run.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleTable, markdownTable, replaceTableBlock, TABLE_END, TABLE_START, writeTableBlock } from '../../bench/table.js';
import type { BenchRow } from '../../bench/types.js';

const rows: BenchRow[] = [
  { name: 'shape a', value: '0.10x', baseline: 'JSON.parse 1 us', ratio: '0.10x', target: '<= 0.25x', ok: true },
  { name: 'shape b | wide', value: '2 ms', ok: false },
  { name: 'tarball size', value: '250 kB' },
];

const readme = ['# Benchmarks', '', 'Method text.', '', TABLE_START, 'old figures', '| old | table |', TABLE_END, '', 'What each figure means.', ''].join('\n');

describe('bench table', () => {
  it('writes one markdown line per row, holds as yes / NO / empty, pipes escaped', () => {
    expect(markdownTable(rows).split('\n')).toEqual([
      '| benchmark | figure | baseline | ratio | target | holds |',
      '|---|---|---|---|---|---|',
      '| shape a | 0.10x | JSON.parse 1 us | 0.10x | <= 0.25x | yes |',
      '| shape b \\| wide | 2 ms |  |  |  | NO |',
      '| tarball size | 250 kB |  |  |  |  |',
    ]);
  });

  it('pads the terminal table to the widest cell of each column', () => {
    const lines = consoleTable(rows).split('\n');
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(lines[2]).toMatch(/^\| shape a {8}\| 0\.10x  \|/);
  });

  it('replaces the block between the markers and nothing else', () => {
    const next = replaceTableBlock(readme, rows, 'Measured on test.');
    expect(next).toBe(
      ['# Benchmarks', '', 'Method text.', '', TABLE_START, 'Measured on test.', '', markdownTable(rows), TABLE_END, '', 'What each figure means.', ''].join('\n'),
    );
    expect(next).not.toContain('old figures');
    // A second run replaces its own block again.
    expect(replaceTableBlock(next, rows.slice(0, 1), 'Second.')).toContain(`${TABLE_START}\nSecond.\n\n${markdownTable(rows.slice(0, 1))}\n${TABLE_END}`);
  });

  it.each([
    ['no markers', '# Benchmarks\n'],
    ['only the start marker', `${TABLE_START}\n`],
    ['the markers in the wrong order', `${TABLE_END}\n${TABLE_START}\n`],
    ['two blocks', `${TABLE_START}\n${TABLE_END}\n${TABLE_START}\n${TABLE_END}\n`],
  ])('refuses a file with %s, naming the file', (_, text) => {
    expect(() => replaceTableBlock(text, rows, 'x', 'bench/README.md')).toThrow(`bench/README.md: expected one "${TABLE_START}" line followed by one "${TABLE_END}" line`);
  });

  describe('writeTableBlock', () => {
    let dir: string | undefined;
    afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

    it('rewrites the file in place and leaves no temporary file', async () => {
      dir = mkdtempSync(join(tmpdir(), 'bench-table-'));
      const path = join(dir, 'README.md');
      writeFileSync(path, readme);
      await writeTableBlock(path, rows, 'Measured on test.');
      expect(readFileSync(path, 'utf8')).toBe(replaceTableBlock(readme, rows, 'Measured on test.'));
      expect(readdirSync(dir)).toEqual(['README.md']);
    });

    it('leaves a file without markers unchanged', async () => {
      dir = mkdtempSync(join(tmpdir(), 'bench-table-'));
      const path = join(dir, 'README.md');
      writeFileSync(path, '# no block\n');
      await expect(writeTableBlock(path, rows, 'x')).rejects.toThrow('expected one');
      expect(readFileSync(path, 'utf8')).toBe('# no block\n');
      expect(readdirSync(dir)).toEqual(['README.md']);
    });
  });
});
