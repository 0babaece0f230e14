/**
 * `npm run test:unit` leaves out only suites that exist (a renamed slow suite would join the fast
 * loop unnoticed); `npm test` runs every check of `npm run lint` (tsc through vitest's type tests).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import base from '../../vitest.config.js';
import { SLOW_SUITES } from '../../vitest.unit.config.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('the unit test config', () => {
  it('names slow suites that exist, each once', () => {
    expect(SLOW_SUITES.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
    expect(new Set(SLOW_SUITES).size).toBe(SLOW_SUITES.length);
  });

  it('is what npm run test:unit runs, while npm test runs every suite with its JSON report', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(scripts['test:unit']).toBe('vitest run --config vitest.unit.config.ts');
    expect(scripts.test).toMatch(/vitest run --reporter=default --reporter=json --outputFile\.json=/);
    expect(scripts.test).not.toContain('--config');
  });

  it('npm test runs lint\'s checks once: Redocly, and tsc over the whole project through the type tests, a source error failing the run', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const [redocly, tsc] = scripts.lint.split(' && ');
    expect(tsc).toBe('tsc --noEmit -p tsconfig.json');
    expect(scripts.test.startsWith(`${redocly} && `)).toBe(true);
    // Vitest runs `tsc --noEmit -p <typecheck.tsconfig>`; a type error outside the type tests is an "Unhandled Source Error".
    expect(base.test?.typecheck).toMatchObject({ enabled: true, tsconfig: './tsconfig.json', ignoreSourceErrors: false });
    const typeTests = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test-d.ts'));
    expect(typeTests.length).toBeGreaterThan(0);
  });
});
