/** catalogs/migration.yaml: accepted renames, and errors that name the file, line, pointer and entry. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogPageInput } from '../../scripts/generators/site/catalog-page.js';
import { loadMigrationCatalog, readMigrationCatalog } from '../../scripts/model/load-migration.js';
import { loadModel } from '../../scripts/model/load-model.js';
import type { Model, VersionModel } from '../../scripts/model/types.js';
import { readYamlFile } from '../../scripts/model/yaml-file.js';
import { metric } from './fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'site-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const versionModel = (metrics: Record<string, string[]>) =>
  ({ metrics: Object.fromEntries(Object.entries(metrics).map(([n, names]) => [n, names.map((m) => metric(m))])) }) as unknown as VersionModel;

const model: Pick<Model, 'v1' | 'v2'> = {
  v1: versionModel({ youtube: ['views_change', 'subscribers_count_lifetime', 'video_count_lifetime'], facebook: ['fans_change'] }),
  v2: versionModel({ youtube: ['views_change', 'subscribers_lifetime', 'video_lifetime'], facebook: ['fans_change'], linkedin: ['followers_change'] }),
};

let count = 0;
function read(text: string) {
  const file = join(dir, `m${count++}.yaml`);
  writeFileSync(file, text);
  return readMigrationCatalog(readYamlFile(file, 'catalogs/migration.yaml'), model);
}

const entry = (v1: string, v2: string, extra = '', net = 'youtube') =>
  `  - network: ${net}\n    v1: ${v1}\n    v2: ${v2}\n    evidence: Document 1 says so.\n${extra}`;

describe('readMigrationCatalog', () => {
  it('returns the renames, with an optional note', () => {
    const renames = read(`renames:\n${entry('subscribers_count_lifetime', 'subscribers_lifetime', '    note: Values differ.\n')}${entry('video_count_lifetime', 'video_lifetime')}`);
    expect(renames).toEqual([
      { network: 'youtube', v1: 'subscribers_count_lifetime', v2: 'subscribers_lifetime', evidence: 'Document 1 says so.', note: 'Values differ.' },
      { network: 'youtube', v1: 'video_count_lifetime', v2: 'video_lifetime', evidence: 'Document 1 says so.' },
    ]);
  });

  it('accepts an empty list', () => {
    expect(read('renames: []\n')).toEqual([]);
  });

  it.each([
    ['a v1 metric that does not exist', `renames:\n${entry('nope_lifetime', 'subscribers_lifetime')}`,
      'catalogs/migration.yaml:3: /renames/0/v1: rename "nope_lifetime" -> "subscribers_lifetime": metric "nope_lifetime" is not in catalogs/v1/youtube.metrics.yaml'],
    ['a v2 metric that does not exist', `renames:\n${entry('video_count_lifetime', 'videos')}`,
      'catalogs/migration.yaml:4: /renames/0/v2: rename "video_count_lifetime" -> "videos": metric "videos" is not in catalogs/v2/youtube.metrics.yaml'],
    ['a network without a v1 catalog', `renames:\n${entry('a', 'followers_change', '', 'linkedin')}`,
      'catalogs/migration.yaml:2: /renames/0/network: rename "a" -> "followers_change": network "linkedin" has no v1 metric catalog'],
    ['a name kept in v2', `renames:\n${entry('views_change', 'subscribers_lifetime')}`,
      '/renames/0/v1: rename "views_change" -> "subscribers_lifetime": metric "views_change" also exists in version 2 under the same name'],
    ['a v2 name that already existed in v1', `renames:\n${entry('subscribers_count_lifetime', 'views_change')}`,
      '/renames/0/v2: rename "subscribers_count_lifetime" -> "views_change": metric "views_change" also exists in version 1'],
    ['the same v1 metric twice', `renames:\n${entry('video_count_lifetime', 'video_lifetime')}${entry('video_count_lifetime', 'subscribers_lifetime')}`,
      'catalogs/migration.yaml:7: /renames/1/v1: rename "video_count_lifetime" -> "subscribers_lifetime": v1 metric "video_count_lifetime" is already renamed by rename #1'],
    ['an unknown key', `renames:\n${entry('video_count_lifetime', 'video_lifetime', '    reason: x\n')}`,
      'catalogs/migration.yaml:6: /renames/0/reason: rename "video_count_lifetime" -> "video_lifetime": unknown key "reason"'],
    ['a missing evidence', 'renames:\n  - network: youtube\n    v1: video_count_lifetime\n    v2: video_lifetime\n',
      'catalogs/migration.yaml:2: /renames/0: rename "video_count_lifetime" -> "video_lifetime": "evidence" must be a non-empty string'],
    ['a list that is not a list', 'renames: yes\n', 'catalogs/migration.yaml:1: /renames: must be a list'],
    ['an unknown top-level key', 'renames: []\nextra: 1\n', 'catalogs/migration.yaml:2: /extra: unknown key "extra"'],
    ['an entry that is not a mapping', 'renames:\n  - just text\n', 'catalogs/migration.yaml:2: /renames/0: rename #1: must be a mapping'],
  ])('rejects %s', (_, text, message) => {
    expect(() => read(text)).toThrow(message);
  });
});

describe('catalogPageInput', () => {
  it('maps each documented rename to the name in the other version, per page', () => {
    const root = join(import.meta.dirname, '../..');
    const projectModel = loadModel(root);
    const renames = loadMigrationCatalog(root, projectModel);
    expect(catalogPageInput(projectModel, 1, 'youtube', renames).renamed).toMatchObject({ video_count_lifetime: 'video_lifetime' });
    expect(catalogPageInput(projectModel, 2, 'youtube', renames).renamed).toMatchObject({ video_lifetime: 'video_count_lifetime' });
    expect(catalogPageInput(projectModel, 2, 'facebook', renames).renamed).toEqual({});
  });
});

describe('catalogs/migration.yaml of the project', () => {
  it('names only metrics of the catalogs, and each rename is youtube as the documents say', () => {
    const root = join(import.meta.dirname, '../..');
    const renames = loadMigrationCatalog(root, loadModel(root));
    expect(renames.map((r) => `${r.network}: ${r.v1} -> ${r.v2}`)).toEqual([
      'youtube: subscribers_count_lifetime -> subscribers_lifetime',
      'youtube: video_count_lifetime -> video_lifetime',
      'youtube: interactions_per_1000_subscribers -> interactions_per_1k_fans',
    ]);
  });
});
