/**
 * `social-analytics-api rules [ID]`: a rule of the shipped register with its level and sentence,
 * the list of all rules, and a one-line error with close matches for an unknown id.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../generated/rules.js';
import { closeMatches, runRules } from '../../src/cli/rules.js';
import { withNetworkNames } from '../../src/shared/network-names.js';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';

async function rules(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runRules(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('social-analytics-api rules', () => {
  it('prints a stated rule with its level, what it checks and its quoted sentence with document and section', async () => {
    const rule = RULES['shared.failure.code-status'];
    expect(await rules('shared.failure.code-status')).toEqual({
      code: 0,
      err: '',
      out: [
        'shared.failure.code-status  (stated: a break is an error)',
        `checks:    ${rule.checks}`,
        'source:    document 1 (version 2), section "Errors":',
        '           "Codes 3 to 99 are returned with HTTP status 200."',
      ].join('\n'),
    });
  });

  it('prints an inferred rule with the reason it is believed', async () => {
    const rule = RULES['shared.response.no-extra-members'];
    const { code, out } = await rules('shared.response.no-extra-members');
    expect(code).toBe(0);
    expect(out.split('\n')).toEqual([
      'shared.response.no-extra-members  (inferred: a break is a warning, an error in strict mode)',
      `checks:    ${rule.checks}`,
      `inferred:  ${rule.inferred}`,
    ]);
  });

  it('names the networks beside the documents\' placeholders', async () => {
    const { out } = await rules('shared.response.operation');
    expect(out).toContain('no body; {network} is one of facebook (netA), instagram (netB), twitter (netC), youtube (netD), linkedin (netE), pinterest (netF) |"');
  });

  it('without an id, lists every rule of the register on one line each after a count', async () => {
    const { code, out } = await rules();
    const lines = out.split('\n');
    const ids = Object.keys(RULES);
    const inferred = Object.values(RULES).filter((r) => r.level === 'inferred').length;
    expect(code).toBe(0);
    expect(lines[0]).toBe(`${ids.length} rules: ${ids.length - inferred} stated, ${inferred} inferred; social-analytics-api rules <id> prints one with its sentence`);
    expect(lines.slice(1).map((l) => l.split(/\s+/).slice(0, 2))).toEqual(Object.values(RULES).map((r) => [r.id, r.level]));
  });

  it('--json prints the register entry as it is, quote verbatim', async () => {
    const { code, out } = await rules('shared.response.operation', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual(RULES['shared.response.operation']);
    expect(JSON.parse((await rules('--json')).out)).toHaveLength(Object.keys(RULES).length);
  });

  it('an unknown id is a one-line error naming it with close matches, exit 2', async () => {
    expect(await rules('v2.metric.header-ordr')).toEqual({ code: 2, out: '', err: 'social-analytics-api rules: unknown rule "v2.metric.header-ordr"; close matches: v2.metrics.header-order' });
    expect((await rules('header-order')).err).toBe('social-analytics-api rules: unknown rule "header-order"; close matches: v2.metrics.header-order');
    expect(await rules('rules.html')).toEqual({ code: 2, out: '', err: 'social-analytics-api rules: unknown rule "rules.html"; no close match (social-analytics-api rules lists them all)' });
    // Names of Object.prototype are not rules.
    expect((await rules('constructor')).code).toBe(2);
  });

  it('usage errors: two ids, an unknown option', async () => {
    expect(await rules('a', 'b')).toMatchObject({ code: 2, err: 'social-analytics-api rules: give one rule id, got 2 (a, b)' });
    expect(await rules('--yaml')).toMatchObject({ code: 2, err: 'social-analytics-api rules: unknown option --yaml\nrun social-analytics-api rules --help for more' });
    expect(await rules('--help')).toMatchObject({ code: 0, out: expect.stringContaining('usage: social-analytics-api rules [rule id]') });
  });

  it('closeMatches: ids holding the query first, then those a few edits away, at most five', () => {
    const ids = ['v2.metrics.header-order', 'v2.metrics.header-ends-with-metric', 'v2.metrics.shape', 'shared.posts.limit'];
    expect(closeMatches('header', ids)).toEqual(['v2.metrics.header-ends-with-metric', 'v2.metrics.header-order']);
    expect(closeMatches('v2.metrics.shap', ids)).toEqual(['v2.metrics.shape']);
    expect(closeMatches('zzz', ids)).toEqual([]);
    expect(closeMatches('.', Object.keys(RULES))).toHaveLength(5);
  });

  it('is a command of the package binary', () => {
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const run = spawnSync(process.execPath, ['--import', tsx, join(PROJECT_ROOT, 'src', 'cli', 'main.ts'), 'rules', 'shared.failure.code-status'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('"Codes 3 to 99 are returned with HTTP status 200."');
    const unknown = spawnSync(process.execPath, ['--import', tsx, join(PROJECT_ROOT, 'src', 'cli', 'main.ts'), 'rules', 'nope'], { encoding: 'utf8', timeout: 60_000 });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('withNetworkNames', () => {
  const networks = [
    { name: 'facebook', documentName: 'netA' },
    { name: 'twitter', documentName: 'netC' },
  ];

  it('writes the network name beside each placeholder, once', () => {
    expect(withNetworkNames('only for netA and netC; netZ', networks)).toBe('only for facebook (netA) and twitter (netC); netZ');
    expect(withNetworkNames('a twitter (netC) request', networks)).toBe('a twitter (netC) request');
    expect(withNetworkNames('network names like netAB stay', networks)).toBe('network names like netAB stay');
    expect(withNetworkNames('body (netA, netC without sort)', networks)).toBe('body (facebook (netA), twitter (netC) without sort)');
  });
});
