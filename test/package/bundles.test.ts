/**
 * What each entry point costs a web app: every entry bundles for the browser (esbuild, platform
 * browser, minified, ESM with code splitting), no `node:` module is reachable from the root, the
 * builders or the validators, and the code loaded up front (the entry chunk and its static
 * imports) stays within the budgets. The root's size has its own test without code splitting
 * (test/client/root-bundle.test.ts): the root holds no dynamic import, so both measures agree.
 * Fails when someone re-exports the mock, the validators or the builders from the root, or when a
 * version's entry point pulls in the other version's request checks.
 */
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../pipeline/temp-project.js';
import * as tables from '../../generated/catalogs.js';

/** Entry point -> the most bytes a browser loads up front for it. */
const BUDGETS: Record<string, { file: string; maxBytes?: number }> = {
  'social-analytics-api/v2 (builders alone)': { file: 'src/v2.ts', maxBytes: 50_000 },
  'social-analytics-api/v1 (builders alone)': { file: 'src/v1.ts', maxBytes: 50_000 },
  'social-analytics-api (the client)': { file: 'src/index.ts', maxBytes: 80_000 },
  'social-analytics-api/validators': { file: 'src/validators/index.ts' },
};

async function bundle(file: string): Promise<{ upFront: number; inputs: string[] }> {
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [file],
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: join(PROJECT_ROOT, 'node_modules/.cache/bundle-test'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs: Metafile['outputs'] = result.metafile.outputs;
  const entry = Object.keys(outputs).find((name) => outputs[name].entryPoint === file)!;
  const seen = new Set<string>();
  const upFront = (name: string): number => {
    if (seen.has(name)) return 0;
    seen.add(name);
    return outputs[name].bytes + outputs[name].imports.filter((i) => i.kind === 'import-statement').reduce((sum, i) => sum + upFront(i.path), 0);
  };
  return { upFront: upFront(entry), inputs: Object.keys(result.metafile.inputs) };
}

describe('browser bundles', () => {
  it.each(Object.entries(BUDGETS))('%s bundles for the browser within its budget', async (name, { file, maxBytes }) => {
    const { upFront, inputs } = await bundle(file);
    expect(inputs.filter((p) => p.startsWith('node:')), name).toEqual([]);
    expect(inputs.filter((p) => p.includes('src/mock/') || p.includes('node_modules/ajv')), name).toEqual([]);
    // The test-tool entries' peers stay in their own entries.
    expect(inputs.filter((p) => /node_modules\/(msw|@mswjs|fast-check)\//.test(p) || /src\/(msw|fixtures|arbitraries)\//.test(p)), name).toEqual([]);
    if (maxBytes) expect(upFront, `${name}: ${upFront} bytes up front`).toBeLessThanOrEqual(maxBytes);
    console.log(`${name}: ${(upFront / 1000).toFixed(1)} kB up front${maxBytes ? ` (budget ${maxBytes / 1000} kB)` : ''}`);
  });

  // Test-tool entries that a browser test loads: they bundle for the browser with no Node module.
  it.each(['src/msw/index.ts', 'src/fixtures/index.ts', 'src/arbitraries/index.ts'])('%s bundles for the browser without a Node module', async (file) => {
    const { inputs } = await bundle(file);
    expect(inputs.filter((p) => p.startsWith('node:'))).toEqual([]);
    expect(inputs.filter((p) => p.includes('src/mock/server.ts'))).toEqual([]);
  });

  it.each([
    ['src/v1.ts', '/2/'],
    ['src/v2.ts', '/1/'],
  ])('%s holds nothing of the other version (no operation of its paths %s)', async (file, otherPaths) => {
    const result = await build({ absWorkingDir: PROJECT_ROOT, entryPoints: [file], bundle: true, minify: true, write: false, format: 'esm', platform: 'browser', logLevel: 'silent' });
    const text = result.outputFiles[0].text;
    expect(text).toMatch(/"(GET|POST) \/[12]\//);
    expect(text.match(new RegExp(`"(GET|POST) ${otherPaths.replaceAll('/', '\\/')}[^"]*"`, 'g')) ?? []).toEqual([]);
  });

  it('the root does not carry the validators up front, nor the full catalogs', async () => {
    const result = await build({ absWorkingDir: PROJECT_ROOT, entryPoints: ['src/index.ts'], bundle: true, write: false, metafile: true, format: 'esm', platform: 'browser', splitting: true, outdir: join(PROJECT_ROOT, 'node_modules/.cache/bundle-test'), logLevel: 'silent' });
    const outputs = result.metafile.outputs;
    const entry = Object.values(outputs).find((o) => o.entryPoint === 'src/index.ts')!;
    expect(Object.keys(entry.inputs).filter((p) => p.includes('generated/validators/') || p.endsWith('src/catalog/catalogs.ts'))).toEqual([]);
    // The catalog tables it reads (names, aggregations, error meanings), none of the descriptions.
    const text = result.outputFiles.find((f) => f.path.endsWith('.js') && f.text.includes('fans_lifetime'))?.text ?? '';
    expect(text).toContain('fans_lifetime');
    const descriptions = [...tables.dimensionDescriptions, ...tables.extraDimensionDescriptions, ...Object.values(tables.v2MetricDetails).flat().flatMap((d) => ('description' in d ? [d.description as string] : []))];
    expect(descriptions.length).toBeGreaterThan(5);
    expect(descriptions.filter((d) => text.includes(JSON.stringify(d)))).toEqual([]);
  });
});
