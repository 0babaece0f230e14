/**
 * Writes generated/builders/v1.ts and v2.ts: the generic request bodies (builders-requests.ts),
 * per network the builder interface with one method per operation of the generated spec
 * (`profiles`, `metrics`, `posts`) and the builder object, and the per-version `v1` / `v2`
 * object. Response types are the openapi-typescript components, narrowed to the request: posts
 * to the requested fields, v1 day records to the requested metrics, the v2 metrics header to
 * the requested dimensions and metric names.
 */
import type { Model, Version, VersionModel } from '../model/types.js';
import { pascal, versionModel } from '../model/types.js';
import type { Artifact } from './artifact.js';
import { metricsRequest, networkPostsRequests, postsRequest, postsResponses, referenceResponses } from './builders-requests.js';
import { operationList } from './operations.js';
import {
  constant, importDeclaration, interfaceDeclaration, literal, localTypeAlias, sourceFile,
  type Declaration, type Member, type Method, type TypeParameter,
} from './ts-source.js';

export const SCRIPT = 'scripts/generators/builders.ts';

type Operation = ReturnType<typeof operationList>[number];

/** One builder: its method in the builder interface (name, doc, signature) and its implementation. */
interface Builder extends Method {
  doc: string;
  implementation: string;
}

const LABELS_BODY = 'The body is not shown in the documents; an empty object is sent.';

/**
 * The dimensions a v2 metrics builder accepts for the metrics M, the same for every network: base
 * dimensions, then one extra dimension that every metric of M allows, spelled with the network's
 * own table (cheaper to check than the generic ExtraDimension<N, M>; never where no metric of the
 * network allows one, so any extra dimension is refused there). D is inferred as a tuple: the
 * header is positional. D is a const type parameter, which the checker infers with less work
 * (docs/decisions/builder-shape.md).
 */
function dimensionsConstraint(network: string): string {
  return `DimensionList<Dimension, AllowedByEvery<${pascal(network)}MetricExtraDimensions, M>>`;
}

/** The builder of one operation. */
function builder(op: Operation, vm: VersionModel): Builder {
  const key = literal(op.key);
  const net = op.network ? literal(op.network) : '';
  const P = op.network ? pascal(op.network) : '';
  const withoutBody = (name: string, doc: string, body: string, value: string): Builder => ({
    name,
    doc: `${op.key}: ${doc}`,
    parameters: [],
    returnType: `ApiRequest<${body}, ${op.successSchema ?? 'unknown'}, ${key}>`,
    implementation: `() => buildV${op.version}Request(${key}, ${value})`,
  });
  /** A builder taking a `body` of type `request` (generic in `typeParameters`) and answering `response`. */
  const withBody = (name: string, doc: string, typeParameters: TypeParameter[], request: string, response: string): Builder => ({
    name,
    doc: `${op.key}: ${doc}`,
    typeParameters,
    parameters: [{ name: 'body', type: request }],
    returnType: `ApiRequest<${request}, ${response}, ${key}>`,
    implementation: `(body) => buildV${op.version}Request(${key}, body)`,
  });
  switch (op.kind) {
    case 'profiles':
      return withoutBody('profiles', `the connected ${op.network} profiles. No body.`, 'undefined', 'undefined');
    case 'post-labels':
      return withoutBody('postLabels', `the content labels. ${LABELS_BODY}`, 'Record<string, never>', '{}');
    case 'profile-labels':
      return withoutBody('profileLabels', `the profile labels. ${LABELS_BODY}`, 'Record<string, never>', '{}');
    case 'metrics':
      if (vm.version === 1) {
        return withBody(
          'metrics',
          'daily values of the requested metrics per profile. The day records hold exactly the requested metrics.',
          [{ name: 'M', constraint: `${P}Metric` }],
          `MetricsRequest<${net}, M>`,
          `V1MetricsResponse<DayRecord<${P}MetricValues, M>>`,
        );
      }
      return withBody(
        'metrics',
        'the requested metrics split by the requested dimensions. The response header names the requested ' +
          'dimensions in request order, then the requested metrics.',
        [
          { name: 'M', constraint: `${P}Metric` },
          { name: 'D', isConst: true, constraint: dimensionsConstraint(op.network!), default: 'readonly []' },
        ],
        `MetricsRequest<${net}, M, D>`,
        'MetricsResponse<M, D>',
      );
    case 'posts':
      return withBody(
        'posts',
        `one page of posts, each holding the requested fields and no other${vm.posts[op.network!]?.fields.some((f) => f.videoOnly) ? ' (a post that is not a video lacks the fields of videos only)' : ''}.`,
        [{ name: 'F', constraint: `${P}PostField` }],
        `${P}PostsRequest<F>`,
        `${P}PostsResponse<F>`,
      );
  }
}

/** The method of a builder in its interface. */
function method({ implementation, ...signature }: Builder): Method {
  return signature;
}

/** Per network: the builder interface and the builder object. */
function networkBuilders(vm: VersionModel, network: string, ops: readonly Operation[]): Declaration[] {
  const P = pascal(network);
  const builders = ops.filter((op) => op.network === network).map((op) => builder(op, vm));
  const v = `v${vm.version}`;
  return [
    interfaceDeclaration(
      `${P}Builders`,
      `Request builders of the ${network} operations of version ${vm.version}. Each checks its body at run time ` +
        'and throws a RequestValidationError listing every problem.',
      builders.map(method),
    ),
    constant(
      network,
      `Builders of the ${network} operations of version ${vm.version}: ${builders.map((b) => `\`${v}.${network}.${b.name}\``).join(', ')}.`,
      `${P}Builders`,
      `{ ${builders.map((b) => `${b.name}: ${b.implementation}`).join(', ')} }`,
    ),
  ];
}

/** The builders of the operations of no network, `VnBuilders` and the `vn` object. */
function versionBuilders(vm: VersionModel, ops: readonly Operation[]): Declaration[] {
  const v = `v${vm.version}`;
  const all = `V${vm.version}Builders`;
  const shared = ops.filter((op) => !op.network).map((op) => builder(op, vm));
  return [
    ...shared.map((b) => constant(b.name, b.doc, `${all}[${literal(b.name)}]`, b.implementation)),
    interfaceDeclaration(`${all}`, `Every request builder of version ${vm.version}.`, [
      ...vm.networks.map((n): Member => ({ name: n, type: `${pascal(n)}Builders`, doc: `The ${n} operations.` })),
      ...shared.map(method),
    ]),
    constant(
      v,
      `The request builders of version ${vm.version}: \`${v}.${vm.networks[0]}.metrics({...})\`, ...`,
      all,
      `{ ${[...vm.networks, ...shared.map((b) => b.name)].join(', ')} }`,
    ),
  ];
}

/** The names the builders file imports from the unions file of its version; `postsOps` the networks with a posts operation. */
function unionImports(vm: VersionModel, postsOps: readonly string[]): string[] {
  const perNetwork = vm.networks.flatMap((n) =>
    vm.version === 1
      ? [`${pascal(n)}Metric`, `${pascal(n)}MetricValues`]
      : [`${pascal(n)}Metric`, `${pascal(n)}MetricExtraDimensions`],
  );
  const posts = vm.networks.filter((n) => vm.posts[n]).flatMap((n) => [
    `${pascal(n)}PostField`,
    ...(postsOps.includes(n) ? [`${pascal(n)}PostsFilter`, ...(vm.posts[n].sort ? [`${pascal(n)}SortableField`] : [])] : []),
    ...(vm.posts[n].responseMembers.length ? [`${pascal(n)}PostResponseMembers`] : []),
  ]);
  const generic = ['Metric', 'Network', 'PostField', 'PostNetwork', 'PostsFilter', 'SortableField'];
  return [...generic, ...(vm.version === 2 ? ['Dimension', 'ExtraDimension'] : []), ...perNetwork, ...posts];
}

/** The source of generated/builders/v{version}.ts. */
export async function buildersSource(model: Model, version: Version, allOperations: readonly Operation[] = operationList(model)): Promise<string> {
  const vm = versionModel(model, version);
  const ops = allOperations.filter((op) => op.version === version);
  const postsOps = ops.filter((op) => op.kind === 'posts').map((op) => op.network!);
  const roots = [...new Set(ops.filter((op) => op.kind !== 'metrics' && op.kind !== 'posts').map((op) => op.successSchema!))];
  const v2Shapes = ['AllowedByEvery', 'DimensionItem', 'DimensionList', 'MetricsResponse'];
  const shapes = ['DayString', 'PostOf', 'PostsPage', 'RequiredPick', 'SortElement', ...(version === 1 ? ['DayRecord', 'V1MetricsResponse'] : v2Shapes)];
  const imports = [
    importDeclaration('../../src/request.js', ['ApiRequest']),
    importDeclaration('../../src/builders/build.js', [`buildV${version}Request`], false),
    importDeclaration('../../src/builders/types.js', shapes),
    importDeclaration(`../types/v${version}.js`, ['components']),
    importDeclaration(`./v${version}-unions.js`, unionImports(vm, postsOps)),
  ];
  const declarations: Declaration[] = [
    localTypeAlias('Schemas', "components['schemas']"),
    ...referenceResponses(model, vm, roots),
    metricsRequest(model, version),
    postsRequest(model, version),
    ...networkPostsRequests(model, vm, postsOps),
    ...postsResponses(model, vm),
    ...vm.networks.flatMap((network) => networkBuilders(vm, network, ops)),
    ...versionBuilders(vm, ops),
  ];
  return sourceFile(
    SCRIPT,
    `Typed request builders of version ${version}, one per operation of generated/openapi/v${version}.yaml. ` +
      `Exported from \`social-analytics-api/v${version}\`.`,
    imports,
    declarations,
  );
}

export async function buildersArtifacts(model: Model): Promise<Artifact[]> {
  const ops = operationList(model);
  return Promise.all(([1, 2] as Version[]).map(async (v) => ({ path: `generated/builders/v${v}.ts`, content: await buildersSource(model, v, ops) })));
}
