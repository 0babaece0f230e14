/**
 * The vitest config StrykerJS runs the tests with (`npm run mutation`): the project's config
 * without the type tests (a mutant changes no type), over the test files of one group, which
 * bench/mutation/run.ts passes in MUTATION_TEST_FILES (comma-separated). The files are chosen
 * here rather than with Stryker's `testFiles` option: with that option StrykerJS 9.6 runs a
 * mutant of code that runs when a module loads (a table built once) with the mutant switched
 * on only after the load, so such a mutant survived whatever the tests said.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../../vitest.config.js';

const config = mergeConfig(base, defineConfig({ test: { typecheck: { enabled: false } } }));
// Assigned, not merged: mergeConfig would add the group's files to the whole suite's pattern.
const files = process.env.MUTATION_TEST_FILES;
if (files) config.test!.include = files.split(',');

export default config;
