/**
 * Writes generated/validators/: every response schema of the generated OpenAPI documents
 * compiled to standalone ajv code (JSON Schema 2020-12), one module per operation, made smaller
 * to load (validators-compact.ts) and bundled with esbuild so that it imports nothing (loading it
 * never loads the ajv compiler); operations with the same code share a module
 * (validators-layout.ts), those whose code differs only by network one module of a family
 * (validators-families.ts); per version an index loads an operation's module on first use
 * (validators-modules.ts).
 *
 * The schemas are read from the artifacts of the openapi step (`generated/openapi/v*.yaml`), so
 * validators and spec cannot disagree. An operation's module exports one validate function per
 * status of its own (`status200`), the success branch of its 200 (`success`), its `validators`
 * (by status, as the runtime reads them) and the `schemaRules` of the constraints it checks.
 */
import { parse } from 'yaml';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { _ } from 'ajv';
import { build } from 'esbuild';
import type { Artifact, StepContext } from './artifact.js';
import { versionSchemas, type ResponseSchema, type VersionSchemas } from './validators-schemas.js';
import { compactRuleTable, schemaRuleTable } from './validators-rules.js';
import { formats } from '../../src/validators/formats.js';
import { DAY_TIME_PATTERN, UTC_DATE_TIME_PATTERN } from '../../src/calendar/date-times.js';
import { membersKeyword, withMemberChecks } from './validators-members.js';
import { FAILURE, failureExports, operationExportNames, operationExports, operationsOf, responseSchemaName, type OperationResponses } from './validators-modules.js';
import { commonJsExports, compactStandalone } from './validators-compact.js';
import { validatorLayout, type VersionModule } from './validators-layout.js';

export const SCRIPT = 'scripts/generators/validators.ts';

// ajv modules are CommonJS with `exports.default`.
const standaloneCode = ((standaloneCodeModule as any).default ?? standaloneCodeModule) as typeof import('ajv/dist/standalone/index.js').default;

/**
 * Options shared by the generator and by anything that compiles the same schemas at run time
 * (tests, bench). No `message` on errors: src/validators/schema-messages.ts writes its own from
 * the keyword and params.
 */
export const AJV_OPTIONS = { allErrors: true, strict: true, strictTypes: false, validateFormats: true, messages: false } as const;

/** Formats used by the specs (src/validators/formats.ts, bundled into the output). */
export const FORMATS = ['date', 'date-time'] as const;

/** How the standalone code imports the formats; esbuild resolves it from the project root. */
const FORMATS_IMPORT = _`require("./src/validators/formats.ts").formats`;

/**
 * A fresh Ajv 2020-12 instance with the generator's options, formats and the `x-members` keyword.
 * Ajv2020 always tracks evaluated properties and items for `unevaluated*`, and dynamic scopes for
 * `$dynamicRef`, which the specs never use (`assertNoUnevaluated`). Both are turned off: the
 * tracking kept `anyOf` from stopping at its first passing branch, and the dynamic scope made
 * every validator call allocate an empty `dynamicAnchors` object.
 */
export function createAjv(source: boolean) {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source, esm: true, lines: true, formats: FORMATS_IMPORT } });
  Object.assign(ajv.opts, { unevaluated: false, dynamicRef: false });
  for (const name of FORMATS) ajv.addFormat(name, formats[name]);
  ajv.addKeyword(membersKeyword);
  return ajv;
}

/** `$id` of a response schema that is not a plain component reference. */
const responseId = (input: VersionSchemas, r: ResponseSchema) => `${input.base}responses/${r.operationId}/${r.status}`;

/** Every schema to add to the compiler: components, then composite response schemas. */
export function compilerSchemas(input: VersionSchemas): Record<string, unknown>[] {
  const composite = input.responses.filter((r) => !r.component).map((r) => ({ $id: responseId(input, r), ...r.schema }));
  return [...input.components.values(), ...composite];
}

/**
 * A schema as the generator compiles it: wide objects checked member by member
 * (validators-members.ts), and the date-times the runtime checks in one pass left to it, so no
 * value is read twice: a post date-time's `format: date-time` (its calendar part; the `pattern`
 * still checks the UTC shape; src/validators/checks/posts.ts) and a v1 day record's date
 * `pattern` (shape, calendar and midnight together; src/validators/checks/metrics-v1.ts).
 */
function compiledForm(schema: unknown, name: string, rules: ReadonlyMap<string, string>): Record<string, unknown> {
  const runtimeChecked = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(runtimeChecked);
    if (typeof node !== 'object' || node === null) return node;
    const record = node as Record<string, unknown>;
    const out = Object.fromEntries(Object.entries(record).map(([k, v]) => [k, k === 'enum' || k === 'const' ? v : runtimeChecked(v)]));
    // Only where those runtime checks run: posts (every catalog datetime field) and day records.
    if (name.endsWith('Post') && record.format === 'date-time' && record.pattern === UTC_DATE_TIME_PATTERN) delete out.format;
    if (name.endsWith('DayRecord') && record.pattern === DAY_TIME_PATTERN) delete out.pattern;
    return out;
  };
  return withMemberChecks(runtimeChecked(schema), name, rules) as Record<string, unknown>;
}

/** {@link compilerSchemas} in the form the generator compiles them ({@link compiledForm}). */
export function precompiledSchemas(input: VersionSchemas, rules: ReadonlyMap<string, string>): Record<string, unknown>[] {
  const composite = input.responses.filter((r) => !r.component).map((r) => compiledForm({ $id: responseId(input, r), ...r.schema }, responseSchemaName(r), rules));
  return [...[...input.components].map(([name, schema]) => compiledForm(schema, name, rules)), ...composite];
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

/** The facts the rule table needs: network names (for templates) and the register's rule ids. */
export interface RuleFacts {
  networks: readonly string[];
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
 * Standalone code of the validators `names` (export name -> schema id) with `tail` appended, made
 * smaller (validators-compact.ts), as a CommonJS module, before bundling (it may still `require`
 * ajv runtime helpers). `ajv` holds every schema of the version (compiled on demand).
 */
function standaloneModule(ajv: ReturnType<typeof createAjv>, names: ReadonlyMap<string, string>, tail: string): string {
  // standaloneCode emits a schema's code again for every export naming it: export each schema
  // once and alias the other names to it.
  const firstName = new Map<string, string>();
  const aliases: string[] = [];
  for (const [name, id] of names) {
    const first = firstName.get(id);
    if (first) aliases.push(`export const ${name} = ${first};`);
    else firstName.set(id, name);
  }
  const unique = Object.fromEntries([...firstName].map(([id, name]) => [name, id]));
  return commonJsExports([compactStandalone(standaloneCode(ajv, unique)), '', ...aliases, tail].join('\n'));
}

/** The rule table of the constraints the schemas `roots` (component names or composite responses) reach. */
function rulesOf(input: VersionSchemas, responses: ResponseSchema[], facts: RuleFacts): Map<string, string> {
  return compactRuleTable(schemaRuleTable({ ...input, responses }, facts.networks, facts.ruleIds));
}

/** Standalone code of one operation's module: its own validators (not the failure body's). */
function operationSource(ajv: ReturnType<typeof createAjv>, input: VersionSchemas, op: OperationResponses, facts: RuleFacts): string {
  // The rules of what the module checks: success branches and the operation's other own bodies.
  const checked = op.responses.flatMap((r) => (r.success ? [{ ...r, component: r.success }] : r.component === FAILURE ? [] : [r]));
  const names = operationExportNames(op, (r) => (r.component ? `${input.base}${r.component}` : responseId(input, r)), input.base);
  return standaloneModule(ajv, names, operationExports(op, rulesOf(input, checked, facts)));
}

/** Standalone code of the failure body's module. */
function failureSource(ajv: ReturnType<typeof createAjv>, input: VersionSchemas, facts: RuleFacts): string {
  const failure = input.responses.filter((r) => r.component === FAILURE).slice(0, 1);
  return standaloneModule(ajv, new Map([[FAILURE, `${input.base}${FAILURE}`]]), failureExports(rulesOf(input, failure, facts)));
}

/** Bundles standalone code with its runtime helpers (ajv runtime functions, formats) into one import-free CommonJS module. */
async function bundle(root: string, source: string, name: string): Promise<string> {
  const result = await build({
    // One neutral name: the code of two modules that check the same is the same (validators-layout.ts).
    stdin: { contents: source, resolveDir: root, sourcefile: 'validators.js', loader: 'js' },
    absWorkingDir: root,
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'neutral',
    mainFields: ['main', 'module'],
    target: 'es2022',
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
  });
  // Without the bundler's comment naming the (one, neutral) input.
  const text = result.outputFiles[0].text.replace('\n// validators.js\n', '\n');
  if (/\brequire\(|^\s*import\s/m.test(text)) throw new Error(`validators ${name}: the bundle still loads modules`);
  return text;
}

/** The compiler tracks neither evaluated members nor dynamic scopes (see createAjv): no schema may need them. */
export function assertNoUnevaluated(input: VersionSchemas, version: number): void {
  const used = compilerSchemas(input).find((schema) => /"(unevaluatedProperties|unevaluatedItems|\$dynamicRef|\$dynamicAnchor)"\s*:/.test(JSON.stringify(schema)));
  if (used) {
    throw new Error(`validators v${version}: ${String(used.$id)} uses unevaluatedProperties/unevaluatedItems/$dynamicRef/$dynamicAnchor, which the precompiled validators do not track (scripts/generators/validators.ts createAjv)`);
  }
}

/** The modules of one version: the failure body's, then one per operation. */
export async function versionModules(root: string, yamlText: string, version: number, facts: RuleFacts): Promise<VersionModule[]> {
  const input = versionSchemas(parse(yamlText) as Record<string, unknown>, version);
  assertSuccessDiscriminates(input);
  assertNoUnevaluated(input, version);
  const ajv = createAjv(true);
  for (const schema of precompiledSchemas(input, schemaRuleTable(input, facts.networks, facts.ruleIds))) ajv.addSchema(schema);
  const sources: [OperationResponses | undefined, string][] = [[undefined, failureSource(ajv, input, facts)], ...operationsOf(input.responses).map((op): [OperationResponses, string] => [op, operationSource(ajv, input, op, facts)])];
  return Promise.all(
    sources.map(async ([operation, source]) => ({ version, base: input.base, operation, code: await bundle(root, source, `v${version} ${operation?.operation ?? FAILURE}`) })),
  );
}

/** The generation step: reads the OpenAPI artifacts of the earlier openapi step. */
export async function validatorArtifacts(context: Pick<StepContext, 'root' | 'produced' | 'model'>): Promise<Artifact[]> {
  const facts: RuleFacts = { networks: context.model.networks.map((n) => n.name), ruleIds: new Set(context.model.rules.map((r) => r.id)) };
  const modules: VersionModule[] = [];
  for (const version of [1, 2]) {
    const path = `generated/openapi/v${version}.yaml`;
    const artifact = context.produced.get(path);
    if (!artifact) throw new Error(`validators: ${path} was not produced by an earlier step`);
    const text = typeof artifact.content === 'string' ? artifact.content : Buffer.from(artifact.content).toString('utf8');
    modules.push(...(await versionModules(context.root, text, version, facts)));
  }
  return validatorLayout(SCRIPT, modules, facts.networks);
}
