/** The tables of generated/catalogs.ts: the catalogs of the model, each fact once, assembled at load. */
import { describe, expect, it } from 'vitest';
import { catalogDataArtifact, namesAfterBase, toTsLiteral } from '../../scripts/generators/data/catalog-data.js';
import { tinyModel } from './tiny-model.js';
import { loadModel } from '../../scripts/model/load-model.js';
import type { VersionModel } from '../../scripts/model/types.js';
import { catalogs } from '../../src/catalog/catalogs.js';
import { PROJECT_ROOT } from './temp-project.js';

describe('catalog-data', () => {
  // The whole text of the generator's output on the tiny model: test/pipeline/data-modules.test.ts.
  it('the tables of generated/catalogs.ts give back every catalog of the model, assembled at load', () => {
    const model = loadModel(PROJECT_ROOT);
    const versionOf = (v: VersionModel) => ({
      version: v.version,
      networks: v.networks,
      metrics: Object.fromEntries(v.networks.map((n) => [n, v.metrics[n]])),
      posts: Object.fromEntries(v.networks.filter((n) => v.posts[n]).map((n) => [n, v.posts[n]])),
    });
    const expected = { networks: model.networks, dimensions: model.dimensions, extraDimensions: model.extraDimensions, errors: model.errors, limits: model.limits, v1: versionOf(model.v1), v2: versionOf(model.v2) };
    expect(JSON.parse(JSON.stringify(catalogs))).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('writes each name list once: a list both versions hold alike is one constant', () => {
    const content = String(catalogDataArtifact(loadModel(PROJECT_ROOT)).content);
    expect(content).toContain('const facebookPostFields = "attachments author_id');
    expect(content).toMatch(/export const v1PostFields = \{\n  facebook: facebookPostFields,\n\};/);
    expect(content).toMatch(/export const v2PostFields = \{\n  facebook: facebookPostFields,\n/);
  });

  it("writes version 1's metric names after version 2's, the sortable fields after the fields: a run as its positions", () => {
    const where = (network: string) => `v1 ${network} metrics`;
    expect(namesAfterBase({ alpha: 'x b c d y c', beta: 'p q', gamma: '' }, { alpha: 'a b c d', beta: 'q' }, where)).toEqual({ alpha: 'x 1-3 y 2', beta: 'p 0', gamma: '' });
    expect(() => namesAfterBase({ alpha: 'fans 7_days' }, { alpha: 'fans' }, where)).toThrow('catalog tables: v1 alpha metrics: "7_days" starts with a digit');
    const content = String(catalogDataArtifact(loadModel(PROJECT_ROOT)).content);
    expect(content).toMatch(/const v1MetricNamesAfter = \{\n  facebook: "comments 0-1 interactions /);
    expect(content).toMatch(/const v2PostSortableAfter = \{\n  facebook: "2-3 6 12 14 /);
    expect(content).not.toMatch(/export const (v1MetricNames|v1PostSortable|v2PostSortable) = \{/);
  });

  it('derives a list written after another when a network is read, not at load, and keeps nothing', async () => {
    const tables = await import('../../generated/catalogs.js');
    const model = loadModel(PROJECT_ROOT);
    const derived = { v1MetricNames: tables.v1MetricNames, v1PostSortable: tables.v1PostSortable, v2PostSortable: tables.v2PostSortable };
    for (const [name, table] of Object.entries(derived)) {
      expect(Object.isFrozen(table), name).toBe(true);
      for (const network of Object.keys(table)) {
        // An accessor, read on each read: loading the module made no list (the readers make a network's facts once).
        const member = Object.getOwnPropertyDescriptor(table, network)!;
        expect(typeof member.get, `${name}.${network}`).toBe('function');
        expect(member.enumerable).toBe(true);
        expect(table[network]).toBe(table[network]);
      }
    }
    for (const network of model.v1.networks) expect(tables.v1MetricNames[network]).toBe(model.v1.metrics[network].map((m) => m.name).join(' '));
  });

  it('refuses a name that cannot be a word of a list', () => {
    const model = tinyModel();
    model.v2.metrics.alpha = [{ ...model.v2.metrics.alpha[0], name: 'two words' }];
    expect(() => catalogDataArtifact(model)).toThrow('catalog tables: v2 alpha metrics: "two words" cannot be a word of a name list');
  });
});

describe('toTsLiteral: lines of at most 100 characters', () => {
  it('keeps a string that fits on its line and splits a longer one at words', () => {
    const note = 'For a day: interactions of posts published that day / fans that day / number of posts that day, times 100.';
    const printed = toTsLiteral({ short: 'fits', nested: { note } });
    expect(printed).toBe(
      [
        '{',
        '  short: "fits",',
        '  nested: {',
        '    note: "For a day: interactions of posts published that day / fans that day / number of " +',
        '      "posts that day, times 100.",',
        '  },',
        '}',
      ].join('\n'),
    );
    expect(Math.max(...printed.split('\n').map((l) => l.length))).toBeLessThanOrEqual(100);
    expect(new Function(`return ${printed}`)()).toEqual({ short: 'fits', nested: { note } });
  });

  it('gives a word longer than a line a line of its own', () => {
    const url = `https://example.invalid/${'x'.repeat(120)}`;
    const printed = toTsLiteral({ link: `see ${url} for more` });
    expect(printed.split('\n')).toEqual(['{', '  link: "see " +', `    "${url} " +`, '    "for more",', '}']);
  });
});
