/**
 * `npm run test:unit`: the fast inner loop. The suites below start a browser, pack and install
 * the package or compile a consumer, run the pipeline (or its steps and generators), or spawn
 * the CLI: `npm test` runs them with everything else, this config leaves them out. Type tests
 * (*.test-d.ts) are left to `npm run typecheck`, which checks them with the rest of the project.
 * Like `npm test` (vitest.config.ts), files share one module cache per worker and every core
 * runs tests.
 *
 * A new slow suite gets a line here; a new fast one needs nothing.
 */
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

export const SLOW_SUITES = [
  // A browser (Chromium through playwright-core).
  'test/site/site.test.ts',
  'test/site/reference-page.test.ts',
  'test/cli-validate/browser-har.test.ts',
  // The packed tarball installed in a consumer project; consumer files compiled; jest projects run.
  'test/consumer/consumer.test.ts',
  'test/consumer/jest.test.ts',
  // The package installed from a git clone (npm install git+file://...), and in an npm workspace.
  'test/consumer/git-install.test.ts',
  'test/consumer/workspace-install.test.ts',
  // The README's TypeScript blocks compiled against the package's declarations, and run.
  'test/docs/readme-compiles.test.ts',
  'test/docs/examples-run.test.ts',
  // The workflow files of docs/ci.md: their commands run in child processes.
  'test/docs/ci-workflows.test.ts',
  'test/builders/consumer.test.ts',
  // The pipeline, its steps or its generators on real inputs.
  'test/pipeline/catalog-errors.test.ts',
  'test/pipeline/generate-entry.test.ts',
  'test/pipeline/step-thread.test.ts',
  'test/site/site-step.test.ts',
  'test/validators/generated-code.test.ts',
  'test/release/diff.test.ts',
  // The CLI in child processes.
  'test/cli-validate/process.test.ts',
];

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [...configDefaults.exclude, ...SLOW_SUITES],
      typecheck: { enabled: false },
    },
  }),
);
