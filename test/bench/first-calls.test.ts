/**
 * The CLI bench's `first` part (bench/first-calls.ts): both children validate every capture of the
 * fixed set (a child throws on the first invalid one), and the ajv standalone side checks the
 * published schemas for real, so its figure is of validating work.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstCallScripts, type Capture, type Figures } from '../../bench/first-calls.js';

const ROOT = join(import.meta.dirname, '..', '..');

const figures = (script: string): Figures => {
  const out = spawnSync(process.execPath, [script], { encoding: 'utf8' });
  expect(out.stderr).toBe('');
  return JSON.parse(out.stdout.trim().split('\n').pop() ?? '');
};

describe('the CLI bench: the first validations of a fresh process', () => {
  let dir: string;
  let scripts: Awaited<ReturnType<typeof firstCallScripts>>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sa-bench-first-'));
    scripts = await firstCallScripts(dir, ROOT);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('covers both versions, every kind of operation and several networks', () => {
    const paths = scripts.captures.map((c) => c.path);
    expect(new Set(paths.map((p) => p.split('/')[1]))).toEqual(new Set(['1', '2']));
    for (const kind of ['/metrics', '/posts', '/profiles', '/labels']) expect(paths.some((p) => p.endsWith(kind))).toBe(true);
    expect(scripts.captures.some((c) => JSON.parse(c.text).success === false)).toBe(true);
    expect(new Set(paths.map((p) => p.split('/')[2])).size).toBeGreaterThanOrEqual(5);
  });

  it('runs both sides over every capture without an invalid verdict', () => {
    for (const script of [scripts.packageScript, scripts.ajvScript]) {
      const { load, first } = figures(script);
      expect(load).toBeGreaterThan(0);
      expect(first).toBeGreaterThan(0);
    }
  });

  it('gives ajv standalone the published schema of each operation: a broken body fails it', async () => {
    const { validators } = (await import(pathToFileURL(join(dir, 'ajv-standalone.mjs')).href)) as { validators: Record<string, (body: unknown) => boolean> };
    const keyOf = (c: Capture) => `${c.method} ${c.path} ${c.status}`;
    expect(Object.keys(validators).sort()).toEqual([...new Set(scripts.captures.map(keyOf))].sort());
    for (const c of scripts.captures) {
      expect(validators[keyOf(c)](JSON.parse(c.text))).toBe(true);
      expect(validators[keyOf(c)]({ success: 'yes' })).toBe(false);
    }
  });
});
