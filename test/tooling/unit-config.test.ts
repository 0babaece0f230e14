/** `npm run test:unit` leaves out only suites that exist (a renamed slow suite would join the fast loop unnoticed). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
});
