/**
 * The ts-morph generators of generated/builders/: the unions hold exactly the catalog names in
 * catalog order, each member documented with its catalog description; the output on disk is
 * current and deterministic.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Project, type SourceFile } from 'ts-morph';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModel } from '../../scripts/model/load-model.js';
import { pascal, sortableNames, filterableNames, type Model } from '../../scripts/model/types.js';
import { metricDescription, postFieldDescription } from '../../scripts/generators/catalog-schemas.js';
import { unionsArtifacts } from '../../scripts/generators/unions.js';
import { buildersArtifacts } from '../../scripts/generators/builders.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
let model: Model;
const files = new Map<number, SourceFile>();

beforeAll(() => {
  model = loadModel(root);
  const project = new Project({ useInMemoryFileSystem: true });
  for (const a of unionsArtifacts(model)) files.set(Number(/v(\d)/.exec(a.path)![1]), project.createSourceFile(a.path, String(a.content)));
});

/** The members of an exported union alias, each with the text of the doc comment before it. */
function union(version: number, name: string): { name: string; doc: string }[] {
  const text = files.get(version)!.getTypeAliasOrThrow(name).getTypeNodeOrThrow().getFullText();
  if (text.trim() === 'never') return [];
  const member = /(?:\/\*\*\s*(.*?)\s*\*\/\s*)?\|?\s*'((?:[^'\\]|\\.)*)'/gs;
  return [...text.matchAll(member)].map((m) => ({ name: m[2].replace(/\\(.)/g, '$1'), doc: m[1] ?? '' }));
}

describe('generated unions mirror the catalogs', () => {
  it('metric unions: every catalog metric, in order, with its description', () => {
    for (const version of [1, 2] as const) {
      const vm = model[`v${version}`];
      for (const network of vm.networks) {
        const members = union(version, `${pascal(network)}Metric`);
        expect(members.map((m) => m.name), `${version} ${network}`).toEqual(vm.metrics[network].map((m) => m.name));
        vm.metrics[network].forEach((metric, i) => {
          const description = metricDescription(metric);
          if (description) expect(members[i].doc).toBe(description);
          else expect(members[i].doc).toContain(metric.name);
        });
        expect(union(version, `${pascal(network)}InsightsMetric`).map((m) => m.name)).toEqual(vm.metrics[network].filter((m) => m.insightsOnly).map((m) => m.name));
      }
    }
  });
  it('post field, sortable and filterable unions per network with a post catalog', () => {
    for (const version of [1, 2] as const) {
      const vm = model[`v${version}`];
      for (const network of vm.networks.filter((n) => vm.posts[n])) {
        const P = pascal(network);
        const catalog = vm.posts[network];
        const fields = union(version, `${P}PostField`);
        expect(fields.map((m) => m.name)).toEqual(catalog.fields.map((f) => f.name));
        catalog.fields.forEach((f, i) => {
          const description = postFieldDescription(f);
          if (description) expect(fields[i].doc).toBe(description);
        });
        expect(union(version, `${P}SortableField`).map((m) => m.name)).toEqual(sortableNames(catalog));
        expect(union(version, `${P}FilterableField`).map((m) => m.name)).toEqual(filterableNames(catalog));
      }
    }
  });
  it('networks, base dimensions and the extra dimensions of each v2 metric', () => {
    expect(union(1, 'Network').map((m) => m.name)).toEqual(model.v1.networks);
    expect(union(2, 'Network').map((m) => m.name)).toEqual(model.v2.networks);
    expect(union(2, 'Dimension')).toEqual(model.dimensions.map((d) => ({ name: d.name, doc: d.description })));
    expect(files.get(1)!.getTypeAlias('Dimension')).toBeUndefined();
    for (const network of model.v2.networks) {
      const iface = files.get(2)!.getInterfaceOrThrow(`${pascal(network)}MetricExtraDimensions`);
      for (const metric of model.v2.metrics[network]) {
        const text = iface.getPropertyOrThrow(metric.name).getTypeNodeOrThrow().getText();
        const names = text === 'never' ? [] : text.split(' | ').map((t) => t.replace(/'/g, ''));
        expect(names, `${network}.${metric.name}`).toEqual(metric.extraDimensions);
        const refused = files.get(2)!.getInterfaceOrThrow(`${pascal(network)}MetricRefusedExtraDimensions`).getPropertyOrThrow(metric.name).getTypeNodeOrThrow().getText();
        const networkExtras = new Set(model.v2.metrics[network].flatMap((m) => m.extraDimensions));
        const expected = model.extraDimensions.map((d) => d.name).filter((d) => networkExtras.has(d) && !metric.extraDimensions.includes(d));
        expect(refused === 'never' ? [] : refused.split(' | ').map((t) => t.replace(/'/g, '')), `refused ${network}.${metric.name}`).toEqual(expected);
      }
    }
  });
});

describe('generated files', () => {
  it('are what the generators produce now, byte for byte, and start with the banner', () => {
    for (const a of [...unionsArtifacts(model), ...buildersArtifacts(model)]) {
      expect(readFileSync(join(root, a.path), 'utf8'), a.path).toBe(a.content);
      expect(String(a.content).split('\n')[0]).toMatch(/^\/\/ generated by scripts\/generators\/(unions|builders)\.ts, do not edit/);
    }
  });
  it('are deterministic', () => {
    const fresh = loadModel(root);
    const again = [...unionsArtifacts(fresh), ...buildersArtifacts(fresh)];
    expect(again).toEqual([...unionsArtifacts(model), ...buildersArtifacts(model)]);
  });
});
