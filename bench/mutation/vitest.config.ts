/**
 * The vitest config StrykerJS runs the tests with (`npm run mutation`): the project's config
 * without the type tests (a mutant changes no type) and without coverage; Stryker itself runs
 * one worker thread per test runner process and picks each group's test files.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../../vitest.config.js';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      typecheck: { enabled: false },
    },
  }),
);
