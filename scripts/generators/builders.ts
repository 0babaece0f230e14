/**
 * Writes generated/builders/v1.ts and v2.ts with ts-morph: per network the typed request
 * interfaces, the builder interface with one method per operation of the generated spec
 * (`profiles`, `metrics`, `posts`), the builder objects, and the per-version `v1` / `v2`
 * object. Response types are narrowed to the request: posts to the requested fields, v1 day
 * records to the requested metrics, the v2 metrics header to the requested metric names.
 */
import type { SourceFile } from 'ts-morph';
import type { Limits, Model, Version, VersionModel } from '../model/types.js';
import { pascal, versionModel } from '../model/types.js';
import type { Artifact } from './artifact.js';
import { addMap, docText, finish, literal, newSourceFile, referencedComponents, schemaType } from './builders-common.js';
import { operationList } from './operations.js';
import { postNetworks } from './unions.js';

export const SCRIPT = 'scripts/generators/builders.ts';

type Operation = ReturnType<typeof operationList>[number];

const DATE_DOCS = {
  date_start: 'First day, YYYY-MM-DD.',
  date_end: 'Last day, YYYY-MM-DD; the last day is included.',
};

/**
 * The success bodies of the operations whose response is not narrowed (profiles, labels), and
 * the components they use, as type aliases from the version's spec.
 */
function addReferenceResponses(file: SourceFile, vm: VersionModel, ops: Operation[]): void {
  const roots = [...new Set(ops.filter((op) => op.kind !== 'metrics' && op.kind !== 'posts').map((op) => op.successSchema!))];
  const names = referencedComponents(roots.map((name) => ({ $ref: `#/components/schemas/${name}` })), vm.spec);
  const named = new Set(names);
  for (const name of names) {
    const schema = vm.spec.components.schemas[name];
    file.addTypeAlias({
      name,
      isExported: true,
      docs: [docText(String(schema.description ?? `The ${name} component of the version ${vm.version} spec.`))],
      type: schemaType({ ...schema, $ref: undefined }, vm.spec, new Set([...named].filter((n) => n !== name))),
    });
  }
}

/** The extra dimensions every metric of `M` allows: ExtraDimension<network, M>, spelled out per network (cheaper to check). */
function allowedExtras(network: string): string {
  const P = pascal(network);
  return `Exclude<U.${P}ExtraDimension, U.${P}MetricRefusedExtraDimensions[M]>`;
}

/** `export interface <P>MetricsRequest<M, D>`: the metrics body of one network. */
function addMetricsRequest(file: SourceFile, vm: VersionModel, network: string, limits: Limits): void {
  const P = pascal(network);
  const typeParameters = [{ name: 'M', constraint: `U.${P}Metric`, default: `U.${P}Metric` }];
  const dims = `DimensionList<U.Dimension, ${allowedExtras(network)}>`;
  // The builder method constrains D to the dimensions its metrics allow; here any list is accepted.
  if (vm.version === 2) typeParameters.push({ name: 'D', constraint: 'readonly DimensionItem[]', default: dims });
  const properties = [
    { name: 'date_start', type: 'DayString', docs: [DATE_DOCS.date_start] },
    { name: 'date_end', type: 'DayString', docs: [`${DATE_DOCS.date_end} At most ${limits.dateRangeMonths.value} months after date_start (see maxDateEnd).`] },
    { name: 'profiles', type: 'readonly string[]', docs: [`Profile ids from the profile list of the same network; at most ${limits.profilesPerMetricsRequest.value}.`] },
    { name: 'metrics', type: 'readonly M[]', docs: [`Metric names of the ${network} catalog; at most ${limits.metricsPerMetricsRequest.value}.`] },
  ];
  if (vm.version === 2) {
    properties.push({
      name: 'dimensions',
      type: 'D',
      docs: ['Base dimensions in any order, then at most one extra dimension, which every requested metric must allow.'],
    });
  }
  file.addInterface({
    name: `${P}MetricsRequest`,
    isExported: true,
    typeParameters,
    docs: [`Body of POST /${vm.version}/${network}/metrics.`],
    properties: properties.map((p) => ({ ...p, hasQuestionToken: p.name === 'dimensions' })),
  });
}

/** `export interface <P>PostsRequest<F>`: the posts body of one network (no `sort` where not offered). */
function addPostsRequest(file: SourceFile, vm: VersionModel, network: string, limits: Limits): void {
  const P = pascal(network);
  const catalog = vm.posts[network];
  const properties = [
    { name: 'profiles', type: 'readonly string[]', docs: ['Profile ids from the profile list.'], hasQuestionToken: false },
    { name: 'date_start', type: 'DayString', docs: [`${DATE_DOCS.date_start} Interpreted in each profile's timezone.`], hasQuestionToken: false },
    { name: 'date_end', type: 'DayString', docs: [DATE_DOCS.date_end], hasQuestionToken: false },
    { name: 'fields', type: 'readonly F[]', docs: ['Post fields to return; the response posts hold exactly these.'], hasQuestionToken: false },
    { name: 'limit', type: 'number', docs: [`Page size, 1 to ${limits.pageSize.max}; default ${limits.pageSize.default}.`], hasQuestionToken: true },
    { name: 'after', type: 'string', docs: ['Cursor: the `next` value of the previous page (resend every other parameter unchanged).'], hasQuestionToken: true },
  ];
  if (catalog.sort) {
    properties.push({ name: 'sort', type: `readonly SortElement<U.${P}SortableField>[]`, docs: ['Sort order; the documents show `desc`.'], hasQuestionToken: true });
  }
  properties.push({ name: 'filter', type: `readonly U.${P}PostsFilter[]`, docs: ['Filter elements.'], hasQuestionToken: true });
  file.addInterface({
    name: `${P}PostsRequest`,
    isExported: true,
    typeParameters: [{ name: 'F', constraint: `U.${P}PostField`, default: `U.${P}PostField` }],
    docs: [`Body of a ${network} posts request of version ${vm.version}${catalog.sort ? '' : ' (this network offers no `sort`)'}.`],
    properties,
  });
  const members = catalog.responseMembers.length ? ` & U.${P}PostResponseMembers` : '';
  file.addTypeAlias({
    name: `${P}PostsResponse`,
    isExported: true,
    typeParameters: [{ name: 'F', constraint: `U.${P}PostField`, default: `U.${P}PostField` }],
    docs: [`Success body of a ${network} posts request for fields F: posts narrowed to F.`],
    type: `PostsPage<PickedPost<U.${P}Post, F>${members}>`,
  });
}

/** The method signature text of one operation's builder. */
function builderMethod(op: Operation, vm: VersionModel): { name: string; text: string; doc: string } {
  const key = literal(op.key);
  const P = op.network ? pascal(op.network) : '';
  const plain = (name: string, doc: string, body: string) => ({
    name,
    doc,
    text: `${name}(): ApiRequest<${body}, ${op.successSchema ?? 'unknown'}, ${key}>`,
  });
  switch (op.kind) {
    case 'profiles':
      return plain('profiles', `${op.key}: the connected ${op.network} profiles. No body.`, 'undefined');
    case 'post-labels':
      return plain('postLabels', `${op.key}: the content labels. The body is not shown in the documents; an empty object is sent.`, 'Record<string, never>');
    case 'profile-labels':
      return plain('profileLabels', `${op.key}: the profile labels. The body is not shown in the documents; an empty object is sent.`, 'Record<string, never>');
    case 'metrics':
      if (vm.version === 1) {
        return {
          name: 'metrics',
          doc: `${op.key}: daily values of the requested metrics per profile. The day records hold exactly the requested metrics.`,
          text: `metrics<M extends U.${P}Metric>(body: ${P}MetricsRequest<M>): ApiRequest<${P}MetricsRequest<M>, V1MetricsResponse<DayRecord<U.${P}MetricValues, M>>, ${key}>`,
        };
      }
      return {
        name: 'metrics',
        doc: `${op.key}: the requested metrics split by the requested dimensions. The response header names the requested metrics.`,
        text:
          `metrics<M extends U.${P}Metric, D extends DimensionList<U.Dimension, ${allowedExtras(op.network!)}> = readonly []>` +
          `(body: ${P}MetricsRequest<M, D>): ApiRequest<${P}MetricsRequest<M, D>, MetricsResponse<M, D>, ${key}>`,
      };
    case 'posts':
      return {
        name: 'posts',
        doc: `${op.key}: one page of posts holding exactly the requested fields.`,
        text: `posts<F extends U.${P}PostField>(body: ${P}PostsRequest<F>): ApiRequest<${P}PostsRequest<F>, ${P}PostsResponse<F>, ${key}>`,
      };
  }
}

function implementation(op: Operation): string {
  const key = literal(op.key);
  const build = `buildV${op.version}Request`;
  if (op.kind === 'profiles') return `() => ${build}(${key}, undefined)`;
  if (op.kind === 'post-labels' || op.kind === 'profile-labels') return `() => ${build}(${key}, {})`;
  return `(body) => ${build}(${key}, body)`;
}

function addBuilders(file: SourceFile, vm: VersionModel, ops: Operation[]): void {
  const v = `v${vm.version}`;
  for (const network of vm.networks) {
    const P = pascal(network);
    const own = ops.filter((op) => op.network === network);
    const methods = own.map((op) => ({ op, ...builderMethod(op, vm) }));
    file.addInterface({
      name: `${P}Builders`,
      isExported: true,
      docs: [`Request builders of the ${network} operations of version ${vm.version}. Each checks its body at run time and throws a RequestValidationError listing every problem.`],
      methods: [],
    });
    const iface = file.getInterfaceOrThrow(`${P}Builders`);
    for (const m of methods) iface.addMember((writer) => writer.write(`/** ${m.doc} */`).newLine().write(`${m.text};`));
    file.addStatements([
      `/** Builders of the ${network} operations of version ${vm.version}: ${methods.map((m) => `\`${v}.${network}.${m.name}\``).join(', ')}. */\n` +
        `export const ${network}: ${P}Builders = {\n${methods.map((m) => `  ${m.name}: ${implementation(m.op)},\n`).join('')}};`,
    ]);
  }
  const shared = ops.filter((op) => !op.network).map((op) => ({ op, ...builderMethod(op, vm) }));
  for (const m of shared) {
    file.addVariableStatement({
      isExported: true,
      declarationKind: 'const' as never,
      docs: [m.doc],
      declarations: [{ name: m.name, type: `${v.toUpperCase()}Builders[${literal(m.name)}]`, initializer: implementation(m.op) }],
    });
  }
  file.addInterface({ name: `${v.toUpperCase()}Builders`, isExported: true, docs: [`Every request builder of version ${vm.version}.`] });
  const all = file.getInterfaceOrThrow(`${v.toUpperCase()}Builders`);
  for (const network of vm.networks) all.addProperty({ name: network, type: `${pascal(network)}Builders`, docs: [`The ${network} operations.`] });
  for (const m of shared) all.addMember((writer) => writer.write(`/** ${m.doc} */`).newLine().write(`${m.text};`));
  file.addVariableStatement({
    isExported: true,
    declarationKind: 'const' as never,
    docs: [`The request builders of version ${vm.version}: \`${v}.facebook.metrics({...})\`, ...`],
    declarations: [{ name: v, type: `${v.toUpperCase()}Builders`, initializer: `{ ${[...vm.networks, ...shared.map((m) => m.name)].join(', ')} }` }],
  });
}

function addRequestMaps(file: SourceFile, vm: VersionModel): void {
  const map = (suffix: string, list: string[]) => list.map((n) => [n, `${pascal(n)}${suffix}`] as [string, string]);
  addMap(file, 'MetricsRequestMap', 'Metrics request body per network.', map('MetricsRequest', vm.networks));
  addMap(file, 'PostsRequestMap', 'Posts request body per network with a post catalog.', map('PostsRequest', postNetworks(vm)));
  file.addTypeAlias({ name: 'MetricsRequest', isExported: true, typeParameters: ['N extends U.Network = U.Network'], docs: ['The metrics request body of network N.'], type: 'MetricsRequestMap[N]' });
  file.addTypeAlias({ name: 'PostsRequest', isExported: true, typeParameters: ['N extends U.PostNetwork = U.PostNetwork'], docs: ['The posts request body of network N (twitter: no `sort`).'], type: 'PostsRequestMap[N]' });
}

/** The source of generated/builders/v{version}.ts. */
export function buildersSource(model: Model, version: Version, allOperations: Operation[] = operationList(model)): string {
  const vm = versionModel(model, version);
  const ops = allOperations.filter((op) => op.version === version);
  const file = newSourceFile(`v${version}.ts`);
  file.addStatements([`/**\n * Typed request builders of version ${version}, one per operation of generated/openapi/v${version}.yaml.\n * Exported from \`social-analytics-api/v${version}\`.\n */`]);
  const shapes = ['DayString', 'PickedPost', 'PostsPage', 'SortElement', ...(version === 1 ? ['DayRecord', 'V1MetricsResponse'] : ['DimensionItem', 'DimensionList', 'MetricsResponse'])];
  file.addImportDeclarations([
    { isTypeOnly: true, moduleSpecifier: '../../src/request.js', namedImports: ['ApiRequest'] },
    { moduleSpecifier: '../../src/builders/build.js', namedImports: [`buildV${version}Request`] },
    { isTypeOnly: true, moduleSpecifier: '../../src/builders/types.js', namedImports: shapes.sort() },
    { isTypeOnly: true, moduleSpecifier: `./v${version}-unions.js`, namespaceImport: 'U' },
  ]);
  addReferenceResponses(file, vm, ops);
  for (const network of vm.networks) addMetricsRequest(file, vm, network, model.limits);
  for (const network of postNetworks(vm)) addPostsRequest(file, vm, network, model.limits);
  addRequestMaps(file, vm);
  addBuilders(file, vm, ops);
  return finish(SCRIPT, file);
}

export function buildersArtifacts(model: Model): Artifact[] {
  const ops = operationList(model);
  return ([1, 2] as Version[]).map((v) => ({ path: `generated/builders/v${v}.ts`, content: buildersSource(model, v, ops) }));
}
