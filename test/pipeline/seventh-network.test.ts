/**
 * Adding a network is data: a copy of the project gets a seventh network (its entry in
 * catalogs/networks.yaml with what its posts belong to, three metrics and two post fields, none
 * filterable) and nothing else, no file of spec/ among them; the pipeline generates, the network
 * has its metrics and its posts operation with examples from its catalog, the spec tests pass on
 * the copy (their network and operation lists come from the catalogs), and the files it touched
 * and regenerated are the counts that docs/architecture.md's worked example "Add a network" states.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSteps, staleFiles, writeArtifacts } from '../../scripts/generate.js';
import type { Artifact } from '../../scripts/generators/artifact.js';
import { makeTempProject, PROJECT_ROOT, type TempProject } from './temp-project.js';
import { workedExample } from './worked-example.js';

/** The files a person writes to add the network: all of them data. */
const BY_HAND: Readonly<Record<string, string>> = {
  'catalogs/v2/tiktok.metrics.yaml': [
    'version: 2',
    'network: tiktok',
    'metrics:',
    '  - name: followers_lifetime',
    '    aggregation: avg',
    '    type: number',
    '  - name: video_views',
    '    aggregation: sum',
    '    type: number',
    '  - name: likes',
    '    aggregation: sum',
    '    type: number',
    '',
  ].join('\n'),
  'catalogs/v2/tiktok.post-fields.yaml': ['version: 2', 'network: tiktok', 'sort: false', 'fields:', '  - name: id', '    type: string', '  - name: views', '    type: integer', ''].join('\n'),
};
const NETWORK_ENTRY = [
  '  - name: tiktok',
  '    documentName: netG',
  '    title: TikTok',
  '    description: Short video network.',
  '    insights: false',
  '    versions: [2]',
  '    postsOf: profile',
  '',
].join('\n');

/** Every file under spec/ of `root` with its text. */
const specFiles = (root: string) =>
  readdirSync(join(root, 'spec'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => [join(e.parentPath, e.name).slice(root.length), readFileSync(join(e.parentPath, e.name), 'utf8')])
    .sort(([a], [b]) => a.localeCompare(b));

describe('a seventh network, added as data only', () => {
  let project: TempProject;
  let artifacts: Artifact[];
  beforeAll(async () => {
    project = makeTempProject({ withGenerated: true, withSources: true });
    // The pipeline reads the docs pages; the spec tests run on the copy with its scripts/.
    for (const dir of ['docs', 'scripts', 'test/spec', 'test/pipeline/temp-project.ts']) cpSync(join(PROJECT_ROOT, dir), join(project.root, dir), { recursive: true });
    project.write('catalogs/networks.yaml', project.read('catalogs/networks.yaml') + NETWORK_ENTRY);
    for (const [file, text] of Object.entries(BY_HAND)) project.write(file, text);
    artifacts = await runSteps(project.root);
  }, 240_000);
  afterAll(() => project?.remove());

  it('generates, and regenerates as many files as the worked example says', () => {
    const changed = staleFiles(project.root, artifacts);
    expect(changed).toContain('missing: generated/site/v2-tiktok.html');
    expect(changed.filter((line) => !line.startsWith('stale: ') && !line.startsWith('missing: '))).toEqual([]);
    const example = workedExample('Add a network');
    expect(Object.keys(BY_HAND).length + 1).toBe(example.byHand);
    expect(changed.length).toBe(example.regenerated);
    expect(example.named.length).toBeGreaterThan(5);
    const paths = changed.map((line) => line.slice(line.indexOf(' ') + 1));
    expect(example.named.filter((file) => !paths.includes(file))).toEqual([]);
  });

  it('the network gets its posts operation from the catalogs alone: no file of spec/ is written', () => {
    expect(specFiles(project.root)).toEqual(specFiles(PROJECT_ROOT));
    const v2 = artifacts.find((a) => a.path === 'generated/openapi/v2.yaml')!.content as string;
    const posts = v2.slice(v2.indexOf('\n  /2/tiktok/profile/posts:\n'));
    expect(posts).toMatch(/^\n {2}\/2\/tiktok\/profile\/posts:\n {4}post:\n {6}operationId: listTiktokProfilePosts\n/);
    expect(posts).toContain('$ref: "#/components/schemas/TiktokPostsRequest"');
    expect(posts).toContain('summary: A page of id and views');
    // Its request offers no sort, where facebook's and instagram's do: its body has checks of its own.
    const validators = artifacts.find((a) => a.path === 'generated/request-validators.ts')!.content as string;
    expect(validators).toMatch(/var v2OperationBodies = \{\n {2}"POST \/2\/tiktok\/profile\/posts": \w+\n\};/);
    const operations = artifacts.find((a) => a.path === 'generated/operations.ts')!.content as string;
    expect(operations).toMatch(/"POST \/2\/\{network\}\/profile\/posts list\{Network\}ProfilePosts posts [^\]]*?"\{Network\}PostsResponse instagram tiktok",/);
  });

  it('the spec tests pass on the copy: the network and its operations come from the catalogs', () => {
    writeArtifacts(project.root, artifacts);
    expect(project.read('generated/openapi/v2.yaml')).toContain('/2/tiktok/metrics:');
    expect(project.read('generated/openapi/v2.yaml')).toContain('/2/tiktok/profile/posts:');
    expect(project.read('generated/operations.ts')).toContain('tiktok');
    const vitest = join(PROJECT_ROOT, 'node_modules/vitest/vitest.mjs');
    expect(existsSync(vitest)).toBe(true);
    const run = spawnSync(process.execPath, [vitest, 'run', 'test/spec/enums.test.ts', 'test/spec/operations.test.ts', 'test/spec/examples.test.ts', '--typecheck.enabled=false', '--reporter=verbose'], {
      cwd: project.root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    expect(run.stdout + run.stderr).toMatch(/Tests\s+\d+ passed/);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('v2 tiktok metrics > the request is the network component and its metric enum is the catalog');
    expect(run.stdout).toContain('v2 tiktok posts > fields enum: every post field of the catalog');
    expect(run.stdout).toMatch(/POST \/2\/tiktok\/profile\/posts request example page validates against its schema/);
    // The request checks of the copy take its posts request, and refuse a sort it does not offer.
    const check = spawnSync(
      process.execPath,
      [
        '--import',
        join(PROJECT_ROOT, 'node_modules/tsx/dist/esm/index.mjs'),
        '--input-type=module',
        '-e',
        [
          "const { checkV2Request } = await import('./src/request-checks/check.ts');",
          "const body = { profiles: ['1'], date_start: '2026-01-01', date_end: '2026-01-02', fields: ['id', 'views'] };",
          "const rules = (b) => checkV2Request('POST /2/tiktok/profile/posts', b).map((p) => p.rule);",
          "console.log(JSON.stringify([rules(body), rules({ ...body, sort: [{ field: 'views', order: 'desc' }] })]));",
        ].join('\n'),
      ],
      { cwd: project.root, encoding: 'utf8' },
    );
    expect(check.stderr).toBe('');
    expect(JSON.parse(check.stdout)).toEqual([[], ['v2.posts.sort-not-offered']]);
  }, 120_000);
});
