/**
 * The public surface of the package, read from the normalised model: every operation, request
 * and response member (with its type), catalog name per version and network, metric fact,
 * error code and rule of the register, as a flat map from a path to what a user relies on
 * (`contract`, whose change can break a user) and to what only documents it (`docs`).
 */
import { buildOpenApi } from '../generators/openapi/openapi-bundle.js';
import { networkDimensions } from '../generators/openapi/catalog-schemas.js';
import { advancedFilterNames, filterableNames, sortableNames, type Model, type VersionModel } from '../model/types.js';

export type EntryKind = 'operation' | 'request' | 'response' | 'name' | 'metric' | 'error' | 'rule';

export interface SurfaceEntry {
  kind: EntryKind;
  /** What users send or read and rely on: a change of it is breaking, additive or both. */
  contract: Record<string, unknown>;
  /** Descriptions only: a change of it is a docs change. */
  docs: Record<string, unknown>;
}

export type Surface = Map<string, SurfaceEntry>;

type Schema = Record<string, any>;

const METHODS = ['get', 'post'] as const;

function resolve(doc: Schema, schema: Schema | undefined): Schema | undefined {
  let s = schema;
  for (let i = 0; s?.$ref && i < 16; i++) s = s.$ref.replace('#/', '').split('/').reduce((node: any, key: string) => node?.[key], doc);
  return s;
}

/** The type of a schema as users see it: type, format, pattern (enums are catalog names, compared as names). */
function typeOf(schema: Schema): string {
  if (schema.oneOf || schema.anyOf) return (schema.oneOf ?? schema.anyOf).length > 1 ? 'oneOf' : 'object';
  if (schema.const !== undefined) return `const ${JSON.stringify(schema.const)}`;
  return [schema.type ?? 'any', schema.format && `format ${schema.format}`, schema.pattern && `pattern ${schema.pattern}`].filter(Boolean).join(', ');
}

type Members = Map<string, { type: string; required: boolean; description?: string }>;

/** Every member of a schema, flattened: `dimensions[].type`; oneOf branches merged, their members optional. */
function members(doc: Schema, schema: Schema | undefined, prefix: string, required: boolean, out: Members, depth = 0): void {
  const s = resolve(doc, schema);
  if (!s || depth > 12) return;
  if (prefix) out.set(prefix, { type: typeOf(s), required, ...(s.description ? { description: s.description } : {}) });
  children(doc, s, prefix, out, depth, true);
}

function children(doc: Schema, s: Schema, prefix: string, out: Members, depth: number, requiredHere: boolean): void {
  for (const branch of s.oneOf ?? s.anyOf ?? []) {
    const b = resolve(doc, branch);
    if (b) children(doc, b, prefix, out, depth + 1, false);
  }
  if (s.items) members(doc, s.items, `${prefix}[]`, requiredHere, out, depth + 1);
  const req = new Set<string>(s.required ?? []);
  for (const [name, child] of Object.entries<Schema>(s.properties ?? {})) {
    const at = prefix ? `${prefix}.${name}` : name;
    if (!out.has(at) || req.has(name)) members(doc, child, at, requiredHere && req.has(name), out, depth + 1);
  }
}

function addOperations(surface: Surface, model: Model, version: 1 | 2): void {
  const doc = buildOpenApi(model, version);
  for (const [path, item] of Object.entries<Schema>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const key = `${method.toUpperCase()} ${path}`;
      surface.set(`operations/${key}`, { kind: 'operation', contract: {}, docs: { summary: op.summary ?? '', description: op.description ?? '' } });
      const sides: [EntryKind, Schema | undefined][] = [
        ['request', op.requestBody?.content?.['application/json']?.schema],
        ['response', successSchema(doc, op)],
      ];
      for (const [kind, schema] of sides) {
        const found: Members = new Map();
        members(doc, schema, '', true, found);
        for (const [member, fact] of found) {
          surface.set(`${kind}/${key}/${member}`, { kind, contract: { type: fact.type, required: fact.required }, docs: { description: fact.description ?? '' } });
        }
      }
    }
  }
}

/** The success body schema of an operation's 200 (the failure body branch left out). */
function successSchema(doc: Schema, op: Schema): Schema | undefined {
  const schema = op.responses?.['200']?.content?.['application/json']?.schema;
  const branches: Schema[] = schema?.oneOf ?? (schema ? [schema] : []);
  return branches.find((b) => !String(b.$ref ?? '').endsWith('/FailureBody'));
}

function addNames(surface: Surface, model: Model, vm: VersionModel): void {
  const v = `v${vm.version}`;
  const name = (path: string) => surface.set(`names/${v}/${path}`, { kind: 'name', contract: {}, docs: {} });
  for (const network of vm.networks) {
    const metrics = vm.metrics[network] ?? [];
    for (const m of metrics) {
      name(`${network}/metrics/${m.name}`);
      surface.set(`metrics/${v}/${network}/${m.name}`, {
        kind: 'metric',
        contract: { type: m.type, aggregation: m.aggregation ?? null, insightsOnly: m.insightsOnly, extraDimensions: [...m.extraDimensions] },
        docs: { description: m.description ?? '', note: m.note ?? '', unit: m.unit ?? '', deprecated: m.deprecated },
      });
    }
    if (vm.version === 2) for (const d of networkDimensions(model, metrics)) name(`${network}/dimensions/${d}`);
    const posts = vm.posts[network];
    if (!posts) continue;
    for (const f of posts.fields) name(`${network}/post-fields/${f.name}`);
    for (const f of sortableNames(posts)) name(`${network}/sortable/${f}`);
    for (const f of filterableNames(posts)) name(`${network}/filterable/${f}`);
    for (const f of advancedFilterNames(posts)) name(`${network}/advanced-filter/${f}`);
  }
}

/** The public surface of a model. */
export function publicSurface(model: Model): Surface {
  const surface: Surface = new Map();
  for (const version of [1, 2] as const) {
    addOperations(surface, model, version);
    addNames(surface, model, version === 1 ? model.v1 : model.v2);
  }
  for (const e of model.errors) {
    surface.set(`errors/${e.code}`, { kind: 'error', contract: { httpStatus: e.httpStatus }, docs: { meaning: e.meaning, endpoints: e.endpoints } });
  }
  for (const r of model.rules ?? []) {
    surface.set(`rules/${r.id}`, { kind: 'rule', contract: { level: r.level }, docs: { checks: r.checks, source: r.source ?? null, inferred: r.inferred ?? null } });
  }
  return surface;
}
