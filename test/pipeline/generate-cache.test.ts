/** The pipeline's output cache (scripts/generate-cache.ts): keyed on every input and only on them, never stale. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputKey, readCache, sourcesOfScripts, writeCache } from '../../scripts/generate-cache.js';

let root: string;
const write = (rel: string, text: string) => {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sa-generate-cache-'));
  mkdirSync(join(root, 'node_modules'));
  write('catalogs/v2/facebook.metrics.yaml', 'metrics: []\n');
  write('scripts/steps.ts', "import { childPointer } from '../src/shared/pointer.js';\nexport const STEPS = [];\n");
  write('src/shared/pointer.ts', "import type { Version } from './catalog-types.js';\nexport const childPointer = 1;\n");
  write('src/shared/catalog-types.ts', "import type { RuleId } from '../../generated/rule-levels.js';\nexport type Version = 1 | 2;\n");
  write('src/client/client.ts', "import { childPointer } from '../shared/pointer.js';\n");
  write('package-lock.json', '{}\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const artifacts = [
  { path: 'generated/catalogs.ts', content: '// generated\nexport const a = 1;\n' },
  { path: 'generated/site/logo.bin', content: new Uint8Array([0, 1, 254, 255]) },
];

describe('the generation cache', () => {
  it('gives back exactly the artifacts stored under the same key', () => {
    const key = inputKey(root);
    writeCache(root, key, artifacts);
    expect(readCache(root, key)).toEqual(artifacts);
  });

  it.each([
    ['a catalog', 'catalogs/v2/facebook.metrics.yaml', 'metrics: [x]\n'],
    ['a generator', 'scripts/steps.ts', 'export const STEPS = [1];\n'],
    ['a tool version', 'package-lock.json', '{"v":2}\n'],
    ['a new spec file', 'spec/v2/paths.yaml', 'paths: {}\n'],
    ['a src/ module the generators import', 'src/shared/pointer.ts', 'export {};\n'],
    ['a src/ module the generators import through another', 'src/shared/catalog-types.ts', 'export {};\n'],
  ])('misses after a change to %s', (_, rel, text) => {
    const key = inputKey(root);
    writeCache(root, key, artifacts);
    write(rel, text);
    expect(inputKey(root)).not.toBe(key);
    expect(readCache(root, inputKey(root))).toBeUndefined();
  });

  it.each([
    ['a runtime module the generators do not import', 'src/client/client.ts', 'export {};\n'],
    ['a new runtime module', 'src/client/retry.ts', 'export {};\n'],
    ['a generated file', 'generated/rule-levels.ts', 'export type RuleId = string;\n'],
  ])('keeps after a change to %s', (_, rel, text) => {
    const key = inputKey(root);
    write(rel, text);
    expect(inputKey(root)).toBe(key);
  });

  it('follows the imports of scripts/ into src/, through src/ but not into generated/', () => {
    expect(sourcesOfScripts(root)).toEqual(['src/shared/catalog-types.ts', 'src/shared/pointer.ts']);
  });

  it('treats a damaged cache file as a miss', () => {
    const key = inputKey(root);
    writeCache(root, key, artifacts);
    writeFileSync(join(root, 'node_modules/.cache/social-analytics-api-generate/artifacts.json'), '{"format":1,');
    expect(readCache(root, key)).toBeUndefined();
  });

  it('stores nothing without node_modules', () => {
    rmSync(join(root, 'node_modules'), { recursive: true });
    const key = inputKey(root);
    writeCache(root, key, artifacts);
    expect(readCache(root, key)).toBeUndefined();
  });
});
