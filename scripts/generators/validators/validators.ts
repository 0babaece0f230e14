/**
 * Writes generated/validators/: every response schema of the generated OpenAPI documents
 * compiled to standalone ajv code by ./standalone-validators.ts (bundled with esbuild so that it
 * imports nothing: loading it never loads the ajv compiler), one module per operation;
 * operations with the same code share a module (validators-layout.ts); per version an index
 * loads an operation's module on first use (validators-modules.ts).
 *
 * The schemas are the model's documents (scripts/generators/openapi/openapi-bundle.ts), the ones
 * the openapi step publishes, so validators and spec cannot disagree; the rule of each
 * constraint is the `x-rule` data of the spec (./validators-rules.ts). An operation's module exports one validate function per
 * status of its own (`status200`), the success branch of its 200 (`success`), its `validators`
 * (by status, as the runtime reads them) and the `schemaRules` of the constraints it checks.
 */
import type { Model, Version } from '../../model/types.js';
import { buildOpenApi, componentTemplates, operationTemplates, type ComponentTemplates } from '../openapi/openapi-bundle.js';
import { isObject } from '../../schema/walk.js';
import type { Artifact, StepContext } from '../artifact.js';
import { refTargets, versionSchemas, withoutRules, type ResponseSchema, type VersionSchemas } from './validators-schemas.js';
import { schemaRuleTable } from './validators-rules.js';
import { compactRules } from './rule-table.js';
import { RULE_ANNOTATION } from '../../schema/rules.js';
import { DAY_TIME_PATTERN, UTC_DATE_TIME_PATTERN } from '../../../src/shared/date-time-patterns.js';
import { FAILURE, failureExports, operationExportNames, operationExports, operationsOf, type OperationResponses } from './validators-modules.js';
import { shareModules, validatorLayout, type VersionModule } from './validators-layout.js';
import { COMPILER_OPTIONS, bundleStandalone, standaloneSource } from './standalone-validators.js';

export const SCRIPT = 'scripts/generators/validators/validators.ts';

/** Options of anything that compiles the response schemas at run time as the generator does (tests, bench). */
export const AJV_OPTIONS = COMPILER_OPTIONS;

/**
 * Formats of the response schemas as published (bench, tests). The compiled validators check
 * none: the date-times they hold are checked by the runtime (see compiledForm).
 */
export const FORMATS = ['date', 'date-time'] as const;

/** `$id` of a response schema that is not a plain component reference. */
const responseId = (input: VersionSchemas, r: ResponseSchema) => `${input.base}responses/${r.operationId}/${r.status}`;

/** Every schema to add to the compiler: components, then composite response schemas. */
export function compilerSchemas(input: VersionSchemas): Record<string, unknown>[] {
  const composite = input.responses.filter((r) => !r.component).map((r) => ({ $id: responseId(input, r), ...r.schema }));
  return [...input.components.values(), ...composite].map((schema) => withoutRules(schema) as Record<string, unknown>);
}

/**
 * A schema as the generator compiles it: the date-times the runtime checks in one pass left to it, so no
 * value is read twice: a post date-time's `format: date-time` (its calendar part; the `pattern`
 * still checks the UTC shape; src/validators/checks/posts.ts) and a v1 day record's date
 * `pattern` (shape, calendar and midnight together; src/validators/checks/metrics-v1.ts).
 */
function compiledForm(schema: unknown, directive: string | undefined): Record<string, unknown> {
  const runtimeChecked = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(runtimeChecked);
    if (typeof node !== 'object' || node === null) return node;
    const record = node as Record<string, unknown>;
    const out = Object.fromEntries(Object.entries(record).map(([k, v]) => [k, k === 'enum' || k === 'const' ? v : runtimeChecked(v)]));
    // Only where those runtime checks run: posts (every catalog datetime field) and day records.
    if (directive === 'post' && record.format === 'date-time' && record.pattern === UTC_DATE_TIME_PATTERN) delete out.format;
    if (directive === 'day-record' && record.pattern === DAY_TIME_PATTERN) delete out.pattern;
    return out;
  };
  const form = directive === 'day-record' ? dayRecordForm : directive === 'post' ? postForm : (s: Record<string, unknown>) => s;
  return runtimeChecked(form(schema as Record<string, unknown>)) as Record<string, unknown>;
}

/**
 * A v1 day record as compiled: its `date` member; its metric members (a member per metric of
 * the network's catalog, about a hundred) are checked by the runtime against the catalog,
 * names and types (src/validators/checks/metrics-v1.ts), so that the day records of every
 * network are one schema and a record costs the members it holds.
 */
function dayRecordForm(schema: Record<string, unknown>): Record<string, unknown> {
  const { properties, additionalProperties: _closed, ...rest } = schema;
  const { date, ...metrics } = (properties ?? {}) as Record<string, Record<string, unknown>>;
  if (!date) throw new Error(`validators: the day record ${String(schema.$id)} has no date member`);
  // The runtime checks a metric's catalog type, nothing else.
  const more = Object.entries(metrics).find(([, sub]) => !typeOnly(sub));
  if (more) throw new Error(`validators: the day record ${String(schema.$id)} member ${more[0]} has constraints beyond its type: ${JSON.stringify(more[1])}`);
  return { ...rest, properties: { date } };
}

/** A member schema that states a type only (`deprecated` annotates; it checks nothing). */
const typeOnly = (sub: Record<string, unknown>) => Object.keys(sub).every((k) => k === 'type' || k === 'deprecated' || k === RULE_ANNOTATION);

/**
 * A post as compiled: its members whose schema states more than a type (date-times, arrays of
 * labels, breakdown objects, enums); the names of the others and their types are checked by the
 * runtime against the network's post catalog (src/validators/checks/posts.ts), as are the names
 * outside the schema, so that a post costs the members it holds.
 */
function postForm(schema: Record<string, unknown>): Record<string, unknown> {
  const { properties, additionalProperties, ...rest } = schema;
  if (additionalProperties !== false) throw new Error(`validators: the post ${String(schema.$id)} is not closed (additionalProperties: false)`);
  const kept = Object.entries((properties ?? {}) as Record<string, Record<string, unknown>>).filter(([, sub]) => !typeOnly(sub));
  return { ...rest, properties: Object.fromEntries(kept) };
}

/**
 * The compiler input as compiled: every schema in its {@link compiledForm}. `directive` gives the
 * `x-catalog` directive a component was made by (`post`, `day-record`; see {@link catalogDirectives}).
 */
export function compiledInput(input: VersionSchemas, directive: (component: string) => string | undefined): VersionSchemas {
  const components = new Map([...input.components].map(([name, schema]) => [name, compiledForm(schema, directive(name))]));
  const responses = input.responses.map((r) => ({ ...r, schema: compiledForm(r.schema, r.component && directive(r.component)) }));
  return { ...input, components, responses };
}

/** Component name -> the `x-catalog` directive of the spec template it was made from (`FacebookPost` -> `post`). */
export function catalogDirectives(model: Model, version: Version): (component: string) => string | undefined {
  const templates = componentTemplates(model, version);
  const spec = (version === 1 ? model.v1 : model.v2).spec.components?.schemas ?? {};
  return (component) => {
    const template = spec[templates.get(component) ?? ''] as Record<string, unknown> | undefined;
    return typeof template?.['x-catalog'] === 'string' ? template['x-catalog'] : undefined;
  };
}

/** The export names of one version: name -> schema `$id`. Deterministic order. */
export function exportRefs(input: VersionSchemas): Map<string, string> {
  const refs = new Map<string, string>();
  refs.set('FailureBody', `${input.base}FailureBody`);
  for (const r of input.responses) {
    refs.set(`${r.operationId}_${r.status}`, r.component ? `${input.base}${r.component}` : responseId(input, r));
    if (r.success) refs.set(`${r.operationId}_success`, `${input.base}${r.success}`);
  }
  return refs;
}

/** The facts the rule table needs: the register's rule ids. */
export interface RuleFacts {
  ruleIds: ReadonlySet<string>;
}

/**
 * The runtime decides a 200 `oneOf: [success, FailureBody]` by the body's `success` member
 * instead of running both branches; that is exact only when the branches are told apart by
 * `success` (`const: true` / `const: false`, required in both). Checked here for every 200.
 */
export function assertSuccessDiscriminates(input: VersionSchemas): void {
  const successConst = (name: string) => {
    const schema = input.components.get(name) as { required?: string[]; properties?: { success?: { const?: unknown } } } | undefined;
    return schema?.required?.includes('success') ? schema.properties?.success?.const : undefined;
  };
  if (successConst('FailureBody') !== false) throw new Error(`validators v${input.version}: FailureBody must require success: const false`);
  for (const r of input.responses) {
    const branches = (r.schema as { oneOf?: unknown[] }).oneOf;
    if (!branches) continue;
    if (branches.length !== 2 || !r.success || successConst(r.success) !== true) {
      throw new Error(`validators v${input.version}: ${r.operation} ${r.status} must be oneOf [a success body with success: const true, FailureBody]`);
    }
  }
}

/**
 * The rule table of the constraints the schemas `roots` (component names or composite responses)
 * reach, in the format of the request validators' tables (./rule-table.ts): schema pointer
 * ("/FacebookPost/properties/comments/type": the schema's name, then the constraint's place in
 * it) -> rule, an entry only where the rule changes, read as "the nearest entry at or above".
 */
function rulesOf(input: VersionSchemas, responses: ResponseSchema[], facts: RuleFacts): Map<string, string> {
  const full = schemaRuleTable({ ...input, responses }, facts.ruleIds);
  const compact = compactRules(new Map([...full].map(([at, rule]) => [`/${at}`, { rule }])), `validators v${input.version}`);
  return new Map([...compact].map(([at, { rule }]) => [at, rule]));
}

/** One module's source before bundling: ajv's standalone code (CommonJS) of `names` (export name -> schema id), then `tail`. */
function moduleSource(input: VersionSchemas, names: ReadonlyMap<string, string>, tail: string): string {
  return [standaloneSource({ schemas: compilerSchemas(input), exports: names }, {}, 'cjs'), tail].join('\n');
}

/** The export names of an operation's module: its own validators (not the failure body's). */
const operationNames = (input: VersionSchemas, op: OperationResponses) => operationExportNames(op, (r) => (r.component ? `${input.base}${r.component}` : responseId(input, r)), input.base);

/** Source of one operation's module: its own validators and their rules. */
function operationSource(input: VersionSchemas, op: OperationResponses, facts: RuleFacts): string {
  // The rules of what the module checks: success branches and the operation's other own bodies.
  const checked = op.responses.flatMap((r) => (r.success ? [{ ...r, component: r.success }] : r.component === FAILURE ? [] : [r]));
  return moduleSource(input, operationNames(input, op), operationExports(op, rulesOf(input, checked, facts)));
}

/** Source of the failure body's module. */
function failureSource(input: VersionSchemas, facts: RuleFacts): string {
  const failure = input.responses.filter((r) => r.component === FAILURE).slice(0, 1);
  return moduleSource(input, new Map([[FAILURE, `${input.base}${FAILURE}`]]), failureExports(rulesOf(input, failure, facts)));
}

/**
 * What a module compiles, told by the model: the schemas its exports reach, each named by the
 * spec template it was made from (`FacebookPost` and `TwitterPost` are both `NetworkPost`; a
 * composite response by its status), with their rules (`x-rule`), and the operation's statuses.
 * Modules of the same key compile to the same code but for those names, so they share one
 * (./validators-layout.ts): the networks whose instances of a template are alike, the versions
 * that define a body alike.
 */
export function sharingKey(input: VersionSchemas, names: ReadonlyMap<string, string>, templates: ComponentTemplates, op?: OperationResponses): string {
  const schemas = new Map<string, [string, unknown]>();
  for (const [name, schema] of input.components) schemas.set(`${input.base}${name}`, [templates.get(name) ?? name, schema]);
  for (const r of input.responses) if (!r.component) schemas.set(responseId(input, r), [`responses/${r.status}`, r.schema]);
  const neutral = (id: string) => schemas.get(id)?.[0] ?? id;
  const rename = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rename);
    if (!isObject(node)) return node;
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, (key === '$ref' || key === '$id') && typeof value === 'string' ? neutral(value) : rename(value)]));
  };
  const reached = new Map<string, unknown>();
  const pending = [...names.values()];
  while (pending.length) {
    const entry = schemas.get(pending.pop()!);
    if (!entry || reached.has(entry[0])) continue;
    reached.set(entry[0], rename(entry[1]));
    pending.push(...refTargets(entry[1]));
  }
  const statuses = op?.responses.map((r) => [r.status, r.component ? neutral(`${input.base}${r.component}`) : neutral(responseId(input, r)), r.success && neutral(`${input.base}${r.success}`)]);
  return JSON.stringify([[...names].map(([name, id]) => [name, neutral(id)]), statuses, [...reached].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
}

/** The compiler tracks no evaluated members nor dynamic scopes (draft-07 and `next`): no schema may need them. */
export function assertNoUnevaluated(input: VersionSchemas, version: number): void {
  const used = compilerSchemas(input).find((schema) => /"(unevaluatedProperties|unevaluatedItems|\$dynamicRef|\$dynamicAnchor)"\s*:/.test(JSON.stringify(schema)));
  if (used) {
    throw new Error(`validators v${version}: ${String(used.$id)} uses unevaluatedProperties/unevaluatedItems/$dynamicRef/$dynamicAnchor, which the draft-07 compiler of scripts/generators/validators/standalone-validators.ts does not know`);
  }
}

/** The modules of one version, from the version's document as the model builds it: the failure body's, then one per operation; each with its sharing key and its source. */
export function versionModules(model: Model, version: Version, facts: RuleFacts): (VersionModule & { source(): string })[] {
  const input = versionSchemas(buildOpenApi(model, version) as Record<string, unknown>, version);
  assertSuccessDiscriminates(input);
  assertNoUnevaluated(input, version);
  const compiled = compiledInput(input, catalogDirectives(model, version));
  const templates = componentTemplates(model, version);
  const operations = operationTemplates(model, version);
  const failure = { version, base: input.base, key: sharingKey(compiled, new Map([[FAILURE, `${input.base}${FAILURE}`]]), templates), source: () => failureSource(compiled, facts) };
  return [
    failure,
    ...operationsOf(compiled.responses).map((op) => ({
      version,
      base: input.base,
      operation: { ...op, template: operations.get(op.operationId) ?? op.operationId },
      key: sharingKey(compiled, operationNames(compiled, op), templates, op),
      source: () => operationSource(compiled, op, facts),
    })),
  ];
}

/** The generation step: compiles the response schemas of the model's documents, once per shared module. */
export async function validatorArtifacts(context: Pick<StepContext, 'root' | 'model'>): Promise<Artifact[]> {
  const facts: RuleFacts = { ruleIds: new Set(context.model.rules.map((r) => r.id)) };
  const modules = ([1, 2] as const).flatMap((version) => versionModules(context.model, version, facts));
  const groups = shareModules(modules);
  const code = await Promise.all(groups.map(([first]) => bundleStandalone(context.root, first.source(), 'cjs', `validators v${first.version} ${first.operation?.operation ?? FAILURE}`)));
  return validatorLayout(SCRIPT, groups.map((users, i) => ({ users, code: code[i] })), modules);
}
