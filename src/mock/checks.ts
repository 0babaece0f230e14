/** Request checks shared by the mock's handlers; each failure names the parameter and the value. */
import { catalogs } from '../catalog/catalogs.js';
import { dayNumber } from '../calendar/days.js';
import { checkRequest, type RequestProblem } from '../request-checks/check.js';
import { MAX_PROBLEMS_PER_RULE } from '../core/problems/problem-list.js';
import type { ErrorCode } from '../shared/catalog-types.js';
import type { MockAccount, MockProfile } from './account.js';
import { MockFailure } from './failures.js';

const LIMIT_CODE = catalogs.limits.profilesPerMetricsRequest.errorCode;

export interface CheckContext {
  account: MockAccount;
  network: string;
  version: 1 | 2;
  /** Enforce the profiles / metrics / months limits of catalogs/limits.yaml. */
  limits: boolean;
  /** First day with data (earlier `date_start` gives code 6), day number. */
  historyStart: number;
}

/** The body as an object; anything else is a bad request (400). */
export function requireObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new MockFailure(400, ['The request body must be a JSON object.']);
  return body as Record<string, unknown>;
}

/**
 * The rules the catalogs and limits know, from the package's one request check
 * (src/request-checks/check.ts), in strict mode: the mock also refuses what the inferred rules refuse
 * (repeated dimensions among them, which would multiply the size of its answer). Any validation
 * problem gives code 3 naming each offender, an exceeded limit of catalogs/limits.yaml
 * code 4 unless the mock runs with `limits: false`.
 */
export function checkRules(operation: string, body: Record<string, unknown>, ctx: CheckContext): void {
  const problems = checkRequest(operation, body, { strict: true }).filter((p) => ctx.limits || p.code !== LIMIT_CODE);
  const invalid = problems.filter((p) => p.code !== LIMIT_CODE);
  const text = (p: RequestProblem) => `${p.parameter}: ${p.message}`;
  if (invalid.length) throw new MockFailure(3, invalid.map(text));
  if (problems.length) throw new MockFailure(LIMIT_CODE, problems.map(text));
}

/** date_start and date_end of a body that passed checkRules, as day numbers. */
export function dateRange(body: Record<string, unknown>): [number, number] {
  return [dayNumber(body.date_start)!, dayNumber(body.date_end)!];
}

/** Code 6 when date_start is before the history limit. */
export function checkHistory(start: number, ctx: CheckContext): void {
  if (start < ctx.historyStart) throw new MockFailure(6, [`date_start is before the history limit date.`]);
}

/** The requested profiles of the account; ids of other accounts give code 5. */
export function accountProfiles(ids: string[], ctx: CheckContext): MockProfile[] {
  const known = ctx.account.profileById[ctx.network];
  const foreign = ids.filter((id) => !known?.has(id));
  if (foreign.length) throw new MockFailure(5, capped(foreign, 'profile ids'));
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
  const text = `Insights metrics or fields (${capped(insights, 'names').join(', ')}) need profiles with insights enabled: ${capped(without, 'profiles').join(', ')}`;
  throw new MockFailure(listed ? 7 : 3, listed ? capped(without, 'profile ids') : [text]);
}

/**
 * At most {@link MAX_PROBLEMS_PER_RULE} of `items`, and then `and N more <what>`: an answer names
 * the first offenders of a rule as the package's problem lists do, however many a request holds.
 */
function capped(items: readonly string[], what: string): string[] {
  if (items.length <= MAX_PROBLEMS_PER_RULE) return [...items];
  return [...items.slice(0, MAX_PROBLEMS_PER_RULE), `and ${items.length - MAX_PROBLEMS_PER_RULE} more ${what}`];
}
