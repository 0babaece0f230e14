/**
 * Steps run in a worker thread (`thread` in scripts/steps.ts): the thread gets the model and
 * the artifacts of the steps before it, its artifacts join the others, and its errors come back
 * as the same errors (a PipelineError stays one, with its file, line and pointer).
 */
import { describe, expect, it } from 'vitest';
import { runSteps } from '../../scripts/generate.js';
import type { Step } from '../../scripts/generators/artifact.js';
import { PipelineError } from '../../scripts/model/errors.js';
import { PROJECT_ROOT } from './temp-project.js';

const inThread = (name: string, exportName: string, needs?: string[]): Step => ({
  name,
  ...(needs ? { needs } : {}),
  thread: { module: new URL('./fixtures/thread-steps.ts', import.meta.url).href, export: exportName },
});
const first: Step = { name: 'first', run: () => [{ path: 'generated/first.txt', content: 'one' }] };

describe('a step in a worker thread', () => {
  it('gets the model and the artifacts of the steps it needs, and its artifacts join the others', async () => {
    const artifacts = await runSteps(PROJECT_ROOT, [first, inThread('context', 'describeContext', ['first'])]);
    expect(artifacts.map((a) => [a.path, a.content])).toEqual([
      ['generated/context.txt', '6 networks; earlier: generated/first.txt'],
      ['generated/first.txt', 'one'],
    ]);
  });

  it('fails the run with the PipelineError it threw, file, line and pointer kept', async () => {
    const error = await runSteps(PROJECT_ROOT, [first, inThread('refuse', 'refuseInput')]).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PipelineError);
    expect(error).toMatchObject({
      message: 'catalogs/v2/alpha.metrics.yaml:7: /metrics/0: metric "x" is unknown (rule: known metrics)',
      file: 'catalogs/v2/alpha.metrics.yaml',
      line: 7,
      pointer: '/metrics/0',
    });
  });

  it('fails the run with any other error of the step, naming the step', async () => {
    const error = await runSteps(PROJECT_ROOT, [inThread('crash', 'crash')]).catch((err: unknown) => err as Error);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PipelineError);
    expect((error as Error).message).toBe('step crash: cannot read "fields" of undefined');
    expect((error as Error).stack).toContain('(in the worker thread of step crash)');
  });

  it('names a missing export', async () => {
    await expect(runSteps(PROJECT_ROOT, [inThread('missing', 'noSuchExport')])).rejects.toThrow(/thread-steps\.ts has no export noSuchExport$/);
  });
});
