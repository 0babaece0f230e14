/**
 * `npm test` runs every suite with this config. Files run in worker threads that share one module
 * cache (`isolate: false`: no test mocks modules or keeps state between files), on every core
 * (vitest's default on a 2-core machine is one worker, cores - 1, one file at a time, each
 * re-importing the generated validators and the model loader). No suite writes where another
 * reads: temp folders, random ports; the consumer test's `npm pack` rebuilds dist/, which no
 * other suite reads. See docs/decisions/test-loop.md.
 *
 * `testTimeout` and `hookTimeout` are hang guards only: a test that keeps the default takes at most
 * about 8 s on a loaded 2-core machine; one that takes longer (a browser, a child process, answers
 * of a million values) sets a bound of minutes of its own. No test bounds a wait by its speed.
 *
 * The type tests (*.test-d.ts) run tsc over the whole project (tsconfig.json); a type error in
 * any other file is an "Unhandled Source Error" that fails the run, so `npm test` does not run
 * tsc a second time through `npm run lint`.
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'threads',
    isolate: false,
    maxWorkers: availableParallelism(),
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
      ignoreSourceErrors: false,
    },
  },
});
