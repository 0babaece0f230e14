/**
 * The compact rule tables of the compiled request validators: a pointer only where the rule
 * changes, read as "the nearest entry at or above", entries several body shapes have alike
 * written once.
 */
import { describe, expect, it } from 'vitest';
import { compactRules, shareRules } from '../../scripts/generators/validators/rule-table.js';
import { ruleAt, type RuleTable } from '../../src/shared/constraint-rules.js';
import type { ConstraintRule } from '../../scripts/generators/validators/request-schemas.js';

const full = new Map<string, ConstraintRule>([
  ['/type', { rule: 'shared.request.body-object' }],
  ['/required', { rule: 'v2.metrics.required-members' }],
  ['/additionalProperties', { rule: 'shared.request.unknown-members' }],
  ['/additionalProperties/dimensions', { rule: 'v1.metrics.no-dimensions' }],
  ['/properties/filter/items/oneOf/1/type', { rule: 'shared.posts.filter-shape' }],
  ['/properties/filter/items/oneOf/1/properties/match_any/type', { rule: 'shared.posts.match-any' }],
  ['/properties/filter/items/oneOf/1/properties/match_any/minItems', { rule: 'shared.posts.match-any' }],
  ['/properties/filter/items/oneOf/1/properties/match_any/items/type', { rule: 'shared.posts.match-any' }],
  ['/properties/metrics/maxItems', { rule: 'shared.metrics.metrics-limit', code: 4 }],
  ['/properties/metrics/type', { rule: 'shared.request.string-list' }],
]);

describe('compact rule tables', () => {
  it('hold a pointer where the rule changes and give every constraint its own rule by the nearest entry', () => {
    const compact = compactRules(full, 'fixture');
    expect(compact.size).toBeLessThan(full.size);
    // The three match_any constraints share one entry above them.
    expect([...compact].filter(([, r]) => r.rule === 'shared.posts.match-any')).toHaveLength(1);
    const table = Object.fromEntries(compact) as RuleTable;
    for (const [pointer, rule] of full) expect(ruleAt([table], pointer), pointer).toEqual(rule);
    // A member of a `required` or `additionalProperties` error is looked up below its pointer first.
    expect(ruleAt([table], '/additionalProperties/dimensions')).toEqual({ rule: 'v1.metrics.no-dimensions' });
    expect(ruleAt([table], '/additionalProperties/granularity')).toEqual({ rule: 'shared.request.unknown-members' });
    expect(ruleAt([table], '/required/metrics')).toEqual({ rule: 'v2.metrics.required-members' });
    // No entry sits on the body itself: nothing is found above the body's own constraints.
    expect(ruleAt([table], '/not-a-constraint')).toBeUndefined();
  });

  it('read a rule id alone as that rule, and look through several tables', () => {
    const shared: RuleTable = { '/type': 'shared.request.body-object' };
    const own: RuleTable = { '/properties/metrics/maxItems': { rule: 'shared.metrics.metrics-limit', code: 4 } };
    expect(ruleAt([shared, own], '/type')).toEqual({ rule: 'shared.request.body-object' });
    expect(ruleAt([shared, own], '/properties/metrics/maxItems')).toEqual({ rule: 'shared.metrics.metrics-limit', code: 4 });
  });

  it('write the entries that several body shapes have alike once, and keep each shape its own', () => {
    const a = new Map<string, ConstraintRule>([['/type', { rule: 'shared.request.body-object' }], ['/required', { rule: 'v1.metrics.required-members' }]]);
    const b = new Map<string, ConstraintRule>([['/type', { rule: 'shared.request.body-object' }], ['/required', { rule: 'v2.metrics.required-members' }]]);
    const { shared, own } = shareRules(new Map([['metricsRequestV1', a], ['metricsRequestV2', b]]));
    expect(shared).toEqual([{ name: 'sharedRules', shapes: ['metricsRequestV1', 'metricsRequestV2'], rules: new Map([['/type', { rule: 'shared.request.body-object' }]]) }]);
    expect(Object.fromEntries(own.get('metricsRequestV2')!)).toEqual({ '/required': { rule: 'v2.metrics.required-members' } });
  });
});
