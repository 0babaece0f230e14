/**
 * The benchmark table: printed by `npm run bench`, and written by a full run into the block of
 * bench/README.md between the two markers below (the rest of that file is left as it is).
 */
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../src/cli/write-atomic.js';
import type { BenchRow } from './types.js';

export const TABLE_START = '<!-- bench-table:start -->';
export const TABLE_END = '<!-- bench-table:end -->';

const HEADER = ['benchmark', 'figure', 'baseline', 'ratio', 'target', 'holds'];

/** The cells of one row, in the order of the header. */
function cellsOf(row: BenchRow): string[] {
  const holds = row.ok === undefined ? '' : row.ok ? 'yes' : 'NO';
  return [row.name, row.value, row.baseline ?? '', row.ratio ?? '', row.target ?? '', holds];
}

/** The table for a terminal: columns padded to their widest cell. */
export function consoleTable(rows: readonly BenchRow[]): string {
  const lines = rows.map(cellsOf);
  const widths = HEADER.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [fmt(HEADER), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmt)].join('\n');
}

/** A markdown table, one line per row, `|` and line breaks in a cell escaped. */
export function markdownTable(rows: readonly BenchRow[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(HEADER), `|${HEADER.map(() => '---').join('|')}|`, ...rows.map((r) => line(cellsOf(r)))].join('\n');
}

/**
 * `text` with the block between TABLE_START and TABLE_END replaced by `environment` (one line
 * saying where the figures were measured) and the table of `rows`. Throws, naming `name`, when
 * the markers are missing, repeated or out of order: nothing outside the block is ever touched.
 */
export function replaceTableBlock(text: string, rows: readonly BenchRow[], environment: string, name = 'bench/README.md'): string {
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  const count = (marker: string) => text.split(marker).length - 1;
  if (count(TABLE_START) !== 1 || count(TABLE_END) !== 1 || end < start) {
    throw new Error(`${name}: expected one "${TABLE_START}" line followed by one "${TABLE_END}" line`);
  }
  const block = `${TABLE_START}\n${environment}\n\n${markdownTable(rows)}\n${TABLE_END}`;
  return text.slice(0, start) + block + text.slice(end + TABLE_END.length);
}

/** Rewrites the table block of the file at `path` (a temporary file beside it, then a rename). */
export async function writeTableBlock(path: string, rows: readonly BenchRow[], environment: string): Promise<void> {
  await writeFileAtomic(path, replaceTableBlock(readFileSync(path, 'utf8'), rows, environment, path));
}
