/** Request checks shared by the mock's handlers; each failure names the parameter and the value. */
import { catalogs } from '../../generated/catalogs.js';
import { maxRangeEnd, parseDay } from '../client/dates.js';
import type { ErrorCode } from '../catalog/types.js';
import type { MockAccount, MockProfile } from './account.js';
import { MockFailure } from './failures.js';

export interface CheckContext {
  account: MockAccount;
  network: string;
  version: 1 | 2;
  /** Enforce the 25 profiles / 25 metrics / 3 months limits. */
  limits: boolean;
  /** First day with data (earlier `date_start` gives code 6), day number. */
  historyStart: number;
}

/** The body as an object; anything else is a bad request (400). */
export function requireObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new MockFailure(400, ['The request body must be a JSON object.']);
  return body as Record<string, unknown>;
}

/** Unknown parameters give code 3. */
export function checkKeys(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length) throw new MockFailure(3, unknown.map((k) => `Unknown parameter: ${k}`));
}

/** A non-empty array of non-empty strings, or code 3. */
export function stringList(body: Record<string, unknown>, key: string): string[] {
  const value = body[key];
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string' && v !== '')) {
    throw new MockFailure(3, [`Parameter ${key} must be a non-empty array of strings.`]);
  }
  return value as string[];
}

/** date_start and date_end as day numbers; code 3 for bad shapes, code 6 before the history limit. */
export function dateRange(body: Record<string, unknown>, ctx: CheckContext): [number, number] {
  const start = parseDay(body.date_start);
  const end = parseDay(body.date_end);
  const bad: string[] = [];
  if (start === undefined) bad.push(`Parameter date_start must be a day YYYY-MM-DD, got ${JSON.stringify(body.date_start ?? null)}.`);
  if (end === undefined) bad.push(`Parameter date_end must be a day YYYY-MM-DD, got ${JSON.stringify(body.date_end ?? null)}.`);
  if (bad.length) throw new MockFailure(3, bad);
  if (end! < start!) throw new MockFailure(3, ['Parameter date_end is before date_start.']);
  return [start!, end!];
}

/** Code 6 when date_start is before the history limit. */
export function checkHistory(start: number, ctx: CheckContext): void {
  if (start < ctx.historyStart) throw new MockFailure(6, [`date_start is before the history limit date.`]);
}

/** The 25 profiles / 25 metrics / 3 months limits of metrics requests (code 4). */
export function checkMetricsLimits(profiles: string[], metrics: string[], start: number, end: number, ctx: CheckContext): void {
  if (!ctx.limits) return;
  const l = catalogs.limits;
  const over: string[] = [];
  if (profiles.length > l.profilesPerMetricsRequest.value) over.push(`Too many profiles: ${profiles.length} (at most ${l.profilesPerMetricsRequest.value}).`);
  if (metrics.length > l.metricsPerMetricsRequest.value) over.push(`Too many metrics: ${metrics.length} (at most ${l.metricsPerMetricsRequest.value}).`);
  if (end > maxRangeEnd(start, l.dateRangeMonths.value)) over.push(`Date range longer than ${l.dateRangeMonths.value} months.`);
  if (over.length) throw new MockFailure(4, over);
}

/** The requested profiles of the account; ids of other accounts give code 5. */
export function accountProfiles(ids: string[], ctx: CheckContext): MockProfile[] {
  const known = ctx.account.profileById[ctx.network];
  const foreign = ids.filter((id) => !known?.has(id));
  if (foreign.length) throw new MockFailure(5, foreign);
  return ids.map((id) => known.get(id)!);
}

/**
 * Insights names (`insights_*`) used with profiles without insights: code 7 where the error
 * catalog lists it for the operation, code 3 elsewhere.
 */
export function checkInsights(names: string[], profiles: MockProfile[], operation: string, version: 1 | 2): void {
  const insights = names.filter((n) => n.startsWith('insights_'));
  if (!insights.length) return;
  const without = profiles.filter((p) => p.insights_enabled !== true).map((p) => p.id);
  if (!without.length) return;
  const entry = (catalogs.errors as readonly ErrorCode[]).find((e) => e.code === 7)!;
  const listed = entry.endpoints === 'all' || ((version === 1 ? entry.endpoints.v1 : entry.endpoints.v2) ?? []).includes(operation);
  throw new MockFailure(listed ? 7 : 3, listed ? without : [`Insights metrics or fields (${insights.join(', ')}) need profiles with insights enabled: ${without.join(', ')}`]);
}
