/**
 * `validate --baseline FILE` and `--write-baseline FILE`: the errors a store of captures is known
 * to have, so that a run fails only on errors that are not in it. An error is known by its file
 * (as the reports name it), JSON pointer and rule, never by its line, so a capture whose lines
 * move keeps its errors known; an error that appears in a file more times than the baseline
 * counts is new from the first over the count (a HAR's entries share a file). What the baseline
 * lists and no error of the run matches is reported as fixed. A baseline is read from a file the
 * command wrote, or from a previous JSON report (its results' errors).
 */
import { readFileSync } from 'node:fs';
import { parseJson } from '../captures/json-syntax.js';
import { isPlainObject } from '../shared/values.js';
import type { BaselineCounts, ReportItem } from './report-types.js';

/** What a baseline file says it is. */
export const BASELINE_KIND = 'social-analytics-api baseline';
const BASELINE_VERSION = 1;

/** One known error, `count` times in its file. */
export interface BaselineEntry {
  file: string;
  pointer: string;
  rule: string;
  count: number;
}

const SEP = '\u0000';
const keyOf = (file: string, pointer: string, rule: string) => `${file}${SEP}${pointer}${SEP}${rule}`;

/** The entries of counted keys, sorted by file, pointer and rule (the same run always writes the same file). */
function entriesOf(counts: Map<string, number>): BaselineEntry[] {
  const entries = [...counts].filter(([, n]) => n > 0).map(([key, count]) => {
    const [file, pointer, rule] = key.split(SEP);
    return { file, pointer, rule, count };
  });
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return entries.sort((a, b) => order(a.file, b.file) || order(a.pointer, b.pointer) || order(a.rule, b.rule));
}

/** The text of a baseline file listing `entries`. */
export function baselineText(entries: readonly BaselineEntry[]): string {
  const lines = entries.map((e) => `    ${JSON.stringify(e)}`);
  return `{\n  "kind": ${JSON.stringify(BASELINE_KIND)},\n  "version": ${BASELINE_VERSION},\n  "problems": [${lines.length ? `\n${lines.join(',\n')}\n  ` : ''}]\n}\n`;
}

/** The errors a response item reports, by key. */
function* errorKeys(item: ReportItem): Generator<string> {
  if (item.kind !== 'response') return;
  const file = item.file ?? item.source;
  for (const error of item.errors) if (error.rule) yield keyOf(file, error.pointer, error.rule);
}

/** Why `value` (the JSON of `file`) is no baseline, or its counts by key. */
function countsOf(value: unknown): Map<string, number> | string {
  const counts = new Map<string, number>();
  const add = (file: unknown, pointer: unknown, rule: unknown, count: unknown) => {
    if (typeof file !== 'string' || typeof pointer !== 'string' || typeof rule !== 'string' || !(Number.isInteger(count) && (count as number) > 0)) return false;
    const key = keyOf(file, pointer, rule);
    counts.set(key, (counts.get(key) ?? 0) + (count as number));
    return true;
  };
  if (!isPlainObject(value)) return 'expected a JSON object: a baseline written by --write-baseline, or a JSON report';
  if (value.kind === BASELINE_KIND) {
    if (value.version !== BASELINE_VERSION) return `baseline version ${JSON.stringify(value.version)} is not known (this version reads ${BASELINE_VERSION})`;
    if (!Array.isArray(value.problems)) return '"problems" must be an array';
    for (const [i, p] of value.problems.entries()) {
      if (!isPlainObject(p) || !add(p.file, p.pointer, p.rule, p.count)) return `/problems/${i} must be { "file", "pointer", "rule", "count" } (strings and a count from 1)`;
    }
    return counts;
  }
  if (!Array.isArray(value.results)) return `neither a baseline ("kind": ${JSON.stringify(BASELINE_KIND)}) nor a JSON report ("results")`;
  for (const [i, r] of value.results.entries()) {
    if (!isPlainObject(r) || typeof r.source !== 'string' || !Array.isArray(r.errors)) return `/results/${i} is not a result of a JSON report (expected "source" and "errors")`;
    for (const [j, e] of r.errors.entries()) {
      if (!isPlainObject(e)) return `/results/${i}/errors/${j} is not an error of a JSON report`;
      // A note about a capture (rule null) is no error of a rule.
      if (e.rule === null) continue;
      if (!add(r.file ?? r.source, e.pointer, e.rule, 1)) return `/results/${i}/errors/${j} lacks its "pointer" or "rule"`;
    }
  }
  return counts;
}

/** Reads a baseline (or JSON report) file: its counts by key, or why it cannot be used. */
export function readBaseline(path: string): Map<string, number> | { error: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    return { error: `cannot read the baseline ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` };
  }
  const parsed = parseJson(text.replace(/^\uFEFF/, ''));
  if (!parsed.ok) return { error: `the baseline ${path} is not JSON: ${parsed.message}` };
  const counts = countsOf(parsed.value);
  return typeof counts === 'string' ? { error: `the baseline ${path} cannot be used: ${counts}` } : counts;
}

/**
 * Counts the errors of a run as its items go by: against `known` (a baseline's counts), which
 * are new, and which of the baseline are fixed; and every error, to write a baseline of the run.
 * Only keys are kept (a HAR's entries with the same errors share them), no item.
 */
export function createBaselineGate(known: ReadonlyMap<string, number> | undefined) {
  const left = new Map(known);
  const seen = new Map<string, number>();
  let knownErrors = 0;
  let newErrors = 0;
  return {
    add(item: ReportItem): void {
      for (const key of errorKeys(item)) {
        seen.set(key, (seen.get(key) ?? 0) + 1);
        const n = left.get(key) ?? 0;
        if (n > 0) {
          left.set(key, n - 1);
          knownErrors++;
        } else newErrors++;
      }
    },
    /** The run's counts against the baseline. */
    counts(): BaselineCounts {
      let fixed = 0;
      for (const n of left.values()) fixed += n;
      return { known: knownErrors, new: newErrors, fixed };
    },
    /** The errors the baseline lists that the run did not have. */
    fixed: (): BaselineEntry[] => entriesOf(left),
    /** Every error of the run: the baseline `--write-baseline` writes. */
    written: (): BaselineEntry[] => entriesOf(seen),
  };
}
