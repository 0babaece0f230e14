/**
 * What the model loader relies on without checking it on every run: the JSON Schemas of
 * catalogs/schema/ are valid JSON Schema 2020-12 (the loader compiles them with validateSchema off).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './temp-project.js';

const filesUnder = (dir: string, extension: string) =>
  readdirSync(join(PROJECT_ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(extension))
    .map((e) => relative(PROJECT_ROOT, join(e.parentPath, e.name)))
    .sort();

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
