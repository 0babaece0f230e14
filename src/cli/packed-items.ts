/**
 * Report items as the checking threads send them back: most responses are valid without a
 * problem, and such an item goes as an array of its varying members rather than an object of
 * fifteen (a message's structured clone costs per object and per member name: about a third of
 * the time). Unpacked, it is the very object the checker made, members in the same order, so
 * every report is the same byte for byte. Any other item goes as it is.
 */
import type { ReportItem } from '../report/report-types.js';

/** A valid response without problems, with a place in its file: its varying members, in order. */
type PackedResponse = [source: string, file: string, line: number, column: number, method: string, path: string, status: number, operation: string | null, durationMs: number];

/** An item as sent: packed, or as it is. */
export type SentItem = ReportItem | PackedResponse;

/** The members of a response item, in the order the checker writes them (check-response.ts). */
const MEMBERS = 15;

function packed(item: ReportItem): PackedResponse | undefined {
  if (item.kind !== 'response' || !item.valid || item.errors.length || item.warnings.length || item.groups.length || item.groupsOmitted) return undefined;
  const { source, file, line, column, method, path, status, operation, durationMs } = item;
  if (file === undefined || line === undefined || column === undefined || durationMs === undefined || Object.keys(item).length !== MEMBERS) return undefined;
  return [source, file, line, column, method, path, status, operation, durationMs];
}

export function packItems(items: readonly ReportItem[]): SentItem[] {
  return items.map((item) => packed(item) ?? item);
}

export function unpackItem(item: SentItem): ReportItem {
  if (!Array.isArray(item)) return item;
  const [source, file, line, column, method, path, status, operation, durationMs] = item;
  return { kind: 'response', source, file, line, column, method, path, status, operation, valid: true, errors: [], warnings: [], groups: [], groupsOmitted: 0, durationMs };
}
