/** The counts of a run, kept as its items go by (no item is kept): the summary every report closes with. */
import type { ReportItem, RuleId, Summary } from './report-types.js';

export function createTally(allowEmpty: boolean) {
  let responses = 0;
  let valid = 0;
  let withWarnings = 0;
  let unreadable = 0;
  let skipped = 0;
  const skippedByReason: Summary['skippedByReason'] = {};
  let firstRule: RuleId | undefined;
  return {
    add(item: ReportItem): void {
      if (item.kind === 'unreadable') unreadable++;
      else if (item.kind === 'skipped') {
        skipped++;
        skippedByReason[item.reason] = (skippedByReason[item.reason] ?? 0) + 1;
      } else {
        responses++;
        if (item.valid) valid++;
        if (item.warnings.length) withWarnings++;
        if (firstRule === undefined) firstRule = item.groups.find((g) => g.rule)?.rule ?? undefined;
      }
    },
    /** The first rule a problem group named, in input order. */
    firstRule: () => firstRule,
    summary(): Summary {
      const invalid = responses - valid;
      const empty = responses === 0;
      const exitCode = unreadable ? 2 : invalid || (empty && !allowEmpty) ? 1 : 0;
      return { responses, valid, invalid, withWarnings, unreadable, skipped, skippedByReason: { ...skippedByReason }, empty, exitCode };
    },
  };
}
