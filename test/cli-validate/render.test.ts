/** The reporters on a report with rules and severities: warning lines under ok, rule ids and anchors, ::warning, system-out. */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { groupProblems } from '../../src/report/group-problems.js';
import type { Problem, ResponseReport, ValidateReport } from '../../src/report/report-types.js';
import { renderGithub } from '../../src/report/reporters/github.js';
import { renderJson } from '../../src/report/reporters/json.js';
import { renderJunit } from '../../src/report/reporters/junit.js';
import { renderMarkdown } from '../../src/report/reporters/markdown.js';
import { renderSarif } from '../../src/report/reporters/sarif.js';
import { renderText } from '../../src/report/reporters/text.js';

const warning: Problem = { pointer: '/extra', message: 'member "extra" is not documented', rule: 'shared.response.no-extra-members', severity: 'warning' };
const error: Problem = { pointer: '/header/0/rows/2', message: '2026-01-04 is outside the requested range 2026-01-01..2026-01-03', rule: 'v2.metrics.date-range', severity: 'error' };

function response(source: string, errors: Problem[], warnings: Problem[]): ResponseReport {
  const { groups, omitted } = groupProblems([...errors, ...warnings]);
  return { source, method: 'POST', path: '/2/facebook/metrics', status: 200, operation: 'POST /2/facebook/metrics', valid: !errors.length, errors, warnings, groups, groupsOmitted: omitted };
}

const ok = response('a.har#1', [], [warning]);
const bad = response('a.har#2', [error], []);
const report: ValidateReport = {
  summary: { responses: 2, valid: 1, invalid: 1, withWarnings: 1, unreadable: 0, skipped: 1, skippedByReason: { 'CORS preflight': 1 }, empty: false, exitCode: 1 },
  results: [ok, bad],
  unreadable: [],
  skipped: [{ source: 'a.har#0', reason: 'CORS preflight', detail: 'OPTIONS https://api.example.invalid/2/facebook/metrics' }],
  items: [
    { kind: 'skipped', source: 'a.har#0', reason: 'CORS preflight', detail: 'OPTIONS https://api.example.invalid/2/facebook/metrics' },
    { kind: 'response', ...ok },
    { kind: 'response', ...bad },
  ],
};

describe('reporters on rules and severities', () => {
  it('text: warning lines under ok, the rule id after each group, how to explain a rule last', () => {
    expect(renderText(report).split('\n')).toEqual([
      'skipped  a.har#0: CORS preflight: OPTIONS https://api.example.invalid/2/facebook/metrics',
      'ok       a.har#1  POST /2/facebook/metrics (HTTP 200)',
      '           warning: /extra: member "extra" is not documented  [rule shared.response.no-extra-members]',
      'invalid  a.har#2  POST /2/facebook/metrics (HTTP 200)',
      '           /header/0/rows/2: 2026-01-04 is outside the requested range 2026-01-01..2026-01-03  [rule v2.metrics.date-range]',
      '',
      '2 responses: 1 valid, 1 invalid, 1 with warnings; 1 HAR entry skipped (1 CORS preflight)',
      'explain a rule: npx social-analytics-api rules shared.response.no-extra-members',
      '',
    ]);
  });

  it.each([
    ['text', renderText],
    ['json', renderJson],
    ['junit', renderJunit],
    ['github', renderGithub],
    ['markdown', renderMarkdown],
    ['sarif', (r: ValidateReport) => renderSarif(r, { cwd: '/', root: '/' })],
  ] as const)('%s: carries the rule id of every problem and cites no docs page users lack', (_, render) => {
    const out = render(report);
    expect(out).toContain('v2.metrics.date-range');
    expect(out).toContain('shared.response.no-extra-members');
    expect(out).not.toContain('rules.html');
  });

  it('json: every problem with rule and severity, no duplicate item list', () => {
    const json = JSON.parse(renderJson(report));
    expect(json.results[0].warnings).toEqual([warning]);
    expect(json.results[1].errors).toEqual([error]);
    expect(json.items).toBeUndefined();
  });

  it('github: ::warning for warnings, ::error for errors and a failing summary', () => {
    expect(renderGithub(report).trim().split('\n')).toEqual([
      '::warning file=a.har,title=shared.response.no-extra-members::a.har#1 POST /2/facebook/metrics (HTTP 200): warning: /extra: member "extra" is not documented  [rule shared.response.no-extra-members]',
      '::error file=a.har,title=v2.metrics.date-range::a.har#2 POST /2/facebook/metrics (HTTP 200): /header/0/rows/2: 2026-01-04 is outside the requested range 2026-01-01..2026-01-03  [rule v2.metrics.date-range]',
      '::error title=social-analytics-api validate::2 responses: 1 valid, 1 invalid, 1 with warnings; 1 HAR entry skipped (1 CORS preflight); explain a rule: npx social-analytics-api rules shared.response.no-extra-members',
    ]);
  });

  it('junit: warnings as system-out of the passing testcase, errors in the failure', () => {
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'testcase' }).parse(renderJunit(report));
    const [skipped, pass, fail] = doc.testsuites.testsuite.testcase;
    expect(skipped.skipped.message).toBe('CORS preflight: OPTIONS https://api.example.invalid/2/facebook/metrics');
    expect(pass.failure).toBeUndefined();
    expect(pass['system-out']).toContain('warning: /extra: member "extra" is not documented');
    expect(fail.failure['#text']).toContain('[rule v2.metrics.date-range]');
    expect(fail.failure['#text']).toMatch(/\nexplain a rule: npx social-analytics-api rules v2\.metrics\.date-range$/);
    expect(pass['system-out']).toMatch(/\[rule shared\.response\.no-extra-members\]\nexplain a rule: npx social-analytics-api rules shared\.response\.no-extra-members$/);
    expect(fail['system-out']).toBeUndefined();
  });
});
