/** Checks of a metrics request body (v1 and v2) against the catalogs and limits. */
import type { Version } from '../catalog/types.js';
import { metricsLookup, requestCatalog, type MetricsLookup } from './catalog-lookup.js';
import {
  checkDates, checkElementMembers, checkKnownNames, checkMembers, checkStringList, isObject, show, type MemberRules, type ProblemList,
} from './check-common.js';

const V1_MEMBERS = ['date_start', 'date_end', 'profiles', 'metrics'];

const MEMBERS: Record<Version, MemberRules> = {
  1: { allowed: V1_MEMBERS, required: V1_MEMBERS, requiredRule: 'v1.metrics.required-members', refused: { dimensions: 'v1.metrics.no-dimensions' } },
  2: { allowed: [...V1_MEMBERS, 'dimensions'], required: V1_MEMBERS, requiredRule: 'v2.metrics.required-members' },
};

export function checkMetricsRequest(problems: ProblemList, version: Version, network: string, body: unknown): void {
  const lookup = metricsLookup(version, network);
  if (!lookup) {
    problems.add('shared.request.known-operation', 'network', `${network} has no metrics in version ${version}`);
    return;
  }
  const limits = requestCatalog.limits;
  const object = checkMembers(problems, body, MEMBERS[version]);
  if (!object) return;
  checkDates(problems, object, { months: limits.dateRangeMonths.value, code: limits.dateRangeMonths.errorCode });
  checkStringList(problems, 'profiles', object.profiles, { ...limits.profilesPerMetricsRequest, rule: 'shared.metrics.profiles-limit' });
  const metrics = checkStringList(problems, 'metrics', object.metrics, { ...limits.metricsPerMetricsRequest, rule: 'shared.metrics.metrics-limit' });
  checkKnownNames(problems, `v${version}.metrics.metric-names`, 'metrics', object.metrics, new Set(lookup.metrics.keys()), `${network} metric`);
  if (version === 2 && object.dimensions !== undefined) {
    checkDimensions(problems, lookup, network, object.dimensions, (metrics ?? []).filter((m) => lookup.metrics.has(m)));
  }
}

/**
 * v2 dimensions: `{type}` objects naming a base dimension or an extra dimension; at most one
 * extra dimension, it must be the last one, and every requested metric must allow it.
 */
function checkDimensions(problems: ProblemList, lookup: MetricsLookup, network: string, value: unknown, metrics: string[]): void {
  if (!Array.isArray(value)) {
    problems.add('v2.metrics.dimension-shape', 'dimensions', `must be an array of {type} objects, got ${show(value)}`);
    return;
  }
  const extras: { index: number; name: string }[] = [];
  const seen = new Map<string, number>();
  value.forEach((item, index) => {
    const parameter = `dimensions[${index}]`;
    if (!isObject(item) || typeof item.type !== 'string') {
      problems.add('v2.metrics.dimension-shape', parameter, `must be an object {type: <dimension>}, got ${show(item)}`);
      return;
    }
    checkElementMembers(problems, parameter, item, ['type']);
    const first = seen.get(item.type);
    if (first !== undefined) problems.add('v2.metrics.dimensions-distinct', `${parameter}.type`, `dimension "${item.type}" is already requested as dimensions[${first}]`);
    else seen.set(item.type, index);
    if (lookup.baseDimensions.has(item.type)) return;
    if (!lookup.extraDimensions.has(item.type)) {
      problems.add('v2.metrics.dimension-names', `${parameter}.type`, `unknown dimension ${show(item.type)}`);
      return;
    }
    extras.push({ index, name: item.type });
  });
  if (extras.length > 1) {
    problems.add('v2.metrics.extra-dimension-single', 'dimensions', `holds ${extras.length} extra dimensions (${extras.map((e) => e.name).join(', ')}); only one is allowed per request`);
  }
  for (const extra of extras) {
    const parameter = `dimensions[${extra.index}].type`;
    if (extra.index !== value.length - 1) problems.add('v2.metrics.extra-dimension-last', parameter, `extra dimension "${extra.name}" must be the last dimension`);
    const refusing = metrics.filter((m) => !(lookup.metrics.get(m)!.extraDimensions ?? []).includes(extra.name));
    if (refusing.length) {
      problems.add(
        'v2.metrics.extra-dimension-allowed',
        parameter,
        `extra dimension "${extra.name}" is not allowed by the ${network} metric${refusing.length > 1 ? 's' : ''} ${refusing.join(', ')}`,
      );
    }
  }
}
