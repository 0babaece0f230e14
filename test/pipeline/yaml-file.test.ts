/** scripts/model/yaml-file.ts: YAML 1.2 core data, the line of a pointer, and errors that name file and line. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PipelineError } from '../../scripts/model/errors.js';
import { readYamlFile } from '../../scripts/model/yaml-file.js';

const dir = mkdtempSync(join(tmpdir(), 'sa-yaml-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = (text: string) => {
  writeFileSync(join(dir, 'x.yaml'), text);
  return readYamlFile(join(dir, 'x.yaml'), 'catalogs/x.yaml');
};
const failure = (text: string) => {
  try {
    read(text);
  } catch (err) {
    return err;
  }
  return undefined;
};

describe('readYamlFile', () => {
  it('reads the YAML 1.2 core schema: dates, yes/no and octal-looking text stay as written', () => {
    expect(read('day: 2026-01-01\nflag: yes\ncode: 0755\nn: 12\nok: true\nnothing: ~\nlist: [a, "b"]\n').data).toEqual({
      day: '2026-01-01',
      flag: 'yes',
      code: 755,
      n: 12,
      ok: true,
      nothing: null,
      list: ['a', 'b'],
    });
    expect(read('').data).toBeNull();
  });

  it('names the line of a pointer, or of its closest existing parent', () => {
    const file = read('metrics:\n  - name: a\n  - name: b\n    type: integer\n');
    expect(file.lineOf('/metrics/1/type')).toBe(4);
    expect(file.lineOf('/metrics/1/colour')).toBe(3);
    expect(file.lineOf('/metrics/0')).toBe(2);
    expect(file.lineOf('')).toBe(1);
  });

  it('a syntax error or a key twice names file and line in one message', () => {
    const syntax = failure('metrics:\n  - name: a\n   name: b\n');
    expect(syntax).toBeInstanceOf(PipelineError);
    expect((syntax as Error).message).toBe('catalogs/x.yaml:3: invalid YAML: Sequence item without - indicator (rule: YAML syntax)');
    expect((failure('a: 1\nb: 2\na: 3\n') as Error).message).toBe('catalogs/x.yaml:3: invalid YAML: Map keys must be unique (rule: YAML syntax)');
  });

  it('a file that cannot be read is named', () => {
    expect(() => readYamlFile(join(dir, 'missing.yaml'), 'catalogs/missing.yaml')).toThrowError('catalogs/missing.yaml: cannot read file (ENOENT)');
  });
});
