/**
 * The report of a mutation run: per module the figures, the surviving mutants, and the mutants
 * marked equivalent in the source with the reason their comment gives. Written as one block of
 * bench/README.md per group, between `<!-- mutation:<group>:start -->` and its end marker.
 */
import { isAbsolute, relative } from 'node:path';
import type { MutantResult } from '@stryker-mutator/api/core';
import type { MutationGroup } from './groups.js';

export interface ModuleFigures {
  readonly file: string;
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  /** Marked equivalent in the source (Stryker's "Ignored"): not counted in the score. */
  equivalent: number;
  /** Mutants that do not load or compile (Stryker's runtime and compile errors): not counted. */
  errors: number;
}

export interface GroupSummary {
  readonly group: MutationGroup;
  readonly modules: readonly ModuleFigures[];
  readonly total: ModuleFigures;
  /** One line per surviving or uncovered mutant: place, mutator, the code and what it became. */
  readonly survivors: readonly string[];
  /** One line per equivalent mutant, with its reason. */
  readonly equivalents: readonly string[];
  readonly testFiles: readonly string[];
  readonly minutes: number;
}

/** Detected over detected and undetected: killed and timed out over those and the survivors and uncovered. */
export function score(f: ModuleFigures): number | undefined {
  const counted = f.killed + f.timeout + f.survived + f.noCoverage;
  return counted === 0 ? undefined : ((f.killed + f.timeout) / counted) * 100;
}

const empty = (file: string): ModuleFigures => ({ file, killed: 0, survived: 0, noCoverage: 0, timeout: 0, equivalent: 0, errors: 0 });

/** One line of code, squeezed: `a >= 1` for the text at a mutant's place. */
function codeAt(source: string, m: MutantResult): string {
  // A module edited since the run started has other lines: its text shows as far as it still reaches.
  const lines = [...source.split('\n'), ...Array<string>(m.location.end.line).fill('')];
  const { start, end } = m.location;
  const text =
    start.line === end.line
      ? lines[start.line - 1].slice(start.column - 1, end.column - 1)
      : [lines[start.line - 1].slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1].slice(0, end.column - 1)].join(' ');
  const squeezed = text.replace(/\s+/g, ' ').trim();
  return squeezed.length > 80 ? `${squeezed.slice(0, 77)}...` : squeezed;
}

const short = (text: string | undefined) => {
  const squeezed = (text ?? '').replace(/\s+/g, ' ').trim();
  return squeezed.length > 60 ? `${squeezed.slice(0, 57)}...` : squeezed;
};

/** The figures of one group's results (locations: lines and columns from 1); `sourceOf` reads a module's text. */
export function summarise(group: MutationGroup, results: readonly MutantResult[], sourceOf: (file: string) => string, testFiles: readonly string[], minutes: number, root = process.cwd()): GroupSummary {
  const byFile = new Map<string, ModuleFigures>();
  const total = empty('all');
  const survivors: string[] = [];
  const equivalents: string[] = [];
  const sources = new Map<string, string>();
  const sorted = [...results].map((r) => ({ ...r, fileName: isAbsolute(r.fileName) ? relative(root, r.fileName) : r.fileName })).sort((a, b) => a.fileName.localeCompare(b.fileName) || a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
  for (const m of sorted) {
    const figures = byFile.get(m.fileName) ?? empty(m.fileName);
    byFile.set(m.fileName, figures);
    const source = sources.get(m.fileName) ?? sourceOf(m.fileName);
    sources.set(m.fileName, source);
    const place = `${m.fileName}:${m.location.start.line}`;
    const change = `\`${codeAt(source, m).replace(/`/g, "'")}\` → \`${short(m.replacement).replace(/`/g, "'")}\``;
    const key = ({ Killed: 'killed', Survived: 'survived', NoCoverage: 'noCoverage', Timeout: 'timeout', Ignored: 'equivalent' } as const)[m.status as 'Killed'];
    const field: keyof ModuleFigures = key ?? 'errors';
    figures[field]++;
    total[field]++;
    if (m.status === 'Survived' || m.status === 'NoCoverage') survivors.push(`${place} ${m.mutatorName}${m.status === 'NoCoverage' ? ' (no test reaches it)' : ''}: ${change}`);
    if (m.status === 'Ignored') equivalents.push(`${place} ${m.mutatorName}: ${change}: ${m.statusReason ?? 'no reason given'}`);
  }
  return { group, modules: [...byFile.values()], total, survivors, equivalents, testFiles, minutes };
}

const percent = (f: ModuleFigures) => {
  const s = score(f);
  return s === undefined ? 'n/a' : `${s.toFixed(1)}%`;
};

/** The markdown of one group's block (without its markers). */
export function groupBlock(s: GroupSummary): string {
  const row = (f: ModuleFigures, name = `\`${f.file}\``) => `| ${name} | ${percent(f)} | ${f.killed} | ${f.survived} | ${f.noCoverage} | ${f.timeout} | ${f.equivalent} |`;
  const lines = [
    `**${s.group.name}**: ${s.group.title}, against ${s.testFiles.length} test files (${s.minutes.toFixed(0)} min).`,
    '',
    '| module | score | killed | survived | no coverage | timeout | equivalent |',
    '|---|---|---|---|---|---|---|',
    ...s.modules.map((f) => row(f)),
    row(s.total, 'all'),
  ];
  if (s.total.errors) lines.push('', `${s.total.errors} mutants did not load (runtime or compile errors): not counted.`);
  lines.push('', s.survivors.length ? `Surviving mutants (${s.survivors.length}):` : 'Surviving mutants: none.');
  if (s.survivors.length) lines.push('', ...s.survivors.map((l) => `- ${l}`));
  if (s.equivalents.length) lines.push('', `Equivalent mutants (${s.equivalents.length}), marked in the source with the reason:`, '', ...s.equivalents.map((l) => `- ${l}`));
  return lines.join('\n');
}

/**
 * `text` with the block of `name` replaced by `block`. Throws, naming the group, when its markers
 * are missing, repeated or out of order: nothing outside the block is ever touched.
 */
export function replaceGroupBlock(text: string, name: string, block: string): string {
  const startMarker = `<!-- mutation:${name}:start -->`;
  const endMarker = `<!-- mutation:${name}:end -->`;
  const start = text.indexOf(startMarker);
  const end = text.indexOf(endMarker);
  const count = (marker: string) => text.split(marker).length - 1;
  if (count(startMarker) !== 1 || count(endMarker) !== 1 || end < start) {
    throw new Error(`bench/README.md: expected one "${startMarker}" line followed by one "${endMarker}" line`);
  }
  return `${text.slice(0, start)}${startMarker}\n${block}\n${text.slice(end)}`;
}
