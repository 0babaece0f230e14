/**
 * `validate --baseline FILE` fails only on errors FILE does not list (matched by file, pointer
 * and rule, never by line), reports the fixed ones, and reads a baseline the command wrote
 * (`--write-baseline`) or a previous JSON report; a baseline that cannot be read stops the run.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { BASELINE_KIND } from '../../src/report/baseline.js';
import { parseValidateArgs } from '../../src/cli/validate-args.js';
import { invalidCapture, metricsBody, run, tempDir, validCapture } from './helpers.js';
import { API, entry, har } from './har-fixtures.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** A capture whose `data` holds a string at each of `rows` (one error per row, pointer /data/<row>/0). */
const withStrings = (...rows: number[]) => ({ ...invalidCapture, response: { ...metricsBody, data: metricsBody.data.map((r, i) => (rows.includes(i) ? [String(r[0])] : r)) } });
const summaryOf = (json: string) => (JSON.parse(json) as { summary: Record<string, unknown> }).summary;

describe('validate --baseline', () => {
  it('passes on the errors a written baseline lists, even when their lines move, and fails on a new one', async () => {
    const dir = 'moved';
    tmp.write(`${dir}/a.json`, withStrings(1));
    tmp.write(`${dir}/b.json`, validCapture);
    const written = await run([dir, '--write-baseline', 'base.json'], tmp.dir);
    // The exit code of a run that writes a baseline is its own.
    expect(written.code).toBe(1);
    const baseline = JSON.parse(readFileSync(tmp.path('base.json'), 'utf8'));
    expect(baseline).toEqual({ kind: BASELINE_KIND, version: 1, problems: [{ file: 'moved/a.json', pointer: '/data/1/0', rule: expect.any(String), count: 1 }] });

    // The same error on other lines (compact layout, another member first): still known.
    tmp.write(`${dir}/a.json`, JSON.stringify({ note: 'x\n'.repeat(3), ...withStrings(1) }));
    const same = await run([dir, '--baseline', 'base.json', '--json'], tmp.dir);
    expect(same.code).toBe(0);
    expect(summaryOf(same.out)).toMatchObject({ invalid: 1, baseline: { known: 1, new: 0, fixed: 0 }, exitCode: 0 });

    // A new error in the same file fails the run; the text summary says what the baseline did.
    tmp.write(`${dir}/a.json`, withStrings(0, 1));
    const more = await run([dir, '--baseline', 'base.json'], tmp.dir);
    expect(more.code).toBe(1);
    expect(more.out).toContain('baseline: 1 error known, 1 new, 0 fixed');
  });

  it('reports the errors of the baseline that the run no longer has as fixed, and passes', async () => {
    tmp.write('fixed/a.json', withStrings(0, 1));
    await run(['fixed', '--write-baseline', 'fixed-base.json'], tmp.dir);
    tmp.write('fixed/a.json', withStrings(1));
    const result = await run(['fixed', '--baseline', 'fixed-base.json', '--reporter', 'json=out.json'], tmp.dir);
    expect(result.code).toBe(0);
    expect(result.err).toContain('1 error of the baseline fixed (write it again with --write-baseline to drop them):\n  fixed/a.json /data/0/0 [rule ');
    expect(summaryOf(readFileSync(tmp.path('out.json'), 'utf8'))).toMatchObject({ baseline: { known: 1, new: 0, fixed: 1 } });
  });

  it('reads a previous JSON report as the baseline', async () => {
    tmp.write('report/a.json', withStrings(1));
    await run(['report', '--reporter', 'json=previous.json'], tmp.dir);
    expect((await run(['report', '--baseline', 'previous.json'], tmp.dir)).code).toBe(0);
    tmp.write('report/a.json', withStrings(0));
    const changed = await run(['report', '--baseline', 'previous.json'], tmp.dir);
    expect(changed.code).toBe(1);
    expect(changed.out).toContain('baseline: 0 errors known, 1 new, 1 fixed');
  });

  it('counts an error repeated in a file: the entries of a HAR over the baseline count are new', async () => {
    const bad = JSON.stringify({ success: true, profiles: 'x' });
    const entries = (n: number) => Array.from({ length: n }, () => entry('GET', `${API}/2/facebook/profiles`, 200, bad));
    tmp.write('twice.har', har(entries(2)));
    await run(['twice.har', '--write-baseline', 'har-base.json'], tmp.dir);
    const baseline = JSON.parse(readFileSync(tmp.path('har-base.json'), 'utf8')) as { problems: { file: string; count: number }[] };
    expect(baseline.problems.map((p) => [p.file, p.count])).toEqual(baseline.problems.map(() => ['twice.har', 2]));
    expect((await run(['twice.har', '--baseline', 'har-base.json'], tmp.dir)).code).toBe(0);
    tmp.write('twice.har', har(entries(3)));
    const third = await run(['twice.har', '--baseline', 'har-base.json', '--json'], tmp.dir);
    expect(third.code).toBe(1);
    expect(summaryOf(third.out).baseline).toEqual({ known: 2 * baseline.problems.length, new: baseline.problems.length, fixed: 0 });
  });

  it('stops before reading any input when the baseline cannot be used, naming the file and what is wrong', async () => {
    tmp.write('in/a.json', validCapture);
    tmp.write('not-json.json', '{"kind": ');
    tmp.write('wrong.json', { kind: BASELINE_KIND, version: 1, problems: [{ file: 'a', pointer: '', rule: 'r', count: 0 }] });
    tmp.write('other.json', [1, 2]);
    tmp.write('future.json', { kind: BASELINE_KIND, version: 2, problems: [] });
    const cases: [string, string][] = [
      ['missing.json', 'cannot read the baseline missing.json: ENOENT'],
      ['not-json.json', 'the baseline not-json.json is not JSON: truncated JSON: the text ends at line 1, column 10 where a value is expected'],
      ['wrong.json', 'the baseline wrong.json cannot be used: /problems/0 must be { "file", "pointer", "rule", "count" } (strings and a count from 1)'],
      ['other.json', 'the baseline other.json cannot be used: expected a JSON object: a baseline written by --write-baseline, or a JSON report'],
      ['future.json', 'the baseline future.json cannot be used: baseline version 2 is not known (this version reads 1)'],
    ];
    for (const [file, message] of cases) {
      const result = await run(['in', '--baseline', file], tmp.dir);
      expect(result.code).toBe(2);
      expect(result.err.replace(tmp.dir + '/', '')).toBe(`social-analytics-api validate: ${message}`);
      expect(result.out).toBe('');
    }
  });

  it('escapes control and bidirectional characters and workflow commands of a fixed error listed from the baseline', async () => {
    tmp.write('esc/a.json', validCapture);
    const problems = [{ file: 'esc/a.json', pointer: '/a\n\u001b[31m\u202e', rule: '::error::r', count: 1 }];
    tmp.write('esc-base.json', { kind: BASELINE_KIND, version: 1, problems });
    const result = await run(['esc', '--baseline', 'esc-base.json'], tmp.dir);
    expect(result.code).toBe(0);
    expect(result.err).toContain('  esc/a.json /a\\x0a\\x1b[31m\\u202e [rule \\x3a:error::r]');
  });

  it('takes its files as options, refusing a missing value and a file a reporter writes', () => {
    expect(parseValidateArgs(['x', '--baseline', 'b.json', '--write-baseline', 'c.json'])).toMatchObject({ baseline: 'b.json', writeBaseline: 'c.json' });
    expect(parseValidateArgs(['x', '--baseline='])).toEqual({ error: '--baseline needs a file: a baseline written by --write-baseline, or a JSON report' });
    expect(parseValidateArgs(['x', '--write-baseline='])).toEqual({ error: '--write-baseline needs a file to write the baseline to' });
    expect(parseValidateArgs(['x', '--reporter', 'json=r.json', '--write-baseline', 'r.json'])).toEqual({ error: '--write-baseline r.json: a reporter writes to that file' });
  });
});
