/**
 * Writes generated/builders/v1-unions.ts and v2-unions.ts: per network the literal unions of
 * metric, post field, sortable and filterable field names (each member documented with its
 * catalog description), the filter element types, the post and v1 day-record value types (the
 * openapi-typescript components of generated/types/, with every catalog member required), and
 * the generic lookups `Metric<N>`, `PostField<N>`, `ExtraDimension<N, M>` ...
 */
import type { Model, PostCatalog, PostField, Version, VersionModel } from '../../model/types.js';
import { pascal, sortableNames, versionModel } from '../../model/types.js';
import { PipelineError } from '../../model/errors.js';
import type { Artifact } from '../artifact.js';
import { metricDescription, postFieldDescription } from '../openapi/catalog-schemas.js';
import { buildOpenApi } from '../openapi/openapi-bundle.js';
import {
  documentedUnion, importDeclaration, interfaceDeclaration, literal, lookupTable, sourceFile, typeAlias,
  unionOf, type Declaration, type Documented,
} from './ts-source.js';

export const SCRIPT = 'scripts/generators/builders/unions.ts';

/** "A" or "An" before a network name. */
export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'An' : 'A';
}

/** Networks of a version that have a post catalog (even without a post list operation). */
export function postNetworks(vm: VersionModel): string[] {
  return vm.networks.filter((n) => vm.posts[n]);
}

/** `components['schemas']['Name']`, after checking that the generated spec of the version has it. */
export function schemaRef(model: Model, version: Version, name: string): string {
  if (!buildOpenApi(model, version).components?.schemas?.[name]) {
    throw new PipelineError(`component ${name} is missing from the generated spec (the builders refer to it)`, `spec/v${version}`);
  }
  return `Schemas[${literal(name)}]`;
}

/** The doc text of a catalog entry that has no description. */
function fallbackDoc(name: string, kind: string): string {
  return `The ${kind} \`${name}\`; the documents give no description.`;
}

function metricDocs(vm: VersionModel, network: string, insightsOnly = false): Documented[] {
  return vm.metrics[network]
    .filter((m) => !insightsOnly || m.insightsOnly)
    .map((m) => ({ name: m.name, doc: metricDescription(m) ?? fallbackDoc(m.name, `${network} metric`) }));
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
  if (!f.enum || f.type === 'array') return 'string | readonly string[]';
  const one = unionOf(f.enum.map(literal));
  return `${one} | readonly (${one})[]`;
}

function postsFilter(network: string, catalog: PostCatalog): Declaration {
  const advanced = catalog.fields.filter((f) => f.advancedFilter);
  const members = catalog.fields
    .filter((f) => f.filterable)
    .map((f) => `{ readonly field: ${literal(f.name)}; readonly value: ${filterValueType(f)} }`);
  if (advanced.length) {
    const entry = advanced.map((f) => `{ readonly field: ${literal(f.name)}; readonly value: readonly string[] }`);
    members.push(`{ readonly match_any: readonly (${entry.join(' | ')})[] }`);
  }
  // Last: a wrong field is then reported against the alias of every filterable field.
  if (catalog.fields.filter((f) => f.filterable).length > 1) members.push(`FilterFieldCheck<${pascal(network)}FilterableField>`);
  const doc =
    `One ${network} filter element: \`{field, value}\` for a filterable field (a string or an array of strings, ` +
    `from the field's values where the catalog lists them), or \`{match_any: [{field, value}]}\` for ` +
    `${advanced.length ? advanced.map((f) => f.name).join(', ') : 'no field of this network'}.`;
  return typeAlias(`${pascal(network)}PostsFilter`, doc, unionOf(members));
}

function networkMetrics(model: Model, vm: VersionModel, network: string): Declaration[] {
  const P = pascal(network);
  const metrics = vm.metrics[network];
  const out: Declaration[] = [
    documentedUnion(`${P}Metric`, `${article(network)} ${network} metric name of version ${vm.version}.`, metricDocs(vm, network)),
    documentedUnion(
      `${P}InsightsMetric`,
      `${article(network)} ${network} metric that only profiles with insights_enabled give (version ${vm.version}).`,
      metricDocs(vm, network, true),
    ),
  ];
  if (vm.version === 1) {
    const record = schemaRef(model, 1, `${P}DayRecord`);
    out.push(typeAlias(`${P}MetricValues`, `The value type of each ${network} metric in a version 1 day record.`, `RequiredPick<${record}, ${P}Metric>`));
    return out;
  }
  const allowed = new Set(metrics.flatMap((m) => m.extraDimensions));
  const extras = model.extraDimensions.map((d) => d.name).filter((d) => allowed.has(d));
  out.push(
    documentedUnion(
      `${P}ExtraDimension`,
      `An extra dimension that at least one ${network} metric allows.`,
      model.extraDimensions.filter((d) => allowed.has(d.name)).map((d) => ({ name: d.name, doc: d.description })),
    ),
    interfaceDeclaration(
      `${P}MetricExtraDimensions`,
      `The extra dimensions each ${network} metric allows (never: none).`,
      metrics.map((m) => ({
        name: m.name,
        type: unionOf(m.extraDimensions.map(literal)),
        doc: metricDescription(m) ?? fallbackDoc(m.name, `${network} metric`),
      })),
    ),
    // The complement, so that "allowed by every requested metric" is one indexed access and one
    // Exclude instead of a distributive conditional type (cheaper for the checker).
    interfaceDeclaration(
      `${P}MetricRefusedExtraDimensions`,
      `The ${network} extra dimensions each metric does NOT allow.`,
      metrics.map((m) => ({ name: m.name, type: unionOf(extras.filter((d) => !m.extraDimensions.includes(d)).map(literal)) })),
    ),
  );
  return out;
}

function networkPosts(model: Model, vm: VersionModel, network: string): Declaration[] {
  const P = pascal(network);
  const catalog = vm.posts[network];
  const post = schemaRef(model, vm.version, `${P}Post`);
  const out: Declaration[] = [
    typeAlias(
      `${P}Post`,
      `${article(network)} ${network} post with every field of the version ${vm.version} catalog; responses hold only the requested ones.`,
      `RequiredPick<${post}, ${P}PostField>`,
    ),
  ];
  if (catalog.responseMembers.length) {
    out.push(
      typeAlias(
        `${P}PostResponseMembers`,
        `Members ${article(network).toLowerCase()} ${network} post may carry besides the requested fields.`,
        `Pick<${post}, ${unionOf(catalog.responseMembers.map((m) => literal(m.name)))}>`,
      ),
    );
  }
  out.push(
    documentedUnion(
      `${P}PostField`,
      `${article(network)} ${network} post field name of version ${vm.version}.`,
      catalog.fields.map((f) => ({ name: f.name, doc: fieldDoc(f) })),
    ),
    documentedUnion(
      `${P}SortableField`,
      catalog.sort ? `A sortable ${network} post field, or \`<object field>.<key>\`.` : `${network} posts offer no sort parameter, so no field is sortable.`,
      sortDocs(catalog),
    ),
    documentedUnion(`${P}FilterableField`, `A filterable ${network} post field.`, filterDocs(catalog)),
    postsFilter(network, catalog),
  );
  return out;
}

/** The per-network lookup tables and the generic aliases over them. */
function lookups(vm: VersionModel): Declaration[] {
  const posts = postNetworks(vm);
  const table = (name: string, doc: string, suffix: string, list = vm.networks) =>
    lookupTable(name, doc, list.map((n) => [n, `${pascal(n)}${suffix}`]));
  const byNetwork = (name: string, doc: string, type: string) => typeAlias(name, doc, type, [{ name: 'N', constraint: 'Network', default: 'Network' }]);
  const byPostNetwork = (name: string, doc: string, type: string) =>
    typeAlias(name, doc, type, [{ name: 'N', constraint: 'PostNetwork', default: 'PostNetwork' }]);
  const out: Declaration[] = [
    table('MetricMap', 'Metric name union per network.', 'Metric'),
    table('InsightsMetricMap', 'Insights-only metric name union per network.', 'InsightsMetric'),
    table('PostMap', 'Full post type per network with a post catalog.', 'Post', posts),
    table('PostFieldMap', 'Post field union per network with a post catalog.', 'PostField', posts),
    table('SortableFieldMap', 'Sortable field union per network with a post catalog.', 'SortableField', posts),
    table('FilterableFieldMap', 'Filterable field union per network with a post catalog.', 'FilterableField', posts),
    table('PostsFilterMap', 'Filter element type per network with a post catalog.', 'PostsFilter', posts),
    byNetwork('Metric', `A metric name of network N (version ${vm.version}); a name not in its catalog does not compile.`, 'MetricMap[N]'),
    byNetwork('InsightsMetric', 'A metric of network N that only profiles with insights_enabled give.', 'InsightsMetricMap[N]'),
    typeAlias('PostNetwork', 'A network whose post fields the documents list.', 'keyof PostFieldMap'),
    byPostNetwork('Post', 'The full post type of network N.', 'PostMap[N]'),
    byPostNetwork('PostField', 'A post field name of network N.', 'PostFieldMap[N]'),
    byPostNetwork('SortableField', 'A sort field of network N (never where sort is not offered).', 'SortableFieldMap[N]'),
    byPostNetwork('FilterableField', 'A filterable post field of network N.', 'FilterableFieldMap[N]'),
    byPostNetwork('PostsFilter', 'One filter element of a posts request of network N.', 'PostsFilterMap[N]'),
  ];
  if (vm.version === 1) {
    out.push(
      table('MetricValuesMap', 'Day-record value types of the metrics, per network.', 'MetricValues'),
      byNetwork('MetricValues', 'The value type of each metric of network N in a version 1 day record.', 'MetricValuesMap[N]'),
    );
    return out;
  }
  out.push(
    table('ExtraDimensionMap', 'Extra dimensions any metric of the network allows, per network.', 'ExtraDimension'),
    table('MetricExtraDimensionsMap', 'Per network, the extra dimensions of each metric.', 'MetricExtraDimensions'),
    table('MetricRefusedExtraDimensionsMap', 'Per network, the extra dimensions each metric does not allow.', 'MetricRefusedExtraDimensions'),
    typeAlias(
      'ExtraDimension',
      'The extra dimensions of network N that EVERY metric in M allows; without M, those any metric of N allows.\n\n' +
        'An extra dimension must be the last dimension of a request, and only one may be used.',
      'Exclude<ExtraDimensionMap[N], MetricRefusedExtraDimensionsMap[N][M & keyof MetricRefusedExtraDimensionsMap[N]]>',
      [
        { name: 'N', constraint: 'Network', default: 'Network' },
        { name: 'M', constraint: 'Metric<N>', default: 'never' },
      ],
    ),
  );
  return out;
}

/** The source of generated/builders/v{version}-unions.ts. */
export async function unionsSource(model: Model, version: Version): Promise<string> {
  const vm = versionModel(model, version);
  const networks = model.networks.filter((n) => vm.networks.includes(n.name));
  const declarations: Declaration[] = [
    typeAlias('Schemas', `The schemas of the version ${version} OpenAPI document, by name (\`Schemas['Profile']\`).`, "components['schemas']"),
    documentedUnion('Network', `A network of version ${version}.`, networks.map((n) => ({ name: n.name, doc: `${n.title}: ${n.description}` }))),
  ];
  if (version === 2) {
    declarations.push(
      documentedUnion('Dimension', 'A base dimension; every metric supports it.', model.dimensions.map((d) => ({ name: d.name, doc: d.description }))),
    );
  }
  for (const network of vm.networks) declarations.push(...networkMetrics(model, vm, network));
  for (const network of postNetworks(vm)) declarations.push(...networkPosts(model, vm, network));
  declarations.push(...lookups(vm));
  return sourceFile(
    SCRIPT,
    `Literal unions of the version ${version} catalogs, one set per network, with the catalog descriptions as ` +
      `doc comments. Exported from \`social-analytics-api/v${version}\`.`,
    [importDeclaration('./shapes.js', ['FilterFieldCheck', 'RequiredPick']), importDeclaration(`../types/v${version}.js`, ['components'])],
    declarations,
  );
}

export async function unionsArtifacts(model: Model): Promise<Artifact[]> {
  return Promise.all(([1, 2] as Version[]).map(async (v) => ({ path: `generated/builders/v${v}-unions.ts`, content: await unionsSource(model, v) })));
}
