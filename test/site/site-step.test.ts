/**
 * The site step in the pipeline: the pages it produces, the same bytes from a copy of the inputs
 * in another folder (no absolute path, no timestamp, no random id), and a bad
 * catalogs/migration.yaml stops the run with an error naming the file, line and entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSteps } from '../../scripts/generate.js';
import type { Artifact } from '../../scripts/generators/artifact.js';
import { PipelineError } from '../../scripts/model/errors.js';
import { STEPS } from '../../scripts/steps.js';
import { catalogs } from '../../generated/catalogs.js';
import { makeTempProject, PROJECT_ROOT, type TempProject } from '../pipeline/temp-project.js';

const steps = STEPS.filter((s) => s.name === 'openapi' || s.name === 'site');
const sitePages = (list: Artifact[]) => list.filter((a) => a.path.startsWith('generated/site/'));
const digest = (list: Artifact[]) => sitePages(list).map((a) => ({ path: a.path, bytes: Buffer.from(a.content).toString('base64') }));

let first: Artifact[];
let elsewhere: Artifact[];
let project: TempProject;

beforeAll(async () => {
  project = makeTempProject();
  // Two runs in different folders (and different scratch folders): any timestamp, random id or
  // absolute path would make them differ.
  [first, elsewhere] = await Promise.all([runSteps(PROJECT_ROOT, steps), runSteps(project.root, steps)]);
});
afterAll(() => project?.remove());

describe('the site step', () => {
  it('runs after the openapi step', () => {
    const names = STEPS.map((s) => s.name);
    expect(names.indexOf('site')).toBeGreaterThan(names.indexOf('openapi'));
  });

  it('produces the index, both references, one catalog page per version and network, the migration, rules and changes pages and the search index', () => {
    const catalogFiles = ([1, 2] as const).flatMap((v) => catalogs[`v${v}`].networks.map((n) => `generated/site/v${v}-${n}.html`));
    expect(sitePages(first).map((a) => a.path).sort()).toEqual(
      ['generated/site/index.html', 'generated/site/migration.html', 'generated/site/rules.html', 'generated/site/changes.html', 'generated/site/search.js', 'generated/site/v1.html', 'generated/site/v2.html', ...catalogFiles].sort(),
    );
  });

  it('gives the same bytes from a copy of the inputs in another directory', () => {
    expect(digest(elsewhere)).toEqual(digest(first));
  });

  it('writes no absolute path of the machine', () => {
    for (const a of [...sitePages(first), ...sitePages(elsewhere)]) {
      const text = String(a.content);
      expect(text.includes(PROJECT_ROOT), a.path).toBe(false);
      expect(text.includes(project.root), a.path).toBe(false);
    }
  });
});

describe('a bad catalogs/migration.yaml', () => {
  it('stops the pipeline with the file, line, pointer and entry', async () => {
    const broken = makeTempProject();
    try {
      broken.replace('catalogs/migration.yaml', 'v2: video_lifetime', 'v2: video_total');
      const line = broken.lineOf('catalogs/migration.yaml', 'v2: video_total');
      const run = runSteps(broken.root, steps);
      await expect(run).rejects.toBeInstanceOf(PipelineError);
      await expect(run).rejects.toThrow(
        `catalogs/migration.yaml:${line}: /renames/1/v2: rename "video_count_lifetime" -> "video_total": metric "video_total" is not in catalogs/v2/youtube.metrics.yaml`,
      );
    } finally {
      broken.remove();
    }
  });
});
