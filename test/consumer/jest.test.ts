/**
 * jest teams, as they set a project up: the packed tarball installed into a CommonJS project (a
 * default jest 30 project: no transform, no flag, jest's own CommonJS module loader) and into an
 * ES module project (`"type": "module"`, jest with `--experimental-vm-modules`, which jest's
 * documentation names as the only way to run ES module tests). jest is the repository's pinned
 * devDependency, linked into each project. In each, a test file validates captures with the
 * matchers and `validateResponse` (in the CommonJS project, the README's jest example as written and
 * a capture checked by hand):
 * it passes, showing the warning of a capture that breaks an inferred rule, with each test named by
 * its whole case name; a planted invalid capture then fails with its rule id in jest's output.
 * Every entry of `exports` loads in both (but `/vitest`, which needs vitest), and TypeScript types
 * the matchers on jest's `expect`, imported from `@jest/globals` or global (`@types/jest`).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidCapture, metricsBody, validCapture } from '../cli-validate/helpers.js';
import { ENTRIES, run } from './installed-package.js';
import { packTarball, ROOT } from './packed-tarball.js';

const JEST = join(ROOT, 'node_modules/jest/bin/jest.js');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/** TypeScript test files of a jest project (type-checked only: jest here runs JavaScript): the matchers on `expect` of `@jest/globals`, and on the global one of `@types/jest`. */
const TYPED_TESTS = {
  'typed-globals.ts': `import { expect, test } from '@jest/globals';
import { captureCasesSync, matchers, type CaptureCase } from 'social-analytics-api/jest';

expect.extend(matchers);
test.each(captureCasesSync('captures'))('%s', (capture: CaptureCase) => expect(capture).toBeValidResponse());
test('answers', async () => {
  expect({ success: true, profiles: [] }).toBeValidResponse('GET /2/facebook/profiles', { strict: true });
  await expect(new Response('{}')).toSatisfyApi({ method: 'GET', path: '/2/facebook/profiles' });
  expect({ status: 200, body: {} }).not.toSatisfyApi({ method: 'GET', path: '/2/facebook/profiles' });
  // @ts-expect-error strict is a boolean
  expect({}).toBeValidResponse('GET /2/facebook/profiles', { strict: 'yes' });
  // @ts-expect-error the request as sent, whole: a body alone names no operation
  expect({ status: 200, body: {} }).toSatisfyApi({ date_start: '2026-01-01' });
});
`,
  'typed-global.ts': `import { matchers } from 'social-analytics-api/jest';

expect.extend(matchers);
test('answers', () => {
  expect({ success: true, profiles: [] }).toBeValidResponse('GET /2/facebook/profiles');
  // @ts-expect-error the operation is "METHOD path"
  expect({}).toBeValidResponse('/2/facebook/profiles');
});
`,
};
/** A capture file name longer than vitest's 40 characters of `$name`: the test names must hold it whole. */
const LONG = 'captures/facebook-metrics-of-the-first-week-of-january.json';
/** A valid answer with a member the documents do not list: a warning of an inferred rule. */
const warned = { ...validCapture, response: { ...metricsBody, served_by: 'edge-7' } };

/** The README's jest example (the ```js block that requires social-analytics-api/jest). */
function readmeJestExample(): string {
  const blocks = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  const block = blocks.find((b) => b.includes("require('social-analytics-api/jest')"));
  if (!block) throw new Error('README.md has no ```js block that requires social-analytics-api/jest');
  return block;
}

/** What the CommonJS project's test file adds to the README's example: a capture checked with `validateResponse`. */
const BY_HAND = `
const { readFileSync } = require('node:fs');
const { validateResponse } = require('social-analytics-api/validators');
test('week.json, read by hand', () => {
  const { method, path, request, response } = JSON.parse(readFileSync('captures/week.json', 'utf8'));
  expect(validateResponse({ method, path, body: response, request }).errors).toEqual([]);
});
`;

/** The ES module project's test file: the same checks, imported, the cases awaited. */
const ESM_TEST = `import { readFileSync } from 'node:fs';
import { expect, test } from '@jest/globals';
import { matchers, captureCases } from 'social-analytics-api/jest';
import { validateResponse } from 'social-analytics-api/validators';

expect.extend(matchers);
const cases = await captureCases('captures');
test.each(cases)('%s', (capture) => expect(capture).toBeValidResponse());
test('week.json, read by hand', () => {
  const { method, path, request, response } = JSON.parse(readFileSync('captures/week.json', 'utf8'));
  expect(validateResponse({ method, path, body: response, request }).errors).toEqual([]);
});
`;

/**
 * The entries a jest project loads: all but `/vitest`; a CommonJS project without a transform also
 * leaves out `/msw`, because msw 2 itself requires ESM-only packages (rettime) that jest's CommonJS
 * runtime cannot load on Node 20 (msw documents its own jest set-up for that).
 */
const jestEntries = (esm: boolean) => ENTRIES.filter((e) => e !== 'social-analytics-api/vitest' && (esm || e !== 'social-analytics-api/msw'));

/** Loads every entry of {@link jestEntries} and lists its exports; `/vitest` must refuse with a pointer to `/jest`. */
const entriesTest = (esm: boolean) => {
  const entries = JSON.stringify(jestEntries(esm));
  const load = esm ? 'await import(entry)' : 'require(entry)';
  const imports = esm ? "import { writeFileSync } from 'node:fs';\nimport { expect, test } from '@jest/globals';\n" : "const { writeFileSync } = require('node:fs');\n";
  return `${imports}test('every entry loads', async () => {
  const names = {};
  for (const entry of ${entries}) names[entry] = Object.keys(${load}).sort();
  writeFileSync('entries.json', JSON.stringify(names));
});
${esm ? '' : "test('the vitest entry says where jest users turn', () => {\n  expect(() => require('social-analytics-api/vitest')).toThrow('use social-analytics-api/jest');\n});\n"}`;
};

interface JestRun {
  status: number | null;
  out: string;
  /** The title of every test and its status, from `--json`. */
  tests: { title: string; status: string }[];
}

function jest(project: string, esm: boolean): JestRun {
  const args = [...(esm ? ['--experimental-vm-modules', '--no-warnings'] : []), JEST, '--ci', '--no-cache', '--json', '--outputFile=jest-report.json'];
  const result = run(process.execPath, args, project);
  let tests: JestRun['tests'] = [];
  try {
    const report = JSON.parse(readFileSync(join(project, 'jest-report.json'), 'utf8')) as { testResults: { assertionResults: { title: string; status: string }[] }[] };
    tests = report.testResults.flatMap((r) => r.assertionResults.map((a) => ({ title: a.title, status: a.status })));
  } catch {
    // No report: the output says why.
  }
  return { status: result.status, out: result.out, tests };
}

let work: string;
const projects: Record<'commonjs' | 'esm', string> = { commonjs: '', esm: '' };
const passing: Partial<Record<'commonjs' | 'esm', JestRun>> = {};

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sa-jest-'));
  const { tarball } = packTarball(work);
  for (const kind of ['commonjs', 'esm'] as const) {
    const project = join(work, kind);
    projects[kind] = project;
    mkdirSync(join(project, 'captures'), { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: `jest-${kind}`, private: true, type: kind === 'esm' ? 'module' : 'commonjs', ...(kind === 'esm' ? { jest: { transform: {} } } : {}) }));
    const installed = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], project);
    if (installed.status !== 0) throw new Error(`npm install of the tarball failed:\n${installed.out}`);
    // jest and, for the /msw and /arbitraries entries, their optional peers msw and fast-check.
    for (const linked of ['jest', '@jest/globals', '@types/jest', '@types/node', 'expect', 'msw', 'fast-check']) {
      mkdirSync(join(project, 'node_modules', linked, '..'), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', linked), join(project, 'node_modules', linked), 'dir');
    }
    writeFileSync(join(project, 'captures/week.json'), JSON.stringify(validCapture));
    writeFileSync(join(project, LONG), JSON.stringify(warned));
    writeFileSync(join(project, 'captures.test.js'), kind === 'esm' ? ESM_TEST : `${readmeJestExample()}${BY_HAND}`);
    writeFileSync(join(project, 'entries.test.js'), entriesTest(kind === 'esm'));
    passing[kind] = jest(project, kind === 'esm');
  }
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.each(['commonjs', 'esm'] as const)('a jest 30 project (%s)', (kind) => {
  it('passes: every case named whole, the warning of the inferred rule shown', () => {
    const result = passing[kind]!;
    expect(result.status, result.out).toBe(0);
    expect(result.tests.map((t) => t.title).sort()).toEqual([
      ...(kind === 'commonjs' ? ['the vitest entry says where jest users turn'] : []),
      `${LONG} POST /2/facebook/metrics`,
      'captures/week.json POST /2/facebook/metrics',
      'every entry loads',
      'week.json, read by hand',
    ].sort());
    expect(result.tests.every((t) => t.status === 'passed')).toBe(true);
    expect(result.out).toMatch(/console\.warn[\s\S]*social-analytics-api: .*facebook-metrics-of-the-first-week-of-january\.json: the capture's response of POST \/2\/facebook\/metrics for its request passed with 1 warning/);
    expect(result.out).toContain('unexpected property "served_by" (rule shared.response.no-extra-members)');
  });

  it('loads every entry of exports', () => {
    const names = JSON.parse(readFileSync(join(projects[kind], 'entries.json'), 'utf8')) as Record<string, string[]>;
    expect(Object.keys(names)).toEqual(jestEntries(kind === 'esm'));
    expect(names['social-analytics-api']).toContain('createClient');
    expect(names['social-analytics-api/jest']).toEqual(['captureCases', 'captureCasesSync', 'matchers']);
    expect(names['social-analytics-api/validators']).toContain('validateResponse');
    expect(names['social-analytics-api/mock']).toContain('startMockServer');
  });

  // The CommonJS project reads the CommonJS declarations (.d.cts), the other the ES module ones; the first are checked as a library too.
  it('types the matchers on the expect of @jest/globals and of @types/jest', () => {
    const dir = join(projects[kind], 'typed');
    mkdirSync(dir, { recursive: true });
    for (const [file, text] of Object.entries(TYPED_TESTS)) writeFileSync(join(dir, file), text);
    const compilerOptions = { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2023', 'DOM'], types: ['node', 'jest'], strict: true, noEmit: true, skipLibCheck: kind === 'esm' };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: Object.keys(TYPED_TESTS) }));
    const result = run(process.execPath, [TSC, '-p', 'tsconfig.json', '--pretty', 'false'], dir);
    expect(result.out).toBe('');
    expect(result.status).toBe(0);
  }, 180_000);

  it('fails on a planted invalid capture, naming it and its rule in the output', () => {
    const planted = join(projects[kind], 'captures/planted.json');
    writeFileSync(planted, JSON.stringify(invalidCapture));
    try {
      const result = jest(projects[kind], kind === 'esm');
      expect(result.status, result.out).toBe(1);
      expect(result.tests.filter((t) => t.status === 'failed').map((t) => t.title)).toEqual(['captures/planted.json POST /2/facebook/metrics']);
      expect(result.out).toContain('captures/planted.json: expected the capture\'s response to be a valid response of POST /2/facebook/metrics for its request; 1 error:');
      expect(result.out).toContain('/data/1/0: expected number (a metric value), got "2" (rule v2.metrics.data-numbers)');
    } finally {
      unlinkSync(planted);
    }
  });
});
