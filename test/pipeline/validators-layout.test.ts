/**
 * Where generated/validators puts the modules: operations that compile the same thing, as the
 * model tells it (the spec templates their schemas come from, those schemas and their rules),
 * share one module; nothing compares emitted code.
 */
import { describe, expect, it } from 'vitest';
import { sharingKey, versionModules } from '../../scripts/generators/validators/validators.js';
import { shareModules, validatorLayout, type VersionModule } from '../../scripts/generators/validators/validators-layout.js';
import { loadModel } from '../../scripts/model/load-model.js';
import { PROJECT_ROOT } from './temp-project.js';

const BASE = 'https://social-analytics-api.invalid/v2/schemas/';

/** A metrics module of `network` with sharing key `key`. */
function metricsModule(network: string, key: string): VersionModule {
  const name = `${network[0].toUpperCase()}${network.slice(1)}`;
  const operation = `POST /2/${network}/metrics`;
  return { version: 2, base: BASE, key, operation: { operation, operationId: `get${name}Metrics`, template: 'getNetworkMetrics', responses: [] } };
}

const failure: VersionModule = { version: 2, base: BASE, key: 'failure' };

const files = (modules: VersionModule[]) =>
  validatorLayout('scripts/generators/validators/validators.ts', shareModules(modules).map((users) => ({ users, code: '' })), modules)
    .map((a) => a.path)
    .filter((p) => p.endsWith('.cjs'));

describe('validatorLayout', () => {
  it('gives the modules of one key one file, named by their spec operation', () => {
    expect(files([failure, ...['twitter', 'linkedin', 'pinterest'].map((n) => metricsModule(n, 'same'))])).toEqual(['generated/validators/v2/failure.cjs', 'generated/validators/v2/getMetrics.cjs']);
  });

  it('keeps modules of different keys apart', () => {
    expect(files([failure, metricsModule('twitter', 'one'), metricsModule('linkedin', 'other')])).toEqual([
      'generated/validators/v2/failure.cjs',
      'generated/validators/v2/getLinkedinMetrics.cjs',
      'generated/validators/v2/getTwitterMetrics.cjs',
    ]);
  });
});

describe('sharingKey', () => {
  const model = loadModel(PROJECT_ROOT);
  const ruleIds = new Set(model.rules.map((r) => r.id));
  const v2 = versionModules(model, 2, { ruleIds });
  const keyOf = (operation: string) => v2.find((m) => m.operation?.operation === operation)!.key;

  it('is one for the networks whose instances of the templates are alike, another where they differ', () => {
    // twitter, linkedin and pinterest allow the same header types; facebook has more.
    expect(keyOf('POST /2/linkedin/metrics')).toBe(keyOf('POST /2/twitter/metrics'));
    expect(keyOf('POST /2/pinterest/metrics')).toBe(keyOf('POST /2/twitter/metrics'));
    expect(keyOf('POST /2/facebook/metrics')).not.toBe(keyOf('POST /2/twitter/metrics'));
    expect(keyOf('GET /2/facebook/profiles')).toBe(keyOf('GET /2/youtube/profiles'));
  });

  it('differs when a rule of the schemas differs, the schemas alike', () => {
    const base = 'https://x.invalid/';
    const input = (rule: string) => ({
      version: 2,
      base,
      components: new Map([['FacebookThing', { $id: `${base}FacebookThing`, type: 'object', 'x-rule': rule }]]),
      responses: [],
    });
    const templates = new Map([['FacebookThing', 'NetworkThing']]);
    const names = new Map([['success', `${base}FacebookThing`]]);
    expect(sharingKey(input('shared.profiles.fields'), names, templates)).toBe(sharingKey(input('shared.profiles.fields'), names, templates));
    expect(sharingKey(input('shared.profiles.fields'), names, templates)).not.toBe(sharingKey(input('shared.labels.fields'), names, templates));
  });
});
