/**
 * Builds the self-contained OpenAPI document of one version from the model: one concrete path
 * per network for every `{network}` template, per-network components with the catalogs'
 * enums and field types, only internal refs, examples for every operation, and security on
 * every operation. The `Network` token in template names becomes the network title
 * (`NetworkMetricsRequest` -> `FacebookMetricsRequest`).
 */
import { childPointer } from '../../../src/shared/pointer.js';
import { PipelineError } from '../../model/errors.js';
import { networkInfo, pascal, type Model, type OpenApiDocument, type Version, type VersionModel } from '../../model/types.js';
import { resolveDirective, type Directive } from './catalog-schemas.js';
import { addFailureExample, operationExamples } from './examples.js';
import { fillLimits, limitKeywords } from './limit-keywords.js';

const TEMPLATE_REF = /^#\/components\/(schemas|responses|parameters)\/Network([A-Z]\w*)$/;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const clone = <T>(value: T): T => structuredClone(value);

/** Which networks a template component is instantiated for. */
function templateNetworks(vm: VersionModel, kind: unknown, name: string): string[] {
  if (kind === 'metrics') return vm.networks.filter((n) => vm.metrics[n]);
  if (kind === 'posts') return vm.networks.filter((n) => vm.posts[n]);
  throw new PipelineError(`template component Network${name} needs x-per-network: metrics or posts`, `spec/v${vm.version}`, undefined, `/components/schemas/Network${name}`);
}

/** Rewrites template refs and resolves x-catalog directives for one network. */
function bind(node: unknown, model: Model, vm: VersionModel, network: string | undefined, pointer: string): unknown {
  if (Array.isArray(node)) return node.map((item, i) => bind(item, model, vm, network, `${pointer}/${i}`));
  if (typeof node === 'string' && pointer.endsWith('/description')) return fillLimits(model.limits, node);
  if (node === null || typeof node !== 'object') return node;
  let obj = node as Record<string, unknown>;
  if (typeof obj.$ref === 'string') {
    const m = TEMPLATE_REF.exec(obj.$ref);
    if (m) {
      if (!network) throw new PipelineError(`${obj.$ref} is used outside a per-network operation (add x-network or a {network} path)`, `spec/v${vm.version}`, undefined, pointer);
      return { ...obj, $ref: `#/components/${m[1]}/${pascal(network)}${m[2]}` };
    }
    return obj;
  }
  if (typeof obj['x-catalog'] === 'string') {
    if (!network) throw new PipelineError(`x-catalog: ${obj['x-catalog']} is used outside a per-network component`, `spec/v${vm.version}`, undefined, pointer);
    const resolved = resolveDirective(obj['x-catalog'] as Directive, model, vm, network, obj);
    if (resolved === undefined) return undefined;
    obj = resolved;
  }
  if (obj['x-limit'] !== undefined) {
    try {
      obj = { ...obj, ...limitKeywords(model.limits, obj['x-limit']) };
    } catch (error) {
      throw new PipelineError((error as Error).message, `spec/v${vm.version}`, undefined, pointer);
    }
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    if (key === 'x-per-network' || key === 'x-network') continue;
    const bound = bind(value, model, vm, network, `${pointer}/${key}`);
    if (bound !== undefined) out[key] = bound;
  }
  if (Array.isArray(out.required) && out.properties && typeof out.properties === 'object') {
    out.required = (out.required as string[]).filter((r) => r in (out.properties as object));
  }
  return out;
}

/** Component schema name -> the spec component it was made from (`FacebookPost` -> `NetworkPost`; itself when not a template). */
export type ComponentTemplates = ReadonlyMap<string, string>;

function expandComponents(model: Model, vm: VersionModel, spec: OpenApiDocument, templates: Map<string, string>) {
  const components = spec.components ?? {};
  for (const kind of Object.keys(components)) {
    const bucket = components[kind] as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(bucket)) {
      const m = /^Network([A-Z]\w*)$/.exec(name);
      if (!m) {
        out[name] = bind(value, model, vm, undefined, `/components/${kind}/${name}`);
        if (kind === 'schemas') templates.set(name, name);
        continue;
      }
      for (const network of templateNetworks(vm, (value as Record<string, unknown>)['x-per-network'], m[1])) {
        const bound = bind(clone(value), model, vm, network, `/components/${kind}/${name}`);
        if (bound === undefined) continue;
        out[`${pascal(network)}${m[1]}`] = bound;
        if (kind === 'schemas') templates.set(`${pascal(network)}${m[1]}`, name);
      }
    }
    components[kind] = Object.fromEntries(Object.keys(out).sort().map((k) => [k, out[k]]));
  }
}

/** The path template of the posts operations: one per network with `postsOf` and a post-fields catalog of the version. */
const POSTS_TEMPLATE = /\/\{network\}\/\{owner\}\/posts$/;

/** A network's own text of the posts operation (`x-network-posts` of the template). */
interface NetworkPosts {
  description?: string;
  request?: Record<string, { summary: string; value: unknown }>;
  response?: Record<string, { summary: string; value: unknown }>;
}

/** The networks a `{network}` path template is made for: those with metrics (metrics), with a posts operation (posts), or all. */
function pathNetworks(model: Model, vm: VersionModel, template: string): string[] {
  if (/\/metrics$/.test(template)) return vm.networks.filter((n) => vm.metrics[n]);
  if (POSTS_TEMPLATE.test(template)) return vm.networks.filter((n) => vm.posts[n] && networkInfo(model, n).postsOf !== undefined);
  return vm.networks;
}

function concreteOperation(model: Model, vm: VersionModel, network: string | undefined, op: Record<string, any>, path: string, templates: Map<string, string>, owner?: string) {
  const bound = bind(clone(op), model, vm, network, `/paths/${path}`) as Record<string, any>;
  if (network) {
    const title = pascal(network);
    bound.operationId = String(bound.operationId).replace('Network', title);
    for (const key of ['summary', 'description']) if (typeof bound[key] === 'string') bound[key] = bound[key].replace(/\bNetwork\b/g, network);
  }
  if (owner) {
    bound.operationId = String(bound.operationId).replace('Owner', pascal(owner));
    for (const key of ['summary', 'description']) if (typeof bound[key] === 'string') bound[key] = bound[key].replace(/\bowners\b/g, `${owner}s`).replace(/\bowner\b/g, owner);
  }
  bound.security ??= clone(vm.spec.security);
  templates.set(String(bound.operationId), String(op.operationId));
  return bound;
}

/** The named examples of a posts operation's request and HTTP 200 answer written for `network` in the template. */
function setNetworkPosts(model: Model, op: Record<string, any>, own: NetworkPosts) {
  if (own.description !== undefined) op.description = fillLimits(model.limits, own.description);
  const media = (target: Record<string, any> | undefined) => target?.content?.['application/json'];
  if (own.request) media(op.requestBody).examples = clone(own.request);
  if (own.response) media(op.responses?.['200']).examples = clone(own.response);
}

function expandPaths(model: Model, vm: VersionModel, spec: OpenApiDocument, templates: Map<string, string>): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [template, item] of Object.entries(vm.spec.paths as Record<string, Record<string, any>>)) {
    const isTemplate = template.includes('{network}');
    const isPosts = POSTS_TEMPLATE.test(template);
    const networks = isTemplate ? pathNetworks(model, vm, template) : [item['x-network'] as string | undefined];
    const ownText = (item['x-network-posts'] ?? {}) as Record<string, NetworkPosts>;
    for (const name of Object.keys(ownText)) {
      if (!isPosts || !networks.includes(name)) {
        throw new PipelineError(
          `x-network-posts names "${name}", which has no posts operation in version ${vm.version} (one needs postsOf in catalogs/networks.yaml and catalogs/v${vm.version}/${name}.post-fields.yaml)`,
          `spec/v${vm.version}`,
          undefined,
          ['paths', template, 'x-network-posts', name].reduce(childPointer, ''),
        );
      }
    }
    for (const network of networks) {
      if (network && !vm.networks.includes(network)) {
        throw new PipelineError(`x-network "${network}" is not a network of version ${vm.version}`, `spec/v${vm.version}`, undefined, `/paths/${template}`);
      }
      const owner = isPosts ? networkInfo(model, network!).postsOf : undefined;
      const path = isTemplate ? template.replace('{network}', network!).replace('{owner}', owner ?? '{owner}') : template;
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(item)) {
        if (key === 'x-network' || key === 'x-network-posts') continue;
        if (key === 'parameters') {
          const params = (value as Record<string, any>[]).filter((p) => !(isTemplate && p.in === 'path' && (p.name === 'network' || (isPosts && p.name === 'owner'))));
          if (params.length) out.parameters = params;
          continue;
        }
        if (!HTTP_METHODS.includes(key)) {
          out[key] = value;
          continue;
        }
        const op = concreteOperation(model, vm, network, value, path, templates, owner);
        const own = isPosts ? ownText[network!] : undefined;
        if (own) setNetworkPosts(model, op, own);
        else if (isTemplate) operationExamples(model, vm, network!, path, op, spec);
        addFailureExample(model, op);
        out[key] = op;
      }
      paths[path] = out;
    }
  }
  return paths;
}

/** The generated document of a version, the template of each of its component schemas and of each operation. */
interface Expansion {
  document: OpenApiDocument;
  templates: ComponentTemplates;
  /** operationId -> the operationId of its spec operation (`getFacebookMetrics` -> `getNetworkMetrics`). */
  operations: ReadonlyMap<string, string>;
}

const built = new WeakMap<Model, Map<Version, Expansion>>();

function expansion(model: Model, version: Version): Expansion {
  let perModel = built.get(model);
  if (!perModel) built.set(model, (perModel = new Map()));
  if (!perModel.has(version)) perModel.set(version, expand(model, version));
  return perModel.get(version)!;
}

/** The generated document of a version; built once per model (callers must not mutate it). */
export function buildOpenApi(model: Model, version: Version): OpenApiDocument {
  return expansion(model, version).document;
}

/** The spec component each component schema of a version's document was made from (built with the document). */
export function componentTemplates(model: Model, version: Version): ComponentTemplates {
  return expansion(model, version).templates;
}

/** The spec operation (its operationId) each operation of a version's document was made from. */
export function operationTemplates(model: Model, version: Version): ReadonlyMap<string, string> {
  return expansion(model, version).operations;
}

function expand(model: Model, version: Version): Expansion {
  const vm = version === 1 ? model.v1 : model.v2;
  const spec = clone(vm.spec);
  if (spec.info && typeof spec.info.description === 'string') spec.info.description = fillLimits(model.limits, spec.info.description);
  const templates = new Map<string, string>();
  const operations = new Map<string, string>();
  expandComponents(model, vm, spec, templates);
  spec.paths = expandPaths(model, vm, spec, operations);
  return { document: spec, templates, operations };
}
