/**
 * Request-aware check of a version 2 `date.day` header element: its rows include the last
 * requested day ("the last day is included in the result"), unless it has no rows at all
 * (metrics may "return no data").
 */
import type { ProblemList } from '../../core/problems/problem-list.js';
import { quote } from '../../core/problems/describe.js';
import type { DateRange } from './request-shape.js';

export function checkLastDay(list: ProblemList, rows: unknown[], range: DateRange, element: number): void {
  if (rows.length === 0 || rows[rows.length - 1] === range.end || rows.includes(range.end)) return;
  list.add('v2.metrics.last-day', `/header/${element}/rows`, `no row for the last requested day ${quote(range.end)}`);
}
