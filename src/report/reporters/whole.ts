/** A streaming reporter rendered over a whole report at once (its items held already), into one string. */
import type { ReportClosing, ReportWriter, ValidateReport } from '../report-types.js';
import { memorySpool, type SpoolMaker } from '../spool.js';
import { firstRule } from './problem-text.js';

/** What follows the items of a whole report. */
export function closingOf(report: ValidateReport): ReportClosing {
  const rule = firstRule(report.items);
  return { summary: report.summary, ...(report.coverage ? { coverage: report.coverage } : {}), ...(rule ? { firstRule: rule } : {}) };
}

/** The text the writer made by `make` writes for `report`. */
export function renderWith(make: (write: (text: string) => void, spool: SpoolMaker) => ReportWriter, report: ValidateReport): string {
  const parts: string[] = [];
  const writer = make((text) => parts.push(text), memorySpool);
  for (const item of report.items) writer.item(item);
  closeWhole(writer, closingOf(report));
  return parts.join('');
}

/** Takes every step of `writer.close(closing)` at once (for a report written to memory or a file). */
export function closeWhole(writer: ReportWriter, closing: ReportClosing): void {
  for (const _step of writer.close(closing));
}

/** `text` (JSON.stringify with 2 spaces) as a value nested `by` deeper: every line after its first indented. */
export const nested = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);

/**
 * The elements of a JSON array written as they come into a spool, each indented to `indent`
 * (JSON.stringify's layout at that depth), then the array written in its place.
 */
export function spooledArray(spool: SpoolMaker, indent: string) {
  const items = spool();
  let count = 0;
  return {
    add(value: unknown): void {
      items.write(`${count++ ? ',\n' : ''}${indent}${nested(JSON.stringify(value, null, 2), indent)}`);
    },
    get count() {
      return count;
    },
    /** Writes `[...]` as JSON.stringify lays it out with its closing bracket at `indent` less two spaces, a step per chunk (see ReportWriter.close). */
    *writeTo(write: (text: string) => void): Generator<void, void, undefined> {
      if (!count) return write('[]');
      write('[\n');
      for (const chunk of items.chunks()) {
        write(chunk);
        yield;
      }
      write(`\n${indent.slice(2)}]`);
    },
  };
}
