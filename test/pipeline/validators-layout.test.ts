/**
 * Where generated/validators puts the modules: operations whose code differs only by labels (the
 * network in component names) share one module, whatever order those labels give the rule
 * table's sorted entries.
 */
import { describe, expect, it } from 'vitest';
import { validatorLayout, type VersionModule } from '../../scripts/generators/validators/validators-layout.js';

const BASE = 'https://social-analytics-api.invalid/v2/schemas/';

/** A bundled metrics module of `network`, its rule table sorted by key as the generator writes it. */
function metricsModule(network: string): VersionModule {
  const name = `${network[0].toUpperCase()}${network.slice(1)}`;
  const rules = [
    [`/${name}HeaderType`, 'v2.metrics.dimension-types'],
    [`/${name}MetricsResponse`, 'v2.metrics.shape'],
    ['/MetricsData', 'v2.metrics.data-nesting'],
  ].sort(([a], [b]) => (a < b ? -1 : 1));
  const code = [
    `var schema12 = { "$id": "${BASE}${name}HeaderType", "enum": ["date.day", "metric"] };`,
    'exports.schemaRules = {',
    rules.map(([at, rule]) => `  ${JSON.stringify(at)}: ${JSON.stringify(rule)}`).join(',\n'),
    '};',
  ].join('\n');
  const operation = `POST /2/${network}/metrics`;
  return { version: 2, base: BASE, operation: { operation, operationId: `get${name}Metrics`, responses: [] }, code };
}

const failure: VersionModule = { version: 2, base: BASE, code: 'exports.schemaRules = {\n  "/FailureBody": "shared.failure.shape"\n};' };

describe('validatorLayout', () => {
  it('shares one module between networks whose code differs by names only, the rule table in another order too', () => {
    const networks = ['twitter', 'linkedin', 'pinterest'];
    const paths = validatorLayout('scripts/generators/validators/validators.ts', [failure, ...networks.map(metricsModule)], networks)
      .map((a) => a.path)
      .filter((p) => p.endsWith('.cjs'));
    expect(paths).toEqual(['generated/validators/v2/failure.cjs', 'generated/validators/v2/getMetrics.cjs']);
  });

  it('keeps modules apart when a rule differs', () => {
    const networks = ['twitter', 'linkedin'];
    const other = metricsModule('linkedin');
    other.code = other.code.replace('v2.metrics.shape', 'shared.response.no-extra-members');
    const paths = validatorLayout('scripts/generators/validators/validators.ts', [failure, metricsModule('twitter'), other], networks)
      .map((a) => a.path)
      .filter((p) => p.endsWith('.cjs'));
    expect(paths).toEqual(['generated/validators/v2/failure.cjs', 'generated/validators/v2/getLinkedinMetrics.cjs', 'generated/validators/v2/getTwitterMetrics.cjs']);
  });
});
