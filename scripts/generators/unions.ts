/**
 * Writes generated/builders/v1-unions.ts and v2-unions.ts with ts-morph: per network the
 * literal unions of metric, post field, sortable and filterable field names (each member
 * documented with its catalog description), the post and metric value interfaces, the filter
 * element types, and the generic lookups `Metric<N>`, `PostField<N>`, `ExtraDimension<N, M>` ...
 */
import type { SourceFile } from 'ts-morph';
import type { Model, PostCatalog, PostField, Version, VersionModel } from '../model/types.js';
import { pascal, sortableNames, versionModel } from '../model/types.js';
import type { Artifact } from './artifact.js';
import { metricDescription, postFieldDescription } from './catalog-schemas.js';
import {
  addDocumentedInterface, addMap, addUnion, fallbackDoc, finish, literal, metricValueType, newSourceFile, postFieldType,
  type Documented,
} from './builders-common.js';

export const SCRIPT = 'scripts/generators/unions.ts';

/** "a" or "an" before a network name. */
export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'An' : 'A';
}

/** Networks of a version that have a post catalog (even without a post list operation). */
export function postNetworks(vm: VersionModel): string[] {
  return vm.networks.filter((n) => vm.posts[n]);
}

function metricDocs(vm: VersionModel, network: string, filter: (m: VersionModel['metrics'][string][number]) => boolean = () => true): Documented[] {
  return vm.metrics[network].filter(filter).map((m) => ({ name: m.name, doc: metricDescription(m) ?? fallbackDoc(m.name, `${network} metric`) }));
}

function fieldDoc(f: PostField): string {
  return postFieldDescription(f) ?? fallbackDoc(f.name, 'post field');
}

function sortDocs(catalog: PostCatalog): Documented[] {
  const byName = new Map(catalog.fields.map((f) => [f.name, f]));
  return sortableNames(catalog).map((name) => {
    const dot = name.indexOf('.');
    if (dot < 0) return { name, doc: fieldDoc(byName.get(name)!) };
    const [field, key] = [name.slice(0, dot), name.slice(dot + 1)];
    return { name, doc: `Key \`${key}\` of \`${field}\`. ${fieldDoc(byName.get(field)!)}` };
  });
}

function filterDocs(catalog: PostCatalog): Documented[] {
  return catalog.fields
    .filter((f) => f.filterable)
    .map((f) => ({ name: f.name, doc: `${fieldDoc(f)}${f.advancedFilter ? ' Also usable in the advanced `match_any` filter.' : ''}` }));
}

/**
 * The value type of a field filter: "string or array of strings" (document 1), narrowed to the
 * field's values where the catalog lists them (ppd_status).
 */
function filterValueType(f: PostField): string {
  const one = f.enum && f.type !== 'array' ? f.enum.map(literal).join(' | ') : 'string';
  return f.enum && f.type !== 'array' ? `${one} | readonly (${one})[]` : 'string | readonly string[]';
}

function addPostsFilter(file: SourceFile, network: string, catalog: PostCatalog): void {
  const P = pascal(network);
  const fields = catalog.fields.filter((f) => f.filterable);
  const advanced = catalog.fields.filter((f) => f.advancedFilter);
  const members = fields.map((f) => `{ readonly field: ${literal(f.name)}; readonly value: ${filterValueType(f)} }`);
  if (advanced.length) {
    const entry = advanced.map((f) => `{ readonly field: ${literal(f.name)}; readonly value: readonly string[] }`).join(' | ');
    members.push(`{ readonly match_any: readonly (${entry})[] }`);
  }
  file.addTypeAlias({
    name: `${P}PostsFilter`,
    isExported: true,
    docs: [
      `One ${network} filter element: \`{field, value}\` for a filterable field (a string or an array of strings, ` +
        `from the field's values where the catalog lists them), or \`{match_any: [{field, value}]}\` for ` +
        `${advanced.length ? advanced.map((f) => f.name).join(', ') : 'no field of this network'}.`,
    ],
    type: (writer) => {
      if (!members.length) writer.write('never');
      for (const m of members) writer.newLine().write(`| ${m}`);
    },
  });
}

function addNetworkMetrics(file: SourceFile, model: Model, vm: VersionModel, network: string): void {
  const P = pascal(network);
  const metrics = vm.metrics[network];
  addUnion(file, `${P}Metric`, `${article(network)} ${network} metric name of version ${vm.version}.`, metricDocs(vm, network));
  addUnion(file, `${P}InsightsMetric`, `${article(network)} ${network} metric that only profiles with insights_enabled give (version ${vm.version}).`, metricDocs(vm, network, (m) => m.insightsOnly));
  if (vm.version === 1) {
    addDocumentedInterface(file, `${P}MetricValues`, `The value type of each ${network} metric in a version 1 day record.`,
      metrics.map((m) => ({ name: m.name, type: metricValueType(m), doc: metricDescription(m) ?? fallbackDoc(m.name, `${network} metric`) })));
    return;
  }
  const allowed = new Set(metrics.flatMap((m) => m.extraDimensions));
  addUnion(file, `${P}ExtraDimension`, `An extra dimension that at least one ${network} metric allows.`,
    model.extraDimensions.filter((d) => allowed.has(d.name)).map((d) => ({ name: d.name, doc: d.description })));
  addDocumentedInterface(file, `${P}MetricExtraDimensions`, `The extra dimensions each ${network} metric allows (never: none).`,
    metrics.map((m) => ({
      name: m.name,
      type: m.extraDimensions.length ? m.extraDimensions.map(literal).join(' | ') : 'never',
      doc: metricDescription(m) ?? fallbackDoc(m.name, `${network} metric`),
    })));
  // The complement, precomputed so that "allowed by every requested metric" is one indexed access
  // and one Exclude instead of a distributive conditional type (cheaper for the compiler).
  addDocumentedInterface(file, `${P}MetricRefusedExtraDimensions`, `The ${network} extra dimensions each metric does NOT allow.`,
    metrics.map((m) => {
      const refused = model.extraDimensions.map((d) => d.name).filter((d) => allowed.has(d) && !m.extraDimensions.includes(d));
      return { name: m.name, type: refused.length ? refused.map(literal).join(' | ') : 'never' };
    }));
}

function addNetworkPosts(file: SourceFile, vm: VersionModel, network: string): void {
  const P = pascal(network);
  const catalog = vm.posts[network];
  addDocumentedInterface(file, `${P}Post`, `${article(network)} ${network} post with every field of the version ${vm.version} catalog; responses hold only the requested ones.`,
    catalog.fields.map((f) => ({ name: f.name, type: postFieldType(f, vm.spec), doc: fieldDoc(f) })));
  if (catalog.responseMembers.length) {
    addDocumentedInterface(file, `${P}PostResponseMembers`, `Members a ${network} post may carry besides the requested fields.`,
      catalog.responseMembers.map((m) => ({ name: m.name, type: postFieldType(m, vm.spec), doc: m.description, optional: true })));
  }
  addUnion(file, `${P}PostField`, `${article(network)} ${network} post field name of version ${vm.version}.`, catalog.fields.map((f) => ({ name: f.name, doc: fieldDoc(f) })));
  addUnion(file, `${P}SortableField`,
    catalog.sort ? `A sortable ${network} post field, or \`<object field>.<key>\`.` : `${network} posts offer no sort parameter, so no field is sortable.`,
    sortDocs(catalog));
  addUnion(file, `${P}FilterableField`, `A filterable ${network} post field.`, filterDocs(catalog));
  addPostsFilter(file, network, catalog);
}

function addLookups(file: SourceFile, vm: VersionModel): void {
  const nets = vm.networks;
  const posts = postNetworks(vm);
  const map = (suffix: string, list: string[]) => list.map((n) => [n, `${pascal(n)}${suffix}`] as [string, string]);
  addMap(file, 'MetricMap', 'Metric name union per network.', map('Metric', nets));
  addMap(file, 'InsightsMetricMap', 'Insights-only metric name union per network.', map('InsightsMetric', nets));
  addMap(file, 'PostMap', 'Full post type per network with a post catalog.', map('Post', posts));
  addMap(file, 'PostFieldMap', 'Post field union per network with a post catalog.', map('PostField', posts));
  addMap(file, 'SortableFieldMap', 'Sortable field union per network with a post catalog.', map('SortableField', posts));
  addMap(file, 'FilterableFieldMap', 'Filterable field union per network with a post catalog.', map('FilterableField', posts));
  addMap(file, 'PostsFilterMap', 'Filter element type per network with a post catalog.', map('PostsFilter', posts));
  const alias = (name: string, params: string, type: string, doc: string) =>
    file.addTypeAlias({ name, typeParameters: params ? [params] : [], isExported: true, docs: [doc], type });
  alias('Metric', 'N extends Network = Network', 'MetricMap[N]', `A metric name of network N (version ${vm.version}); a name not in its catalog does not compile.`);
  alias('InsightsMetric', 'N extends Network = Network', 'InsightsMetricMap[N]', 'A metric of network N that only profiles with insights_enabled give.');
  alias('PostNetwork', '', 'keyof PostFieldMap', 'A network whose post fields the documents list.');
  alias('Post', 'N extends PostNetwork = PostNetwork', 'PostMap[N]', 'The full post type of network N.');
  alias('PostField', 'N extends PostNetwork = PostNetwork', 'PostFieldMap[N]', 'A post field name of network N.');
  alias('SortableField', 'N extends PostNetwork = PostNetwork', 'SortableFieldMap[N]', 'A sort field of network N (never where sort is not offered).');
  alias('FilterableField', 'N extends PostNetwork = PostNetwork', 'FilterableFieldMap[N]', 'A filterable post field of network N.');
  alias('PostsFilter', 'N extends PostNetwork = PostNetwork', 'PostsFilterMap[N]', 'One filter element of a posts request of network N.');
  if (vm.version === 1) {
    addMap(file, 'MetricValuesMap', 'Day-record value types of the metrics, per network.', map('MetricValues', nets));
    alias('MetricValues', 'N extends Network = Network', 'MetricValuesMap[N]', 'The value type of each metric of network N in a version 1 day record.');
    return;
  }
  addMap(file, 'ExtraDimensionMap', 'Extra dimensions any metric of the network allows, per network.', map('ExtraDimension', nets));
  addMap(file, 'MetricExtraDimensionsMap', 'Per network, the extra dimensions of each metric.', map('MetricExtraDimensions', nets));
  addMap(file, 'MetricRefusedExtraDimensionsMap', 'Per network, the extra dimensions each metric does not allow.', map('MetricRefusedExtraDimensions', nets));
  alias('ExtraDimension', 'N extends Network = Network, M extends Metric<N> = never',
    'Exclude<ExtraDimensionMap[N], MetricRefusedExtraDimensionsMap[N][M & keyof MetricRefusedExtraDimensionsMap[N]]>',
    'The extra dimensions of network N that EVERY metric in M allows; without M, those any metric of N allows.\n' +
      'An extra dimension must be the last dimension of a request, and only one may be used.');
}

/** The source of generated/builders/v{version}-unions.ts. */
export function unionsSource(model: Model, version: Version): string {
  const vm = versionModel(model, version);
  const file = newSourceFile(`v${version}-unions.ts`);
  file.addStatements([
    `/**\n * Literal unions of the version ${version} catalogs, one set per network, with the catalog descriptions as\n` +
      ` * doc comments. Exported from \`social-analytics-api/v${version}\`.\n */`,
  ]);
  if (version === 1) file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: '../../src/builders/types.js', namedImports: ['MetricBreakdown'] });
  addUnion(file, 'Network', `A network of version ${version}.`,
    model.networks.filter((n) => vm.networks.includes(n.name)).map((n) => ({ name: n.name, doc: `${n.title}: ${n.description}` })));
  if (version === 2) {
    addUnion(file, 'Dimension', 'A base dimension; every metric supports it.', model.dimensions.map((d) => ({ name: d.name, doc: d.description })));
  }
  for (const network of vm.networks) addNetworkMetrics(file, model, vm, network);
  for (const network of postNetworks(vm)) addNetworkPosts(file, vm, network);
  addLookups(file, vm);
  return finish(SCRIPT, file);
}

export function unionsArtifacts(model: Model): Artifact[] {
  return ([1, 2] as Version[]).map((v) => ({ path: `generated/builders/v${v}-unions.ts`, content: unionsSource(model, v) }));
}
