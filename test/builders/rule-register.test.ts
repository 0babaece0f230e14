/**
 * The request checks and the rule register agree: every request rule of the register is applied
 * by a compiled request schema or a check of src/request-checks, and every inferred request rule is a warning by default and an
 * error in strict mode (a request the documents allow is never refused on a guess).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES, type RuleId } from '../../generated/rules.js';
import { checkRequest } from '../../src/request-checks/check.js';
import { bodyChecks, ruleEntries } from './body-checks.js';
import { sectionRuleIds } from '../validators/register-section.js';
import { ROOT } from '../validators/spec-examples.js';

const requestRules = sectionRuleIds('request rules') as RuleId[];

/**
 * Rule ids the request checks apply: those of the compiled request schemas (from the spec's
 * `x-rule` annotations) and those the hand-written checks of src/request-checks name.
 */
function idsInChecks(): Set<string> {
  const ids = new Set<string>();
  for (const checks of Object.values(bodyChecks)) for (const [, rule] of ruleEntries(checks)) ids.add(rule);
  const dir = join(ROOT, 'src/request-checks');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/'((?:shared|v1|v2)\.[a-z0-9-]+\.[a-z0-9-]+)'/g)) ids.add(m[1]);
  }
  return ids;
}

const range = { date_start: '2024-01-01', date_end: '2024-01-31', profiles: ['p1'] };
const posts = { ...range, fields: ['id'] };

/** One request per inferred request rule that breaks it and nothing else. */
const inferredCases: Partial<Record<RuleId, [operation: string, body: unknown]>> = {
  'shared.request.unknown-members': ['POST /2/facebook/metrics', { ...range, metrics: ['fans_change'], granularity: 'day' }],
  'shared.request.date-order': ['POST /2/facebook/metrics', { ...range, date_start: '2024-02-01', metrics: ['fans_change'] }],
  'shared.metrics.date-range-calendar': ['POST /2/facebook/metrics', { ...range, date_end: '2024-04-01', metrics: ['fans_change'] }],
  'shared.request.non-empty': ['POST /2/facebook/page/posts', { ...posts, after: '' }],
  'v2.metrics.dimensions-distinct': ['POST /2/facebook/metrics', { ...range, metrics: ['fans_change'], dimensions: [{ type: 'profile' }, { type: 'profile' }] }],
  'shared.posts.limit-positive': ['POST /2/facebook/page/posts', { ...posts, limit: 0 }],
  'shared.posts.filter-value-enum': ['POST /2/facebook/page/posts', { ...posts, filter: [{ field: 'ppd_status', value: 'boosted' }] }],
};

describe('request rules of the register', () => {
  it('are all applied by a compiled request schema or a check of src/request-checks', () => {
    const used = idsInChecks();
    expect(requestRules.length).toBeGreaterThan(20);
    expect(requestRules.filter((id) => !used.has(id))).toEqual([]);
  });

  it('README states their counts', () => {
    const stated = requestRules.filter((id) => RULES[id].level === 'stated').length;
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(/The request checks apply \d+ rules from the documents and \d+ inferred ones\./.exec(readme)?.[0]).toBe(
      `The request checks apply ${stated} rules from the documents and ${requestRules.length - stated} inferred ones.`,
    );
  });

  it('every inferred one has a case below', () => {
    expect(requestRules.filter((id) => RULES[id].level === 'inferred').sort()).toEqual(Object.keys(inferredCases).sort());
  });

  it.each(Object.entries(inferredCases))('%s: a warning by default, an error in strict mode', (rule, [operation, body]) => {
    const lenient = checkRequest(operation, body);
    expect(lenient.map((p) => [p.rule, p.severity])).toEqual([[rule, 'warning']]);
    expect(checkRequest(operation, body, { strict: true }).map((p) => [p.rule, p.severity])).toEqual([[rule, 'error']]);
  });
});
