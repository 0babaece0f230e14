/**
 * The refusal check's one pass over a metrics request, the request a success answer most often
 * comes with: whether it surely breaks no rule that `checkRequest` checks (its schema, the
 * catalog's names, the limits of catalogs/limits.yaml, the rules across members), read without
 * the request check's machinery (its compiled validator, its network's name sets, its problem
 * list). Every fact is read where it is kept: the members and days of the operation's body checks
 * and the members it requires (generated from the request schema), the limits of the catalog, the
 * network's metric names as the response checks hold them (src/validators/catalog-facts.ts, the
 * same table the request checks read), the date range and dimension rules' own predicates
 * (src/request-checks/cross-field.ts). False when only the whole check can tell: the refusal check
 * then runs it (./refused-request.ts). test/validators/quiet-request.test.ts compares the two on
 * generated requests.
 */
import { requestLimits } from '../../catalog/request-catalog.js';
import { isDay } from '../../calendar/days.js';
import type { OperationRequestCheck } from '../../request-checks/check.js';
import { isQuietDateRange, isQuietDimensions } from '../../request-checks/cross-field.js';
import { metricsOf } from '../catalog-facts.js';
import { v1RequiredMembers, v2RequiredMembers } from '../../../generated/request-validators.js';

/** Per version, per kind of body: the members it must hold (generated from the request schemas). */
const REQUIRED: Readonly<Record<number, Readonly<Record<string, readonly string[] | undefined>>>> = { 1: v1RequiredMembers, 2: v2RequiredMembers };

/** A list of `min`..`max` items, each passing `ok`. */
function isListOf(value: unknown, max: number, ok: (item: unknown) => boolean): boolean {
  if (!Array.isArray(value) || value.length < 1 || value.length > max) return false;
  for (let i = 0; i < value.length; i++) if (!ok(value[i])) return false;
  return true;
}

const isNonEmptyString = (item: unknown): boolean => typeof item === 'string' && item.length > 0;

/**
 * Whether `request`, the body of `check`'s operation, surely gives no problem to `check` (strict
 * or not): true only for a metrics body whose every member is one the pass reads and holds what
 * breaks none of its rules.
 */
export function isQuietRequest(check: OperationRequestCheck, request: Record<string, unknown>): boolean {
  const checks = check.body;
  const required = REQUIRED[check.version]?.[check.kind];
  if (check.kind !== 'metrics' || !checks || !required) return false;
  for (let i = 0; i < required.length; i++) if (request[required[i]] === undefined) return false;
  for (const member in request) {
    const value = request[member];
    if (value === undefined || !checks.members.includes(member)) return false;
    if (checks.days.includes(member)) {
      if (!isDay(value)) return false;
      continue;
    }
    switch (member) {
      case 'profiles':
        if (!isListOf(value, requestLimits.profilesPerMetricsRequest.value, isNonEmptyString)) return false;
        break;
      case 'metrics': {
        const names = metricsOf(check.version, check.network);
        if (!isListOf(value, requestLimits.metricsPerMetricsRequest.value, (item) => typeof item === 'string' && names.has(item))) return false;
        break;
      }
      case 'dimensions':
        if (!isQuietDimensions(value)) return false;
        break;
      default:
        return false;
    }
  }
  return isQuietDateRange(request);
}
