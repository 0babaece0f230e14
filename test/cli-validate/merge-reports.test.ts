/**
 * `validate --shard I/N --reporter blob=FILE` in each job, then `merge-reports`: the reports of
 * the four shards merged are byte for byte those of one run over every input (text, JSON, JUnit
 * with its check times set aside, SARIF, markdown, github annotations, the coverage in them), for
 * a folder of captures and for HAR files, with the inputs the bench writes and planted problems
 * beside them. A shard missing, given twice, of other inputs, options or version, cut short or
 * edited is refused with its file (and line), exit code 2 and no report written.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFolder, writeHar } from '../../bench/cli.bench.js';
import { runMergeReports } from '../../src/cli/merge-reports.js';
import { API, entry, har } from './har-fixtures.js';
import { invalidCapture, metricsRequest, run, tempDir, validCapture, type Run } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

async function merge(args: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMergeReports(args, { out: (t) => out.push(t), err: (t) => err.push(t), cwd: tmp.dir, env: {} });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Every reporter but blob, each to a file named `prefix.<reporter>`. */
const REPORTS = ['text', 'json', 'junit', 'github', 'markdown', 'sarif'];
const reportArgs = (prefix: string) => REPORTS.flatMap((name) => ['--reporter', `${name}=${prefix}.${name}`]);
/** A report's text; JUnit's check times (a run's, a shard's) are the one thing that differs. */
const reportText = (file: string) => readFileSync(tmp.path(file), 'utf8').replace(/ time="[\d.]+"/g, ' time=""');

/** Runs `inputs` once and in four shards, merges the shards, and expects the same reports and exit code. */
async function expectMergedAsOne(name: string, inputs: string[], options: string[] = []): Promise<void> {
  const one = await run([...inputs, ...options, ...reportArgs(`${name}-one`)], tmp.dir);
  const shards: string[] = [];
  for (let i = 1; i <= 4; i++) {
    const shard = await run([...inputs, ...options, '--shard', `${i}/4`, '--reporter', `blob=${name}-${i}.jsonl`], tmp.dir);
    expect(shard.code, shard.err).toBeLessThanOrEqual(2);
    shards.push(`${name}-${i}.jsonl`);
  }
  // Given in any order, the shards are merged in the order of one run.
  const merged = await merge([...shards.reverse(), ...reportArgs(`${name}-merged`)]);
  expect(merged.err.replace('merge-reports:', 'validate:').replaceAll(`${name}-merged.`, `${name}-one.`)).toBe(one.err);
  expect(merged.code).toBe(one.code);
  for (const reporter of REPORTS) expect(reportText(`${name}-merged.${reporter}`), reporter).toBe(reportText(`${name}-one.${reporter}`));
}

describe('merge-reports', () => {
  beforeAll(() => {
    writeFolder(tmp.path('captures'), 60);
    for (let i = 0; i < 8; i++) tmp.write(`captures/planted/invalid-${i}.json`, Array.from({ length: i + 1 }, () => invalidCapture));
    tmp.write('captures/planted/request-unread.json', { ...validCapture, request: '{"metrics": [' });
    tmp.write('captures/planted/broken.json', '{"method": "POST",');
    for (let i = 0; i < 5; i++) writeHar(tmp.path(`session-${i}.har`), 150 + 40 * i);
    tmp.write('hars/planted.har', har([entry('POST', `${API}/2/facebook/metrics`, 200, JSON.stringify(invalidCapture.response), { request: JSON.stringify(metricsRequest) }), entry('GET', `${API}/favicon.ico`, 200, '', { mimeType: 'image/x-icon' })]));
  });

  it('gives the reports of one run for a folder of captures (with coverage, and an unreadable path)', async () => {
    await expectMergedAsOne('folder', ['captures', 'missing.json'], ['--coverage']);
    expect(reportText('folder-one.json')).toMatch(/"invalid": [1-9]/);
    expect(reportText('folder-one.json')).toMatch(/"coverage": \{/);
  });

  it('gives the reports of one run for HAR files', async () => {
    const hars = readdirSync(tmp.dir).filter((f) => f.endsWith('.har'));
    expect(hars.length).toBe(5);
    await expectMergedAsOne('har', [...hars, 'hars'], ['--coverage', '--strict']);
    expect(reportText('har-one.json')).toMatch(/"skipped": \[\n/);
  });

  it('applies --min-coverage and --baseline to the whole run, as validate does', async () => {
    const inputs = ['captures/run-000', 'captures/planted/invalid-3.json'];
    const shards = async (name: string, options: string[]) => {
      const files = [];
      for (let i = 1; i <= 3; i++) {
        await run([...inputs, ...options, '--shard', `${i}/3`, '--reporter', `blob=${name}-${i}.jsonl`], tmp.dir);
        files.push(`${name}-${i}.jsonl`);
      }
      return files;
    };
    const same = (merged: Run, one: Run) => {
      expect(merged.err.replaceAll('merge-reports:', 'validate:')).toBe(one.err);
      expect(merged.out).toBe(one.out);
      expect(merged.code).toBe(one.code);
    };
    const covered = await shards('gate', ['--coverage']);
    const gate = ['--min-coverage', 'operations=100', '--json'];
    const oneGated = await run([...inputs, ...gate], tmp.dir);
    expect(oneGated.code).toBe(1);
    same(await merge([...covered, ...gate]), oneGated);
    await run([...inputs, '--write-baseline', 'gate-baseline.json'], tmp.dir);
    const oneKnown = await run([...inputs, '--baseline', 'gate-baseline.json', '--json'], tmp.dir);
    expect(oneKnown.code).toBe(0);
    const plain = await shards('plain', []);
    same(await merge([...plain, '--baseline', 'gate-baseline.json', '--json']), oneKnown);
    const refused = await merge([...plain, '--min-coverage', 'operations=1']);
    expect([refused.code, refused.err.split('\n')[0]]).toEqual([2, 'social-analytics-api merge-reports: --min-coverage needs the coverage of the shards: run them with --coverage (or --min-coverage)']);
  });

  describe('refuses shard reports that are not those of one run, each once', () => {
    let blobs: string[];
    beforeAll(async () => {
      blobs = [];
      for (let i = 1; i <= 3; i++) {
        await run(['captures', '--shard', `${i}/3`, '--reporter', `blob=r-${i}.jsonl`], tmp.dir);
        blobs.push(`r-${i}.jsonl`);
      }
    });
    const refused = async (args: string[], message: string | RegExp) => {
      const merged = await merge([...args, '--reporter', 'json=refused.json']);
      expect(merged.code).toBe(2);
      expect(merged.err).toMatch(message);
      expect(merged.err).not.toMatch(/\n\s+at /);
      expect(readdirSync(tmp.dir).filter((f) => f.startsWith('refused') || f.startsWith('.refused'))).toEqual([]);
    };
    const edited = (from: string, to: string, change: (lines: string[]) => string[]) => {
      writeFileSync(tmp.path(to), change(readFileSync(tmp.path(from), 'utf8').split('\n')).join('\n'));
      return to;
    };

    it('a shard missing', async () => {
      await refused([blobs[0], blobs[2]], 'social-analytics-api merge-reports: the report of shard 2 of 3 is missing');
    });
    it('a shard given twice', async () => {
      await refused([blobs[0], blobs[1], blobs[1], blobs[2]], 'shard 2 of 3 is given twice: r-2.jsonl and r-2.jsonl');
    });
    it('a file that does not exist, or is not a shard report', async () => {
      await refused([blobs[0], 'nowhere.jsonl', blobs[2]], 'cannot read nowhere.jsonl: no such file');
      await refused(['captures'], 'cannot read captures: a directory, not a report');
      await refused(['folder-one.json'], /^social-analytics-api merge-reports: folder-one\.json:1: not a shard's report/);
    });
    it('a shard of other inputs or options', async () => {
      await run(['captures/planted', '--shard', '2/3', '--reporter', 'blob=other-2.jsonl'], tmp.dir);
      await refused([blobs[0], 'other-2.jsonl', blobs[2]], /other-2\.jsonl: its run read other inputs than r-1\.jsonl's/);
      await run(['captures', '--strict', '--shard', '2/3', '--reporter', 'blob=strict-2.jsonl'], tmp.dir);
      await refused([blobs[0], 'strict-2.jsonl', blobs[2]], "strict-2.jsonl: its run was with --strict, r-1.jsonl's without");
    });
    it('a report of another version', async () => {
      const older = edited(blobs[1], 'older-2.jsonl', ([first, ...rest]) => [first.replace(/"version":"[^"]*"/, '"version":"0.0.1"'), ...rest]);
      await refused([blobs[0], older, blobs[2]], /older-2\.jsonl: written by social-analytics-api "0\.0\.1", this is /);
    });
    it('malformed JSON or an item that is not one, named by file and line', async () => {
      const broken = edited(blobs[1], 'broken-2.jsonl', (lines) => lines.map((l, i) => (i === 2 ? l.slice(0, 20) : l)));
      await refused([blobs[0], broken, blobs[2]], /^social-analytics-api merge-reports: broken-2\.jsonl:3: not an item of a shard's report: not JSON/);
      const wrong = edited(blobs[1], 'wrong-2.jsonl', (lines) => lines.map((l, i) => (i === 1 ? '[0, {"kind": "other"}]' : l)));
      await refused([blobs[0], wrong, blobs[2]], /wrong-2\.jsonl:2: not an item of a shard's report/);
    });
    it('a report cut short', async () => {
      const cut = edited(blobs[1], 'cut-2.jsonl', (lines) => lines.slice(0, 3));
      await refused([blobs[0], cut, blobs[2]], /cut-2\.jsonl: ends after 2 of its \d+ items: the report is cut short/);
    });
  });
});
