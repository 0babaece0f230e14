/**
 * The request schemas' rules: every constraint of a compiled request schema maps to a rule of the
 * register (read from the spec's `x-rule` annotations), and generation stops when one does not.
 */
import { describe, expect, it } from 'vitest';
import { RULES } from '../../generated/rules.js';
import { catalogs } from '../../src/catalog/catalogs.js';
import { requestSchema } from '../../scripts/generators/validators/request-schemas.js';
import { checkRequest } from '../../src/request-checks/check.js';
import { bodyChecks, ruleEntries } from './body-checks.js';

const facts = { ruleIds: new Set(Object.keys(RULES)), limits: catalogs.limits, templates: new Map([['FacebookMetricName', 'NetworkMetricName']]), where: 'fixture' };
const components = {
  FacebookMetricName: { type: 'string', enum: ['fans'], 'x-rule': { type: 'shared.request.string-list', enum: 'v2.metrics.metric-names' } },
};

describe('request schema rules', () => {
  it('reads each constraint rule from x-rule, inherited from a parent string, with limit codes and name lists', () => {
    const body = {
      type: 'object',
      'x-rule': { type: 'shared.request.body-object', required: 'v2.metrics.required-members' },
      required: ['metrics'],
      properties: {
        metrics: {
          type: 'array',
          'x-rule': 'shared.request.string-list',
          'x-limit': { maxItems: 'metricsPerMetricsRequest' },
          maxItems: catalogs.limits.metricsPerMetricsRequest.value,
          items: { $ref: '#/components/schemas/FacebookMetricName' },
        },
      },
    };
    const { schema, rules, members } = requestSchema(body, components, facts);
    expect(members).toEqual(['metrics']);
    expect((schema as any).properties.metrics.items).toEqual({ type: 'string', 'x-names': 'metrics' });
    expect(Object.fromEntries(rules)).toEqual({
      '/properties/metrics/items/type': { rule: 'shared.request.string-list' },
      '/properties/metrics/items/x-names': { rule: 'v2.metrics.metric-names' },
      '/properties/metrics/maxItems': { rule: 'shared.request.string-list', code: catalogs.limits.metricsPerMetricsRequest.errorCode },
      '/properties/metrics/type': { rule: 'shared.request.string-list' },
      '/required': { rule: 'v2.metrics.required-members' },
      '/type': { rule: 'shared.request.body-object' },
    });
  });

  it('compiles a date as the pattern of its shape, leaves its calendar day to the runtime, and keeps the format\'s rule', () => {
    const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date', 'x-rule': 'shared.request.date-format' };
    const body = { type: 'object', properties: { date_start: day }, 'x-rule': 'shared.request.body-object' };
    const { schema, rules, days } = requestSchema(body, {}, facts);
    expect(schema).toEqual({ type: 'object', properties: { date_start: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } } });
    expect(days).toEqual(['date_start']);
    const expected = 'a calendar day in YYYY-MM-DD shape';
    expect(Object.fromEntries(rules)).toEqual({
      '/properties/date_start/format': { rule: 'shared.request.date-format', expected },
      '/properties/date_start/pattern': { rule: 'shared.request.date-format', expected },
      '/properties/date_start/type': { rule: 'shared.request.date-format', expected },
      '/type': { rule: 'shared.request.body-object' },
    });
    expect(() => requestSchema({ ...day, 'x-rule': { type: 'shared.request.date-format', format: 'shared.request.date-format', pattern: 'shared.no-such' } }, {}, facts)).toThrow(
      '/pattern names rule shared.no-such',
    );
    // A format the runtime does not check, or without the pattern of its shape, stops generation.
    expect(() => requestSchema({ ...day, pattern: '^\\d+$' }, {}, facts)).toThrow('/format: format date without the pattern');
    expect(() => requestSchema({ type: 'string', format: 'email', 'x-rule': 'shared.request.date-format' }, {}, facts)).toThrow('format email without the pattern (none known)');
    expect(() => requestSchema({ type: 'array', items: day, 'x-rule': 'shared.request.date-format' }, {}, facts)).toThrow('format: date at /items, not a body member');
  });

  it('stops on a constraint without a rule, a rule outside the register, or a rule for a missing keyword', () => {
    expect(() => requestSchema({ type: 'object', properties: { a: { type: 'string' } } }, {}, facts)).toThrow(
      'fixture: no register rule for the schema constraint /type',
    );
    expect(() => requestSchema({ type: 'object', 'x-rule': 'shared.request.no-such-rule' }, {}, facts)).toThrow(
      'names rule shared.request.no-such-rule, which catalogs/rules.yaml does not hold',
    );
    expect(() => requestSchema({ type: 'object', 'x-rule': { type: 'shared.request.body-object', minItems: 'shared.request.non-empty' } }, {}, facts)).toThrow(
      'x-rule at / names minItems, which that schema does not have',
    );
  });

  it('every constraint of the generated request validators names a rule of the register', () => {
    const entries = Object.values(bodyChecks);
    expect(entries.length).toBeGreaterThan(10);
    for (const checks of entries) for (const [at, rule] of ruleEntries(checks)) expect(RULES, at).toHaveProperty([rule]);
  });

  it('gives every schema error of odd bodies a rule, a parameter and a message (no operation throws)', () => {
    const odd: unknown[] = [
      null, 7, 'x', [], {}, { date_start: 1, date_end: '2024-13-01', profiles: 'p', metrics: [1, '', 'nope'], fields: {}, limit: -1.5 },
      { profiles: [''], dimensions: ['x', { type: 1 }, { type: 'profile', extra: 1 }], sort: [1, { field: 2, order: '' }], after: 3 },
      { filter: [1, {}, { field: 'type', value: [1] }, { match_any: 'x' }, { match_any: [{ field: 'post_labels', value: ['', 1] }], field: 'x' }] },
    ];
    for (const operation of Object.keys(bodyChecks)) {
      for (const body of odd) {
        for (const problem of checkRequest(operation, body, { strict: true })) {
          expect(RULES, `${operation} ${problem.parameter}`).toHaveProperty([problem.rule]);
          expect(problem.message.length, problem.parameter).toBeGreaterThan(5);
        }
      }
    }
  });
});
