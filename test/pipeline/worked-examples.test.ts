/**
 * docs/architecture.md's worked example "Add a metric": a copy of the project gets one more v2
 * pinterest metric, and the pipeline regenerates the files the example counts and names.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runSteps, staleFiles } from '../../scripts/generate.js';
import { makeTempProject, PROJECT_ROOT, type TempProject } from './temp-project.js';
import { workedExample } from './worked-example.js';

const METRICS = 'catalogs/v2/pinterest.metrics.yaml';
let project: TempProject;
let changed: string[];
beforeAll(async () => {
  project = makeTempProject({ withGenerated: true, withSources: true });
  cpSync(join(PROJECT_ROOT, 'docs'), join(project.root, 'docs'), { recursive: true });
  project.write(METRICS, `${project.read(METRICS)}  - name: saves_total\n    aggregation: sum\n    type: number\n`);
  changed = staleFiles(project.root, await runSteps(project.root));
}, 240_000);
afterAll(() => project?.remove());

it('Add a metric: one file by hand, the regenerated files the example counts and names', () => {
  const example = workedExample('Add a metric');
  expect(example.byHand).toBe(1);
  expect(changed.every((line) => line.startsWith('stale: '))).toBe(true);
  expect(changed.length).toBe(example.regenerated);
  expect(example.named.length).toBe(example.regenerated);
  expect(changed.map((line) => line.slice('stale: '.length)).sort()).toEqual([...example.named].sort());
});
