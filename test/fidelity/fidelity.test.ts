/**
 * Fidelity: the catalogs hold exactly the names the source documents list, per version and
 * network, and the comparison notices when a catalog drifts. The documents' facts come from the
 * committed copy (source-facts.json), so this runs on a fresh clone; source-recheck.test.ts
 * checks the copy against the documents where they are beside the project.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadModel } from '../../scripts/model/load-model.js';
import { makeTempProject, PROJECT_ROOT, type TempProject } from '../pipeline/temp-project.js';
import { committedFacts } from './committed-facts.js';
import { fidelityDifferences } from './compare-catalogs.js';

const facts = committedFacts();
const model = loadModel(PROJECT_ROOT);
const differences = fidelityDifferences(facts, model);

describe('the source documents are read', () => {
  it.each(['v1', 'v2'] as const)('%s: every network of the profiles row has metrics', (v) => {
    expect(facts.networks[v].length).toBeGreaterThan(0);
    for (const network of facts.networks[v]) expect(facts[v].metrics[network]?.length, `${v} ${network}`).toBeGreaterThan(0);
  });

  it('post fields, sortable and filterable lists are found where the issue says the documents give them', () => {
    expect(Object.keys(facts.v2.postFields).sort()).toEqual(['facebook', 'instagram', 'twitter']);
    expect(Object.keys(facts.v1.postFields)).toEqual(['facebook']);
    expect(Object.keys(facts.v2.sortable).sort()).toEqual(['facebook', 'instagram']);
    expect(facts.v1.sortable.facebook).toContain('insights_engagement_rate');
    expect(facts.v2.sortable.facebook).not.toContain('insights_engagement_rate');
  });
});

describe('catalogs match the source documents', () => {
  it.each(['v1', 'v2'] as const)('%s networks', (v) => {
    expect(differences.filter((d) => d.startsWith(`${v} networks`))).toEqual([]);
  });

  const cases = (['v1', 'v2'] as const).flatMap((v) => facts.networks[v].map((network) => [v, network] as const));
  it.each(cases)('%s %s: metrics, aggregations, extra dimensions, value types, post fields, sortable and filterable names', (v, network) => {
    expect(differences.filter((d) => d.startsWith(`${v} ${network} `) || d.startsWith(`${v} ${network}:`))).toEqual([]);
  });

  it('base dimensions, error codes (HTTP status, endpoints) and limits', () => {
    expect(differences.filter((d) => /^(dimensions|error|limit)/.test(d))).toEqual([]);
  });

  it('no difference at all (networks outside the profiles rows included)', () => {
    expect(differences).toEqual([]);
  });
});

describe('the comparison reports a drifted catalog', () => {
  let project: TempProject | undefined;
  afterEach(() => {
    project?.remove();
    project = undefined;
  });

  const findIn = (list: { name: string }[], name: string) => {
    const entry = list.find((e) => e.name === name);
    if (!entry) throw new Error(`test setup: "${name}" not found`);
    return entry as any;
  };

  const drifts: { name: string; file: string; edit: (data: any) => void; expected: string }[] = [
    {
      name: 'a v2 metric removed',
      file: 'catalogs/v2/facebook.metrics.yaml',
      edit: (d) => (d.metrics = d.metrics.filter((m: any) => m.name !== 'insights_views')),
      expected: 'v2 facebook metrics: in the documents but missing from the catalogs: "insights_views"',
    },
    {
      name: 'a v1 metric removed',
      file: 'catalogs/v1/youtube.metrics.yaml',
      edit: (d) => (d.metrics = d.metrics.filter((m: any) => m.name !== 'views_change')),
      expected: 'v1 youtube metrics: in the documents but missing from the catalogs: "views_change"',
    },
    {
      name: 'a metric added',
      file: 'catalogs/v1/pinterest.metrics.yaml',
      edit: (d) => d.metrics.push({ name: 'saves', type: 'integer' }),
      expected: 'v1 pinterest metrics: in the catalogs but not in the documents: "saves"',
    },
    {
      name: 'an aggregation changed',
      file: 'catalogs/v2/instagram.metrics.yaml',
      edit: (d) => (findIn(d.metrics, 'followers_change').aggregation = 'avg'),
      expected: 'v2 instagram metric "followers_change": aggregation is avg in the catalog, sum in the documents',
    },
    {
      name: 'an extra dimension dropped',
      file: 'catalogs/v2/facebook.metrics.yaml',
      edit: (d) => (findIn(d.metrics, 'insights_fans_lifetime').extraDimensions = ['country', 'city', 'locale']),
      expected: 'v2 facebook metric "insights_fans_lifetime" extra dimensions: in the documents but missing from the catalogs: "gender_age"',
    },
    {
      name: 'a v1 value type changed',
      file: 'catalogs/v1/twitter.metrics.yaml',
      edit: (d) => (findIn(d.metrics, 'ff_ratio').type = 'integer'),
      expected: 'v1 twitter metric "ff_ratio": value type is integer in the catalog, number in the documents',
    },
    {
      name: 'a post field type changed',
      file: 'catalogs/v2/instagram.post-fields.yaml',
      edit: (d) => (findIn(d.fields, 'created_time').type = 'string'),
      expected: 'v2 instagram post field "created_time": type is string in the catalog, datetime in the documents',
    },
    {
      name: 'a post field removed',
      file: 'catalogs/v1/facebook.post-fields.yaml',
      edit: (d) => (d.fields = d.fields.filter((f: any) => f.name !== 'story')),
      expected: 'v1 facebook post fields: in the documents but missing from the catalogs: "story"',
    },
    {
      name: 'a field no longer sortable',
      file: 'catalogs/v2/facebook.post-fields.yaml',
      edit: (d) => (findIn(d.fields, 'shares').sortable = false),
      expected: 'v2 facebook sortable names: in the documents but missing from the catalogs: "shares"',
    },
    {
      name: 'a field made filterable',
      file: 'catalogs/v2/instagram.post-fields.yaml',
      edit: (d) => (findIn(d.fields, 'likes').filterable = true),
      expected: 'v2 instagram filterable names: in the catalogs but not in the documents: "likes"',
    },
    {
      name: 'the advanced filter flag dropped',
      file: 'catalogs/v2/twitter.post-fields.yaml',
      edit: (d) => (findIn(d.fields, 'post_labels').advancedFilter = false),
      expected: 'v2 twitter advanced-filter names: in the documents but missing from the catalogs: "post_labels"',
    },
    {
      name: 'an HTTP status changed',
      file: 'catalogs/errors.yaml',
      edit: (d) => (d.errors.find((e: any) => e.code === 405).httpStatus = 400),
      expected: 'error 405: HTTP status is 400 in the catalog, 405 in the documents',
    },
    {
      name: 'a limit changed',
      file: 'catalogs/limits.yaml',
      edit: (d) => (d.limits.pageSize.max = 1000),
      expected: 'limit pageSize: {"value":10,"max":1000} in the catalog, {"value":10,"max":500} in the documents',
    },
  ];

  it.each(drifts)('$name', ({ file, edit, expected }) => {
    project = makeTempProject();
    project.editYaml(file, edit);
    expect(fidelityDifferences(facts, loadModel(project.root))).toEqual([expected]);
  });

  it('a network dropped from a version is reported', () => {
    project = makeTempProject();
    project.editYaml('catalogs/networks.yaml', (d) => (findIn(d.networks, 'pinterest').versions = [2]));
    // The loader refuses a v1 catalog for a network outside v1, so drop the file too.
    rmSync(join(project.root, 'catalogs/v1/pinterest.metrics.yaml'));
    const found = fidelityDifferences(facts, loadModel(project.root));
    expect(found).toContain('v1 networks: in the documents but missing from the catalogs: "pinterest"');
    expect(found).toContain('v1 pinterest: the documents list metrics, the catalogs have no metric catalog');
  });
});
