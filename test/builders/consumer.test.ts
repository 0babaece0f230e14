/**
 * A consumer file that imports only the public entry points compiles with the TypeScript
 * compiler API and gets the narrowed types; the same file with a name of another network
 * does not compile, with a diagnostic that names it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CHECKER_OPTIONS } from './checker-options.js';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = join(here, 'fixtures/consumer.ts');

const options: ts.CompilerOptions = { ...CHECKER_OPTIONS, isolatedModules: true };

let previous: ts.Program | undefined;

/** Diagnostics of the consumer file, optionally with its text replaced (unchanged files are reused). */
function diagnostics(text?: string): string[] {
  const host = ts.createCompilerHost(options);
  if (text !== undefined) {
    const original = host.getSourceFile;
    host.getSourceFile = (name, version, onError, create) =>
      name === fixture ? ts.createSourceFile(name, text, version) : original.call(host, name, version, onError, create);
  }
  const program = ts.createProgram({ rootNames: [fixture], options, host, oldProgram: previous });
  previous = program;
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? `${d.file.fileName.replace(`${here}/`, '')}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('consumer file using only the public entry points', () => {
  it('imports nothing but src/v1 and src/v2', () => {
    const imports = [...readFileSync(fixture, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(new Set(imports)).toEqual(new Set(['../../../src/v1.js', '../../../src/v2.js']));
  });
  it('compiles without diagnostics, narrowed types included', () => {
    expect(diagnostics()).toEqual([]);
  });
  it('does not compile with a metric of another network or a wrong narrowed type', () => {
    const source = readFileSync(fixture, 'utf8');
    const wrongMetric = diagnostics(source.replace("'insights_activity', 'insights_impressions'] as const", "'followers_change'] as const"));
    expect(wrongMetric.join('\n')).toContain('"followers_change"');
    const wrongNarrowing = diagnostics(source.replace('{ id: string; message: string; comments: number }', '{ id: string; message: string }'));
    expect(wrongNarrowing.length).toBeGreaterThan(0);
    expect(wrongNarrowing.join('\n')).toMatch(/fixtures\/consumer\.ts:\d+: Type 'false' does not satisfy the constraint 'true'/);
  });
});
