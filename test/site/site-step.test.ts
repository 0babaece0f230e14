/** The site step in the pipeline: a bad catalogs/migration.yaml stops the run with an error naming the file, line and entry. */
import { describe, expect, it } from 'vitest';
import { runSteps } from '../../scripts/generate.js';
import { PipelineError } from '../../scripts/model/errors.js';
import { STEPS } from '../../scripts/steps.js';
import { makeTempProject } from '../pipeline/temp-project.js';

const steps = STEPS.filter((s) => s.name === 'site');

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
