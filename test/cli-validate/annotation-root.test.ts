/** GitHub annotation paths: relative to --root, else GITHUB_WORKSPACE, else the working directory, wherever the run starts. */
import { afterAll, describe, expect, it } from 'vitest';
import { parseValidateArgs } from '../../src/cli/validate-args.js';
import { invalidCapture, run, tempDir } from './helpers.js';

const tmp = tempDir();
afterAll(() => tmp.remove());
tmp.write('repo/api/captures/bad.json', invalidCapture);
tmp.write('repo/api/broken.json', '{"method":');

/** The `file=` of each annotation. */
const files = (out: string) => out.split('\n').flatMap((line) => line.match(/ file=([^,]*)/)?.[1] ?? []);

describe('annotation paths', () => {
  it('are relative to the working directory by default (the text report too)', async () => {
    const result = await run(['captures', '../broken.json', '--reporter', 'github'], tmp.path('repo/api'));
    expect(files(result.out)).toEqual(['../broken.json', 'captures/bad.json']);
  });

  it('are relative to GITHUB_WORKSPACE when it is set, wherever the run starts', async () => {
    const env = { GITHUB_WORKSPACE: tmp.path('repo') };
    const result = await run(['captures', '../broken.json', '--reporter', 'github', '--reporter', 'text'], tmp.path('repo/api'), { env });
    expect(files(result.out)).toEqual(['broken.json', 'api/captures/bad.json']);
    // The text report keeps paths a terminal opens from where the run started.
    expect(result.out).toContain('invalid  captures/bad.json  POST /2/facebook/metrics (HTTP 200)');
  });

  it('are relative to --root (given from the working directory), which wins over GITHUB_WORKSPACE', async () => {
    const env = { GITHUB_WORKSPACE: tmp.dir };
    const result = await run(['captures', '--reporter', 'github', '--root', '..'], tmp.path('repo/api'), { env });
    expect(files(result.out)).toEqual(['api/captures/bad.json']);
    const absolute = await run(['api/captures', '--reporter', 'github', `--root=${tmp.path('repo/api/captures')}`], tmp.path('repo'));
    expect(files(absolute.out)).toEqual(['bad.json']);
  });

  it('--root needs a folder', () => {
    expect(parseValidateArgs(['a.json', '--root'])).toEqual({ error: '--root needs a folder' });
    expect(parseValidateArgs(['a.json', '--root', 'x'])).toMatchObject({ root: 'x' });
  });
});
