/**
 * Writes generated/operations.ts: every concrete operation of both generated specs, with the
 * names of its request and response components, for the runtime (validators, client, mock), and
 * the request object of an operation (`ApiRequest`), which the generated builders return.
 */
import type { Model, Version } from '../../model/types.js';
import { pascal } from '../../model/types.js';
import { banner } from '../banner.js';
import type { Artifact } from '../artifact.js';
import { buildOpenApi } from '../openapi/openapi-bundle.js';
import { toTsLiteral } from './catalog-data.js';

export const SCRIPT = 'scripts/generators/data/operations.ts';

export type OperationKind = 'profiles' | 'post-labels' | 'profile-labels' | 'metrics' | 'posts';

function kindOf(path: string): OperationKind {
  if (path.endsWith('/profiles')) return 'profiles';
  if (path.endsWith('/post/labels')) return 'post-labels';
  if (path.endsWith('/profile/labels')) return 'profile-labels';
  if (path.endsWith('/metrics')) return 'metrics';
  if (path.endsWith('/posts')) return 'posts';
  throw new Error(`cannot tell the kind of operation ${path}`);
}

/** The kind of the operation at `path` of `version`, and its network if it is per network. */
export function operationFacts(model: Pick<Model, 'v1' | 'v2'>, version: Version, path: string): { kind: OperationKind; network?: string } {
  const network = /^\/\d\/(\w+)\//.exec(path)?.[1];
  return { kind: kindOf(path), network: network && model[`v${version}`].networks.includes(network) ? network : undefined };
}

const refName = (schema: { $ref?: string } | undefined) => schema?.$ref?.replace('#/components/schemas/', '');

export function operationList(model: Model) {
  return ([1, 2] as Version[]).flatMap((version) => {
    const doc = buildOpenApi(model, version);
    return Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => method === 'get' || method === 'post')
        .map(([method, op]) => {
          const { kind, network } = operationFacts(model, version, path);
          const ok = op.responses['200'].content['application/json'].schema;
          return {
            key: `${method.toUpperCase()} ${path}`,
            version,
            method: method.toUpperCase() as 'GET' | 'POST',
            path,
            operationId: op.operationId as string,
            kind,
            network,
            requestSchema: refName(op.requestBody?.content?.['application/json']?.schema),
            successSchema: refName(ok.oneOf[0]),
          };
        }),
    );
  });
}

/**
 * The request object of an operation, typed by its key and success body: what every builder
 * returns and the client sends (the package's entries export it from here).
 */
const API_REQUEST = [
  '/**',
  ' * The plain request object every builder returns and the client sends: method, path and',
  ' * body, plus a phantom type of the success body the API answers with.',
  ' */',
  'export interface ApiRequest<',
  '  TBody = unknown,',
  '  TResponse = unknown,',
  '  TKey extends OperationKey = OperationKey,',
  '> {',
  "  readonly method: 'GET' | 'POST';",
  '  readonly path: string;',
  '  readonly body: TBody;',
  '  /** "POST /2/facebook/metrics" */',
  '  readonly operation: TKey;',
  '  /** Type-only: the success body of this request. Never set at run time. */',
  '  readonly __response?: TResponse;',
  '  /**',
  '   * Set by the builders, and not enumerable (the body sent, a spread copy and `JSON.stringify`',
  '   * are unchanged): the problems of inferred rules the body breaks, which warn and do not stop',
  '   * the request (`[]` when there are none; with `checkRequest(operation, body, { strict: true })`',
  '   * they are errors). Absent from a request made otherwise (`metricsRequest`, an object literal).',
  '   */',
  '  readonly warnings?: readonly RequestWarning[];',
  '}',
  '',
  '/**',
  ' * A problem of an inferred rule in a built request: the `RequestProblem` of the request checks',
  ' * with severity `warning` (declared here, since generated/ imports nothing from src/).',
  ' */',
  'export interface RequestWarning {',
  "  /** The request member concerned: `date_end`, `metrics[3]`, `body`. */",
  '  readonly parameter: string;',
  '  /** The API error code the real server would give for it. */',
  '  readonly code: number;',
  '  /** What is wrong, naming the offending value. */',
  '  readonly message: string;',
  '  /** The inferred rule of the register (catalogs/rules.yaml). */',
  '  readonly rule: RuleId;',
  "  readonly severity: 'warning';",
  '}',
  '',
  '/**',
  ' * The success body type of a built request: its phantom `__response` without the `undefined` of',
  ' * the optional member. A member lookup rather than an inference against ApiRequest, and an',
  ' * intersection with `{}` (which drops `undefined`) rather than `Exclude`, a conditional type',
  " * distributed over the member's union for every request: together about a third of the type",
  ' * instantiations of a builder call.',
  ' */',
  "export type ResponseOf<R extends { readonly __response?: unknown }> = R['__response'] & {};",
  '',
];

/** One operation of {@link operationList}. */
type Operation = ReturnType<typeof operationList>[number];

/** `text` with the network's name (and its PascalCase title) replaced by `{network}` (`{Network}`). */
const templated = (text: string, network: string | undefined) => (network === undefined ? text : text.replaceAll(network, '{network}').replaceAll(pascal(network), '{Network}'));

/** The template of an operation: its members but key, version and network, as one line of words. */
function templateOf(op: Operation): string {
  if (!op.successSchema) throw new Error(`operations: ${op.key} has no success schema component`);
  return [op.method, op.path, op.operationId, op.kind, op.requestSchema ?? '-', op.successSchema].map((word) => templated(word, op.network)).join(' ');
}

/**
 * The operations of one version as rows: a template (method, path, operationId, kind, request
 * schema or `-`, success schema; `{network}`/`{Network}` standing for the network) followed by
 * the networks it is made for, in document order. Operations that differ by network only share
 * one row, so the table holds each fact once.
 */
function operationRows(ops: readonly Operation[]): string[] {
  const rows: { template: string; networks: string[] }[] = [];
  for (const op of ops) {
    const template = templateOf(op);
    const last = rows.at(-1);
    if (op.network !== undefined && last?.template === template && last.networks.length) last.networks.push(op.network);
    else rows.push({ template, networks: op.network === undefined ? [] : [op.network] });
  }
  return rows.map((r) => [r.template, ...r.networks].join(' '));
}

/**
 * The expansion of the rows (emitted into the module; generated/ imports nothing): the operations
 * of a version, each a plain object with the members of OperationInfo, absent ones left out.
 */
const EXPAND = [
  '/**',
  ' * The operations of `version` from its rows (a template, then the networks it is made for): read',
  ' * at load, so written with indexed loops and plain assignments (no destructuring, spread or',
  ' * closure per operation), the cheapest for a function run once.',
  ' */',
  'function expand(version: 1 | 2, rows: readonly string[]): OperationInfo[] {',
  '  const out: OperationInfo[] = [];',
  '  for (let r = 0; r < rows.length; r++) {',
  "    const p = rows[r].split(' ');",
  '    // A row without networks is one operation, else one per network.',
  '    for (let n = p.length > 6 ? 6 : 5; n < p.length; n++) {',
  '      const network = n > 5 ? p[n] : undefined;',
  '      const path = fill(p[1], network);',
  '      const op = {',
  "        key: `${p[0]} ${path}`,",
  '        version,',
  "        method: p[0] as OperationInfo['method'],",
  '        path,',
  '        operationId: fill(p[2], network),',
  '        kind: p[3] as OperationKind,',
  '      } as OperationInfo;',
  '      // The members in the order of OperationInfo, absent ones left out.',
  '      if (network !== undefined) op.network = network;',
  "      if (p[4] !== '-') op.requestSchema = fill(p[4], network);",
  '      op.successSchema = fill(p[5], network);',
  '      out.push(op);',
  '    }',
  '  }',
  '  return out;',
  '}',
  '',
  '/** `text` of a row for `network`: `{network}` its name, `{Network}` its name capitalised. */',
  'function fill(text: string, network: string | undefined): string {',
  '  if (network === undefined) return text;',
  "  const title = network[0].toUpperCase() + network.slice(1);",
  "  return text.replaceAll('{network}', network).replaceAll('{Network}', title);",
  '}',
  '',
];

/** The runtime expansion of {@link operationRows}, as the emitted `expand` does it (checked at generation). */
function expandRows(version: Version, rows: readonly string[]): unknown[] {
  return rows.flatMap((row) => {
    const [method, path, operationId, kind, request, successSchema, ...networks] = row.split(' ');
    return (networks.length ? networks : [undefined]).map((network) => {
      const fill = (text: string) => (network === undefined ? text : text.replaceAll('{network}', network).replaceAll('{Network}', pascal(network)));
      return { key: `${method} ${fill(path)}`, version, method, path: fill(path), operationId: fill(operationId), kind, ...(network === undefined ? {} : { network }), ...(request === '-' ? {} : { requestSchema: fill(request) }), successSchema: fill(successSchema) };
    });
  });
}

/** `op` without its undefined members, as the emitted objects are. */
const defined = (op: Operation) => Object.fromEntries(Object.entries(op).filter(([, v]) => v !== undefined));

export function operationsArtifact(model: Model): Artifact {
  const list = operationList(model);
  const perVersion = ([1, 2] as const).map((version) => {
    const ops = list.filter((op) => op.version === version);
    const rows = operationRows(ops);
    if (JSON.stringify(expandRows(version, rows)) !== JSON.stringify(ops.map(defined))) {
      throw new Error(`operations: the rows of version ${version} do not give back its operations (a name that holds its network other than as {network}/{Network}?)`);
    }
    return { version, ops, rows };
  });
  const content = [
    banner(SCRIPT, 'slash').trimEnd(),
    '/** Every operation of the generated v1 and v2 specs, keyed by "METHOD /path". */',
    '',
    "import type { RuleId } from './rule-levels.js';",
    '',
    "export type OperationKind = 'profiles' | 'post-labels' | 'profile-labels' | 'metrics' | 'posts';",
    '',
    'export interface OperationInfo {',
    '  /** "POST /2/facebook/metrics" */',
    '  key: string;',
    '  version: 1 | 2;',
    "  method: 'GET' | 'POST';",
    '  path: string;',
    '  operationId: string;',
    '  kind: OperationKind;',
    '  /** The network of a per-network operation. */',
    '  network?: string;',
    '  /** Component name of the request body schema, if the operation has one. */',
    '  requestSchema?: string;',
    '  /** Component name of the success body schema of HTTP 200. */',
    '  successSchema: string;',
    '}',
    '',
    '/** `T`, which must be assignable to `U`: checks the listed types against OperationInfo. */',
    'type Conforms<T extends U, U> = T;',
    '',
    ...EXPAND,
    ...perVersion.flatMap(({ version, ops, rows }) => [
      `/** The operations of version ${version} as a type, in document order: each with its literal members. */`,
      `export type V${version}OperationList = Conforms<readonly ${toTsLiteral(ops)}, readonly OperationInfo[]>;`,
      '',
      `/**`,
      ` * The operations of version ${version}, in document order (the /v${version} entry reads these alone): one`,
      ' * row per template (method, path, operationId, kind, request schema or `-`, success schema),',
      ' * then the networks it is made for; a call marked pure, so that a bundle that does not read',
      ' * it drops it.',
      ' */',
      `export const v${version}Operations = /* @__PURE__ */ expand(${version}, ${toTsLiteral(rows)}) as unknown as V${version}OperationList;`,
      '',
    ]),
    '/** Both lists as one; a call marked pure, so that a bundle that does not read it drops it. */',
    'function joined<A, B>(a: readonly A[], b: readonly B[]): readonly (A | B)[] {',
    '  return [...a, ...b];',
    '}',
    '',
    '/** Every operation of both versions: version 1, then version 2. */',
    'export const operations = /* @__PURE__ */ joined(v1Operations, v2Operations);',
    '',
    '/** Keys of every operation: "GET /2/facebook/profiles", ... */',
    'export type OperationKey = (typeof operations)[number][\'key\'];',
    '',
    ...API_REQUEST,
  ].join('\n');
  return { path: 'generated/operations.ts', content };
}
