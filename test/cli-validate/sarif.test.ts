/** The SARIF reporter: a result per problem group and unreadable input, placed relative to the annotation root, the rules they name described. */
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { parseValidateArgs } from '../../src/cli/validate-args.js';
import { invalidCapture, metricsBody, metricsRequest, run, tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());
tmp.write('repo/captures/invalid.json', invalidCapture);
tmp.write('repo/captures/two.new.json', { method: 'POST', path: '/2/facebook/metrics', request: metricsRequest, response: { ...metricsBody, foo: 1, bar: 2 } });
tmp.write('repo/captures/valid.json', validCapture);
tmp.write('repo/captures/broken.json', '{"method":');

describe('sarif reporter', () => {
  it('a result per problem group and unreadable input, with level, message and place, its paths relative to GITHUB_WORKSPACE', async () => {
    const result = await run(['.', '--reporter', 'sarif'], tmp.path('repo/captures'), { env: { GITHUB_WORKSPACE: tmp.path('repo') } });
    expect(result.code).toBe(2);
    const sarif = JSON.parse(result.out);
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs).toHaveLength(1);
    const [runOf] = sarif.runs;
    expect(runOf.columnKind).toBe('utf16CodeUnits');
    expect(runOf.results).toEqual([
      {
        ruleId: 'input',
        level: 'error',
        message: { text: 'unreadable captures/broken.json: truncated JSON: the text ends at line 1, column 11 where a value is expected' },
        locations: [{ physicalLocation: { artifactLocation: { uri: 'captures/broken.json' }, region: { startLine: 1, startColumn: 11 } } }],
      },
      {
        ruleId: 'v2.metrics.data-numbers',
        level: 'error',
        message: { text: 'captures/invalid.json POST /2/facebook/metrics (HTTP 200): /data/1/0: expected number (a metric value), got "2"  [rule v2.metrics.data-numbers]' },
        locations: [{ physicalLocation: { artifactLocation: { uri: 'captures/invalid.json' }, region: { startLine: 41, startColumn: 9 } } }],
      },
      {
        ruleId: 'shared.response.no-extra-members',
        level: 'warning',
        message: { text: 'captures/two.new.json POST /2/facebook/metrics (HTTP 200): warning: (body): unexpected property "foo", "bar"  [rule shared.response.no-extra-members]' },
        locations: [{ physicalLocation: { artifactLocation: { uri: 'captures/two.new.json' }, region: { startLine: 19, startColumn: 15 } } }],
      },
    ]);
  });

  it('describes each rule its results name, with its level, what it checks, how to explain it and, with --docs-url, its page', async () => {
    const result = await run(['captures', '--reporter', 'sarif', '--docs-url', 'https://docs.example.com/'], tmp.path('repo'));
    const { driver } = JSON.parse(result.out).runs[0].tool;
    expect(driver).toMatchObject({ name: 'social-analytics-api', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    const ids = driver.rules.map((r: { id: string }) => r.id);
    expect(ids).toEqual(['shared.response.no-extra-members', 'v2.metrics.data-numbers', 'input']);
    const byId = Object.fromEntries(driver.rules.map((r: { id: string }) => [r.id, r]));
    expect(byId['v2.metrics.data-numbers']).toMatchObject({
      defaultConfiguration: { level: 'error' },
      helpUri: 'https://docs.example.com/rules.html#v2.metrics.data-numbers',
      help: { text: expect.stringMatching(/^v2\.metrics\.data-numbers {2}\(stated[^]*\n\nexplain it: npx social-analytics-api rules v2\.metrics\.data-numbers$/) },
    });
    expect(byId['shared.response.no-extra-members'].defaultConfiguration.level).toBe('warning');
    expect(byId['v2.metrics.data-numbers'].shortDescription.text.length).toBeGreaterThan(10);
  });

  it('a report of valid inputs has no results; standard input has no location; --root moves the paths', async () => {
    const clean = JSON.parse((await run(['captures/valid.json', '--reporter', 'sarif'], tmp.path('repo'))).out);
    expect(clean.runs[0]).toMatchObject({ results: [], tool: { driver: { rules: [] } } });
    const piped = JSON.parse((await run(['-', '--reporter', 'sarif'], tmp.dir, { stdin: Readable.from([Buffer.from(JSON.stringify(invalidCapture))]) })).out);
    expect(piped.runs[0].results[0]).not.toHaveProperty('locations');
    const rooted = JSON.parse((await run(['repo/captures/invalid.json', '--reporter', 'sarif', '--root', 'repo/captures'], tmp.dir)).out);
    expect(rooted.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('invalid.json');
  });

  it('is a reporter name like the others; a .sarif file suggests it', () => {
    expect(parseValidateArgs(['a.json', '--reporter', 'sarif=out/api.sarif'])).toMatchObject({ reporters: [{ name: 'sarif', output: 'out/api.sarif' }] });
    expect(parseValidateArgs(['a.json', '-o', 'api.sarif'])).toEqual({ error: '-o api.sarif: write it next to the reporter it is for, as in --reporter sarif --output api.sarif' });
  });
});
