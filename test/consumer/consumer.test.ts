/**
 * The package as users get it: `npm pack`, install the tarball into a fresh project, type-check
 * a consumer file (moduleResolution bundler, node16 and node10), run it against the mock server, run
 * the CLI from node_modules/.bin, `require()` it from CommonJS, and inspect the tarball.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRIES, importEntries, run, runBin } from './installed-package.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = join(root, 'test/consumer/fixture');
const tsc = join(root, 'node_modules/typescript/bin/tsc');

interface PackResult {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

let work: string;
let project: string;
let pack: PackResult;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sa-consumer-'));
  const packed = run('npm', ['pack', '--json', '--pack-destination', work], root);
  if (packed.status !== 0) throw new Error(`npm pack failed:\n${packed.out}`);
  pack = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')))[0];
  console.log(`tarball ${pack.filename}: ${(pack.size / 1024).toFixed(1)} kB packed, ${(pack.unpackedSize / 1024).toFixed(1)} kB unpacked, ${pack.files.length} files`);

  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const installed = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, pack.filename)], project);
  if (installed.status !== 0) throw new Error(`npm install of the tarball failed:\n${installed.out}`);
  mkdirSync(join(project, 'node_modules/@types'), { recursive: true });
  if (!existsSync(join(project, 'node_modules/@types/node'))) symlinkSync(join(root, 'node_modules/@types/node'), join(project, 'node_modules/@types/node'), 'dir');
  for (const file of ['consumer.ts', 'tsconfig.bundler.json', 'tsconfig.node16.json', 'tsconfig.node10.json']) cpSync(join(fixture, file), join(project, file));
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('packed tarball', () => {
  it('holds the compiled entry points, LICENSE and CHANGELOG.md, and no tests, scripts or source maps', () => {
    const paths = pack.files.map((f) => f.path);
    for (const entry of ['LICENSE', 'CHANGELOG.md', 'README.md', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/v1.js', 'dist/src/v2.js', 'dist/src/validators/index.js', 'dist/src/catalogs.js', 'dist/src/vitest.js', 'dist/src/proxy/index.js', 'dist/src/captures/index.js', 'dist/src/cli/main.js', 'generated/openapi/v2.yaml']) {
      expect(paths, entry).toContain(entry);
    }
    expect(paths.filter((p) => /^(test|scripts|bench|spec|\.ci)\//.test(p) || /\.test\.|\.test-d\./.test(p))).toEqual([]);
    const maps = paths.filter((p) => p.endsWith('.map'));
    for (const map of maps) {
      const sources: string[] = JSON.parse(readFileSync(join(project, 'node_modules/social-analytics-api', map), 'utf8')).sources;
      for (const s of sources) expect(paths, `${map} points to ${s}`).toContain(join(dirname(map), s));
    }
    const sourceMapComments = paths.filter((p) => p.endsWith('.js')).filter((p) => /\/\/# sourceMappingURL=(?!data:)/.test(readFileSync(join(project, 'node_modules/social-analytics-api', p), 'utf8')));
    for (const p of sourceMapComments) {
      const url = /\/\/# sourceMappingURL=(\S+)/.exec(readFileSync(join(project, 'node_modules/social-analytics-api', p), 'utf8'))![1];
      expect(paths, `${p} points to ${url}`).toContain(join(dirname(p), url));
    }
  });

  // node10 (`moduleResolution: node`) ignores `exports`: the subpaths' types come from `typesVersions`.
  it.each(['bundler', 'node10'])('type-checks a consumer file with moduleResolution %s', (mode) => {
    const result = run(process.execPath, [tsc, '-p', `tsconfig.${mode}.json`], project);
    expect(result.out).toBe('');
    expect(result.status).toBe(0);
  }, 180_000);

  // One compiler run (a run costs about 20 s of CPU): the consumer compiles with no diagnostic and
  // is emitted for the next test, and a file beside it with a mistake is refused.
  it('type-checks a consumer file with moduleResolution node16, and rejects a consumer mistake at compile time (unknown metric)', () => {
    writeFileSync(join(project, 'wrong.ts'), "import type { Metric } from 'social-analytics-api/v2';\nconst m: Metric<'facebook'> = 'followers_change';\nexport { m };\n");
    writeFileSync(join(project, 'tsconfig.node16-wrong.json'), JSON.stringify({ extends: './tsconfig.node16.json', files: ['consumer.ts', 'wrong.ts'] }));
    const result = run(process.execPath, [tsc, '-p', 'tsconfig.node16-wrong.json'], project);
    const diagnostics = result.out.split('\n').filter((line) => /^\S+\(\d+,\d+\): error/.test(line));
    expect(diagnostics, result.out).toEqual([expect.stringMatching(/^wrong\.ts\(2,\d+\): error TS\d+: .*followers_change/)]);
    expect(result.status).not.toBe(0);
    expect(existsSync(join(project, 'out/consumer.js'))).toBe(true);
  }, 180_000);

  it('runs the compiled consumer against the mock server', () => {
    const result = run(process.execPath, ['out/consumer.js'], project);
    expect(result.status, result.out).toBe(0);
    const summary = JSON.parse(result.stdout.trim().split('\n').pop()!);
    expect(summary).toMatchObject({ header: ['date.day', 'metric'], valid: true, invalidCaught: true, requestProblems: ['v1.metrics.no-dimensions'], entries: ['object', 'object'] });
    expect(summary.posts).toBeGreaterThan(0);
    expect(summary.posts).toBeLessThanOrEqual(5);
    expect(summary.networks).toEqual(['facebook', 'instagram', 'twitter', 'youtube', 'linkedin', 'pinterest']);
  });

  it('installs the validators entry as one bundled module that imports nothing, still lazy per operation', () => {
    const entry = join(project, 'node_modules/social-analytics-api/dist/src/validators/index.js');
    const text = readFileSync(entry, 'utf8');
    expect(text.match(/^\s*(import|export)\s[^;]*\sfrom\s/gm) ?? []).toEqual([]);
    expect(text).not.toMatch(/\bimport\(/);
    // Each operation's validators are in the file, evaluated on first use (esbuild's lazy CommonJS wrapper).
    expect(text).toContain('v2/getMetrics.cjs');
    expect(text).toContain('v2/getInstagramMetrics.cjs');
    expect(text).toContain('v1/getMetrics.cjs');
    expect(text).toMatch(/__commonJS/);
    // Whitespace-minified (its parse is most of the cold start), with its names kept.
    expect(text).not.toMatch(/^\s{2,}\S/m);
    expect(text).toMatch(/\bfunction createResponseValidator\(/);
    const script = `import { validateResponse, lookupOperation, formatErrors } from 'social-analytics-api/validators';
const result = validateResponse({ method: 'GET', path: '/2/twitter/profiles', body: { success: true, profiles: [{ id: 1 }] } });
console.log(JSON.stringify([result.valid, result.errors[0].pointer, lookupOperation('GET', '/2/twitter/profiles').operation.key, typeof formatErrors]));
`;
    writeFileSync(join(project, 'use-validators.mjs'), script);
    const result = run(process.execPath, ['use-validators.mjs'], project);
    expect(result.stdout.trim(), result.out).toBe(JSON.stringify([false, '/profiles/0/id', 'GET /2/twitter/profiles', 'function']));
  });

  it('is usable from CommonJS require()', () => {
    writeFileSync(
      join(project, 'use.cjs'),
      "const api = require('social-analytics-api');\nconst { validateResponse } = require('social-analytics-api/validators');\nconst { catalogs } = require('social-analytics-api/catalogs');\nconsole.log(typeof api.createClient, typeof validateResponse, catalogs.limits.pageSize.max);\n",
    );
    const result = run(process.execPath, ['use.cjs'], project);
    expect(result.out.trim()).toBe('function function 500');
  });

  it('runs the CLI from node_modules/.bin on capture files', () => {
    const { good, bad, usage } = runBin(project);
    expect(good.status, good.out).toBe(0);
    expect(bad.status, bad.out).toBe(1);
    expect(bad.out).toContain('/profiles/0');
    expect(usage.status).toBe(2);
  });

  it('imports every entry point from plain Node.js', () => {
    const result = importEntries(project, root);
    expect(result.status, result.out).toBe(0);
    expect(Object.keys(result.exports!)).toEqual(ENTRIES);
    expect(result.exports!['social-analytics-api/vitest']).toContain('captureCases');
    expect(result.exports!['social-analytics-api/proxy']).toContain('startProxy');
    expect(result.exports!['social-analytics-api/captures']).toContain('writeCaptures');
  });
});
