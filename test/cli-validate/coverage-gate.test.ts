/**
 * Coverage per operation (HTTP statuses and error codes beside operations, metrics, fields and
 * dimensions), the same on worker threads as on one, and `--min-coverage` thresholds that fail a
 * run with a message naming each kind below its threshold.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildReport, type BuildOptions } from '../../src/cli/build-report.js';
import { coverageShortfalls, coverageTotals, readMinCoverage, shortfallText, type CoverageMinimums } from '../../src/report/coverage-gate.js';
import { createCoverageCollector, namesOf } from '../../src/report/coverage.js';
import type { Coverage } from '../../src/report/report-types.js';
import { parseValidateArgs } from '../../src/cli/validate-args.js';
import { operations } from '../../generated/operations.js';
import { statusesOf } from '../../src/mock/prefer.js';
import { API, entry, har } from './har-fixtures.js';
import { metricsBody, metricsRequest, run, tempDir, validCapture } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());

const METRICS = 'POST /2/facebook/metrics';
const PROFILES = 'GET /2/facebook/profiles';
const failure = (code: number) => ({ success: false, errors: [{ code, errors: ['x'] }] });

/** Captures of two operations: an answer, an over-the-limit failure (code 4, HTTP 200) and an unauthorized one (401). */
const captures: { method: string; path: string; status?: number; request?: unknown; response: unknown }[] = [
  validCapture,
  { method: 'POST', path: '/2/facebook/metrics', request: metricsRequest, response: failure(4) },
  { method: 'GET', path: '/2/facebook/profiles', status: 401, response: failure(401) },
];

describe('coverage of statuses and error codes', () => {
  it('counts the statuses and error codes of each operation against those it answers with', async () => {
    tmp.write('ops/captures.json', captures);
    const { coverage } = JSON.parse((await run(['ops', '--coverage', '--json'], tmp.dir)).out) as { coverage: Coverage };
    expect(coverage.statuses[METRICS]).toEqual({ exercised: ['200'], total: statusesOf({ key: METRICS, version: 2 }).length });
    expect(coverage.errorCodes[METRICS].exercised).toEqual(['4']);
    expect(coverage.statuses[PROFILES].exercised).toEqual(['401']);
    expect(coverage.errorCodes[PROFILES].exercised).toEqual(['401']);
    // Every operation has its lists, exercised or not.
    expect(Object.keys(coverage.statuses)).toEqual(operations.map((o) => o.key));
    expect(coverage.statuses['GET /1/facebook/profiles']).toMatchObject({ exercised: [] });
    const text = (await run(['ops', '--coverage'], tmp.dir)).out;
    expect(text).toMatch(new RegExp(`\\n  statuses ${METRICS} +1 of \\d+\\n  error codes ${METRICS} +1 of \\d+\\n`));
  });

  it('adds up the names of several collectors to what one collector of every response gives', () => {
    const responses = captures.map((c) => ({ kind: 'response' as const, source: 'x', method: c.method, path: c.path, status: c.status, body: c.response, request: c.request }));
    const one = createCoverageCollector();
    for (const r of responses) one.add(r);
    const parts = responses.map((r) => {
      const c = createCoverageCollector();
      c.add(r);
      return c.names();
    });
    const added = createCoverageCollector();
    for (const names of parts.reverse()) added.addNames(names);
    expect(added.result()).toEqual(one.result());
    // A report's coverage gives its names back.
    const again = createCoverageCollector();
    again.addNames(namesOf(one.result()));
    expect(again.result()).toEqual(one.result());
  });
});

describe('coverage on worker threads', () => {
  const report = (paths: string[], worker: BuildOptions['worker']) => buildReport({ paths, cwd: tmp.dir, strict: false, coverage: true, allowEmpty: false, worker });

  it('is the coverage of one thread, for a folder and for a large file', async () => {
    for (let i = 0; i < 40; i++) tmp.write(`threads/${String(i).padStart(2, '0')}.json`, captures[i % 3]);
    const entries = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0
        ? entry('GET', `${API}/2/facebook/profiles`, 401, JSON.stringify(failure(401)))
        : entry('POST', `${API}/2/facebook/metrics`, 200, JSON.stringify(i % 3 === 1 ? metricsBody : failure(4)), { request: JSON.stringify(metricsRequest) }),
    );
    tmp.write('threads/big.har', JSON.stringify(har(entries), null, 2));
    const plain = await report(['threads'], null);
    expect(plain.coverage!.errorCodes[METRICS].exercised).toEqual(['4']);
    const folder = await report(['threads'], { minFiles: 0, folderMinBytes: 0 });
    expect(folder.coverage).toEqual(plain.coverage);
    const file = await report(['threads/big.har'], { minBytes: 0 });
    expect(file.coverage).toEqual((await report(['threads/big.har'], null)).coverage);
    expect(file.coverage!.statuses[PROFILES].exercised).toEqual(['401']);
  }, 120_000);
});

describe('validate --min-coverage', () => {
  it('fails a run below a threshold, naming each kind, its share and its threshold', async () => {
    tmp.write('gate/captures.json', captures);
    const below = await run(['gate', '--min-coverage', 'operations=50,metrics=0', '--min-coverage', 'error-codes=100', '--json'], tmp.dir);
    expect(below.code).toBe(1);
    const { summary, coverage } = JSON.parse(below.out) as { summary: { coverageBelow: unknown[] }; coverage: Coverage };
    const totals = coverageTotals(coverage);
    expect(summary.coverageBelow).toEqual([
      { kind: 'operations', exercised: 2, total: operations.length, min: 50 },
      { kind: 'error-codes', exercised: 2, total: totals['error-codes'].total, min: 100 },
    ]);
    expect(below.err).toBe(
      `social-analytics-api validate: coverage below --min-coverage:\n  operations: ${Math.floor((2000 / operations.length)) / 10}% (2 of ${operations.length}), below 50%\n  error-codes: ${Math.floor(2000 / totals['error-codes'].total) / 10}% (2 of ${totals['error-codes'].total}), below 100%`,
    );
    const met = await run(['gate', '--min-coverage', `operations=${Math.floor(200_000 / operations.length) / 1000}`], tmp.dir);
    expect(met.code).toBe(0);
    expect(met.out).toContain('coverage (exercised of catalog):');
  });

  it('compares exactly at the threshold: a share equal to it passes, one just below fails', () => {
    const coverage = { operations: { exercised: ['a'], total: 3 }, metrics: {}, postFields: {}, dimensions: {}, statuses: {}, errorCodes: {} } as Coverage;
    const at = (min: number) => coverageShortfalls(coverage, { operations: min });
    expect(at(100 / 3)).toEqual([]);
    expect(at(33.34)).toEqual([{ kind: 'operations', exercised: 1, total: 3, min: 33.34 }]);
    expect(shortfallText(at(33.34))).toBe('coverage below --min-coverage:\n  operations: 33.3% (1 of 3), below 33.34%');
    // A kind with nothing in the catalog is covered.
    expect(coverageShortfalls(coverage, { metrics: 100 })).toEqual([]);
  });

  it('reads KIND=PERCENT lists and refuses anything else, naming the kinds', () => {
    const read = (value: string | undefined) => {
      const minimums: CoverageMinimums = {};
      return readMinCoverage(value, minimums) ?? minimums;
    };
    expect(read('operations=100,fields=12.5,statuses=0')).toEqual({ operations: 100, fields: 12.5, statuses: 0 });
    const kinds = '(KIND=PERCENT, KIND one of operations, metrics, fields, dimensions, statuses, error-codes, PERCENT from 0 to 100; several separated by commas)';
    expect(read('')).toBe(`--min-coverage needs thresholds ${kinds}`);
    expect(read('ops=5')).toBe(`--min-coverage: unknown kind "ops" ${kinds}`);
    expect(read('metrics=101')).toBe('--min-coverage: metrics needs a percent from 0 to 100, got "101"');
    expect(read('metrics=-1')).toBe('--min-coverage: metrics needs a percent from 0 to 100, got "-1"');
    expect(read('metrics=5=6')).toBe('--min-coverage: metrics needs a percent from 0 to 100, got "5=6"');
    expect(read('metrics')).toBe('--min-coverage: metrics needs a percent from 0 to 100, got ""');
    expect(parseValidateArgs(['x', '--min-coverage', 'metrics=5'])).toMatchObject({ coverage: true, minCoverage: { metrics: 5 } });
  });
});
