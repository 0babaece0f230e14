/**
 * A catalog list may be empty: a network whose post fields have no filterable one (and so no
 * advanced filter) generates, its filter field allowing no value; and a generation error names
 * its step, and a schema error the schema and the pointer in it.
 */
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSteps } from '../../scripts/generate.js';
import type { Artifact } from '../../scripts/generators/artifact.js';
import { standaloneSource } from '../../scripts/generators/validators/standalone-validators.js';
import { STEPS } from '../../scripts/steps.js';
import { makeTempProject, PROJECT_ROOT, type TempProject } from './temp-project.js';

const INSTAGRAM_POSTS = 'catalogs/v2/instagram.post-fields.yaml';

describe('a posts catalog without a filterable field', () => {
  let project: TempProject;
  let artifacts: Artifact[];
  beforeAll(async () => {
    project = makeTempProject({ withSources: true });
    project.editYaml(INSTAGRAM_POSTS, (data) => {
      for (const field of data.fields) {
        delete field.filterable;
        delete field.advancedFilter;
      }
    });
    const steps = STEPS.filter((s) => ['openapi', 'request-validators', 'validators'].includes(s.name));
    artifacts = await runSteps(project.root, steps);
  }, 180_000);
  afterAll(() => project?.remove());

  const text = (path: string) => {
    const found = artifacts.find((a) => a.path === path);
    if (!found || typeof found.content !== 'string') throw new Error(`no text artifact ${path}`);
    return found.content;
  };

  it('generates: the filter field of the network allows no value, the others keep their names', () => {
    expect(project.read(INSTAGRAM_POSTS)).not.toContain('filterable');
    const schemas = parse(text('generated/openapi/v2.yaml')).components.schemas;
    expect(schemas.InstagramFilterField).toMatchObject({ type: 'string', not: {} });
    expect(schemas.InstagramFilterField.enum).toBeUndefined();
    expect(schemas.InstagramAdvancedFilterField).toMatchObject({ type: 'string', not: {} });
    expect(schemas.FacebookFilterField.enum).toContain('type');
    expect(artifacts.map((a) => a.path)).toContain('generated/request-validators.ts');
  });
});

describe('located generation errors', () => {
  it('a step error names the step', async () => {
    const failing = { name: 'failing', run: () => Promise.reject(new Error('no table')) };
    await expect(runSteps(PROJECT_ROOT, [failing])).rejects.toThrow(/^step failing: no table$/);
  });

  it('a schema the compiler refuses is named with the pointer of the fault', () => {
    const schemas = [{ $id: 'v2/Filter', type: 'object', properties: { field: { type: 'string', enum: [] } } }];
    expect(() => standaloneSource({ schemas, exports: new Map([['filter', 'v2/Filter']]) })).toThrow(
      'schema v2/Filter: /properties/field/enum: minItems {"limit":1}',
    );
  });
});
