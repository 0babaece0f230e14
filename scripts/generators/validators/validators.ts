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
import { buildOpenApi, componentTemplates } from '../openapi/openapi-bundle.js';
import type { Artifact, StepContext } from '../artifact.js';
import { versionSchemas, withoutRules, type ResponseSchema, type VersionSchemas } from './validators-schemas.js';
import { schemaRuleTable } from './validators-rules.js';
import { compactRules } from './rule-table.js';
import { RULE_ANNOTATION } from '../../schema/rules.js';
import { DAY_TIME_PATTERN, UTC_DATE_TIME_PATTERN } from '../../../src/calendar/date-times.js';
import { FAILURE, failureExports, operationExportNames, operationExports, operationsOf, type OperationResponses } from './validators-modules.js';
import { validatorLayout, type VersionModule } from './validators-layout.js';
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

/** Source of one operation's module: its own validators (not the failure body's) and their rules. */
function operationSource(input: VersionSchemas, op: OperationResponses, facts: RuleFacts): string {
  // The rules of what the module checks: success branches and the operation's other own bodies.
  const checked = op.responses.flatMap((r) => (r.success ? [{ ...r, component: r.success }] : r.component === FAILURE ? [] : [r]));
  const names = operationExportNames(op, (r) => (r.component ? `${input.base}${r.component}` : responseId(input, r)), input.base);
  return moduleSource(input, names, operationExports(op, rulesOf(input, checked, facts)));
}

/** Source of the failure body's module. */
function failureSource(input: VersionSchemas, facts: RuleFacts): string {
  const failure = input.responses.filter((r) => r.component === FAILURE).slice(0, 1);
  return moduleSource(input, new Map([[FAILURE, `${input.base}${FAILURE}`]]), failureExports(rulesOf(input, failure, facts)));
}

/** The compiler tracks no evaluated members nor dynamic scopes (draft-07 and `next`): no schema may need them. */
export function assertNoUnevaluated(input: VersionSchemas, version: number): void {
  const used = compilerSchemas(input).find((schema) => /"(unevaluatedProperties|unevaluatedItems|\$dynamicRef|\$dynamicAnchor)"\s*:/.test(JSON.stringify(schema)));
  if (used) {
    throw new Error(`validators v${version}: ${String(used.$id)} uses unevaluatedProperties/unevaluatedItems/$dynamicRef/$dynamicAnchor, which the draft-07 compiler of scripts/generators/validators/standalone-validators.ts does not know`);
  }
}

/** The modules of one version, from the version's document as the model builds it: the failure body's, then one per operation. */
export async function versionModules(root: string, model: Model, version: Version, facts: RuleFacts): Promise<VersionModule[]> {
  const input = versionSchemas(buildOpenApi(model, version) as Record<string, unknown>, version);
  assertSuccessDiscriminates(input);
  assertNoUnevaluated(input, version);
  const compiled = compiledInput(input, catalogDirectives(model, version));
  const sources: [OperationResponses | undefined, string][] = [[undefined, failureSource(compiled, facts)], ...operationsOf(compiled.responses).map((op): [OperationResponses, string] => [op, operationSource(compiled, op, facts)])];
  return Promise.all(
    sources.map(async ([operation, source]) => ({ version, base: input.base, operation, code: await bundleStandalone(root, source, 'cjs', `validators v${version} ${operation?.operation ?? FAILURE}`) })),
  );
}

/** The generation step: compiles the response schemas of the model's documents. */
export async function validatorArtifacts(context: Pick<StepContext, 'root' | 'model'>): Promise<Artifact[]> {
  const facts: RuleFacts = { ruleIds: new Set(context.model.rules.map((r) => r.id)) };
  const modules: VersionModule[] = [];
  for (const version of [1, 2] as const) modules.push(...(await versionModules(context.root, context.model, version, facts)));
  return validatorLayout(SCRIPT, modules, context.model.networks.map((n) => n.name));
}
