/** The whole report of checked items, as `validate` builds it and `proxy` keeps it. */
import type { ReportItem, ValidateReport } from './report-types.js';
import { createTally } from './tally.js';

/** The report of checked items (in input order): the summary counts them, the exit code follows. */
export function reportOf(items: ReportItem[], options: { allowEmpty: boolean; coverage?: ValidateReport['coverage'] }): ValidateReport {
  const tally = createTally(options.allowEmpty);
  for (const item of items) tally.add(item);
  const results = items.flatMap((i) => (i.kind === 'response' ? [(({ kind: _, ...r }) => r)(i)] : []));
  const skipped = items.flatMap((i) => (i.kind === 'skipped' ? [{ source: i.source, reason: i.reason, detail: i.detail }] : []));
  const unreadable = items.flatMap((i) => (i.kind === 'unreadable' ? [(({ kind: _, ...u }) => u)(i)] : []));
  return { summary: tally.summary(), results, unreadable, skipped, items, ...(options.coverage ? { coverage: options.coverage } : {}) };
}
