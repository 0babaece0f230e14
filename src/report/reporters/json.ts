/**
 * The JSON reporter: the whole report (summary, results with their file, line and column, errors
 * and warnings carrying rule, severity, line and column, groups, skipped, unreadable, coverage).
 * Check times are left out (they are in the JUnit report), so the same inputs give the same JSON.
 * The summary comes first but is known last: the three lists are spooled as the items come
 * (spool.ts), each element laid out as JSON.stringify lays it out, and written after it.
 */
import type { ReportWriter, ValidateReport } from '../report-types.js';
import type { SpoolMaker } from '../spool.js';
import { nested, renderWith, spooledArray } from './whole.js';

const ELEMENT = '    ';

export function createJsonWriter(write: (text: string) => void, spool: SpoolMaker): ReportWriter {
  const lists = { results: spooledArray(spool, ELEMENT), unreadable: spooledArray(spool, ELEMENT), skipped: spooledArray(spool, ELEMENT) };
  return {
    item(item) {
      if (item.kind === 'response') {
        const { kind: _, durationMs: _time, ...result } = item;
        lists.results.add(result);
      } else if (item.kind === 'unreadable') {
        const { kind: _, ...unreadable } = item;
        lists.unreadable.add(unreadable);
      } else lists.skipped.add({ source: item.source, reason: item.reason, detail: item.detail });
    },
    *close(closing) {
      write(`{\n  "summary": ${nested(JSON.stringify(closing.summary, null, 2), '  ')}`);
      for (const [key, list] of Object.entries(lists)) {
        write(`,\n  "${key}": `);
        yield* list.writeTo(write);
      }
      if (closing.coverage) write(`,\n  "coverage": ${nested(JSON.stringify(closing.coverage, null, 2), '  ')}`);
      write('\n}\n');
    },
  };
}

export function renderJson(report: ValidateReport): string {
  return renderWith(createJsonWriter, report);
}
