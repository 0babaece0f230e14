/**
 * The Markdown reporter: a row per invalid response or unreadable input with its place and first
 * problems, rules linked to the docs site when its URL is given, output capped, the counts and
 * coverage last; appended to GITHUB_STEP_SUMMARY with the github reporter.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResponseReport, ValidateReport } from '../../src/report/report-types.js';
import { cellText, MAX_ROWS, PROBLEMS_PER_ROW, renderMarkdown } from '../../src/report/reporters/markdown.js';
import { parseValidateArgs } from '../../src/cli/validate-args.js';
import { invalidCapture, metricsBody, metricsRequest, run, tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());
tmp.write('in/valid.json', validCapture);
tmp.write('in/invalid.json', invalidCapture);
tmp.write('in/broken.json', '{"method":');

const DOCS = 'https://docs.example.com/social-analytics-api/';

describe('markdown reporter', () => {
  it('lists the invalid responses and unreadable inputs with their place and first problems, then the counts', async () => {
    const result = await run(['in', '--reporter', 'markdown'], tmp.dir);
    expect(result.code).toBe(2);
    expect(result.out.split('\n')).toEqual([
      '### social-analytics-api validate',
      '',
      '| | Input | Response | First problems |',
      '|---|---|---|---|',
      '| unreadable | in/broken.json:1:11 | | truncated JSON: the text ends at line 1, column 11 where a value is expected |',
      '| invalid | in/invalid.json:41:9 | POST /2/facebook/metrics (HTTP 200) | /data/1/0: expected number (a metric value), got "2" (`v2.metrics.data-numbers`) |',
      '',
      '**Failed**: 2 responses: 1 valid, 1 invalid; 1 input unreadable',
      '',
      'Explain a rule: `npx social-analytics-api rules v2.metrics.data-numbers`',
    ]);
  });

  it('links each rule to its entry on the rules page of the docs site given by --docs-url', async () => {
    const result = await run(['in/invalid.json', '--reporter', 'markdown', '--docs-url', 'https://docs.example.com/social-analytics-api'], tmp.dir);
    expect(result.out).toContain(`got "2" ([v2.metrics.data-numbers](${DOCS}rules.html#v2.metrics.data-numbers)) |`);
    expect(parseValidateArgs(['a.json', '--docs-url', 'docs/'])).toEqual({ error: '--docs-url needs the http(s) URL of the docs site, got "docs/"' });
    expect(parseValidateArgs(['a.json', '--docs-url', 'file:///site/'])).toEqual({ error: '--docs-url needs an http(s) URL, got "file:///site/"' });
  });

  it('writes to a file with =FILE, says Passed for a clean run and adds coverage when asked', async () => {
    const result = await run(['in/valid.json', '--reporter', 'markdown=out/summary.md', '--coverage'], tmp.dir);
    expect(result.code).toBe(0);
    const text = readFileSync(tmp.path('out/summary.md'), 'utf8');
    expect(text).toMatch(/^### social-analytics-api validate\n\n\*\*Passed\*\*: 1 response: 1 valid, 0 invalid\n\n\| Coverage \(exercised of catalog\) \| \|\n\|---\|---\|\n\| operations \| \d+ of \d+ \|\n/);
    expect(text).toContain('| metrics v2 facebook | 1 of ');
    expect(text).not.toContain('| invalid |');
  });

  it('escapes what the inputs say: no markup, no table cell broken by a pipe, one line per row', () => {
    expect(cellText('a|b <img src=x> `c` *d* [e](f) & g\nh')).toBe('a\\|b &lt;img src=x&gt; \\`c\\` \\*d\\* \\[e\\](f) &amp; g h');
    expect(cellText('x'.repeat(400))).toBe(`${'x'.repeat(299)}…`);
    expect(cellText(`${'x'.repeat(298)}😀😀`)).toBe(`${'x'.repeat(298)}…`);
  });

  it('keeps its output bounded: at most MAX_ROWS rows and PROBLEMS_PER_ROW problems per row, then how many more', () => {
    const problems = Array.from({ length: 7 }, (_, i) => ({ rule: `rule.${i}` as never, severity: 'error' as const, shape: `/p${i}`, message: 'wrong', count: 1, pointers: [`/p${i}`] }));
    const response: ResponseReport = { source: 'x.json', method: 'GET', path: '/2/facebook/profiles', status: 200, operation: null, valid: false, errors: [], warnings: [], groups: problems, groupsOmitted: 2 };
    const count = MAX_ROWS + 30;
    const report: ValidateReport = {
      summary: { responses: count, valid: 0, invalid: count, withWarnings: 0, unreadable: 0, skipped: 0, skippedByReason: {}, empty: false, exitCode: 1 },
      results: [],
      unreadable: [],
      skipped: [],
      items: Array.from({ length: count }, (_, i) => ({ kind: 'response' as const, ...response, source: `x${i}.json` })),
    };
    const lines = renderMarkdown(report).split('\n');
    const rows = lines.filter((l) => l.startsWith('| invalid |'));
    expect(rows).toHaveLength(MAX_ROWS);
    expect(rows[0]).toBe(`| invalid | x0.json | GET /2/facebook/profiles (HTTP 200) | ${problems.slice(0, PROBLEMS_PER_ROW).map((g) => `${g.shape}: wrong (\`${g.rule}\`)`).join('<br>')}<br>and 6 more kinds of problem |`);
    expect(lines).toContain('and 30 more invalid responses or unreadable inputs (the text, JSON, JUnit and SARIF reports list every one)');
  });
});

describe('GITHUB_STEP_SUMMARY', () => {
  it('with the github reporter, the markdown summary is appended to the job summary, after what the step wrote before', async () => {
    const summary = tmp.write('runner/step_summary', '## Earlier output of this step\n');
    const result = await run(['in/invalid.json', '--reporter', 'github'], tmp.dir, { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^::error file=in\/invalid\.json/);
    const markdown = (await run(['in/invalid.json', '--reporter', 'markdown'], tmp.dir)).out;
    expect(readFileSync(summary, 'utf8')).toBe(`## Earlier output of this step\n${markdown}\n\n`);
    await run(['in/valid.json', '--reporter', 'github'], tmp.dir, { env: { GITHUB_STEP_SUMMARY: summary } });
    const twice = readFileSync(summary, 'utf8');
    expect(twice.startsWith(`## Earlier output of this step\n${markdown}\n\n### social-analytics-api validate\n\n**Passed**`)).toBe(true);
  });

  it('markdown=FILE naming the job summary appends to it too, once with the github reporter', async () => {
    const summary = tmp.write('runner/named', 'before\n');
    const markdown = (await run(['in/invalid.json', '--reporter', 'markdown'], tmp.dir)).out;
    await run(['in/invalid.json', '--reporter', `markdown=${summary}`, '--reporter', 'github'], tmp.dir, { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(readFileSync(summary, 'utf8')).toBe(`before\n${markdown}\n\n`);
  });

  it('is left alone without the github reporter', async () => {
    const summary = tmp.write('runner/untouched', 'before\n');
    await run(['in/invalid.json', '--reporter', 'json', '--reporter', 'markdown'], tmp.dir, { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(readFileSync(summary, 'utf8')).toBe('before\n');
  });

  it('a summary that cannot be appended is a clear error, exit 2, the annotations printed', async () => {
    const result = await run(['in/valid.json', '--reporter', 'github'], tmp.dir, { env: { GITHUB_STEP_SUMMARY: tmp.path('in/valid.json/summary') } });
    expect(result.code).toBe(2);
    expect(result.out).toContain('::notice title=social-analytics-api validate::1 response: 1 valid, 0 invalid');
    expect(result.err).toMatch(/^social-analytics-api validate: cannot append the job summary to GITHUB_STEP_SUMMARY \(.*in\/valid\.json\/summary\): ENOTDIR/);
  });
});

describe('a body with member names that look like markup', () => {
  it('names them escaped in the table', async () => {
    tmp.write('odd.json', { method: 'POST', path: '/2/facebook/metrics', request: metricsRequest, response: { ...metricsBody, '<b>|x': 1 } });
    const result = await run(['odd.json', '--reporter', 'markdown', '--strict'], tmp.dir);
    expect(result.out).toContain('| inferred rule (--strict): (body): unexpected property "&lt;b&gt;\\|x" (`shared.response.no-extra-members`) |');
  });
});
