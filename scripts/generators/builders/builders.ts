/**
 * Writes generated/builders/v1.ts and v2.ts: the generic request bodies (builders-requests.ts),
 * per network the builder interface with one method per operation of the generated spec
 * (`profiles`, `metrics`, `posts`) and the per-version `V1Builders` / `V2Builders` interface.
 * A builder is named by its operation's kind (`builderName`, which src/builders/ uses to make
 * the builder objects from the version's list in generated/operations.ts). The generated files
 * hold types only. Response
 * types are the openapi-typescript components, narrowed to the request: posts to the requested
 * fields, v1 day records to the requested metrics, the v2 metrics header to the requested
 * dimensions and metric names.
 */
import type { Model, Version, VersionModel } from '../../model/types.js';
import { pascal, versionModel } from '../../model/types.js';
import type { Artifact } from '../artifact.js';
import { metricsRequest, networkPostsRequests, postsRequest, postsResponses, referenceResponses } from './builders-requests.js';
import { operationList } from '../data/operations.js';
import { builderName } from '../../../src/shared/builder-names.js';
import {
  importDeclaration, interfaceDeclaration, literal, sourceFile, typeAlias,
  type Declaration, type Member, type Method, type TypeParameter,
} from './ts-source.js';

export const SCRIPT = 'scripts/generators/builders/builders.ts';

type Operation = ReturnType<typeof operationList>[number];

/** One builder: its method in the builder interface (name, doc, signature) and the operation it sends. */
interface Builder extends Method {
  doc: string;
  op: Operation;
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
  const withoutBody = (name: string, doc: string, body: string): Builder => ({
    name,
    doc: `${op.key}: ${doc}`,
    op,
    parameters: [],
    returnType: `ApiRequest<${body}, ${op.successSchema ?? 'unknown'}, ${key}>`,
  });
  /** A builder taking a `body` of type `request` (generic in `typeParameters`) and returning the request `call`. */
  const withBody = (name: string, doc: string, typeParameters: TypeParameter[], request: string, call: string): Builder => ({
    name,
    doc: `${op.key}: ${doc}`,
    op,
    typeParameters,
    parameters: [{ name: 'body', type: request }],
    returnType: call,
  });
  switch (op.kind) {
    case 'profiles':
      return withoutBody(builderName(op.kind), `the connected ${op.network} profiles. No body.`, 'undefined');
    case 'post-labels':
      return withoutBody(builderName(op.kind), `the content labels. ${LABELS_BODY}`, 'Record<string, never>');
    case 'profile-labels':
      return withoutBody(builderName(op.kind), `the profile labels. ${LABELS_BODY}`, 'Record<string, never>');
    case 'metrics':
      if (vm.version === 1) {
        return withBody(
          builderName(op.kind),
          'daily values of the requested metrics per profile. The day records hold exactly the requested metrics.',
          [{ name: 'M', constraint: `${P}Metric` }],
          `MetricsRequest<${net}, M>`,
          `${P}MetricsCall<M>`,
        );
      }
      return withBody(
        builderName(op.kind),
        'the requested metrics split by the requested dimensions. The response header names the requested ' +
          'dimensions in request order, then the requested metrics.',
        [
          { name: 'M', constraint: `${P}Metric` },
          { name: 'D', isConst: true, constraint: dimensionsConstraint(op.network!), default: 'readonly []' },
        ],
        `MetricsRequest<${net}, M, D>`,
        `MetricsCall<${net}, M, DimensionNames<D>>`,
      );
    case 'posts':
      return withBody(
        builderName(op.kind),
        `one page of posts, each holding the requested fields and no other${vm.posts[op.network!]?.fields.some((f) => f.videoOnly) ? ' (a post that is not a video lacks the fields of videos only)' : ''}.`,
        [{ name: 'F', constraint: `${P}PostField` }],
        `${P}PostsRequest<F>`,
        `${P}PostsCall<F>`,
      );
  }
}

/**
 * The request a metrics or posts builder returns, as an interface named for what it asks
 * (`FacebookPostsCall<"id">`, `MetricsCall<"facebook", "fans_change", ["date.day"]>`): TypeScript
 * shows an interface by its name and type arguments, so `client.send(request)` hovers in one line
 * where `ApiRequest<body, answer, key>` wrote the body and the answer out.
 */
function callInterfaces(vm: VersionModel, ops: readonly Operation[]): Declaration[] {
  const call = (name: string, doc: string, params: TypeParameter[], base: string) =>
    interfaceDeclaration(name, doc, [], { params, extends: [base] });
  return ops.flatMap((op): Declaration[] => {
    const P = pascal(op.network ?? '');
    const net = op.network ? literal(op.network) : '';
    if (op.kind === 'metrics' && vm.version === 1) {
      return [call(`${P}MetricsCall`, `The request of ${op.key} for the metrics M: its body and its answer, day records of exactly M.`,
        [{ name: 'M', constraint: `${P}Metric` }],
        `ApiRequest<MetricsRequest<${net}, M>, V1MetricsResponse<DayRecord<${P}MetricValues, M>>, ${literal(op.key)}>`)];
    }
    if (op.kind === 'posts') {
      return [call(`${P}PostsCall`, `The request of ${op.key} for the fields F: its body and its answer, posts holding F.`,
        [{ name: 'F', constraint: `${P}PostField` }],
        `ApiRequest<${P}PostsRequest<F>, ${P}PostsResponse<F>, ${literal(op.key)}>`)];
    }
    return [];
  });
}

/**
 * The request of a version 2 metrics builder of network N, for the metrics M and the dimensions
 * named T in request order: one interface for every network (the dimension names rather than the
 * dimension objects, so that it hovers in one line).
 */
function metricsCall(): Declaration {
  return interfaceDeclaration(
    'MetricsCall',
    'The request of POST /2/{N}/metrics for the metrics M and the dimensions named T in request order ' +
      '(`MetricsCall<"facebook", "fans_change", ["date.day"]>`): its body and its answer, `MetricsResponse<M, T>`.',
    [],
    {
      params: [{ name: 'N', constraint: 'Network' }, { name: 'M', constraint: 'Metric<N>' }, { name: 'T', constraint: 'readonly string[]' }],
      extends: ['ApiRequest<MetricsRequest<N, M, DimensionItems<T>>, MetricsResponse<M, T>, `POST /2/${N}/metrics`>'],
    },
  );
}

/** The method of a builder in its interface. */
function method({ op, ...signature }: Builder): Method {
  return signature;
}

/** Per network: the builder interface. */
function networkBuilders(vm: VersionModel, network: string, builders: readonly Builder[]): Declaration {
  return interfaceDeclaration(
    `${pascal(network)}Builders`,
    `Request builders of the ${network} operations of version ${vm.version}. Each checks its body at run time ` +
      'and throws a RequestValidationError listing every problem.',
    builders.map(method),
  );
}

/** The builders of a version: per network, and those of the operations of no network. */
function versionBuilderList(vm: VersionModel, ops: readonly Operation[]) {
  const perNetwork = vm.networks.map((n) => [n, ops.filter((op) => op.network === n).map((op) => builder(op, vm))] as const);
  const shared = ops.filter((op) => !op.network).map((op) => builder(op, vm));
  return { perNetwork, shared };
}

/**
 * Version 2: the metrics builder of any network N, generic in N, and the builders by network
 * typed with it (`MetricsBuilders`), for code generic over networks: `v2[network].metrics(...)`
 * with `network: N extends Network` is a call on a union of six generic signatures, which
 * TypeScript refuses; `(v2 as MetricsBuilders)[network]` is one signature (an indexed access of a
 * mapped type). The per-network interfaces keep their own spelling (docs/decisions/builder-shape.md);
 * a type test checks that `v2` is assignable to `MetricsBuilders`.
 */
function genericMetricsBuilders(): Declaration[] {
  const extra = 'MetricExtraDimensionsMap[N]';
  return [
    interfaceDeclaration(
      'NetworkMetricsBuilder',
      'The metrics builder of network N (`v2.facebook.metrics` is one), written once for every network: ' +
        'for code generic over networks, through `MetricsBuilders`.',
      [
        {
          name: 'metrics',
          doc: 'POST /2/{N}/metrics: the requested metrics split by the requested dimensions.',
          typeParameters: [
            { name: 'M', constraint: 'Metric<N>' },
            { name: 'D', isConst: true, constraint: `DimensionList<Dimension, AllowedByEvery<${extra}, M & keyof ${extra}>>`, default: 'readonly []' },
          ],
          parameters: [{ name: 'body', type: 'MetricsRequest<N, M, D>' }],
          returnType: 'MetricsCall<N, M, DimensionNames<D>>',
        },
      ],
      { params: [{ name: 'N', constraint: 'Network' }] },
    ),
    typeAlias(
      'MetricsBuilders',
      'The metrics builders of every network, one generic signature for all: ' +
        '`const byNetwork: MetricsBuilders = v2; byNetwork[network].metrics({...})` type-checks with `network: N extends Network`.',
      '{ readonly [N in Network]: NetworkMetricsBuilder<N> }',
    ),
  ];
}

/** Per network the builder interface, then `VnBuilders`. */
function versionBuilders(vm: VersionModel, ops: readonly Operation[]): Declaration[] {
  const { perNetwork, shared } = versionBuilderList(vm, ops);
  return [
    ...(vm.version === 2 ? [metricsCall()] : []),
    ...callInterfaces(vm, ops),
    ...perNetwork.map(([n, builders]) => networkBuilders(vm, n, builders)),
    interfaceDeclaration(`V${vm.version}Builders`, `Every request builder of version ${vm.version}.`, [
      ...vm.networks.map((n): Member => ({ name: n, type: `${pascal(n)}Builders`, doc: `The ${n} operations.` })),
      ...shared.map(method),
    ]),
    ...(vm.version === 2 ? genericMetricsBuilders() : []),
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
  const generic = ['Metric', 'Network', 'PostField', 'PostNetwork', 'PostsFilter', 'Schemas', 'SortableField'];
  return [...generic, ...(vm.version === 2 ? ['Dimension', 'ExtraDimension', 'MetricExtraDimensionsMap'] : []), ...perNetwork, ...posts];
}

/** The source of generated/builders/v{version}.ts. */
export async function buildersSource(model: Model, version: Version, allOperations: readonly Operation[] = operationList(model)): Promise<string> {
  const vm = versionModel(model, version);
  const ops = allOperations.filter((op) => op.version === version);
  const postsOps = ops.filter((op) => op.kind === 'posts').map((op) => op.network!);
  const roots = [...new Set(ops.filter((op) => op.kind !== 'metrics' && op.kind !== 'posts').map((op) => op.successSchema!))];
  const v2Shapes = ['AllowedByEvery', 'DimensionItem', 'DimensionItems', 'DimensionList', 'DimensionNames', 'MetricsResponse'];
  const shapes = ['DayString', 'PostsPage', 'RequiredPick', 'SortElement', ...(version === 1 ? ['DayRecord', 'V1MetricsResponse'] : v2Shapes)];
  const imports = [
    importDeclaration('../operations.js', ['ApiRequest']),
    importDeclaration('./shapes.js', shapes),
    importDeclaration(`./v${version}-unions.js`, unionImports(vm, postsOps)),
  ];
  const declarations: Declaration[] = [
    ...referenceResponses(model, vm, roots),
    metricsRequest(model, version),
    postsRequest(model, version),
    ...networkPostsRequests(model, vm, postsOps),
    ...postsResponses(model, vm),
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
  return Promise.all(
    ([1, 2] as Version[]).flatMap((v) => [
      (async () => ({ path: `generated/builders/v${v}.ts`, content: await buildersSource(model, v, ops) }))(),
    ]),
  );
}
