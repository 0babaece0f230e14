/**
 * `npm run mutation [-- <group>...]`: StrykerJS (vitest runner) over the modules that decide a
 * verdict, redact a credential, or split and merge a request (groups.ts), one group after
 * another, each against its own test files. Per group it prints the figures of each module
 * (score, killed, survived, no coverage, timeout, equivalent) and every surviving mutant, writes
 * Stryker's whole result to reports/mutation/<group>.json, and rewrites the group's block of
 * bench/README.md (between `<!-- mutation:<group>:start -->` and its end marker). While a group
 * runs, each mutant's result is written as soon as it is known, one file each, in
 * reports/mutation/<group>-events/ (Stryker's event recorder): the survivors so far can be read
 * and worked on before a long run ends.
 *
 * A group's run is incremental (Stryker's incremental mode): its results are kept in
 * reports/mutation/<group>-incremental.json, and the next run of the group reuses the result of
 * each mutant whose code and covering tests did not change, so a rerun after new tests costs the
 * mutants they reach. `MUTATION_FORCE=1` runs every mutant again.
 *
 * A mutant marked equivalent in the source (`// Stryker disable next-line <mutator>: <reason>`)
 * is counted apart, with its reason: the score counts only the mutants that change behaviour.
 * Not part of `npm test` (a whole run takes an hour or more on two cores) nor of `npm run bench`.
 * `MUTATION_CONCURRENCY=<n>` sets the number of test runner processes (default: Stryker's,
 * one less than the cores).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stryker } from '@stryker-mutator/core';
import type { LogLevel, MutantResult } from '@stryker-mutator/api/core';
import { SLOW_SUITES } from '../../vitest.unit.config.js';
import { writeFileAtomic } from '../../src/cli/write-atomic.js';
import { GROUPS, type MutationGroup } from './groups.js';
import { groupBlock, replaceGroupBlock, summarise } from './report.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const README = join(ROOT, 'bench', 'README.md');

/** The files under `test/` a pattern names (`*`: any characters but `/`), slow suites left out. */
function testFilesOf(group: MutationGroup): string[] {
  const all = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' }).map((f) => `test/${f.split('\\').join('/')}`);
  const patterns = group.tests.map((p) => new RegExp(`^${p.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`));
  return all.filter((f) => patterns.some((p) => p.test(f)) && !SLOW_SUITES.includes(f)).sort();
}

async function runGroup(group: MutationGroup): Promise<void> {
  const testFiles = testFilesOf(group);
  console.error(`mutation ${group.name}: ${group.mutate.join(' ')} against ${testFiles.length} test files`);
  const concurrency = process.env.MUTATION_CONCURRENCY ? Number(process.env.MUTATION_CONCURRENCY) : undefined;
  const started = Date.now();
  // The group's test files, read by the vitest config of the run (see there why not Stryker's testFiles).
  process.env.MUTATION_TEST_FILES = testFiles.join(',');
  const stryker = new Stryker({
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: 'bench/mutation/vitest.config.ts', related: false },
    mutate: [...group.mutate],
    coverageAnalysis: 'perTest',
    reporters: ['progress', 'event-recorder'],
    eventReporter: { baseDir: `reports/mutation/${group.name}-events` },
    ignorePatterns: ['dist', 'reports', 'test-artifacts', '.scratch', '.tmp', '.ci/vitest-report.json', '.vitest-report.json'],
    incremental: true,
    incrementalFile: `reports/mutation/${group.name}-incremental.json`,
    force: process.env.MUTATION_FORCE === '1',
    tempDirName: `.stryker-tmp/${group.name}`,
    cleanTempDir: true,
    // A loaded shared machine slows every run: a mutant is a timeout only well past the tests' own time.
    timeoutMS: 20_000,
    timeoutFactor: 2,
    dryRunTimeoutMinutes: 20,
    ...(concurrency ? { concurrency } : {}),
    // Stryker's log level enum is a const enum, which an isolated module cannot read: its value, typed.
    logLevel: 'warn' as LogLevel,
  });
  const results: MutantResult[] = await stryker.runMutationTest();
  const minutes = (Date.now() - started) / 60_000;
  mkdirSync(join(ROOT, 'reports', 'mutation'), { recursive: true });
  writeFileSync(join(ROOT, 'reports', 'mutation', `${group.name}.json`), `${JSON.stringify(results, null, 1)}\n`);
  const sourceOf = (file: string) => readFileSync(join(ROOT, file), 'utf8');
  const summary = summarise(group, results, sourceOf, testFiles, minutes, ROOT);
  const block = groupBlock(summary);
  console.log(block);
  await writeFileAtomic(README, replaceGroupBlock(readFileSync(README, 'utf8'), group.name, block));
  console.error(`mutation ${group.name}: ${minutes.toFixed(1)} min; bench/README.md block "${group.name}" rewritten`);
}

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !GROUPS.some((g) => g.name === name));
  if (unknown.length) {
    console.error(`mutation: unknown group ${unknown.map((n) => `"${n}"`).join(', ')}; groups: ${GROUPS.map((g) => g.name).join(', ')}`);
    process.exit(2);
  }
  for (const group of GROUPS) if (asked.length === 0 || asked.includes(group.name)) await runGroup(group);
}

main().catch((error: unknown) => {
  console.error(`mutation: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
