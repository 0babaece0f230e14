/**
 * The refusal check's one pass over a metrics request (src/validators/checks/quiet-request.ts)
 * against the whole request check: on generated requests of every metrics operation of both
 * versions, valid and broken in every member (days, order and length of the range, lists over and
 * at their limits, names of the network, of another network and of none, dimensions base, extra,
 * repeated or malformed, members missing, unknown or undefined), the refusal problems found with
 * the pass are those `checkRequest` gives, and a request the pass finds quiet has no problem at
 * all, strict or not.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { catalogs } from '../../src/catalog/catalogs.js';
import { requestLimits } from '../../src/catalog/request-catalog.js';
import { operations } from '../../generated/operations.js';
import { checkRequest, requestCheckOf, type OperationRequestCheck } from '../../src/request-checks/check.js';
import { isQuietRequest } from '../../src/validators/checks/quiet-request.js';
import { refusalsOf, requestRefusals } from '../../src/validators/checks/refused-request.js';
import { v1MetricsShape, v2MetricsShape } from '../../bench/bodies.js';

type Json = any;

const metricsOperations = operations.filter((op) => op.kind === 'metrics');
const baseDimensions = catalogs.dimensions.map((d) => d.name);
const extraDimensions = catalogs.extraDimensions.map((d) => d.name);
const namesOf = (version: 1 | 2, network: string): string[] => (catalogs[`v${version}`].metrics[network] ?? []).map((m) => m.name);

/** A day of 2024-2026 by its number from 2024-01-01, in YYYY-MM-DD. */
const dayAt = (n: number) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10);

/** A member's value: mostly one the pass reads as quiet, else a broken one. */
const days = fc.integer({ min: 0, max: 900 });
const dayValue = fc.oneof({ weight: 8, arbitrary: days.map(dayAt) }, { weight: 1, arbitrary: fc.constantFrom('2025-02-30', '2025-13-01', '2025-1-01', '', '2025-01-01T00:00:00Z', 20250101, null, '0000-01-01') });
const profileValue = fc.oneof(
  { weight: 8, arbitrary: fc.array(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: requestLimits.profilesPerMetricsRequest.value }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.constant(7), fc.constant(null)), { maxLength: requestLimits.profilesPerMetricsRequest.value + 2 }) },
  { weight: 1, arbitrary: fc.constantFrom('p1', {}, null, [], Array.from({ length: requestLimits.profilesPerMetricsRequest.value + 1 }, (_, i) => `p${i}`)) },
);

function metricValue(own: string[], other: string[]): fc.Arbitrary<unknown> {
  const name = fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...own) }, { weight: 1, arbitrary: fc.constantFrom(...other, 'not_a_metric', '', 'Fans') }, { weight: 1, arbitrary: fc.constantFrom(1, null, {}) });
  const limit = requestLimits.metricsPerMetricsRequest.value;
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(fc.constantFrom(...own), { minLength: 1, maxLength: limit }) },
    { weight: 2, arbitrary: fc.array(name, { maxLength: limit + 2 }) },
    { weight: 1, arbitrary: fc.constantFrom('fans', null, {}) },
  );
}

const dimensionItem = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...baseDimensions).map((type) => ({ type })) },
  { weight: 2, arbitrary: fc.constantFrom(...extraDimensions, 'not_a_dimension', '').map((type) => ({ type })) },
  { weight: 1, arbitrary: fc.constantFrom({ type: 'profile', order: 'asc' }, { type: 3 }, {}, 'profile', null, []) },
);
const dimensionValue = fc.oneof({ weight: 8, arbitrary: fc.array(dimensionItem, { maxLength: 4 }) }, { weight: 1, arbitrary: fc.constantFrom({ type: 'profile' }, 'profile', null) });

/** `arbitrary` once in `every` draws, else null (the member as made from the range). */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | null> => fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

/** One operation's request: its members, then edits that break its shape. */
function requestOf(op: (typeof metricsOperations)[number]): fc.Arbitrary<{ key: string; request: Json }> {
  const own = namesOf(op.version, op.network!);
  const other = metricsOperations.filter((o) => o.network !== op.network).flatMap((o) => namesOf(o.version, o.network!).slice(0, 3));
  const start = days;
  return fc
    .record({
      start,
      // Mostly within the shortest three months, some past them (up to the longest and beyond), some before date_start.
      length: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 83 }) }, { weight: 4, arbitrary: fc.integer({ min: 84, max: 95 }) }, { weight: 1, arbitrary: fc.integer({ min: -5, max: -1 }) }),
      dateStart: sometimes(dayValue, 8),
      dateEnd: sometimes(dayValue, 8),
      profiles: profileValue,
      metrics: metricValue(own, other),
      dimensions: op.version === 2 ? fc.oneof(fc.constant(null), dimensionValue) : fc.constant(null),
      drop: sometimes(fc.constantFrom('date_start', 'date_end', 'profiles', 'metrics', 'dimensions'), 12),
      extra: sometimes(fc.constantFrom('dimensions', 'fields', 'limit', 'toString', '__proto__x', 'filter'), 12),
      undefinedMember: sometimes(fc.constantFrom('date_start', 'profiles', 'dimensions', 'foo'), 16),
    })
    .map((r) => {
      const request: Json = {
        date_start: r.dateStart === null ? dayAt(r.start) : r.dateStart,
        date_end: r.dateEnd === null ? dayAt(r.start + r.length) : r.dateEnd,
        profiles: r.profiles,
        metrics: r.metrics,
      };
      if (r.dimensions !== null) request.dimensions = r.dimensions;
      if (r.drop !== null) delete request[r.drop];
      if (r.extra !== null) request[r.extra] = r.extra === 'limit' ? 10 : [];
      if (r.undefinedMember !== null) request[r.undefinedMember] = undefined;
      return { key: op.key, request };
    });
}

const metricsRequest = fc.constantFrom(...metricsOperations).chain(requestOf);

const checkOf = (key: string): OperationRequestCheck => requestCheckOf(key)!;

describe('the refusal check of a metrics request: one pass, else the whole request check', () => {
  it('finds the problems the whole check finds, on generated requests of every metrics operation', () => {
    expect(metricsOperations.map((op) => op.version)).toEqual(expect.arrayContaining([1, 2]));
    fc.assert(
      fc.property(metricsRequest, ({ key, request }) => {
        const check = checkOf(key);
        expect(requestRefusals(check, request)).toEqual(refusalsOf(check, request));
        if (isQuietRequest(check, request)) {
          expect(checkRequest(key, request)).toEqual([]);
          expect(checkRequest(key, request, { strict: true })).toEqual([]);
        }
      }),
      { numRuns: 3000, seed: 36 },
    );
  });

  it('reads most well-formed requests in one pass and refuses none of them; broken ones go to the whole check', () => {
    const sample = fc.sample(metricsRequest, { numRuns: 2000, seed: 6 });
    let quiet = 0;
    let clean = 0;
    for (const { key, request } of sample) {
      const problems = checkRequest(key, request, { strict: true });
      if (problems.length === 0) clean++;
      if (isQuietRequest(checkOf(key), request)) quiet++;
    }
    // Both kinds are generated, and the pass takes most of the requests that break no rule.
    expect(clean).toBeGreaterThan(200);
    expect(clean).toBeLessThan(sample.length - 200);
    expect(quiet).toBeGreaterThan(clean * 0.8);
  });

  it('a quiet request runs no request check: its compiled validator and facts are not read', () => {
    for (const shape of [v2MetricsShape(['profile', 'date.day'], 2, 3, 25), v2MetricsShape([], 25, 92, 10), v1MetricsShape(25, 30, 25, false)]) {
      const key = `${shape.method} ${shape.path}`;
      const check = checkOf(key);
      const whole = vi.fn(check);
      const spy: OperationRequestCheck = Object.assign(whole, { version: check.version, kind: check.kind, network: check.network, body: check.body });
      expect(isQuietRequest(check, shape.request as Json), shape.name).toBe(true);
      expect(requestRefusals(spy, shape.request as Json)).toEqual([]);
      expect(whole).not.toHaveBeenCalled();
      // Over a limit: the whole check, and its problem.
      const over = { ...(shape.request as Json), metrics: Array.from({ length: requestLimits.metricsPerMetricsRequest.value + 1 }, () => (shape.request as Json).metrics[0]) };
      expect(requestRefusals(spy, over).map(([rule]) => rule)).toEqual(['shared.response.limit-refused']);
      expect(whole).toHaveBeenCalledTimes(1);
    }
  });

  it('reads no request of another kind in one pass (posts, label and profile lists)', () => {
    const others = operations.filter((op) => op.kind !== 'metrics');
    for (const op of others) expect(isQuietRequest(checkOf(op.key), { profiles: ['p1'], date_start: '2025-01-01', date_end: '2025-01-02', fields: ['id'] })).toBe(false);
  });
});
