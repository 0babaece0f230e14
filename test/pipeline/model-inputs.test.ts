/**
 * What the model loader relies on without checking it on every run: js-yaml reads every YAML
 * file of catalogs/ and spec/ into the same data as the `yaml` library (which gives the lines
 * of error messages), and the JSON Schemas of catalogs/schema/ are valid JSON Schema 2020-12
 * (the loader compiles them with validateSchema off).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readYamlFile } from '../../scripts/model/yaml-file.js';
import { PROJECT_ROOT } from './temp-project.js';

const filesUnder = (dir: string, extension: string) =>
  readdirSync(join(PROJECT_ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(extension))
    .map((e) => relative(PROJECT_ROOT, join(e.parentPath, e.name)))
    .sort();

describe('YAML inputs', () => {
  const files = [...filesUnder('catalogs', '.yaml'), ...filesUnder('spec', '.yaml')];

  it('there are catalogs and spec files to read', () => {
    expect(files.filter((f) => f.startsWith('catalogs/')).length).toBeGreaterThan(10);
    expect(files.filter((f) => f.startsWith('spec/')).length).toBeGreaterThan(10);
  });

  it.each(files)('%s: the same data as the yaml library', (file) => {
    const expected = parse(readFileSync(join(PROJECT_ROOT, file), 'utf8'), { uniqueKeys: true, maxAliasCount: 100 });
    expect(readYamlFile(join(PROJECT_ROOT, file), file).data).toEqual(expected);
  });
});

describe('catalogs/schema', () => {
  const ajv = new Ajv2020({ strict: true });

  it.each(filesUnder('catalogs/schema', '.json'))('%s is a valid JSON Schema 2020-12', (file) => {
    const schema = JSON.parse(readFileSync(join(PROJECT_ROOT, file), 'utf8'));
    expect(ajv.validateSchema(schema), ajv.errorsText(ajv.errors)).toBe(true);
  });

  it('a schema that breaks the meta-schema is refused', () => {
    expect(ajv.validateSchema({ type: 'object', properties: { a: { type: 'texts' } } })).toBe(false);
  });
});
